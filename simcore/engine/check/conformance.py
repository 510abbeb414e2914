"""``check_game``: the public conformance suite every game must pass (DESIGN §9).

Use it from a test::

    from simcore.engine.check.conformance import check_game
    check_game(MyGame(), n_players=3, policies=["random", "heuristic"])

It raises ``ConformanceError`` naming every check that failed.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

import numpy as np

from simcore.core.api import TERMINAL, Game, State
from simcore.core.errors import IllegalActionError
from simcore.core.fields import declared_fields, is_compiled
from simcore.core.rng import policy_stream
from simcore.engine.play.runner import play_game


class ConformanceError(AssertionError):
    """One or more conformance checks failed."""


@dataclass
class _Report:
    failures: list[str] = field(default_factory=list)
    checks: int = 0

    def expect(self, ok: bool, message: str) -> bool:
        self.checks += 1
        if not ok and len(self.failures) < 20:
            self.failures.append(message)
        return ok


_RANDOM_FUNCS = (
    "random", "randint", "randrange", "choice", "choices", "shuffle", "sample", "uniform",
    "getrandbits", "gauss", "betavariate",
)  # fmt: skip
_NP_FUNCS = (
    "random", "rand", "randn", "randint", "choice", "shuffle", "permutation", "uniform",
    "normal", "integers", "random_sample", "seed",
)  # fmt: skip


@contextlib.contextmanager
def forbid_global_rng(report: _Report) -> Iterator[None]:
    """Make the global ``random`` / ``numpy.random`` functions fail while the block runs."""
    saved_py, saved_np = random.getstate(), np.random.get_state()
    patched: list[tuple[Any, str, Any]] = []
    calls: list[str] = []

    def trap(name: str) -> Any:
        def fail(*args: Any, **kwargs: Any) -> Any:
            calls.append(name)
            raise RuntimeError(f"global random function {name}() used")

        return fail

    for module, names, prefix in (
        (random, _RANDOM_FUNCS, "random."),
        (np.random, _NP_FUNCS, "numpy.random."),
    ):
        for name in names:
            if hasattr(module, name):
                patched.append((module, name, getattr(module, name)))
                setattr(module, name, trap(prefix + name))
    try:
        yield
    finally:
        for module, name, original in patched:
            setattr(module, name, original)
        report.expect(not calls, f"global RNG used: {sorted(set(calls))}")
        report.expect(random.getstate() == saved_py, "the global `random` state was changed")
        np_same = all(
            np.array_equal(a, b) if isinstance(a, np.ndarray) else a == b
            for a, b in zip(np.random.get_state(), saved_np, strict=True)
        )
        report.expect(np_same, "the global numpy.random state was changed")
        random.setstate(saved_py)
        np.random.set_state(saved_np)


def check_game(
    game: Game,
    n_players: int,
    policies: Sequence[Any] = ("random",),
    *,
    n_games: int = 12,
    seed: int = 0,
    states_per_game: int = 8,
) -> int:
    """Run the conformance suite; return the number of checks made, raise on any failure."""
    report = _Report()
    built = _build_policies(game, policies)
    try:
        with forbid_global_rng(report):
            _run_checks(game, n_players, built, n_games, seed, states_per_game, report)
    except RuntimeError as exc:
        if "global random function" not in str(exc):
            raise
    if report.failures:
        raise ConformanceError(
            f"{game.spec.id} ({n_players} players) failed {len(report.failures)} check(s):\n- "
            + "\n- ".join(report.failures)
        )
    return report.checks


def _build_policies(game: Game, policies: Sequence[Any]) -> list[Any]:
    from strategies.registry import make_policy  # policies live above the engine layer

    return [make_policy(p, game) if isinstance(p, str) else p for p in policies]


def _run_checks(
    game: Game,
    n_players: int,
    policies: Sequence[Any],
    n_games: int,
    seed: int,
    per_game: int,
    report: _Report,
) -> None:
    random_policy = _build_policies(game, ["random"])[0]
    samples: list[State] = []
    for i in range(n_games):
        samples.extend(_play_checked(game, n_players, seed + i, random_policy, per_game, report))
    _check_determinism(game, n_players, policies, seed, report)
    rng = random.Random(seed)
    for state in samples:
        _check_illegal(state, report)
        _check_clone(state, rng, report)
        _check_determinize(state, rng, report)
        _check_no_peek(state, policies, rng, report)
    for policy in policies:
        lineup = [policy] * n_players
        record = play_game(game, n_players, lineup, seed + 999)
        report.expect(
            abs(sum(s["win_share"] for s in record.seats) - 1.0) < 1e-9,
            f"{policy.name}: win shares of a finished game do not sum to 1",
        )


def _play_checked(
    game: Game, n_players: int, seed: int, policy: Any, per_game: int, report: _Report
) -> list[State]:
    """Random play to the end, checking the per-step invariants; return sampled states."""
    state = game.new_state(n_players, seed)
    rng = policy_stream(seed, 0)
    visited: list[State] = []
    steps = 0
    while not state.is_terminal():
        player = state.current_player
        actions = state.legal_actions()
        ok = report.expect(bool(actions), f"seed {seed} step {steps}: no legal actions")
        ok &= report.expect(
            0 <= player < n_players, f"seed {seed} step {steps}: current_player {player}"
        )
        ok &= report.expect(
            len(set(actions)) == len(actions) and all(isinstance(a, int) for a in actions),
            f"seed {seed} step {steps}: legal actions must be distinct ints, got {actions}",
        )
        if not ok or steps > 200_000:
            report.expect(steps <= 200_000, f"seed {seed}: game did not end")
            return visited
        visited.append(state.clone())
        state.apply(policy.act(state, rng))
        steps += 1
    report.expect(state.current_player == TERMINAL, "terminal state must have TERMINAL player")
    report.expect(state.legal_actions() == [], "terminal state must have no legal actions")
    shares = state.returns()
    report.expect(abs(sum(shares) - 1.0) < 1e-9, f"seed {seed}: returns {shares} do not sum to 1")
    report.expect(len(state.scores()) == n_players, "scores() must have one entry per seat")
    _check_outcome(game, state, n_players, report)
    stride = max(1, len(visited) // per_game)
    return visited[::stride][:per_game]


# Python types a declared column kind accepts. Exact types, not isinstance: a sweep stores a
# constant column by repeating its first value, so a True among 1s would pass unseen there.
KIND_TYPES = {"int": (int,), "float": (float, int), "str": (str,), "bool": (bool,)}


def _check_outcome(game: Game, state: State, n_players: int, report: _Report) -> None:
    out = state.outcome()
    report.expect({"turns", "ended_by", "seats"} <= set(out), "outcome() misses required keys")
    report.expect(
        set(out.get("game", {})) == set(game.game_columns),
        f"outcome()['game'] keys {sorted(out.get('game', {}))} != declared game_columns",
    )
    game_row = out.get("game", {})
    if "first_player" in game_row:
        starts = [int(x) for x in str(game_row.get("round_starts", "")).split("|") if x]
        report.expect(
            0 <= game_row["first_player"] < n_players
            and starts[:1] == [game_row["first_player"]]
            and all(0 <= x < n_players for x in starts),
            f"first_player {game_row['first_player']} / round_starts {starts} not valid seats",
        )
    seats = out.get("seats", [])
    report.expect(len(seats) == n_players, "outcome()['seats'] needs one dict per seat")
    for row in seats:
        report.expect(
            set(row) == set(game.seat_columns),
            f"outcome seat keys {sorted(row)} != declared seat_columns {sorted(game.seat_columns)}",
        )
    for row, declared in [(game_row, game.game_columns)] + [(r, game.seat_columns) for r in seats]:
        for key, value in row.items():
            kind = declared.get(key)
            report.expect(
                kind is None or value is None or type(value) in KIND_TYPES[kind],
                f"outcome column {key!r} is declared {kind} but holds {value!r}",
            )


def _check_determinism(
    game: Game, n_players: int, policies: Sequence[Any], seed: int, report: _Report
) -> None:
    lineup = [policies[i % len(policies)] for i in range(n_players)]
    first = play_game(game, n_players, lineup, seed + 500, record_actions=True)
    second = play_game(game, n_players, lineup, seed + 500, record_actions=True)
    strip = {"wall_ms"}
    same = (
        {k: v for k, v in first.game.items() if k not in strip}
        == {k: v for k, v in second.game.items() if k not in strip}
        and first.seats == second.seats
        and first.actions == second.actions
        and first.progress == second.progress
    )
    report.expect(same, "same seed and policies gave different games (non-determinism)")
    check_progress(first, n_players, report)
    if game.new_state(n_players, seed).log_round_ends([]):
        polled = polled_progress(game, lineup, seed + 500)
        report.expect(
            polled == first.progress,
            "the rounds' ends the game logs (log_round_ends) differ from those found by asking "
            f"round_number after every step: {first.progress[:12]} vs {polled[:12]}",
        )
    declared = set(game.action_columns) | {"step", "seat", "action", "label"}
    for row in first.actions[:50]:
        if not report.expect(
            set(row) <= declared, f"action record keys {sorted(set(row) - declared)} undeclared"
        ):
            break


def polled_progress(game: Any, policies: Sequence[Any], seed: int) -> list[float]:
    """``GameRecord.progress`` of a game, its round looked up after every step (what the
    runner does for a game that does not log its rounds' ends: ``State.log_round_ends``)."""
    n = len(policies)
    state = game.new_state(n, seed)
    rngs = [policy_stream(seed, seat) for seat in range(n)]
    out: list[float] = []
    at = state.round_number()
    while not state.is_terminal():
        state.apply(policies[state.current_player].act(state, rngs[state.current_player]))
        if not state.is_terminal() and state.round_number() != at:
            out += [at, *state.scores()]
            at = state.round_number()
    return [*out, at, *state.scores()]


def check_progress(record: Any, n_players: int, report: _Report) -> None:
    """The progress of a game (``GameRecord.progress``: per round the round, then one score a
    seat): rounds increasing, the last round's scores the final scores (DESIGN §5)."""
    flat, width = record.progress, n_players + 1
    shape = f"progress: {len(flat)} values are not rounds of 1 + {n_players}"
    if not report.expect(bool(flat) and len(flat) % width == 0, shape):
        return
    rows = [flat[i : i + width] for i in range(0, len(flat), width)]
    rounds = [r[0] for r in rows]
    report.expect(
        all(isinstance(r, int) and r >= 0 for r in rounds)
        and all(a < b for a, b in pairwise(rounds)),
        f"progress: rounds must be ints >= 0 that increase, got {rounds[:20]}",
    )
    final = [row["score"] for row in record.seats]
    last = [float(x) for x in rows[-1][1:]]
    report.expect(last == final, f"progress: last round's scores {last} != final scores {final}")


def _check_illegal(state: State, report: _Report) -> None:
    legal = set(state.legal_actions())
    before = state.fingerprint()
    for bad in (-1, max(legal) + 1, 10**9):
        if bad in legal:
            continue
        probe = state.clone()
        try:
            probe.apply(bad)
            report.expect(False, f"illegal action {bad} was accepted")
        except IllegalActionError:
            pass
        report.expect(probe.fingerprint() == before, "a rejected action changed the state")


def _check_clone(state: State, rng: random.Random, report: _Report) -> None:
    before = state.fingerprint()
    copy = state.clone()
    report.expect(copy.fingerprint() == before, "clone() differs from the original")
    for name in _slots(state):
        if name != "trace" and _plain(getattr(copy, name, None)) != _plain(
            getattr(state, name, None)
        ):
            report.expect(False, f"clone() does not copy the slot {name!r}")
    _random_steps(copy, rng, 30)
    report.expect(state.fingerprint() == before, "playing on a clone changed the original")
    other = state.clone()
    snapshot = other.fingerprint()
    _random_steps(state.clone(), rng, 30)
    report.expect(other.fingerprint() == snapshot, "clones share mutable parts")


def _slots(state: Any) -> list[str]:
    """Slot names of ``state``'s class and its bases (hand-written clones must copy each): in
    the compiled build, a native class's fields (``simcore.core.fields.declared_fields``)."""
    cls = type(state)
    if is_compiled(cls):
        return list(declared_fields(cls))
    return [n for klass in cls.__mro__ for n in getattr(klass, "__slots__", ())]


def _plain(value: Any) -> Any:
    """Value-comparable form: generators by state, slotted objects by their slots."""
    if isinstance(value, random.Random):
        return value.getstate()
    if isinstance(value, (list, tuple)):
        return tuple(_plain(v) for v in value)
    slotted = hasattr(type(value), "__slots__") or is_compiled(type(value))
    eq: object = type(value).__eq__  # object: mypy's types of the two never overlap
    if slotted and eq is object.__eq__:
        return tuple(_plain(getattr(value, n, None)) for n in _slots(value))
    return value


def _check_determinize(state: State, rng: random.Random, report: _Report) -> None:
    before = state.fingerprint()
    for player in range(state.n_players):
        det = state.determinize(player, random.Random(rng.getrandbits(32)))
        report.expect(
            det.observation(player) == state.observation(player),
            f"determinize({player}) changed what the player observes",
        )
        report.expect(det.current_player == state.current_player, "determinize changed the mover")
        if player == state.current_player:
            report.expect(
                det.legal_actions() == state.legal_actions(),
                "determinize changed the acting player's legal actions",
            )
        key = rng.getrandbits(32)
        again = state.determinize(player, random.Random(key)).fingerprint()
        via_det = det.determinize(player, random.Random(key)).fingerprint()
        report.expect(
            again == via_det,
            f"determinize({player}) depends on hidden information, not only on what "
            f"player {player} observes",
        )
        _random_steps(det, rng, 10_000)
        report.expect(det.is_terminal(), "a determinized state could not be played to the end")
    report.expect(state.fingerprint() == before, "determinize changed the original state")


def _check_no_peek(
    state: State, policies: Sequence[Any], rng: random.Random, report: _Report
) -> None:
    _check_labels_no_peek(state, rng, report)
    player = state.current_player
    for policy in policies:
        key = rng.getrandbits(32)
        real = policy.act(state.clone(), random.Random(key))
        det = state.determinize(player, random.Random(rng.getrandbits(32)))
        seen = policy.act(det, random.Random(key))
        report.expect(
            real == seen,
            f"policy {policy.name!r} peeks: its choice changed when hidden information was "
            f"resampled ({real} vs {seen})",
        )


def _check_labels_no_peek(state: State, rng: random.Random, report: _Report) -> None:
    """Labels are observations: a seat's label of every legal action stays the same when what
    that seat cannot see is resampled (``determinize``); no viewer means the seat to act."""
    actions = state.legal_actions()
    acting = state.current_player
    same = all(state.action_label(a) == state.action_label(a, acting) for a in actions)
    report.expect(same, "action_label(action) differs from the acting seat's label")
    for viewer in range(state.n_players):
        det = state.determinize(viewer, random.Random(rng.getrandbits(32)))
        for action in actions:
            mine = state.action_label(action, viewer)
            try:
                theirs = det.action_label(action, viewer)
            except Exception as exc:  # a label that reads a hidden place may fail there
                theirs = f"<{type(exc).__name__}: {exc}>"
            if not report.expect(
                mine == theirs,
                f"the label of action {action} for seat {viewer} changed when what that seat "
                f"cannot see was resampled ({mine!r} vs {theirs!r}): it reveals hidden "
                "information",
            ):
                return


def _random_steps(state: State, rng: random.Random, n: int) -> None:
    for _ in range(n):
        if state.is_terminal():
            return
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])


def head_to_head(
    game: Game, n_players: int, spec: Any, rival: Any, n_games: int, seed: int = 0
) -> tuple[float, int]:
    """``spec`` in one seat vs ``rival`` in the others, seats rotated; return (wins, games).

    Game *i* uses seed ``seed + i // n_players`` with ``spec`` in seat ``i % n_players``, so
    every seating of one deal is played. Wins are win shares (ties count fractionally); turn
    them into an interval with ``analyses.stats.intervals.wilson_interval(wins, games)``.
    """
    hero, other = _build_policies(game, [spec, rival])
    wins = 0.0
    for i in range(n_games):
        seat = i % n_players
        lineup = [hero if s == seat else other for s in range(n_players)]
        record = play_game(game, n_players, lineup, seed + i // n_players)
        wins += record.seats[seat]["win_share"]
    return wins, n_games


def check_params_copy(copy: Any, params: Any) -> list[str]:
    """Names of the params fields ``copy`` carries (a game's compiled copy, e.g. a generated
    ``ParamsMirror``); ``ConformanceError`` if one differs from the params' own or if the copy
    does not survive pickling (a compiled frozen class needs its ``__reduce__``)."""
    import pickle

    from simcore.core.params import params_fields

    own = params_fields(type(copy), params)
    wrong = [name for name, value in own.items() if getattr(copy, name) != value]
    if wrong or pickle.loads(pickle.dumps(copy)) != copy:
        raise ConformanceError(f"params copy differs from the params in {wrong} (or pickling)")
    return list(own)
