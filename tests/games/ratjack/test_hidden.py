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
    assert all(codes(w, w.hands[0]) == ["rr5", "rb1"] for w in worlds)
    assert all(codes(w, w.displays[0]) == ["rr2"] for w in worlds)
    assert len({tuple(w.displays[1]) for w in worlds}) > 5  # unknown to seat 0: redealt
    assert len({tuple(w.deck) for w in worlds}) == len(worlds)


def test_peeked_card_is_known_to_peeker_only():
    s = _three()
    s.apply(up(0))
    s.apply(pos(1, 0))  # rat 5: seat 0 looks at seat 1's rb7
    assert all(codes(w, w.displays[1][:1]) == ["rb7"] for w in _samples(s, 0))
    assert len({w.displays[1][0] for w in _samples(s, 2)}) > 1  # seat 2 did not see it
    assert all(codes(w, w.displays[1][:1]) == ["rb7"] for w in _samples(s, 1))  # owner knows


def test_weasel3_card_known_to_drawer_and_recipient():
    # seat 0: we3 rr1 | -      seat 1: rr3 | -      seat 2: rr4 | -      deck: ... rr12(top)
    s = build(
        decks=("rat_red", "weasel"), hands=["we3 rr1", "rr3", "rr4"], disp=["", "", ""], deck="rr12"
    )
    s.apply(up(0))
    assert s.phase == P_EFFECT
    assert all(codes(w, [w.card_in_flight]) == ["rr12"] for w in _samples(s, 0))
    assert len({w.card_in_flight for w in _samples(s, 1)}) > 1
    s.apply(seat(2))
    for p in (0, 2):
        assert all(codes(w, w.displays[2]) == ["rr12"] for w in _samples(s, p))
    assert len({tuple(w.displays[2]) for w in _samples(s, 1)}) > 1


def test_weasel1_giver_remembers_the_card_it_gave():
    # seat 0: we1 rr1 | -      seat 1: rr3 | -      seat 2: rr4 | -
    s = build(decks=("rat_red", "weasel"), hands=["we1 rr1", "rr3", "rr4"], disp=["", "", ""])
    s.apply(up(0))
    s.apply(seat(1))
    assert all(codes(w, w.hands[1]) == ["rr1"] for w in _samples(s, 0))
    assert len({tuple(w.hands[1]) for w in _samples(s, 2)}) > 1


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


def _drawn_from_discard_then_down():
    # seat 0: rb1 | rb5v rb6v   (draws rr9 from the discard pile: everyone saw it)
    # seat 1: rb3 | -           seat 2: rb4 | -
    s = build(hands=["rb1", "rb3", "rb4"], disp=["rb5v rb6v", "", ""], discard="rr9", phase=1)
    s.apply(1)  # draw rr9 from the discard pile
    assert s.seen_by[s.hands[0][1]] == 0b111
    s.apply(down(1))  # rr9 face down into slot 2: seats 1, 2 cannot tell it from rb1
    return s


def test_s8_face_down_from_hand_keeps_one_of_these_two():
    s = _drawn_from_discard_then_down()
    rr9 = s.displays[0][2]
    assert s.seen_by[rr9] == 0b001 and s.seen_by[s.hands[0][0]] == 0b001  # identity lost to 1 and 2
    for p in (1, 2):
        worlds = _samples(s, p, 100)
        places = {
            ("hand" if rr9 in w.hands[0] else f"slot {w.displays[0].index(rr9)}") for w in worlds
        }
        assert places == {"hand", "slot 2"}  # never slots 0/1, never another seat or the deck
        assert all(w.observation(p) == s.observation(p) for w in worlds[:10])


def test_s8_card_from_discard_stays_with_its_player_until_seen_to_leave():
    s = _drawn_from_discard_then_down()
    rr9 = s.displays[0][2]
    for _ in range(2):  # seats 1 and 2 draw from the deck and play a card face down
        s.apply(0)
        s.apply(down(0))
    s.apply(0)  # seat 0 draws from the deck, then plays its old hand card (rb1 or rr9) down
    s.apply(down(0))
    for w in _samples(s, 1, 100):  # rr9 is one of seat 0's hidden cards, nowhere else
        assert rr9 in w.hands[0] or rr9 in w.displays[0]
    assert len({w.hands[0][0] for w in _samples(s, 1, 100)}) > 2  # the drawn card is unknown


def test_s8_revealing_the_other_card_pins_the_tracked_one():
    s = _drawn_from_discard_then_down()
    rr9, rb1 = s.displays[0][2], s.hands[0][0]
    for _ in range(2):  # seats 1 and 2: nothing about seat 0 changes
        s.apply(0)
        s.apply(down(0))
    s.apply(0)  # seat 0 draws, then plays rb1 face up (rat 1: chip on a face-up card)
    s.apply(up(s.hands[0].index(rb1)))
    for w in _samples(s, 2, 40):
        assert w.displays[0][2] == rr9  # the only place left for rr9


def test_s8_raccoon12_cards_stay_in_the_deck():
    # 3 players. seat 0: ra12 rr1 | -    seat 1: rr3 | rr5v    seat 2: rr4 | rr6v
    # discard pile (top last): ... rr10 rr11 rr12: raccoon 12 shuffles those three into the deck
    s = build(
        decks=("rat_red", "raccoon"),
        hands=["ra12 rr1", "rr3", "rr4"],
        disp=["", "rr5v", "rr6v"],
        discard="rr10 rr11 rr12",
        rest="deck",
    )
    back = [s.discard[-1], s.discard[-2], s.discard[-3]]
    s.apply(up(0))
    assert all(c in s.deck for c in back)
    for p in (0, 1, 2):
        for w in _samples(s, p, 100):
            assert all(c in w.deck for c in back), p
    # seat 1 draws the top card: now each of the three is in the deck or seat 1's hand
    s.apply(0)
    for w in _samples(s, 2, 100):
        assert all(c in w.deck or c in w.hands[1] for c in back)


def test_a_reseeded_stream_is_the_substream_whether_or_not_derived_yet():
    # reseed keeps the raw draw and derives the stream seed on first use: the chance streams,
    # and the fingerprint, are what ``substream(rng).getrandbits(64)`` gives
    from simcore.core.rng import substream

    s = _three()
    lazy, eager = s.clone(), s.clone()
    lazy.reseed(random.Random(5))
    eager.reseed(random.Random(5))
    assert lazy.chance.seed < 0  # not derived yet
    assert lazy.fingerprint() == eager.fingerprint()
    expected = substream(random.Random(5)).getrandbits(64)
    assert eager.chance.derived_seed() == expected and eager.chance.seed == expected
    assert lazy.fingerprint() == eager.fingerprint()  # derived on one side only
    assert lazy.chance.next_stream().random() == eager.chance.next_stream().random()
