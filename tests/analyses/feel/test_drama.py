"""Drama and pace: lead changes, decided-at, comebacks, margins (analyses.feel.drama)."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analyses.feel import drama, measures
from tests.analyses.feel.toys import sweep


def test_lead_changes_on_a_hand_built_trajectory():
    # rounds x seats:   A  B  C      sole leader
    scores = np.array(
        [
            [1, 0, 0],  # A
            [1, 2, 0],  # B   (change 1)
            [3, 3, 0],  # tie (skipped)
            [3, 4, 5],  # C   (change 2)
            [6, 4, 5],
        ]
    )  # A   (change 3)
    assert drama.leaders(scores) == [0, 1, -1, 2, 0]
    assert drama.lead_changes(scores) == 3
    assert drama.decided_at(scores, winner=0) == 1.0  # took the lead for good in the last round
    # at two thirds (after round 3 of 5: floor(10/3) = 3) A trailed by 0: no comeback
    assert not drama.comeback(scores, winner=0)
    assert drama.final_margin(scores[-1]) == pytest.approx(1 / 6)


def test_comeback_needs_a_deficit_beyond_the_margin():
    # A trails B by 2 after round 2 of 3 (2/3 of the game), then wins 10 to 9
    scores = np.array([[0, 1], [1, 3], [10, 9]])
    assert drama.comeback(scores, winner=0)  # 2 > 10% of 10
    assert not drama.comeback(scores, winner=0, margin=0.25)  # 2 < 25% of 10


def test_winner_leading_from_the_start_is_decided_at_the_first_round():
    scores = np.array([[2, 0], [3, 1], [5, 1], [6, 2]])
    assert drama.decided_at(scores, winner=0) == pytest.approx(0.25)
    assert drama.gap_path(scores, 0)[-1] == pytest.approx(4 / 6)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.lists(st.integers(0, 9), min_size=3, max_size=3), min_size=1, max_size=12))
def test_lead_changes_never_exceed_rounds_minus_one(rows):
    scores = np.cumsum(np.array(rows, dtype=float), axis=0)
    changes = drama.lead_changes(scores)
    assert 0 <= changes <= len(rows) - 1
    winner = int(np.argmax(scores[-1]))
    assert 1 / len(rows) <= drama.decided_at(scores, winner) <= 1.0


@pytest.mark.parametrize("swaps", [0, 1, 4, 7])
def test_seesaw_lead_changes_a_known_number_of_times(tmp_path, swaps):
    # the progress table of a sweep of the scripted game: exactly ``swaps`` lead changes
    run = sweep(
        tmp_path,
        "seesaw",
        "seesaw",
        [["random", "random"]],
        games=6,
        params={"rounds": 8, "swaps": swaps},
    )
    table = measures(run)
    got = table.filter(pl.col("measure") == "lead_changes")
    assert got["estimate"].to_list() == [float(swaps)]
    assert table.filter(pl.col("measure") == "rounds")["estimate"].to_list() == [8.0]
    decided = table.filter(pl.col("measure") == "decided_at")["estimate"][0]
    # the lead changes hands until round swaps + 1, and stays from then on
    assert decided == pytest.approx(1.0 if swaps == 7 else (swaps + 1) / 8)
