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


def _first_payment_with_an_unseen_card(seed: int = 1):
    """A seeded 3-player random game, up to the first decision offering to pay with a hand card
    the other seats have not seen (a card drawn from a deck)."""
    from simcore.games.rats_of_wistar.board import CARD_BASE
    from tests.games.played import first_decision

    from .helpers import make_game

    def unseen_payment(s, a):
        paying = bool(s.stack) and s.stack[-1][0] == "pay"
        return (
            paying
            and a >= CARD_BASE
            and a - CARD_BASE not in s.players[s.current_player].known_cards
        )

    return first_decision(make_game(), 3, seed, unseen_payment)


def test_labels_name_a_hidden_hand_card_only_for_its_owner():
    # §11: cards drawn from a deck are hidden in their hand; paying with one shows it (the
    # discard pile is face up), but the others' label of the action names no card they could
    # not see
    from simcore.games.rats_of_wistar.board import CARD_BASE

    s, action = _first_payment_with_an_unseen_card()
    name = s.content.cards[action - CARD_BASE].name
    p, other = s.current_player, (s.current_player + 1) % 3
    assert s.action_label(action) == f"pay with {name}" == s.action_label(action, p)
    assert s.action_label(action, other) == "pay with a hand card"
    assert s.action_label(action, other, reveal=True) == f"pay with {name}"
