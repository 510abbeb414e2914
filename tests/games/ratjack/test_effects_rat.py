"""One scenario per rat effect (§7). Seat 0 acts; positions are drawn as
``seat: hand | display`` with ``^`` face up, ``v`` face down, ``:chip``; piles bottom→top."""

from __future__ import annotations

from simcore.games.ratjack.codes import NSTAT, P_DRAW, RES0
from simcore.games.ratjack.content import EFFECT_IDS
from tests.games.ratjack.helpers import build, chip, codes, dflip, down, names, pos, up


def res(s, seat: int, effect: str) -> int:
    """How often ``seat`` resolved ``effect``."""
    return s.stats[seat * NSTAT + RES0 + EFFECT_IDS.index(effect)]


def test_rat1_chip_on_own_face_up_card_itself_counts():
    # seat 0: rr1 rb2 | rr5^          seat 1: rb3 | rb9^
    s = build(hands=["rr1 rb2", "rb3"], disp=["rr5^", "rb9^"])
    s.apply(up(0))
    assert s.legal_actions() == [pos(0, 0), pos(0, 1)]  # rr5 and the rat 1 itself
    s.apply(pos(0, 1))
    assert chip("plus5") in s.legal_actions()
    s.apply(chip("plus5"))
    assert names(s, 0) == ["rr5^", "rr1^:plus5"]
    assert s.values() == [11, 9] and s.seat_to_act == 1 and res(s, 0, "rat_1") == 1


def test_rat2_takes_discard_top_face_down():
    # seat 0: rr2 rb1 | -      seat 1: rb3 | -      discard: rb7 rb9(top)
    s = build(hands=["rr2 rb1", "rb3"], disp=["", ""], discard="rb7 rb9")
    s.apply(up(0))
    assert names(s, 0) == ["rr2^", "rb9v"]
    assert codes(s, s.discard) == ["rb7"]
    assert s.seen_by[s.displays[0][1]] == 0b11  # everyone saw it on the pile


def test_rat3_extra_turn():
    # seat 0: rr3 rb1 | -      seat 1: rb2 | -
    s = build(hands=["rr3 rb1", "rb2"], disp=["", ""])
    s.apply(up(0))
    assert s.seat_to_act == 0 and s.phase == P_DRAW  # the same seat plays again
    s.apply(0)
    s.apply(down(0))
    assert s.seat_to_act == 1  # only one extra turn


def test_rat4_chip_on_opponent_face_down_card():
    # seat 0: rr4 rb1 | -      seat 1: rb2 | rb9^ rb5v rb6v:plus1
    s = build(hands=["rr4 rb1", "rb2"], disp=["", "rb9^ rb5v rb6v:plus1"])
    s.apply(up(0))
    assert s.legal_actions() == [pos(1, 1)]  # face up and chipped cards are not offered
    s.apply(pos(1, 1))
    s.apply(chip("lock"))
    assert names(s, 1) == ["rb9^", "rb5v:lock", "rb6v:plus1"]


def test_rat5_look_at_opponent_face_down_card():
    # seat 0: rr5 rb1 | -      seat 1: rb2 | rb7v rb8v:shield
    s = build(hands=["rr5 rb1", "rb2"], disp=["", "rb7v rb8v:shield"])
    before = s.observation(0)
    s.apply(up(0))
    assert s.legal_actions() == [pos(1, 0)]  # the shielded card cannot be chosen
    s.apply(pos(1, 0))
    c = s.displays[1][0]
    assert s.seen_by[c] == 0b11 and str(c) not in before
    assert f"({c}, 0, -1, 3)" in s.observation(0)  # seat 0 now identifies it
    assert f"({s.displays[1][1]}," not in s.observation(0)  # but not the shielded one


def test_rat6_flips_own_card_and_resolves_it():
    # seat 0: rr6 rb1 | rb2v rr4v      seat 1: rb3 | rb9^       discard: rb7
    # rb2 (take the discard top) can resolve; rr4 (chip on an opponent's face-down card) cannot
    s = build(hands=["rr6 rb1", "rb3"], disp=["rb2v rr4v", "rb9^"], discard="rb7")
    s.apply(up(0))
    assert s.legal_actions() == [pos(0, 0)]
    s.apply(pos(0, 0))
    assert names(s, 0) == ["rb2^", "rr4v", "rr6^", "rb7v"]
    assert res(s, 0, "rat_6") == 1 and res(s, 0, "rat_2") == 1 and s.seat_to_act == 1


def test_rat7_swaps_other_face_up_card():
    # seat 0: rr7 rb1 | rr5^      seat 1: rb3 | rb9^ rb10^:lock
    s = build(hands=["rr7 rb1", "rb3"], disp=["rr5^", "rb9^ rb10^:lock"])
    s.apply(up(0))
    assert s.legal_actions() == [pos(0, 0)]  # not the rat 7 itself
    s.apply(pos(0, 0))
    assert s.legal_actions() == [pos(1, 0), pos(1, 1)]  # §5 rev. 2: a lock does not stop moves
    s.apply(pos(1, 0))
    assert names(s, 0) == ["rb9^", "rr7^"] and names(s, 1) == ["rr5^", "rb10^:lock"]
    assert s.values() == [16, 15]


def test_rat7_locked_card_not_swappable_when_lock_blocks_moves():
    # seat 0: rr7 rb1 | rr5^      seat 1: rb3 | rb9^ rb10^:lock      (lock_blocks_moves=true)
    s = build(hands=["rr7 rb1", "rb3"], disp=["rr5^", "rb9^ rb10^:lock"], lock_blocks_moves=True)
    s.apply(up(0))
    s.apply(pos(0, 0))
    assert s.legal_actions() == [pos(1, 0)]


def test_rat8_chip_on_own_card_face_down_allowed():
    # seat 0: rr8 rb1 | rb4v      seat 1: rb3 | -
    s = build(hands=["rr8 rb1", "rb3"], disp=["rb4v", ""])
    s.apply(up(0))
    assert s.legal_actions() == [pos(0, 0), pos(0, 1)]
    s.apply(pos(0, 0))
    s.apply(chip("plus10"))
    assert names(s, 0) == ["rb4v:plus10", "rr8^"] and s.values()[0] == 8


def test_rat9_moves_chip_from_opponent_even_shielded():
    # seat 0: rr9 rb1 | rb4^      seat 1: rb3 | rb6^:shield rb7^
    s = build(hands=["rr9 rb1", "rb3"], disp=["rb4^", "rb6^:shield rb7^"], show=["shield"])
    s.apply(up(0))
    assert s.legal_actions() == [pos(1, 0)]
    s.apply(pos(1, 0))
    assert s.legal_actions() == [pos(0, 0), pos(0, 1)]
    s.apply(pos(0, 0))
    assert names(s, 0) == ["rb4^:shield", "rr9^"] and names(s, 1) == ["rb6^", "rb7^"]


def test_rat10_turns_opponent_card_face_down():
    # seat 0: rr10 rb1 | -      seat 1: rb3 | rb12^ rb2^:shield
    s = build(hands=["rr10 rb1", "rb3"], disp=["", "rb12^ rb2^:shield"], show=["shield"])
    s.apply(up(0))
    assert s.legal_actions() == [pos(1, 0)]
    s.apply(pos(1, 0))
    assert names(s, 1) == ["rb12v", "rb2^:shield"] and s.values() == [10, 2]
    assert s.seen_by[s.displays[1][0]] == 0b11  # everyone saw it before it was turned


def test_rat11_discards_two_from_deck_and_needs_two():
    # seat 0: rr11 rb1 | -    seat 1: rb3 | -    deck: ... rb5 rb6(top)
    s = build(hands=["rr11 rb1", "rb3"], disp=["", ""], deck="rb5 rb6")
    n = len(s.deck)
    s.apply(up(0))
    assert len(s.deck) == n - 2 and codes(s, s.discard[-2:]) == ["rb6", "rb5"]
    # with a single deck card the effect cannot resolve: not offered face up
    t = build(hands=["rr11 rb1", "rb3"], disp=["", ""], deck="rb5", rest="discard")
    assert up(0) not in t.legal_actions()
    u = build(
        hands=["rr11 rb1", "rb3"],
        disp=["", ""],
        deck="rb5",
        rest="discard",
        partial_deck_effects=True,
    )
    assert up(0) in u.legal_actions()


def test_rat12_flips_opponent_card_without_activating():
    # seat 0: rr12 rb1 | -      seat 1: rb3 | rb2v rb8v:lock
    s = build(hands=["rr12 rb1", "rb3"], disp=["", "rb2v rb8v:lock"])
    s.apply(up(0))
    assert s.legal_actions() == [pos(1, 0)]  # locked cards cannot be turned
    s.apply(pos(1, 0))
    assert names(s, 1) == ["rb2^", "rb8v:lock"] and res(s, 1, "rat_2") == 0
    assert s.values() == [12, 2] and s.seat_to_act == 1


def test_discard_flip_resolves_own_face_down_card():
    # seat 0: rb1 rb5 | rr3v      seat 1: rb4 | -
    s = build(hands=["rb1 rb5", "rb4"], disp=["rr3v", ""])
    assert dflip(0, 0) in s.legal_actions() and dflip(1, 0) in s.legal_actions()
    s.apply(dflip(1, 0))
    assert codes(s, s.discard[-1:]) == ["rb5"] and names(s, 0) == ["rr3^"]
    assert s.seat_to_act == 0 and s.phase == P_DRAW and res(s, 0, "rat_3") == 1
    assert s.stats[0 * NSTAT + 8] == 1  # discard_flips
