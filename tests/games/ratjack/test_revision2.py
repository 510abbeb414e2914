"""Revision 2 readings of the seed (§5 lock, §7 rat 5 / weasel 3 / raccoon 3), each a parameter.
Positions: ``seat: hand | display`` (``^`` up, ``v`` down, ``:chip``)."""

from __future__ import annotations

from simcore.games.ratjack.codes import KEEP, P_DRAW, P_EFFECT, handpos
from tests.games.ratjack.helpers import build, codes, names, pos, seat, up


def test_s5_lock_default_allows_taking_a_locked_card():
    # seat 0: we6 rr1 | -      seat 1: rr3 | rr9^:lock      (weasel 6: take a face-up card)
    s = build(decks=("rat_red", "weasel"), hands=["we6 rr1", "rr3"], disp=["", "rr9^:lock"])
    assert up(0) in s.legal_actions()
    s.apply(up(0))
    s.apply(pos(1, 0))
    assert names(s, 0) == ["we6^", "rr9^:lock"]  # the chip travels with its card
    t = build(
        decks=("rat_red", "weasel"),
        hands=["we6 rr1", "rr3"],
        disp=["", "rr9^:lock"],
        lock_blocks_moves=True,
    )
    assert up(0) not in t.legal_actions()


def test_s5_lock_still_blocks_turning_and_discarding():
    # seat 0: ra1 rr10 | -      seat 1: rr3 | rr9^:lock      (raccoon 1: discard; rat 10: turn)
    s = build(decks=("rat_red", "raccoon"), hands=["ra1 rr10", "rr3"], disp=["", "rr9^:lock"])
    assert up(0) not in s.legal_actions() and up(1) not in s.legal_actions()


def test_s7_rat5_hand_card_reading():
    # seat 0: rr5 rb1 | -      seat 1: rb3 | -  (no face-down card anywhere)
    s = build(hands=["rr5 rb1", "rb3"], disp=["", ""])
    assert up(0) not in s.legal_actions()  # default: only face-down cards may be looked at
    t = build(hands=["rr5 rb1", "rb3"], disp=["", ""], rat5_targets="face_down_or_hand")
    t.apply(up(0))
    assert t.legal_actions() == [handpos(1, 0)]
    t.apply(handpos(1, 0))
    assert t.seen_by[t.hands[1][0]] == 0b11 and t.phase == P_DRAW


def test_s7_weasel3_optional_keep_in_hand():
    # seat 0: we3 rr1 | -      seat 1: rr3 | -      deck top rr12
    s = build(decks=("rat_red", "weasel"), hands=["we3 rr1", "rr3"], disp=["", ""], deck="rr12")
    s.apply(up(0))
    assert s.legal_actions() == [seat(1)]  # default: the card must go to another display
    t = build(
        decks=("rat_red", "weasel"),
        hands=["we3 rr1", "rr3"],
        disp=["", ""],
        deck="rr12",
        weasel3_optional=True,
    )
    t.apply(up(0))
    assert t.legal_actions() == [KEEP, seat(1)]
    t.apply(KEEP)
    assert codes(t, t.hands[0]) == ["rr1", "rr12"] and t.seen_by[t.hands[0][1]] == 0b01
    t.apply(0)  # seat 1's turn ... then seat 0 plays from a hand of three
    t.apply(t.legal_actions()[0])
    t.apply(0)
    assert len(t.hands[0]) == 3 and len([a for a in t.legal_actions() if a < 16]) == 3


def test_s7_raccoon3_activates_reading():
    # seat 0: ra3 rr3 | -      seat 1: rr4 | -      raccoon 3 puts rr3 (extra turn) face up
    s = build(decks=("rat_red", "raccoon"), hands=["ra3 rr3", "rr4"], disp=["", ""])
    s.apply(up(0))
    assert s.seat_to_act == 1  # default: rr3 arrives without activating: no extra turn
    t = build(
        decks=("rat_red", "raccoon"),
        hands=["ra3 rr3", "rr4"],
        disp=["", ""],
        raccoon3_activates=True,
    )
    deck_before = len(t.deck)
    t.apply(up(0))
    assert t.seat_to_act == 0 and t.phase == P_DRAW  # rat 3 resolved: extra turn
    assert len(t.hands[0]) == 1 and len(t.deck) == deck_before - 1  # the draw followed it


def test_s7_raccoon3_activates_needs_a_resolvable_hand_card():
    # seat 0: ra3 rr12 | -      seat 1: rr4 | -   (rat 12 needs a face-down card of seat 1)
    s = build(
        decks=("rat_red", "raccoon"),
        hands=["ra3 rr12", "rr4"],
        disp=["", ""],
        raccoon3_activates=True,
    )
    assert up(0) not in s.legal_actions()
    t = build(
        decks=("rat_red", "raccoon"),
        hands=["ra3 rr12", "rr4"],
        disp=["", "rr5v"],
        raccoon3_activates=True,
    )
    t.apply(up(0))
    assert t.phase == P_EFFECT and t.legal_actions() == [pos(1, 0)]
    t.apply(pos(1, 0))
    assert names(t, 1) == ["rr5^"] and len(t.hands[0]) == 1


def test_s2_first_player_is_seeded_random_and_not_an_assumption():
    from simcore.games.ratjack import Ratjack

    game = Ratjack()
    rows = {r["name"]: r for r in game.describe_params()}
    assert rows["first_player"]["value"] == -1 and not rows["first_player"]["assumption"]
    starts = {game.new_state(3, seed).start_seat for seed in range(30)}
    assert starts == {0, 1, 2}
