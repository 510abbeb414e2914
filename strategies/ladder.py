"""The top of each game's skill ladder (``data/ladder.toml``): the strongest player measured."""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

FAMILY_ORDER = {"random": 0, "greedy": 0.5, "heuristic": 1, "mcts": 2}


@dataclass(frozen=True)
class Top:
    """The strongest player family measured for a game, and the measurement that says so."""

    family: str  # a family (``mcts``), or one player of a family (``heuristic:style=fitted``)
    evidence: str
    level: tuple[str, ...] = ()  # cheaper players measured as strong as the top (within 3 points)
    level_evidence: str = ""
    players: int = 2  # the player count the evidence was measured at
    measured: bool = True  # False: the evidence is another count's (none at this one)

    def reached_by(self, policies: Sequence[str]) -> bool:
        """True when one of ``policies`` is the top: the top player itself, or, when the top
        is a whole family, a player of that family or a higher one."""
        if ":" in self.family:  # one style beats the whole ladder: only that player is the top
            return self.family in policies
        return max(map(rank, policies), default=-1.0) >= rank(self.family)

    def level_in(self, policies: Sequence[str]) -> list[str]:
        """The players of ``policies`` measured as strong as the top, in name order."""
        return sorted({p for p in policies if p in self.level})


@cache
def _ladder() -> dict[str, dict]:
    raw: dict[str, dict] = tomllib.loads(
        (Path(__file__).parent / "data" / "ladder.toml").read_text()
    )
    return raw


def _top(entry: dict, players: int) -> Top:
    return Top(
        entry["top"],
        entry["evidence"],
        tuple(entry.get("level", ())),
        entry.get("level_evidence", ""),
        players,
    )


def top_player(game_id: str, players: int | None = None) -> Top | None:
    """The top of ``game_id``'s ladder at ``players`` seats (default: the count its main
    evidence was measured at), or None when nothing is recorded for the game. A count
    measured on its own (``[game.by_players.N]``) has its own top and evidence; at a count not
    measured, the main evidence with ``measured`` False and no player named level with it (a
    style fitted at 2 players need not be level at 3)."""
    entry = _ladder().get(game_id)
    if entry is None:
        return None
    base = int(entry.get("players", 2))
    if players is None or players == base:
        return _top(entry, base)
    own = entry.get("by_players", {}).get(str(players))
    if own is not None:
        return _top(own, players)
    return Top(entry["top"], entry["evidence"], players=base, measured=False)


def family(spec: str) -> str:
    """Policy family of a spec (``mcts:iterations=50`` -> ``mcts``)."""
    return spec.split(":", 1)[0].strip()


def rank(spec: str) -> float:
    """Position of a spec's family on the ladder (unknown families between random and mcts)."""
    return FAMILY_ORDER.get(family(spec), 1.5)
