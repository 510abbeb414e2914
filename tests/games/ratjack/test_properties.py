"""Property tests (hypothesis): conservation of cards and chips, the value formula (§5),
knowledge masks (§8), termination."""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from simcore.games.ratjack import Ratjack, knowledge
from simcore.games.ratjack.params import DECK_NAMES, FACE_IDS

PAIRS = list(itertools.combinations(DECK_NAMES, 2))


def spec_value(s, p: int) -> int:
    """§5 written out independently: face-up cards, modified by their chip face."""
    total = 0
    for c in s.displays[p]:
        if not s.face_up[c]:
            continue
        v = s.content.card_value[c]
        face = FACE_IDS[s.chip_face[s.card_chip[c]]] if s.card_chip[c] >= 0 else None
        total += {
            "plus1": v + 1,
            "minus1": max(v - 1, 0),
            "minus3": max(v - 3, 0),
            "minus5": max(v - 5, 0),
            "plus5": v + 5,
            "plus10": v + 10,
            "zero": 0,
            "double": 2 * v,
            "half": -(-v // 2),
        }.get(face, v)
    return total


def check_invariants(s) -> None:
    """Every card and chip exactly once; masks consistent with positions."""
    places = (
        s.deck + s.discard + [c for h in s.hands for c in h] + [c for d in s.displays for c in d]
    )
    if s.card_in_flight >= 0:
        places.append(s.card_in_flight)
    assert sorted(places) == list(range(24))
    on_cards = [k for k in range(6) if s.chip_card[k] >= 0]
    for k in range(6):
        assert s.chip_card[k] >= -2
        if s.chip_card[k] >= 0:
            assert s.card_chip[s.chip_card[k]] == k
    assert sorted(k for k in s.card_chip if k >= 0) == sorted(on_cards)
    in_display = {c for d in s.displays for c in d}
    for c in range(24):
        if s.card_chip[c] >= 0 or s.face_up[c]:
            assert c in in_display
    assert {f for pair in s.content.chip_faces for f in pair} == set(range(12))
    for k, f in enumerate(s.chip_face):
        assert f in s.content.chip_faces[k]
    for p in range(s.n):
        for c in s.hands[p]:
            assert s.seen_by[c] >> p & 1
        for c in s.displays[p]:
            assert s.seen_by[c] == s.all_seats if s.face_up[c] else s.seen_by[c] >> p & 1
        assert s.value(p) == spec_value(s, p)
    # values_now reuses the end-of-turn check's values at the start of a turn (search hot path)
    assert s.values_now() == [spec_value(s, p) for p in range(s.n)]
    for c in s.discard:
        assert s.seen_by[c] == s.all_seats
    for c in s.deck:
        assert s.seen_by[c] == 0


REVISION2 = st.fixed_dictionaries(
    {
        "elimination_timing": st.sampled_from(["end_of_turn", "immediate"]),
        "rat5_targets": st.sampled_from(["face_down", "face_down_or_hand"]),
        "weasel3_optional": st.booleans(),
        "raccoon3_activates": st.booleans(),
        "lock_blocks_moves": st.booleans(),
    }
)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**31),
    n_players=st.integers(2, 4),
    pair=st.sampled_from(PAIRS),
    stacks=st.booleans(),
    readings=REVISION2,
)
def test_random_games_keep_invariants_and_end(seed, n_players, pair, stacks, readings):
    game = Ratjack.from_overrides({"decks": list(pair), "last_standing_stacks": stacks, **readings})
    s = game.new_state(n_players, seed)
    rng = random.Random(seed)
    steps = 0
    while not s.is_terminal():
        check_invariants(s)
        legal = s.legal_actions()
        assert legal
        s.apply(legal[rng.randrange(len(legal))])
        steps += 1
        assert steps < 20_000
    check_invariants(s)
    assert max(s.victory_points) >= game.params.points_to_win or s.ended_by == "round_limit"
    assert abs(sum(s.returns()) - 1.0) < 1e-9


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**31),
    n_players=st.integers(2, 4),
    cut=st.integers(0, 400),
    pair=st.sampled_from(PAIRS),
)
def test_determinize_keeps_invariants_and_knowledge(seed, n_players, cut, pair):
    s = Ratjack.from_overrides({"decks": list(pair)}).new_state(n_players, seed)
    rng = random.Random(seed)
    for _ in range(cut):
        if s.is_terminal():
            break
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    for p in range(n_players):
        d = s.determinize(p, random.Random(seed + p))
        check_invariants(d)
        assert d.observation(p) == s.observation(p)
        bit = 1 << p
        real, sampled = where(s), where(d)
        for c in range(24):
            if s.seen_by[c] & bit or s.face_up[c] or c in s.discard:
                assert sampled[c] == real[c]  # every card p can identify stays where it is
                assert d.seen_by[c] == s.seen_by[c] and d.card_chip[c] == s.card_chip[c]
        assert sorted(real.values()) == sorted(sampled.values())  # same places are filled
        for k, col in knowledge.columns(s, p).items():  # §8: tracked cards stay in their places
            allowed = {real[c] for c in knowledge.bits(col)}
            assert sampled[k] in allowed


def where(s) -> dict[int, tuple]:
    """Place of every card."""
    out: dict[int, tuple] = {c: ("deck", i) for i, c in enumerate(s.deck)}
    out.update({c: ("discard", i) for i, c in enumerate(s.discard)})
    for p in range(s.n):
        out.update({c: ("hand", p, i) for i, c in enumerate(s.hands[p])})
        out.update({c: ("disp", p, i) for i, c in enumerate(s.displays[p])})
    if s.card_in_flight >= 0:
        out[s.card_in_flight] = ("limbo",)
    return out


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**31), n_players=st.integers(2, 4), pair=st.sampled_from(PAIRS))
def test_every_offered_mode_can_be_completed(seed, n_players, pair):
    """§4.3: every offered play (and every offered effect option) leads to a complete turn."""
    from simcore.games.ratjack.codes import P_EFFECT, P_PLAY

    s = Ratjack.from_overrides({"decks": list(pair)}).new_state(n_players, seed)
    rng = random.Random(seed)
    checked = 0
    while not s.is_terminal() and checked < 15:
        if s.phase == P_PLAY:
            checked += 1
            for action in s.legal_actions():
                for _ in range(3):  # a few random completions of the turn
                    t = s.clone()
                    t.apply(action)
                    while t.phase == P_EFFECT:
                        options = t.legal_actions()
                        assert options, "an offered mode could not be completed"
                        t.apply(options[rng.randrange(len(options))])
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
