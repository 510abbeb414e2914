"""The search cut-off evaluation (race to points_to_win) is a probability that follows VP."""

from __future__ import annotations

import pytest

from simcore.games.ratjack.evaluate import _race, win_chances
from tests.games.ratjack.helpers import build


def test_race_even_start_and_symmetry():
    assert _race((3, 3)) == pytest.approx((0.5, 0.5))
    assert _race((3, 3, 3)) == pytest.approx((1 / 3, 1 / 3, 1 / 3))
    a, b = _race((1, 3))
    assert a == pytest.approx(1 - 0.5**3) and b == pytest.approx(0.5**3)  # b needs 3 in a row


def test_chances_sum_to_one_and_favour_the_leader_and_the_closer_value():
    # seat 0: VP 2, value 20 (one card from 25)     seat 1: VP 1, value 9
    s = build(hands=["rr1 rb1", "rb3"], disp=["rr12^ rb8^", "rr9^"], vp=[2, 1])
    chances = win_chances(s)
    assert sum(chances) == pytest.approx(1.0) and chances[0] > 0.75
    t = build(hands=["rr1 rb1", "rb3"], disp=["rr12^ rb8^", "rr9^"], vp=[1, 2])
    assert win_chances(t)[1] > win_chances(t)[0]  # VP lead outweighs the closer value


def test_eliminated_seat_cannot_take_the_round():
    # seat 1 is out this round: seat 0 gains the round, needing 1 more VP -> it wins
    s = build(hands=["rr1 rb1", "rb3"], disp=["rr5^", "rr9^"], vp=[2, 2], elim=[1])
    assert win_chances(s) == pytest.approx([1.0, 0.0])
