"""play_game: records and determinism."""

import pytest

from simcore.core import registry
from simcore.core.errors import IllegalActionError
from simcore.engine.play.runner import RunawayGameError, play_game
from strategies import RandomPolicy
from strategies.registry import make_policy


def test_records_have_one_row_per_seat_and_action(duel):
    record = play_game(duel, 2, [RandomPolicy(), RandomPolicy()], seed=11, record_actions=True)
    assert record.game["turns"] == 6 and record.game["ended_by"] == "turns"
    assert [s["seat"] for s in record.seats] == [0, 1]
    assert sum(s["win_share"] for s in record.seats) == pytest.approx(1.0)
    assert len(record.actions) == record.game["steps"] == 6
    assert {"step", "seat", "action", "label", "card"} <= set(record.actions[0])


def test_same_seed_same_game(duel):
    a = play_game(duel, 2, [RandomPolicy(), RandomPolicy()], seed=5, record_actions=True)
    b = play_game(duel, 2, [RandomPolicy(), RandomPolicy()], seed=5, record_actions=True)
    assert a.actions == b.actions and a.seats == b.seats


def test_tied_winners_share(duel):
    # Both seats forced to equal totals: hands {1,2,3}/{...}; find a seed with a tie.
    for seed in range(200):
        record = play_game(duel, 2, [RandomPolicy(), RandomPolicy()], seed=seed)
        scores = [s["score"] for s in record.seats]
        if scores[0] == scores[1]:
            assert [s["win_share"] for s in record.seats] == [0.5, 0.5]
            assert [s["rank"] for s in record.seats] == [1, 1]
            return
    pytest.fail("no tie found in 200 seeds")


def test_illegal_action_rejected_without_change(duel):
    state = duel.new_state(2, 1)
    before = state.fingerprint()
    with pytest.raises(IllegalActionError):
        state.apply(99)
    assert state.fingerprint() == before


def test_seats_table_says_who_won_a_tie_break():
    # Rats of Wistar seed 0 with two random players ends 16-16; the tie rule (earlier in the
    # final turn order) gives one seat the win: both rank 1, tiebreak +1 / -1.
    from simcore.engine.play.runner import play_game, tiebreaks
    from simcore.games.rats_of_wistar import RatsOfWistar
    from strategies.random_policy import RandomPolicy

    rec = play_game(RatsOfWistar(), 2, [RandomPolicy(), RandomPolicy()], 0)
    rows = sorted((s["tiebreak"], s["rank"], s["win_share"]) for s in rec.seats)
    assert rows == [(-1, 1, 0.0), (1, 1, 1.0)]
    assert tiebreaks([1, 1, 3], [0.5, 0.5, 0.0]) == [0, 0, 0]  # a shared win is no tie-break


@pytest.mark.parametrize("game_id", ["ratjack", "lord_of_worlds", "rats_of_wistar"])
def test_recording_actions_changes_no_game(game_id):
    """States keep actions-table records only when asked (``keep_action_records``); the games
    and seats rows are the same either way."""
    game = registry.make_game(game_id)
    policies = [make_policy("heuristic", game), make_policy("random", game)]
    for seed in range(3):
        with_rows = play_game(game, 2, policies, seed, record_actions=True)
        without = play_game(game, 2, policies, seed)
        with_rows.game.pop("wall_ms"), without.game.pop("wall_ms")
        assert (with_rows.game, with_rows.seats) == (without.game, without.seats)
        assert with_rows.actions and not without.actions


@pytest.mark.parametrize("record_actions", [False, True])
def test_a_game_past_its_step_limit_is_a_runaway_naming_game_and_seed(record_actions):
    game = registry.make_game("ratjack")
    policies = [RandomPolicy(), RandomPolicy()]
    with pytest.raises(RunawayGameError, match=r"ratjack: no end after 5 steps \(seed 42\)"):
        play_game(game, 2, policies, 42, record_actions=record_actions, max_steps=5)
    assert play_game(game, 2, policies, 42).game["steps"] > 5  # the game itself is longer
