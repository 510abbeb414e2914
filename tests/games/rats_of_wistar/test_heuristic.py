"""Heuristics beat random (95% Wilson interval above 50%, seats rotated, fixed seeds)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analyses.stats.intervals import wilson_interval
from simcore.engine.check.conformance import head_to_head
from simcore.games.rats_of_wistar import RatsOfWistar
from simcore.games.rats_of_wistar import board as B
from simcore.games.rats_of_wistar.farm import potion_options
from simcore.games.rats_of_wistar.vocab import POTION
from strategies.heuristics.rats_of_wistar import make_heuristic

GAME = RatsOfWistar()


@pytest.mark.parametrize("style", ["engine", "explorer", "fitted"])
def test_heuristic_beats_random(style: str) -> None:
    wins, games = head_to_head(GAME, 2, make_heuristic(GAME, style=style), "random", 40, 20_000)
    assert wilson_interval(wins, games)[0] > 0.5, wins


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), style=st.sampled_from(["engine", "explorer"]))
def test_turn_values_shared_memo_equal_fresh(seed: int, style: str) -> None:
    """One decision's memo (sector main actions, bonus primitives) changes no value: every turn
    decision of a heuristic game values each action exactly as a fresh computation does."""
    policy = make_heuristic(GAME, style=style)
    state, rng = GAME.new_state(2, seed), random.Random(seed)
    turns = 0
    while state.current_player >= 0:
        task, seat = state.stack[-1], state.current_player
        if task[0] == "turn":
            shared = policy._valuer(state, task, seat)
            pl = state.players[seat]
            for a in state.legal_actions():
                assert shared(a) == policy.turn_value(state, seat, pl, a), a
            turns += 1
        state.apply(policy.act(state, rng))
    assert turns > 10


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), style=st.sampled_from(["engine", "explorer"]))
def test_best_takes_the_first_best_value_plus_noise(seed: int, style: str) -> None:
    """``_best`` calls the values directly (no closures): at every decision of a heuristic game
    it picks the first action of highest ``value`` + noise, the noise drawn in action order."""
    policy = make_heuristic(GAME, style=style)
    state, rng = GAME.new_state(2, seed), random.Random(seed)
    kinds = set()
    while state.current_player >= 0:
        actions, task, seat = state.legal_actions(), state.stack[-1], state.current_player
        if len(actions) > 1:
            key = rng.getrandbits(32)
            noise = random.Random(key)
            scored = [policy.value(state, task, seat, a) + noise.random() * 0.05 for a in actions]
            expected = actions[scored.index(max(scored))]
            assert policy._best(state, actions, random.Random(key)) == expected, task[0]
            kinds.add(task[0])
        state.apply(policy.act(state, rng))
    assert "turn" in kinds and len(kinds) > 3  # the turn menu and other decisions were met


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_potion_value_follows_the_potion_options(seed: int) -> None:
    """The quick potion is worth drinking in the last round or when its first option does more
    than give a resource (the value tests that without building the option list)."""
    policy = make_heuristic(GAME, style="explorer")
    state, rng = GAME.new_state(2, seed), random.Random(seed)
    checked = 0
    while state.current_player >= 0:
        seat = state.current_player
        pl = state.players[seat]
        if pl.resources[POTION]:
            useful = potion_options(state, seat)[0] < B.POTION_BASE + 2
            expected = 1.0 if useful or policy.rounds_left(state) == 0 else -0.5
            assert policy.quick_value(state, seat, pl, B.QA_POTION) == expected
            checked += 1
        state.apply(policy.act(state, rng))
    assert checked > 0


def test_value_dispatch_calls_each_kinds_own_method() -> None:
    """``VALUED`` numbers exactly the ``v_`` methods, and ``_value`` calls the method named by
    the decision kind: every non-turn decision of six heuristic games, every action."""
    from strategies.heuristics.rats_of_wistar import VALUED, WistarHeuristic

    assert set(VALUED) == {name[2:] for name in dir(WistarHeuristic) if name.startswith("v_")}
    seen = set()
    for seed, style in [(s, st_) for s in range(3) for st_ in ("engine", "explorer")]:
        policy = make_heuristic(GAME, style=style)
        state, rng = GAME.new_state(2, seed), random.Random(seed)
        while state.current_player >= 0:
            task, seat = state.stack[-1], state.current_player
            if task[0] in VALUED:
                seen.add(task[0])
                pl, method = state.players[seat], getattr(policy, "v_" + task[0])
                for a in state.legal_actions():
                    if a != B.STOP:
                        want = method(state, task, seat, pl, a)
                        assert policy._value(VALUED[task[0]], state, task, seat, pl, a) == want
            state.apply(policy.act(state, rng))
    assert len(seen) >= 10, seen  # most kinds occur in six games
