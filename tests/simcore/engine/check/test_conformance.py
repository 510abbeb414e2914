"""check_game passes a correct game and catches each kind of broken game or policy."""

import pytest

from simcore.engine.check.conformance import ConformanceError, check_game
from tests.fixtures.broken import (
    BoolCountDuel,
    GlobalRngDuel,
    PeekingLabelDuel,
    PeekingPolicy,
    SharedListDuel,
)


def test_correct_game_passes(duel):
    assert check_game(duel, 2, ["random"], n_games=6) > 500


def test_clone_sharing_a_list_fails():
    with pytest.raises(ConformanceError, match="clone"):
        check_game(SharedListDuel(), 2, ["random"], n_games=4)


def test_peeking_policy_fails(duel):
    with pytest.raises(ConformanceError, match=r"peeker.*peeks"):
        check_game(duel, 2, ["random", PeekingPolicy()], n_games=6)


def test_a_label_revealing_hidden_cards_fails():
    # Duel's labels plus the opponent's hand: resampling that hand changes the label
    with pytest.raises(ConformanceError, match=r"label of action \d+ for seat \d changed"):
        check_game(PeekingLabelDuel(), 2, ["random"], n_games=4)


def test_a_column_of_the_wrong_type_fails():
    with pytest.raises(ConformanceError, match=r"'draws' is declared int but holds (True|False)"):
        check_game(BoolCountDuel(), 2, ["random"], n_games=2)


def test_global_rng_fails():
    with pytest.raises(ConformanceError, match="global RNG used"):
        check_game(GlobalRngDuel(), 2, ["random"], n_games=2)


def test_global_rng_state_restored_after_failure():
    import random

    before = random.getstate()
    with pytest.raises(ConformanceError):
        check_game(GlobalRngDuel(), 2, ["random"], n_games=2)
    assert random.getstate() == before


def test_head_to_head_rotates_seats_and_counts_shares(duel):
    from simcore.engine.check.conformance import head_to_head

    wins, games = head_to_head(duel, 2, "random", "random", 200, seed=1)
    assert games == 200 and 0 < wins < 200
    # Against itself the same deals are played from both seats: shares sum to one per deal.
    assert wins == pytest.approx(100.0)
