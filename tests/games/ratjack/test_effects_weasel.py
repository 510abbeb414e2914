"""One scenario per weasel effect (§7); decks rat_red + weasel. Seat 0 acts.
Positions: ``seat: hand | display`` (``^`` up, ``v`` down, ``:chip``), piles bottom→top."""

from __future__ import annotations

from simcore.games.ratjack.codes import P_EFFECT
from tests.games.ratjack.helpers import build, chip, codes, names, pos, reserve, seat, up

D = ("rat_red", "weasel")


def test_weasel1_swaps_hands_and_both_remember():
    # seat 0: we1 rr2 | -      seat 1: rr9 | -      seat 2 (eliminated): rr8 | -
    s = build(decks=D, hands=["we1 rr2", "rr9", "rr8"], disp=["", "", ""], elim=[2])
    s.apply(up(0))
    assert s.legal_actions() == [seat(1)]  # eliminated players are not "another player"
    s.apply(seat(1))
    assert codes(s, s.hands[0]) == ["rr9"] and codes(s, s.hands[1]) == ["rr2"]
    assert s.seen_by[s.hands[0][0]] == 0b011 and s.seen_by[s.hands[1][0]] == 0b011


def test_weasel2_returns_any_chip_even_from_eliminated_seat():
    # seat 0: we2 rr1 | rr5^:plus1      seat 1: rr3 | rr6^:shield      seat 2 (out): rr4 | rr7^:zero
    s = build(
        decks=D,
        hands=["we2 rr1", "rr3", "rr4"],
        disp=["rr5^:plus1", "rr6^:shield", "rr7^:zero"],
        elim=[2],
    )
    s.apply(up(0))
    assert s.legal_actions() == [pos(0, 0), pos(1, 0), pos(2, 0)]
    s.apply(pos(1, 0))
    assert names(s, 1) == ["rr6^"] and "shield" in reserve(s)


def test_weasel3_draws_looks_and_places_face_down_in_other_display():
    # seat 0: we3 rr1 | -      seat 1: rr3 | -      deck: ... rr12(top)
    s = build(decks=D, hands=["we3 rr1", "rr3"], disp=["", ""], deck="rr12")
    s.apply(up(0))
    assert s.phase == P_EFFECT and codes(s, [s.card_in_flight]) == ["rr12"]
    assert s.seen_by[s.card_in_flight] == 0b01 and s.legal_actions() == [seat(1)]
    s.apply(seat(1))
    assert (
        names(s, 1) == ["rr12v"] and s.seen_by[s.displays[1][0]] == 0b11 and s.card_in_flight == -1
    )


def test_weasel4_chip_on_any_face_down_card():
    # seat 0: we4 rr1 | rr2v      seat 1: rr3 | rr5v rr6^
    s = build(decks=D, hands=["we4 rr1", "rr3"], disp=["rr2v", "rr5v rr6^"])
    s.apply(up(0))
    assert s.legal_actions() == [pos(0, 0), pos(1, 0)]
    s.apply(pos(0, 0))
    s.apply(chip("double"))
    assert names(s, 0) == ["rr2v:double", "we4^"]


def test_weasel5_turns_own_card_either_way_not_locked():
    # seat 0: we5 rr1 | rr9^ rr7v rr8v:lock      seat 1: rr3 | -
    s = build(decks=D, hands=["we5 rr1", "rr3"], disp=["rr9^ rr7v rr8v:lock", ""])
    s.apply(up(0))
    assert s.legal_actions() == [pos(0, 0), pos(0, 1), pos(0, 3)]
    s.apply(pos(0, 1))
    assert names(s, 0) == ["rr9^", "rr7^", "rr8v:lock", "we5^"] and s.values()[0] == 21


def test_weasel6_takes_opponent_face_up_card():
    # seat 0: we6 rr1 | -      seat 1: rr3 | rr10^:plus1 rr11^:shield rr4v
    s = build(decks=D, hands=["we6 rr1", "rr3"], disp=["", "rr10^:plus1 rr11^:shield rr4v"])
    s.apply(up(0))
    assert s.legal_actions() == [pos(1, 0)]
    s.apply(pos(1, 0))
    assert names(s, 0) == ["we6^", "rr10^:plus1"] and names(s, 1) == ["rr11^:shield", "rr4v"]


def test_weasel7_swaps_own_chip_with_reserve_face():
    # seat 0: we7 rr1 | rr5^:minus5      seat 1: rr3 | -      reserve: the other five chips
    s = build(decks=D, hands=["we7 rr1", "rr3"], disp=["rr5^:minus5", ""])
    s.apply(up(0))
    assert s.legal_actions() == [pos(0, 0)]
    s.apply(pos(0, 0))
    s.apply(chip("plus10"))
    assert names(s, 0) == ["rr5^:plus10", "we7^"] and "minus5" in reserve(s)
    assert s.values()[0] == 22


def test_weasel8_swaps_chips_of_two_cards():
    # seat 0: we8 rr1 | rr5^:minus5      seat 1: rr3 | rr9^:double rr2^
    s = build(decks=D, hands=["we8 rr1", "rr3"], disp=["rr5^:minus5", "rr9^:double rr2^"])
    s.apply(up(0))
    assert s.legal_actions() == [pos(0, 0), pos(1, 0)]
    s.apply(pos(1, 0))
    assert s.legal_actions() == [pos(0, 0)]
    s.apply(pos(0, 0))
    assert names(s, 0) == ["rr5^:double", "we8^"] and names(s, 1) == ["rr9^:minus5", "rr2^"]


def test_weasel9_discards_three_from_deck():
    # seat 0: we9 rr1 | -      seat 1: rr3 | -      deck: ... rr4 rr5 rr6(top)
    s = build(decks=D, hands=["we9 rr1", "rr3"], disp=["", ""], deck="rr4 rr5 rr6")
    n = len(s.deck)
    s.apply(up(0))
    assert len(s.deck) == n - 3 and codes(s, s.discard[-3:]) == ["rr6", "rr5", "rr4"]
    t = build(decks=D, hands=["we9 rr1", "rr3"], disp=["", ""], deck="rr4 rr5", rest="discard")
    assert up(0) not in t.legal_actions()


def test_weasel10_returns_chip_of_own_face_up_card():
    # seat 0: we10 rr1 | rr5^:minus5 rr6v:plus1      seat 1: rr3 | -
    s = build(decks=D, hands=["we10 rr1", "rr3"], disp=["rr5^:minus5 rr6v:plus1", ""])
    s.apply(up(0))
    assert s.legal_actions() == [pos(0, 0)]
    s.apply(pos(0, 0))
    assert names(s, 0) == ["rr5^", "rr6v:plus1", "we10^"] and s.values()[0] == 15


def test_weasel11_discards_own_face_down_card_chip_returns():
    # seat 0: we11 rr1 | rr6v:plus1 rr7v:lock rr8^      seat 1: rr3 | -
    s = build(decks=D, hands=["we11 rr1", "rr3"], disp=["rr6v:plus1 rr7v:lock rr8^", ""])
    s.apply(up(0))
    assert s.legal_actions() == [pos(0, 0)]
    s.apply(pos(0, 0))
    assert codes(s, s.discard[-1:]) == ["rr6"] and "plus1" in reserve(s)
    assert names(s, 0) == ["rr7v:lock", "rr8^", "we11^"]


def test_weasel12_takes_chip_from_reserve_or_opponent():
    # seat 0: we12 rr1 | rr5^:minus5      seat 1: rr3 | rr9^:shield
    s = build(decks=D, hands=["we12 rr1", "rr3"], disp=["rr5^:minus5", "rr9^:shield"])
    s.apply(up(0))
    opts = s.legal_actions()
    assert pos(1, 0) in opts and chip("plus1") in opts and chip("minus5") not in opts
    s.apply(pos(1, 0))
    assert s.legal_actions() == [pos(0, 1)]  # only the weasel itself has no chip
    s.apply(pos(0, 1))
    assert names(s, 0) == ["rr5^:minus5", "we12^:shield"] and names(s, 1) == ["rr9^"]
