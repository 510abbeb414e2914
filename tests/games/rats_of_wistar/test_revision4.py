"""Revision 4 of the rules: §8.1 the paired VP spaces (``ability_pair_bonus``)."""

from __future__ import annotations

import pytest

from simcore.games.rats_of_wistar.scoring import score_parts

from .helpers import start


@pytest.mark.parametrize(("reading", "vp"), [("once", 11), ("each", 13), (None, 11)])
def test_revision4_s8_1_the_paired_vp_spaces_pay_their_note_once_or_each(reading, vp):
    # ability track: U6 (upper "3 VP") and L4 (lower "6 VP") both uncovered; both print "if the
    # other is also uncovered, gain 2 more VP": once 3 + 6 + 2 = 11 (the default), each 13
    s = start(**({} if reading is None else {"ability_pair_bonus": reading}))
    seat = s.current_player
    s.players[seat].uncovered_abilities = 1 << 5 | 1 << 9
    assert score_parts(s, seat)["vp_abilities"] == vp


@pytest.mark.parametrize("reading", ["once", "each"])
def test_revision4_s8_1_one_space_alone_pays_no_pair_bonus(reading):
    s = start(ability_pair_bonus=reading)
    seat = s.current_player
    s.players[seat].uncovered_abilities = 1 << 9  # L4 alone: its 6 VP
    assert score_parts(s, seat)["vp_abilities"] == 6
