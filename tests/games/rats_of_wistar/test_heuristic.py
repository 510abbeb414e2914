"""Heuristics beat random (95% Wilson interval above 50%, seats rotated, fixed seeds)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analyses.stats import wilson_interval
from simcore.games.rats_of_wistar import RatsOfWistar
from simcore.testing import head_to_head
from strategies.heuristics.rats_of_wistar import make_heuristic

GAME = RatsOfWistar()


@pytest.mark.parametrize("style", ["engine", "explorer"])
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
