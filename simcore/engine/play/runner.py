"""Play one game to the end and return its records (DESIGN §2-3)."""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from simcore.core.api import Game, State, ranks
from simcore.core.errors import RunawayGameError
from simcore.core.rng import policy_stream

DEFAULT_MAX_STEPS: Final = 100_000
SEAT_KEYS: Final = ("seat", "policy", "score", "rank", "win_share", "tiebreak", "forced_moves")
__all__ = [
    "DEFAULT_MAX_STEPS",
    "SEAT_KEYS",
    "GameRecord",
    "RunawayGameError",
    "forced_moves",
    "play_game",
    "tiebreaks",
]


@dataclass
class GameRecord:
    """The rows one game contributes to the ``games``, ``seats`` and ``actions`` tables.

    Seat rows are kept as a key tuple per row and a value tuple per row, the form a sweep
    buffers: building a dict per seat and taking it apart again cost a sweep about 8 us a
    Ratjack game (two rows of 53 columns), 1.5% of a compiled game. ``seats`` gives the dicts.
    """

    game: dict[str, Any]
    seat_keys: list[tuple[str, ...]]
    seat_values: list[tuple[Any, ...]]
    actions: list[dict[str, Any]] = field(default_factory=list)
    progress: list[float] = field(default_factory=list)
    """Flat, per round: the round, then every seat's score at its end (the last at the game's
    end). One flat list, not a list per round: a random Lord of Worlds game has 150 rounds."""

    @property
    def seats(self) -> list[dict[str, Any]]:
        """One dict per seat; a game column named like a standard one overrides it."""
        rows = zip(self.seat_keys, self.seat_values, strict=True)
        return [dict(zip(keys, values, strict=True)) for keys, values in rows]


def play_game(
    game: Game,
    n_players: int,
    policies: Sequence[Any],
    seed: int,
    *,
    record_actions: bool = False,
    policy_names: Sequence[str] | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
) -> GameRecord:
    """Play one game with ``policies[seat]`` in each seat; fully determined by the arguments."""
    if len(policies) != n_players:
        raise ValueError(f"{len(policies)} policies for {n_players} players")
    start = time.perf_counter()
    state = game.new_state(n_players, seed)
    state.keep_action_records(record_actions)
    rngs = [policy_stream(seed, seat) for seat in range(n_players)]
    actions: list[dict[str, Any]] = []
    steps = 0
    player = state.current_player
    progress: list[float] = []
    polled = not state.log_round_ends(progress)  # else the game logs its rounds' ends
    at = state.round_number()  # the round the next action is taken in
    # a person's seat (a replayed playtest) says how long each decision took: every row of
    # such a game gets ``think_ms``, null where a program chose
    timed = record_actions and any(hasattr(p, "think_ms") for p in policies)
    if not (record_actions or polled):  # a sweep's games: the loop with nothing else to do
        while player >= 0:  # (1,300 steps a Lord of Worlds random game: 0.8% of its instructions)
            state.apply(policies[player].act(state, rngs[player]))
            steps += 1
            if steps > max_steps:
                raise _runaway(game, max_steps, seed)
            player = state.current_player
    while player >= 0:
        policy = policies[player]
        action = policy.act(state, rngs[player])
        if record_actions:
            row = {"step": steps, "seat": player, "action": action}
            if timed:
                row["think_ms"] = getattr(policy, "think_ms", None)
            row["label"] = state.action_label(action, player)  # what the acting seat sees
            row.update(state.action_info(action))
            state.apply(action)
            post = state.post_action_info()
            amend = post.pop("_amend", ())
            row.update(post)
            actions.append(row)
            _amend_rows(actions, amend)
        else:
            state.apply(action)
        steps += 1
        if steps > max_steps:
            raise _runaway(game, max_steps, seed)
        player = state.current_player
        if polled and player >= 0 and state.round_number() != at:
            progress.append(at)  # a round ended: the scores so far
            progress += state.scores()
            at = state.round_number()
    if progress and not polled:  # the game's last round follows the last logged one
        at = int(progress[-1 - n_players]) + 1
    wall_ms = (time.perf_counter() - start) * 1000.0
    progress.append(at)  # the round the game ended in, at the final scores
    progress += state.scores()
    record = _records(state, seed, steps, wall_ms, policies, policy_names, actions)
    record.progress = progress
    return record


def _runaway(game: Game, max_steps: int, seed: int) -> RunawayGameError:
    return RunawayGameError(f"{game.spec.id}: no end after {max_steps} steps (seed {seed})")


def _amend_rows(actions: list[dict[str, Any]], amend: Iterable[tuple[int, dict[str, Any]]]) -> None:
    """Fill columns of earlier rows that a game could only know later: ``(step, columns)``
    pairs (e.g. what a Rats of Wistar placement yielded once all its parts were resolved)."""
    for step, cols in amend:
        for i in range(len(actions) - 1, -1, -1):  # not reversed(): mypyc fails on it here
            if actions[i]["step"] == step:
                actions[i].update(cols)
                break


def _records(
    state: State,
    seed: int,
    steps: int,
    wall_ms: float,
    policies: Sequence[Any],
    policy_names: Sequence[str] | None,
    actions: list[dict[str, Any]],
) -> GameRecord:
    outcome = state.outcome()
    scores = state.scores()
    shares = state.returns()
    seat_ranks = ranks(scores)
    names = policy_names or [p.name for p in policies]
    game_row = {
        "seed": seed,
        "turns": outcome["turns"],
        "steps": steps,
        "ended_by": outcome["ended_by"],
        "wall_ms": wall_ms,
        **outcome.get("game", {}),
    }
    tiebreak = tiebreaks(seat_ranks, shares)
    forced = forced_moves(policies, len(shares))
    keys, values = [], []
    for seat, extra in enumerate(outcome["seats"]):
        keys.append(SEAT_KEYS + tuple(extra))
        values.append(
            (
                seat,
                names[seat],
                float(scores[seat]),
                seat_ranks[seat],
                shares[seat],
                tiebreak[seat],
                forced[seat],
                *extra.values(),
            )
        )
    return GameRecord(game_row, keys, values, actions)


def forced_moves(policies: Sequence[Any], n_players: int) -> list[int]:
    """Per seat: decisions where a restricted policy had only forbidden actions (and took one)."""
    out = [0] * n_players
    for policy in {id(p): p for p in policies}.values():
        pop = getattr(policy, "pop_forced", None)
        for seat, count in (pop() if pop else {}).items():
            out[seat] += count
    return out


def tiebreaks(seat_ranks: list[int], shares: list[float]) -> list[int]:
    """Per seat: 1 if it tied for first on score and a tie-break gave it (more of) the win,
    -1 if it tied for first and a tie-break took the win from it, else 0."""
    tied = [i for i, r in enumerate(seat_ranks) if r == 1]
    if len(tied) < 2 or len({shares[i] for i in tied}) == 1:
        return [0] * len(shares)
    best = max(shares[i] for i in tied)
    return [(1 if shares[i] == best else -1) if i in tied else 0 for i in range(len(shares))]
