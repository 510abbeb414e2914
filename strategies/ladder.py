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
def _tops() -> dict[str, Top]:
    raw = tomllib.loads((Path(__file__).parent / "data" / "ladder.toml").read_text())
    return {
        game: Top(
            entry["top"],
            entry["evidence"],
            tuple(entry.get("level", ())),
            entry.get("level_evidence", ""),
        )
        for game, entry in raw.items()
    }


def top_player(game_id: str) -> Top | None:
    """The top of ``game_id``'s ladder, or None when nothing is recorded."""
    return _tops().get(game_id)


def family(spec: str) -> str:
    """Policy family of a spec (``mcts:iterations=50`` -> ``mcts``)."""
    return spec.split(":", 1)[0].strip()


def rank(spec: str) -> float:
    """Position of a spec's family on the ladder (unknown families between random and mcts)."""
    return FAMILY_ORDER.get(family(spec), 1.5)
