"""§8 hidden information: what each seat knows, and determinizations that keep it."""

from __future__ import annotations

import random

from simcore.games.ratjack.codes import P_EFFECT
from tests.games.ratjack.helpers import build, codes, down, pos, seat, up


def _three():
    # seat 0: rr5 rb1 | rr2v      seat 1: rb3 | rb7v rb8v      seat 2: rb4 | rb9v
    return build(hands=["rr5 rb1", "rb3", "rb4"], disp=["rr2v", "rb7v rb8v", "rb9v"])


def _samples(s, player: int, n: int = 40):
    return [s.determinize(player, random.Random(i)) for i in range(n)]


def test_own_cards_fixed_opponents_cards_resampled():
    s = _three()
    worlds = _samples(s, 0)
    assert all(codes(w, w.hand[0]) == ["rr5", "rb1"] for w in worlds)
    assert all(codes(w, w.disp[0]) == ["rr2"] for w in worlds)
    assert len({tuple(w.disp[1]) for w in worlds}) > 5  # unknown to seat 0: redealt
    assert len({tuple(w.deck) for w in worlds}) == len(worlds)


def test_peeked_card_is_known_to_peeker_only():
    s = _three()
    s.apply(up(0))
    s.apply(pos(1, 0))  # rat 5: seat 0 looks at seat 1's rb7
    assert all(codes(w, w.disp[1][:1]) == ["rb7"] for w in _samples(s, 0))
    assert len({w.disp[1][0] for w in _samples(s, 2)}) > 1  # seat 2 did not see it
    assert all(codes(w, w.disp[1][:1]) == ["rb7"] for w in _samples(s, 1))  # owner knows


def test_weasel3_card_known_to_drawer_and_recipient():
    # seat 0: we3 rr1 | -      seat 1: rr3 | -      seat 2: rr4 | -      deck: ... rr12(top)
    s = build(decks=("rat_red", "weasel"), hands=["we3 rr1", "rr3", "rr4"], disp=["", "", ""],
              deck="rr12")  # fmt: skip
    s.apply(up(0))
    assert s.phase == P_EFFECT
    assert all(codes(w, [w.limbo]) == ["rr12"] for w in _samples(s, 0))
    assert len({w.limbo for w in _samples(s, 1)}) > 1
    s.apply(seat(2))
    for p in (0, 2):
        assert all(codes(w, w.disp[2]) == ["rr12"] for w in _samples(s, p))
    assert len({tuple(w.disp[2]) for w in _samples(s, 1)}) > 1


def test_weasel1_giver_remembers_the_card_it_gave():
    # seat 0: we1 rr1 | -      seat 1: rr3 | -      seat 2: rr4 | -
    s = build(decks=("rat_red", "weasel"), hands=["we1 rr1", "rr3", "rr4"], disp=["", "", ""])
    s.apply(up(0))
    s.apply(seat(1))
    assert all(codes(w, w.hand[1]) == ["rr1"] for w in _samples(s, 0))
    assert len({tuple(w.hand[1]) for w in _samples(s, 2)}) > 1


def test_rat6_commitment_respected_in_other_seats_worlds():
    # seat 0: rr6 rb1 | rb3v rb4v      seat 1: rb2 | rb9^      (only rb3 can resolve)
    s = build(hands=["rr6 rb1", "rb2"], disp=["rb3v rb4v", "rb9^"])
    s.apply(up(0))
    assert s.legal_actions() == [pos(0, 0)]
    for w in _samples(s, 1, 60):  # seat 1 knows seat 0 has *some* resolvable face-down card
        assert w.legal_actions()


def test_determinize_depends_only_on_information_set():
    s = _three()
    other = s.determinize(1, random.Random(99))  # same view for seat 0? no: redeal for seat 1
    for p in range(3):
        a = s.determinize(p, random.Random(5)).fingerprint()
        mid = s.determinize(p, random.Random(7))
        assert mid.determinize(p, random.Random(5)).fingerprint() == a
    assert other.observation(1) == s.observation(1)


def test_face_down_play_hides_which_hand_card_it_was():
    # seat 0: rb1 | -   (drew rr9 from the discard pile: everyone saw it)   seat 1: rb3 | -
    for hidden, expected in ((True, 0b01), (False, 0b11)):
        s = build(hands=["rb1", "rb3"], disp=["", ""], discard="rr9", phase=1,
                  face_down_from_hand_hidden=hidden)  # fmt: skip
        s.apply(1)  # draw rr9 from the discard pile
        assert s.seen[s.hand[0][1]] == 0b11
        s.apply(down(1))  # rr9 face down: seat 1 cannot tell it from rb1 (if hidden)
        assert codes(s, s.disp[0]) == ["rr9"]
        assert s.seen[s.disp[0][0]] == expected and s.seen[s.hand[0][0]] == 0b01
