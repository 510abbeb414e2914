"""Kingmaking and decision load, measured by replaying games from their seeds.

A game is replayed exactly as a sweep played it (same seed, same policies, the same policy
streams: ``simcore.engine.play.runner.play_game``'s loop). Each decision with two or more legal
actions in
the last third of the game (rounds after two thirds of the game's rounds) is *examined*: every
legal action is followed by ``kingmaking.CONTINUATIONS`` futures that share their resampled
chance and policy streams across the actions, and ``analyses.feel.kingmaking`` decides whether
the seat was out of contention and whether its choice changed who is likelier to win beyond
the noise (chance alone reshuffling the futures does not count), with every test of the game
corrected together (at most 5% of games without kingmaking flagged). ``alternatives`` counts
the actions that change the winner from the action taken.

Decision load, from the same replay: legal actions per decision, the share of decisions with
one legal action (forced), and decisions per turn.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

import numpy as np

from analyses.feel import kingmaking as km
from simcore.core.api import Game, State
from simcore.core.rng import policy_stream
from simcore.core.seedseq import seed63

LATE: Final = 2 / 3  # decisions after this share of the game's rounds are examined
MAX_STEPS: Final = 100_000
_CONTINUATION: Final = 2  # seed63 domain of the continuations (0, 1: a game's streams)


@dataclass
class GameReplay:
    """What one replayed game showed."""

    decisions: int = 0
    legal: int = 0  # legal actions summed over decisions
    forced: int = 0
    turns: int = 0
    examined: int = 0  # late decisions whose alternatives were played out
    out_of_contention: int = 0
    kingmaking: int = 0  # of those, decisions whose choice changed the likelier winner
    alternatives: int = 0  # actions that change the winner from the one taken, at those
    winners: tuple[int, ...] = ()
    kingmakers: list[int] = field(default_factory=list)  # seats that made such a decision
    # per out-of-contention decision: (seat, per alternative action the seat-pair p-values)
    tests: list[tuple[int, list[list[float]]]] = field(default_factory=list)

    def settle(self) -> None:
        """Decide which examined decisions made a king, all of the game's tests at once
        (``kingmaking.decide``: Holm over the game, 5% per game)."""
        flags = km.decide([alternatives for _, alternatives in self.tests])
        for (seat, _), row in zip(self.tests, flags, strict=True):
            if any(row):
                self.kingmaking += 1
                self.alternatives += sum(row)
                self.kingmakers.append(seat)


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
            _examine(out, before, player, legal, action, policies, seed)
        state.apply(action)
    out.settle()
    out.turns = int(state.outcome()["turns"])
    out.winners = tuple(sorted(state.winners()))
    return out


def _examine(
    out: GameReplay,
    before: State,
    player: int,
    legal: list[int],
    action: int,
    policies: Sequence[Any],
    seed: int,
) -> None:
    """Play ``CONTINUATIONS`` paired futures of every legal action of ``player`` at ``before``;
    record whether it was out of contention and whether its choice made a king."""
    results: dict[int, list[list[float]]] = {option: [] for option in legal}
    for k in range(km.CONTINUATIONS):
        stream = seed63(seed, _CONTINUATION, out.decisions, k)
        base = before.determinize(player, random.Random(stream))
        for option in legal:
            state = base.clone()
            state.apply(option)
            rngs = [policy_stream(stream, s) for s in range(state.n_players)]
            winners = _finish(state, policies, rngs)
            results[option].append(
                [1 / len(winners) if s in winners else 0.0 for s in range(state.n_players)]
            )
            if player in winners:  # in contention: nothing more to learn here
                out.examined += 1
                return
    out.examined += 1
    out.out_of_contention += 1
    others = [s for s in range(before.n_players) if s != player]
    tests = [km.winner_pvalues(results[action], results[o], others) for o in legal if o != action]
    out.tests.append((player, tests))


def replay_rows(
    game: Game,
    n: int,
    specs: Sequence[str],
    seeds: Sequence[int],
    group: str,
    *,
    kingmaking: bool = True,
) -> list[dict[str, Any]]:
    """Measures rows (``analyses.feel.tables.row``) of ``seeds`` replayed with the line-up
    ``specs`` seat by seat: kingmaking (3+ players), legal actions per decision, forced share."""
    from analyses.feel.tables import row
    from analyses.stats.intervals import clustered_mean, wilson_interval
    from strategies.registry import make_policy

    policies = [make_policy(spec, game) for spec in specs]
    games = [replay(game, n, policies, seed, kingmaking=kingmaking) for seed in seeds]
    out = []
    if kingmaking and n >= 3 and games:
        made = sum(1 for g in games if g.kingmaking)
        out.append(
            row(
                group,
                "kingmaking",
                made / len(games),
                *wilson_interval(made, len(games)),
                len(games),
            )
        )
        hopeless = sum(g.out_of_contention for g in games)
        share = _per_game([g.kingmaking for g in games], [g.out_of_contention for g in games])
        if hopeless and not math.isnan(share.lo):  # two games with such decisions at least
            out.append(row(group, "kingmaker_choices", share.rate, share.lo, share.hi, hopeless))
    decisions = sum(g.decisions for g in games)
    if decisions:
        per = [g.legal / g.decisions for g in games if g.decisions]
        mean, lo, hi = clustered_mean(per, list(range(len(per))))
        out.append(row(group, "legal_actions", mean, lo, hi, len(per)))
        share = _per_game([g.forced for g in games], [g.decisions for g in games])
        out.append(row(group, "forced", share.rate, share.lo, share.hi, decisions))
    return out


def _per_game(successes: Sequence[int], trials: Sequence[int]) -> Any:
    """A share of decisions with its interval clustered by game: the decisions of one game
    are alike (one position, one player), so they count as one unit, not as independent
    draws (a Wilson interval over pooled decisions covered 48-74% at within-game correlation
    0.05-0.2)."""
    from analyses.stats.intervals import clustered_rate

    y, m = np.asarray(successes), np.asarray(trials)
    played = m > 0  # a game without such a decision says nothing about the share
    return clustered_rate(y[played], m[played], np.arange(int(played.sum())))
