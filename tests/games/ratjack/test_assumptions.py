"""Each [A] assumption parameter changes behaviour as documented (small scenarios).
Positions: ``seat: hand | display`` (``^`` up, ``v`` down, ``:chip``), piles bottom→top."""

from __future__ import annotations

from simcore.games.ratjack import Ratjack
from tests.games.ratjack.helpers import build, down, names, pos, reserve, up


def test_eliminated_targetable_chips_vs_none_vs_all():
    # seat 0: rr9 rb1 | -    seat 1: rb3 | rb4^    seat 2 (out): rb5 | rb6^:plus5 rb7^
    kw = {"hands": ["rr9 rb1", "rb3", "rb5"], "disp": ["", "rb4^", "rb6^:plus5 rb7^"]}
    s = build(elim=[2], **kw)
    s.apply(up(0))  # rat 9: take a chip from another player's card
    assert s.legal_actions() == [pos(2, 0)]  # default "chips": eliminated seats' chips count
    t = build(elim=[2], eliminated_targetable="none", **kw)
    assert up(0) not in t.legal_actions()
    u = build(
        hands=["rr10 rb1", "rb3", "rb5"], disp=kw["disp"], elim=[2], eliminated_targetable="all"
    )
    u.apply(up(0))  # rat 10 may now turn an eliminated player's card
    assert u.legal_actions() == [pos(1, 0), pos(2, 0), pos(2, 1)]


def test_discarded_chip_returns_or_leaves_the_round():
    # seat 0: ra1 rr1 | -      seat 1: rr3 | rr9^:plus5   (raccoon 1 discards the rr9)
    kw = {"decks": ("rat_red", "raccoon"), "hands": ["ra1 rr1", "rr3"], "disp": ["", "rr9^:plus5"]}
    s = build(**kw)
    s.apply(up(0))
    s.apply(pos(1, 0))
    assert "plus5" in reserve(s)
    t = build(discarded_chip="removed", **kw)
    t.apply(up(0))
    t.apply(pos(1, 0))
    assert "plus5" not in reserve(t) and -2 in t.chip_card


def test_lock_chip_removable_switch():
    # seat 0: rr9 rb1 | -      seat 1: rb3 | rb4^:lock
    s = build(hands=["rr9 rb1", "rb3"], disp=["", "rb4^:lock"])
    s.apply(up(0))
    s.apply(pos(1, 0))
    s.apply(pos(0, 0))
    assert names(s, 0) == ["rr9^:lock"]
    t = build(hands=["rr9 rb1", "rb3"], disp=["", "rb4^:lock"], lock_chip_removable=False)
    assert up(0) not in t.legal_actions()


def _exhaust_tie(**kw):
    # deck empty, 3 players, seat 0 to act; values 19 / 19 / 5
    s = build(
        hands=["rr1 rb1", "rb3", "rb4"],
        disp=["rr10^ rr9^", "rb10^ rb9^", "rb5^"],
        deck="",
        rest="discard",
        **kw,
    )
    s.start_seat = 1
    s.apply(down(0))
    return s


def test_no_vp_start_next_or_same_seat():
    assert _exhaust_tie(exhaustion_tie="nobody_scores").start_seat == 2
    s = _exhaust_tie(exhaustion_tie="nobody_scores", no_vp_start="same_seat")
    assert s.start_seat == 1


def test_simultaneous_start_turn_order_or_lowest_seat():
    # deck empty, seat 2 acts.  seat 0: rb1 | rb5^ (5)   seat 1: rb3 | rb10^ rb9^ (19)
    # seat 2: rr1 rb4 | rr10^ rr9^ (19)  -> seats 1 and 2 tie at exhaustion
    kw = {
        "hands": ["rb1", "rb3", "rr1 rb4"],
        "disp": ["rb5^", "rb10^ rb9^", "rr10^ rr9^"],
        "deck": "",
        "rest": "discard",
        "cur": 2,
    }
    s = build(**kw)
    s.apply(down(0))
    assert s.victory_points == [0, 1, 1] and s.start_seat == 2  # turn order from the active seat 2
    t = build(simultaneous_start="lowest_seat", **kw)
    t.apply(down(0))
    assert t.start_seat == 1


def test_first_player_param():
    assert Ratjack.from_overrides({"first_player": 1}).new_state(3, 0).start_seat == 1
    starts = {Ratjack().new_state(4, seed).start_seat for seed in range(40)}
    assert starts == {0, 1, 2, 3}  # seeded random by default
