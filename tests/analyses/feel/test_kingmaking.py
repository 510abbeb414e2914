"""Kingmaking and decision load by counterfactual replay (analyses.feel.replay)."""

from __future__ import annotations

import pytest

from analyses.feel.kingmaking import CONTINUATIONS, beyond_noise, changes_winner
from analyses.feel.replay import _finish, replay, replay_rows
from simcore.core.rng import policy_stream
from strategies.registry import make_policy
from tests.analyses.feel import toys  # noqa: F401  (registers the toy games)
from tests.fixtures.feel_games import ChanceKing, Kingmaker, KingParams, Seesaw

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


def _winners_after(game, seed, burn):
    """Play ChanceKing with seat 3 always burning ``burn`` draws; the winners."""
    state = game.new_state(3, seed)
    fixed = type("Fixed", (), {"act": lambda self, s, rng: burn if s.current_player == 2 else 0})
    return _finish(state, [fixed()] * 3, [policy_stream(seed, s) for s in range(3)])


def test_a_choice_that_only_reshuffles_chance_is_no_kingmaking():
    # seats:   1   2   3       each round seats 1 and 2 pass, seat 3 burns 0, 1 or 2 chance
    # start:   0   0   0       draws, then chance gives seat 1 or 2 the point (even odds);
    #                          seat 3 never scores. Its choice changes which draws come next,
    #                          so one replayed future per action shows different winners, but
    #                          every action leaves seats 1 and 2 at even odds.
    game = ChanceKing()
    # the trap: with the chance stream fixed, seat 3's choice does change the winner
    assert any(_winners_after(game, seed, 0) != _winners_after(game, seed, 2) for seed in SEEDS)
    games = [replay(game, 3, _lineup(game), seed) for seed in SEEDS]
    examined = sum(g.examined for g in games)
    assert examined == 2 * len(SEEDS)  # rounds 5 and 6 of 6 are late; seat 3 has 3 actions
    assert sum(g.out_of_contention for g in games) == examined
    assert sum(g.kingmaking for g in games) == 0 and sum(g.alternatives for g in games) == 0


def test_changes_winner_rule():
    # win shares per continuation [seat 0, seat 1, seat 2]; seat 2 decides
    one = [[1.0, 0.0, 0.0]] * CONTINUATIONS  # seat 0 wins every future
    two = [[0.0, 1.0, 0.0]] * CONTINUATIONS
    assert changes_winner(one, two, [0, 1])  # certain futures: any flip counts
    assert not changes_winner(one, one, [0, 1])
    # alternating futures: a coin either way, shifted by one continuation -> no change
    coin = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]] * (CONTINUATIONS // 2)
    shifted = coin[1:] + coin[:1]
    assert not changes_winner(coin, shifted, [0, 1])
    # 9 of 16 vs 7 of 16 for seat 0: who is likelier flips, but within the noise
    nine = [[1.0, 0.0, 0.0]] * 9 + [[0.0, 1.0, 0.0]] * 7
    seven = [[0.0, 1.0, 0.0]] * 2 + nine[2:][::-1]
    assert not changes_winner(nine, seven, [0, 1])


def test_beyond_noise():
    assert beyond_noise([1.0] * 16) and not beyond_noise([0.0] * 16)
    assert not beyond_noise([1.0, -1.0] * 8)
    assert beyond_noise([1.0] * 14 + [0.0] * 2)
