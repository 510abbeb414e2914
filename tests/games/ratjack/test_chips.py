"""The twelve chip faces (§5) and the chip toss (§3.1). Positions: ``seat: hand | display``."""

from __future__ import annotations

import pytest

from simcore.games.ratjack import Ratjack
from simcore.games.ratjack.codes import RES0
from simcore.games.ratjack.content import EFFECT_IDS
from simcore.games.ratjack.params import FACE_IDS
from tests.games.ratjack.helpers import build, dflip, pos, up


@pytest.mark.parametrize(
    ("face", "printed", "expected"),
    [
        ("plus1", 7, 8),
        ("minus1", 7, 6),
        ("minus3", 7, 4),
        ("minus3", 2, 0),  # minimum 0
        ("minus5", 9, 4),
        ("minus5", 4, 0),  # minimum 0
        ("plus5", 7, 12),
        ("plus10", 7, 17),
        ("zero", 11, 0),
        ("double", 7, 14),
        ("half", 7, 4),  # rounded up
        ("half", 8, 4),
        ("blank", 7, 7),
        ("lock", 7, 7),
        ("shield", 7, 7),
    ],
)
def test_face_modifies_face_up_value(face, printed, expected):
    # seat 0: rb1 rb2 | rr<printed>^:<face> rr12v:<other chip>      seat 1: rb3 | -
    s = build(hands=["rb1 rb2", "rb3"], disp=[f"rr{printed}^:{face} rr12v", ""])
    assert s.values()[0] == expected


def test_chip_on_face_down_card_counts_zero():
    # seat 0: rb1 rb2 | rr9v:plus10      value 0
    s = build(hands=["rb1 rb2", "rb3"], disp=["rr9v:plus10", ""])
    assert s.values()[0] == 0


def test_blank_card_flips_without_effect_even_if_unresolvable():
    # seat 0: rb1 rb2 | rr4v:blank      seat 1: rb3 | -   (rat 4 alone could not resolve)
    s = build(hands=["rb1 rb2", "rb3"], disp=["rr4v:blank", ""])
    assert dflip(0, 0) in s.legal_actions()
    s.apply(dflip(0, 0))
    assert s.values()[0] == 4 and s.seat_to_act == 1
    assert s.stats[RES0 + EFFECT_IDS.index("rat_4")] == 0  # nothing resolved
    t = build(hands=["rb1 rb2", "rb3"], disp=["rr4v", ""])
    assert dflip(0, 0) not in t.legal_actions()


def test_lock_prevents_turning_and_discarding():
    # seat 0: rr10 rb1 | rr5v:lock      seat 1: rb3 | rb12^:lock rb4^
    s = build(hands=["rr10 rb1", "rb3"], disp=["rr5v:lock", "rb12^:lock rb4^"], show=["lock"])
    assert all(a < 64 for a in s.legal_actions())  # no discard-and-flip of the locked card
    s.apply(up(0))
    assert s.legal_actions() == [pos(1, 1)]  # rat 10 cannot turn the locked card


def test_shield_blocks_opponents_but_not_owner():
    # seat 0: rr7 rb5 | rr8^:shield      seat 1: rb3 | rb12^
    s = build(hands=["rr7 rb5", "rb3"], disp=["rr8^:shield", "rb12^"])
    s.apply(up(0))
    assert s.legal_actions() == [pos(0, 0)]  # the owner's own effect may use it
    s.apply(pos(0, 0))
    s.apply(pos(1, 0))
    assert s.values() == [19, 8]
    # seat 0: rb10 rb5 | rb9^      seat 1: rr3 | rr8^:shield  -> rat 10 has no target
    t = build(hands=["rb10 rb5", "rr3"], disp=["rb9^", "rr8^:shield"])
    assert up(0) not in t.legal_actions()
    # seat 1: rr3 | rr8^:shield rr7^  -> only the unshielded card
    u = build(hands=["rb10 rb5", "rr3"], disp=["rb9^", "rr8^:shield rr7^"])
    u.apply(up(0))
    assert u.legal_actions() == [pos(1, 1)]


def test_chip_toss_each_face_about_half_the_time():
    game = Ratjack()
    counts = dict.fromkeys(FACE_IDS, 0)
    n = 400
    for seed in range(n):
        s = game.new_state(2, seed)
        for f in s.chip_face:
            counts[FACE_IDS[f]] += 1
    for a, b in game.content.chip_faces:  # each chip shows exactly one of its faces
        assert counts[FACE_IDS[a]] + counts[FACE_IDS[b]] == n
        assert abs(counts[FACE_IDS[a]] / n - 0.5) < 0.1  # ~4.9 sd of a fair toss


def test_chips_retossed_every_round():
    game = Ratjack()
    s = game.new_state(2, 3)
    from simcore.games.ratjack import rounds

    seen = set()
    for _ in range(30):
        rounds.new_round(s, 0)
        seen.add(tuple(s.chip_face))
    assert len(seen) > 10 and all(on == -1 for on in s.chip_card)
