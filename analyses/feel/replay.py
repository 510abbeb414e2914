"""Kingmaking and decision load, measured by replaying games from their seeds.

A game is replayed exactly as a sweep played it (same seed, same policies, the same policy
streams: ``simcore.runner.play_game``'s loop). At each decision in the last third of the game
(rounds after two thirds of the game's rounds), every legal action of the seat to act is tried
on a copy of the position, and the rest of the game is played by the same policies from copies
of their streams. The seat is *out of contention* at that decision when none of its actions
makes it a winner; such a decision is *kingmaking* when its actions lead to different winners.
``alternatives`` counts the actions that change the winner from the one the game had.

Decision load, from the same replay: legal actions per decision, the share of decisions with
one legal action (forced), and decisions per turn.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from simcore.api import Game, State
from simcore.rng import policy_stream

LATE: Final = 2 / 3  # decisions after this share of the game's rounds are examined
MAX_STEPS: Final = 100_000


@dataclass
class GameReplay:
    """What one replayed game showed."""

    decisions: int = 0
    legal: int = 0  # legal actions summed over decisions
    forced: int = 0
    turns: int = 0
    examined: int = 0  # late decisions whose alternatives were played out
    out_of_contention: int = 0
    kingmaking: int = 0  # of those, decisions whose actions lead to different winners
    alternatives: int = 0  # actions that change the game's winner at kingmaking decisions
    winners: tuple[int, ...] = ()
    kingmakers: list[int] = field(default_factory=list)  # seats that made such a decision


def _copy_rngs(rngs: Sequence[random.Random]) -> list[random.Random]:
    out = []
    for rng in rngs:
        new = random.Random()
        new.setstate(rng.getstate())
        out.append(new)
    return out


def _finish(state: State, policies: Sequence[Any], rngs: list[random.Random]) -> tuple[int, ...]:
    """Play ``state`` to the end with ``policies``; the winners."""
    steps = 0
    while not state.is_terminal():
        player = state.current_player
        state.apply(policies[player].act(state, rngs[player]))
        steps += 1
        if steps > MAX_STEPS:
            raise RuntimeError("a counterfactual game did not end")
    return tuple(sorted(state.winners()))


def _rounds(game: Game, n: int, policies: Sequence[Any], seed: int) -> int:
    """The round the game ends in (a first plain replay)."""
    state = game.new_state(n, seed)
    rngs = [policy_stream(seed, s) for s in range(n)]
    _finish(state, policies, rngs)
    return state.round_number()


def replay(
    game: Game, n: int, policies: Sequence[Any], seed: int, *, kingmaking: bool = True
) -> GameReplay:
    """Replay one game; count decision load, and kingmaking when ``kingmaking`` and n >= 3."""
    out = GameReplay()
    examine = kingmaking and n >= 3
    last = _rounds(game, n, policies, seed) if examine else 0
    late_from = math.floor(LATE * last) + 1 if last else 1
    state = game.new_state(n, seed)
    rngs = [policy_stream(seed, s) for s in range(n)]
    while not state.is_terminal():
        player = state.current_player
        legal = state.legal_actions()
        out.decisions += 1
        out.legal += len(legal)
        out.forced += len(legal) == 1
        late = examine and len(legal) > 1 and state.round_number() >= late_from
        before = state.clone() if late else None
        action = policies[player].act(state, rngs[player])
        if before is not None:
            _examine(out, before, player, legal, action, policies, rngs)
        state.apply(action)
    out.turns = int(state.outcome()["turns"])
    out.winners = tuple(sorted(state.winners()))
    return out


def _examine(out: GameReplay, before: State, player: int, legal: list[int], action: int,
             policies: Sequence[Any], rngs: list[random.Random]) -> None:  # fmt: skip
    """Play every legal action of ``player`` at ``before`` to the end; record kingmaking."""
    results = {}
    for option in legal:
        state = before.clone()
        state.apply(option)
        results[option] = _finish(state, policies, _copy_rngs(rngs))
    out.examined += 1
    if any(player in w for w in results.values()):
        return
    out.out_of_contention += 1
    if len(set(results.values())) > 1:
        out.kingmaking += 1
        out.alternatives += sum(1 for w in results.values() if w != results[action])
        out.kingmakers.append(player)


def replay_rows(game: Game, n: int, specs: Sequence[str], seeds: Sequence[int], group: str,
                *, kingmaking: bool = True) -> list[dict[str, Any]]:  # fmt: skip
    """Measures rows (``analyses.feel.tables.row``) of ``seeds`` replayed with the line-up
    ``specs`` seat by seat: kingmaking (3+ players), legal actions per decision, forced share."""
    from analyses.feel.tables import row
    from analyses.stats import clustered_mean, wilson_interval
    from strategies.registry import make_policy

    policies = [make_policy(spec, game) for spec in specs]
    games = [replay(game, n, policies, seed, kingmaking=kingmaking) for seed in seeds]
    out = []
    if kingmaking and n >= 3 and games:
        made = sum(1 for g in games if g.kingmaking)
        out.append(row(group, "kingmaking", made / len(games),
                       *wilson_interval(made, len(games)), len(games)))  # fmt: skip
        hopeless = sum(g.out_of_contention for g in games)
        if hopeless:
            king = sum(g.kingmaking for g in games)
            out.append(row(group, "kingmaker_choices", king / hopeless,
                           *wilson_interval(king, hopeless), hopeless))  # fmt: skip
    decisions = sum(g.decisions for g in games)
    if decisions:
        per = [g.legal / g.decisions for g in games if g.decisions]
        mean, lo, hi = clustered_mean(per, list(range(len(per))))
        out.append(row(group, "legal_actions", mean, lo, hi, len(per)))
        forced = sum(g.forced for g in games)
        out.append(row(group, "forced", forced / decisions, *wilson_interval(forced, decisions),
                       decisions))  # fmt: skip
    return out
