"""One scenario per raccoon effect (§7); decks rat_red + raccoon. Seat 0 acts.
Positions: ``seat: hand | display`` (``^`` up, ``v`` down, ``:chip``), piles bottom→top."""

from __future__ import annotations

from simcore.games.ratjack.codes import HAND
from tests.games.ratjack.helpers import build, chip, codes, names, pos, reserve, up

D = ("rat_red", "raccoon")


def test_raccoon1_discards_opponent_face_up_card():
    # seat 0: ra1 rr2 | -      seat 1: rr3 | rr9^:plus5 rr10^:lock rr4v
    s = build(decks=D, hands=["ra1 rr2", "rr3"], disp=["", "rr9^:plus5 rr10^:lock rr4v"])
    s.apply(up(0))
    assert s.legal_actions() == [pos(1, 0)]
    s.apply(pos(1, 0))
    assert codes(s, s.discard[-1:]) == ["rr9"] and "plus5" in reserve(s)
    assert names(s, 1) == ["rr10^:lock", "rr4v"]


def test_raccoon2_swap_own_face_down_with_opponent_face_up_both_arrive_up():
    # seat 0: ra2 rr2 | rr12v      seat 1: rr3 | rr4^
    s = build(decks=D, hands=["ra2 rr2", "rr3"], disp=["rr12v", "rr4^"])
    s.apply(up(0))
    s.apply(pos(0, 0))
    s.apply(pos(1, 0))
    assert names(s, 0) == ["rr4^", "ra2^"] and names(s, 1) == ["rr12^"]
    assert s.values() == [6, 12]


def test_raccoon2_orientation_keep_assumption():
    # same position, raccoon2_orientation = keep: the given card stays face down
    s = build(
        decks=D, hands=["ra2 rr2", "rr3"], disp=["rr12v", "rr4^"], raccoon2_orientation="keep"
    )
    s.apply(up(0))
    s.apply(pos(0, 0))
    s.apply(pos(1, 0))
    assert names(s, 1) == ["rr12v"] and s.seen_by[s.displays[1][0]] == 0b11


def test_raccoon3_places_hand_card_face_up_then_draws():
    # seat 0: ra3 rr2 | -      seat 1: rr3 | -      deck: ... rr7(top)
    s = build(decks=D, hands=["ra3 rr2", "rr3"], disp=["", ""], deck="rr7")
    s.apply(up(0))
    assert names(s, 0) == ["ra3^", "rr2^"] and codes(s, s.hands[0]) == ["rr7"]
    assert s.values()[0] == 5 and s.seen_by[s.hands[0][0]] == 0b01


def test_raccoon4_takes_opponent_face_down_card_face_up():
    # seat 0: ra4 rr2 | -      seat 1: rr3 | rr8v rr9v:shield
    s = build(decks=D, hands=["ra4 rr2", "rr3"], disp=["", "rr8v rr9v:shield"])
    s.apply(up(0))
    assert s.legal_actions() == [pos(1, 0)]
    s.apply(pos(1, 0))
    assert names(s, 0) == ["ra4^", "rr8^"] and s.values()[0] == 12


def test_raccoon5_top_of_deck_face_down_into_own_display():
    # seat 0: ra5 rr2 | -      seat 1: rr3 | -      deck: ... rr11(top)
    s = build(decks=D, hands=["ra5 rr2", "rr3"], disp=["", ""], deck="rr11")
    s.apply(up(0))
    assert names(s, 0) == ["ra5^", "rr11v"] and s.seen_by[s.displays[0][1]] == 0b01


def test_raccoon6_chips_on_two_cards():
    # seat 0: ra6 rr2 | -      seat 1: rr3 | rr8v
    s = build(decks=D, hands=["ra6 rr2", "rr3"], disp=["", "rr8v"])
    s.apply(up(0))
    assert s.legal_actions() == [pos(0, 0), pos(1, 0)]
    s.apply(pos(1, 0))
    s.apply(chip("zero"))
    assert s.legal_actions() == [pos(0, 0)]  # the first card has a chip now
    s.apply(pos(0, 0))
    s.apply(chip("double"))
    assert names(s, 0) == ["ra6^:double"] and names(s, 1) == ["rr8v:zero"]
    assert s.values()[0] == 12
    # only one chip-free card in play: cannot resolve
    t = build(decks=D, hands=["ra6 rr2", "rr3"], disp=["", "rr8v:plus1"])
    assert up(0) not in t.legal_actions()


def test_raccoon7_flips_own_and_opponent_face_down_cards():
    # seat 0: ra7 rr2 | rr5v      seat 1: rr3 | rr6v
    s = build(decks=D, hands=["ra7 rr2", "rr3"], disp=["rr5v", "rr6v"])
    s.apply(up(0))
    s.apply(pos(0, 0))
    s.apply(pos(1, 0))
    assert names(s, 0) == ["rr5^", "ra7^"] and names(s, 1) == ["rr6^"]
    assert s.values() == [12, 6]


def test_raccoon8_chip_on_own_and_on_opponent_card():
    # seat 0: ra8 rr2 | -      seat 1: rr3 | rr6^
    s = build(decks=D, hands=["ra8 rr2", "rr3"], disp=["", "rr6^"])
    s.apply(up(0))
    assert s.legal_actions() == [pos(0, 0)]
    s.apply(pos(0, 0))
    s.apply(chip("plus5"))
    assert s.legal_actions() == [pos(1, 0)]
    s.apply(pos(1, 0))
    s.apply(chip("double"))
    assert s.values() == [13, 12]


def test_raccoon9_discard_top_face_up_into_own_display():
    # seat 0: ra9 rr2 | -      seat 1: rr3 | -      discard: rr7 rr10(top)
    s = build(decks=D, hands=["ra9 rr2", "rr3"], disp=["", ""], discard="rr7 rr10")
    s.apply(up(0))
    assert names(s, 0) == ["ra9^", "rr10^"] and s.values()[0] == 19


def test_raccoon10_draws_then_discards_from_hand():
    # seat 0: ra10 rr2 | -      seat 1: rr3 | -      deck: ... rr12(top)
    s = build(decks=D, hands=["ra10 rr2", "rr3"], disp=["", ""], deck="rr12")
    s.apply(up(0))
    assert codes(s, s.hands[0]) == ["rr2", "rr12"] and s.legal_actions() == [HAND, HAND + 1]
    assert s.action_info(HAND)["mode"] == "hand" and s.action_info(HAND)["card_value"] == 2
    s.apply(HAND)
    assert codes(s, s.hands[0]) == ["rr12"] and codes(s, s.discard[-1:]) == ["rr2"]


def test_raccoon11_chip_on_opponent_card():
    # seat 0: ra11 rr2 | rr4^      seat 1: rr3 | rr6^ rr7v:plus1
    s = build(decks=D, hands=["ra11 rr2", "rr3"], disp=["rr4^", "rr6^ rr7v:plus1"])
    s.apply(up(0))
    assert s.legal_actions() == [pos(1, 0)]
    s.apply(pos(1, 0))
    s.apply(chip("plus10"))
    assert s.values() == [15, 16]


def test_raccoon12_shuffles_top_three_discards_into_deck():
    # seat 0: ra12 rr2 | -      seat 1: rr3 | -      discard: rr4 rr5 rr6 rr7(top)
    s = build(decks=D, hands=["ra12 rr2", "rr3"], disp=["", ""], discard="rr4 rr5 rr6 rr7")
    n = len(s.deck)
    s.apply(up(0))
    assert codes(s, s.discard) == ["rr4"] and len(s.deck) == n + 3
    assert set(codes(s, s.deck)) >= {"rr5", "rr6", "rr7"}
    assert all(s.seen_by[c] == 0 for c in s.deck)
    t = build(decks=D, hands=["ra12 rr2", "rr3"], disp=["", ""], discard="rr4 rr5")
    assert up(0) not in t.legal_actions()
