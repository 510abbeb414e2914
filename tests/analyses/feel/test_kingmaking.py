"""Kingmaking and decision load by counterfactual replay (analyses.feel.replay)."""

from __future__ import annotations

import pytest

from analyses.feel.replay import replay, replay_rows
from strategies.registry import make_policy
from tests.analyses.feel import toys  # noqa: F401  (registers the toy games)
from tests.fixtures.feel_games import Kingmaker, KingParams, Seesaw

SEEDS = range(12)


def _lineup(game, n=3):
    return [make_policy("random", game) for _ in range(n)]


def test_last_player_choosing_the_winner_is_kingmaking():
    # seats:   1   2   3          seat 3 (0 points) acts last and cannot win:
    # start:   5   5   0          give seat 1 -> 1 wins; give seat 2 -> 2 wins;
    #                              take -> 5, 5, 1: seats 1 and 2 share the win
    game = Kingmaker(KingParams(start="5,5,0"))
    for seed in SEEDS:
        got = replay(game, 3, _lineup(game), seed)
        assert got.examined == 1 and got.out_of_contention == 1
        assert got.kingmaking == 1 and got.kingmakers == [2]
        assert got.alternatives == 2  # both other actions give another winner
        assert got.forced == 2 and got.decisions == 3  # seats 1 and 2 had one action


def test_a_player_who_can_still_win_is_no_kingmaker():
    # start 5, 5, 5: seat 3 takes the point and wins alone, so it is in contention
    game = Kingmaker(KingParams(start="5,5,5"))
    got = replay(game, 3, _lineup(game), seed=3)
    assert got.examined == 1 and got.out_of_contention == 0 and got.kingmaking == 0


def test_a_choice_that_changes_no_winner_is_no_kingmaking():
    # start 9, 5, 0: seat 1 wins whatever seat 3 does
    game = Kingmaker(KingParams(start="9,5,0"))
    got = replay(game, 3, _lineup(game), seed=3)
    assert got.out_of_contention == 1 and got.kingmaking == 0 and got.alternatives == 0


def test_replay_rows_rates():
    game = Kingmaker(KingParams(start="5,5,0"))
    rows = {r["measure"]: r for r in replay_rows(game, 3, ["random"] * 3, SEEDS, "g")}
    assert rows["kingmaking"]["estimate"] == 1.0 and rows["kingmaking"]["n"] == len(SEEDS)
    assert rows["forced"]["estimate"] == pytest.approx(2 / 3)
    assert rows["legal_actions"]["estimate"] == pytest.approx((1 + 1 + 3) / 3)


def test_a_game_that_plays_itself_is_all_forced():
    rows = {r["measure"]: r for r in replay_rows(Seesaw(), 2, ["random"] * 2, SEEDS, "g")}
    assert "kingmaking" not in rows  # two players: nobody makes a king
    assert rows["forced"]["estimate"] == 1.0 and rows["legal_actions"]["estimate"] == 1.0
