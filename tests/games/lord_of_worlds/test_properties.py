"""Property tests: conservation of tiles and cards, planet integrity, chain scoring reference."""

from __future__ import annotations

import itertools
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from simcore.games.lord_of_worlds import cards as deck_ops
from simcore.games.lord_of_worlds.codes import ADD, DONE, PASS, PLAY
from simcore.games.lord_of_worlds.options import _select_actions, _start_actions
from simcore.games.lord_of_worlds.planet import chain_scores
from simcore.games.lord_of_worlds.tables import ARCHITECT, MIX, N_BASIC, WILD

from .helpers import cards_total, game, tiles_in_play

GAMES = {v: game(variant=v) for v in ("standard", "strategic")}
PLANET_ADJ = GAMES["standard"].context(2).planet.adjacency
TABLE = GAMES["standard"].context(2).scoring.chain


def _random_position(seed: int, steps: int, n: int = 3, variant: str | None = None):
    """The position after up to ``steps`` random moves (the variant alternates with the seed)."""
    variant = variant or ("strategic" if seed % 2 else "standard")
    s = GAMES[variant].new_state(n, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        actions = s.legal_actions()
        s.apply(actions[rng.randrange(len(actions))])
    return s


def check_invariants(s) -> None:
    assert tiles_in_play(s) == sorted(s.context.in_play)  # every tile exactly once
    assert cards_total(s) == list(s.context.cards.copies)
    for p in range(s.n):
        terr = s.planet_tile[p]
        assert s.empty_count[p] == sum(1 for t in terr if t < 0)
        # a hex holds at most one terrain tile, and architect tiles never fill a hex
        assert all(s.context.tile_type[t] != ARCHITECT for t in terr if t >= 0)
        assert sum(s.planet_architects[p]) == len(s.architect_tiles[p])
        assert s.hand_size[p] == sum(s.hands[p])
    assert s.face_up_count == sum(
        1 for t, u in zip(s.board_tile, s.board_face_up, strict=True) if t >= 0 and u
    )
    assert len(s.supply) <= s.context.params.open_supply


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    n=st.integers(2, 4),
    variant=st.sampled_from(["standard", "strategic"]),
    steps=st.integers(0, 1500),
)
def test_tiles_and_cards_are_conserved(seed, n, variant, steps):
    s = GAMES[variant].new_state(n, seed)
    rng = random.Random(seed)
    check_invariants(s)
    for _ in range(steps):
        if s.is_terminal():
            break
        actions = s.legal_actions()
        s.apply(actions[rng.randrange(len(actions))])
        if rng.random() < 0.1:
            check_invariants(s)
    check_invariants(s)


def reference_chains(types: list[int], adj) -> tuple[int, int]:
    """Brute force: every terrain for every mix, keep the legal assignments, flood-fill."""
    mixes = [h for h, t in enumerate(types) if t == MIX]
    best = None
    for combo in itertools.product([-1, *range(N_BASIC)], repeat=len(mixes)):
        work = list(types)
        legal = True
        for m, t in zip(mixes, combo, strict=True):
            basics = {types[x] for x in adj[m] if 0 <= types[x] < N_BASIC}
            if (t == -1 and basics) or (t != -1 and t not in basics):
                legal = False  # a mix must join exactly one adjacent basic chain
            work[m] = t
        if not legal:
            continue
        points, longest, left = 0, 0, {h for h, t in enumerate(work) if 0 <= t < N_BASIC}
        while left:
            start = left.pop()
            group, frontier = {start}, {start}
            while frontier:
                frontier = {
                    y for x in frontier for y in adj[x] if work[y] == work[start] and y not in group
                }
                group |= frontier
            left -= group
            points += TABLE[len(group)]
            longest = max(longest, len(group))
        if best is None or (points, longest) > best:
            best = (points, longest)
    return best


planets = st.lists(
    st.sampled_from([-1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 6, 7, 8, MIX]), min_size=19, max_size=19
).filter(lambda ts: ts.count(MIX) <= 3)


@settings(max_examples=150, deadline=None)
@given(types=planets)
def test_chain_scoring_matches_brute_force(types):
    assert chain_scores(types, PLANET_ADJ, TABLE) == reference_chains(types, PLANET_ADJ)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), steps=st.integers(20, 400), player=st.integers(0, 2))
def test_determinize_keeps_what_the_player_knows(seed, steps, player):
    s = _random_position(seed, steps, variant="standard")
    if s.is_terminal():
        return
    det = s.determinize(player, random.Random(seed + 1))
    assert det.observation(player) == s.observation(player)
    assert det.hands[player] == s.hands[player]
    for q in range(3):
        # cards known to be in a rival's hand (hired face up, not yet played) stay there
        assert all(h >= k for h, k in zip(det.hands[q], s.known_cards[q], strict=True))
        assert det.hand_size[q] == sum(det.hands[q])
    check_invariants(det)


def test_determinize_after_a_reshuffle_keeps_the_public_deck_content():
    # after the discard pile became the deck, its content is public: only the order and the
    # rivals' unknown cards are resampled; before that, deck and unknown cards are pooled
    s = GAMES["standard"].new_state(3, 11)
    s.apply(s.legal_actions()[0])  # portal: setup is over
    for k in s.deck:
        s.discard[k] += 1
    s.deck = []
    deck_ops.reshuffle(s)
    assert s.deck_known and s.deck
    content = sorted(s.deck)
    rivals = [a + b for a, b in zip(s.hands[1], s.hands[2], strict=True)]
    seen = set()
    for key in range(10):
        det = s.determinize(0, random.Random(key))
        assert sorted(det.deck) == content
        assert [a + b for a, b in zip(det.hands[1], det.hands[2], strict=True)] == rivals
        seen.add((tuple(det.deck), tuple(det.hands[1])))
    assert len(seen) > 1


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), steps=st.integers(20, 400), player=st.integers(0, 2))
def test_determinize_keeps_only_cached_analyses_that_stay_true(seed, steps, player):
    # Determinizations share the planet views and the face-up list (public information);
    # each must equal what a fresh analysis of the redealt position gives.
    from strategies.heuristics.lord_of_worlds import PlanetView, planet_view

    s = _random_position(seed, steps)
    for p in range(3):
        planet_view(s, p)
    s.faceup_tiles()
    det = s.determinize(player, random.Random(seed + 1))
    kept = det.faceup_tiles()
    det.cache = [None] * len(det.cache)
    assert det.faceup_tiles() == kept
    for p in range(3):
        old, new = s.cache[p], PlanetView(det, p)
        for name in (
            *("empties", "gain", "gain_max", "sage", "view"),
            *("best_empty", "best_space", "vgain", "space"),
        ):
            assert getattr(old, name) == getattr(new, name), name


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), steps=st.integers(50, 600))
def test_memoised_planet_scoring_matches_the_direct_computation(seed, steps):
    from simcore.games.lord_of_worlds import planet

    s = _random_position(seed, steps)
    ctx = s.context
    for p in range(s.n):
        declared = s.mix_declared[p] if ctx.params.mix_declaration_binding else None
        direct = chain_scores(
            planet.planet_types(s, p),
            ctx.planet.adjacency,
            ctx.scoring.chain,
            ctx.params.mix_chains_through_mix,
            declared,
        )
        assert planet.planet_chain_scores(s, p) == direct
        assert planet.planet_chain_scores(s, p) == direct  # the memoised answer


def test_planet_scoring_memo_stays_bounded(monkeypatch):
    from simcore.games.lord_of_worlds import planet

    monkeypatch.setattr(planet, "CHAIN_MEMO_LIMIT", 3)
    planet._CHAIN_MEMO.clear()
    for seed in range(4):
        s = _random_position(seed, 300, n=2)
        planet.planet_chain_scores(s, 0)
        planet.planet_chain_scores(s, 1)
        assert len(planet._CHAIN_MEMO) <= 3


@settings(max_examples=200, deadline=None)
@given(
    hand=st.lists(st.integers(0, 2), min_size=32, max_size=32),
    colour=st.integers(0, 5),
    selected=st.booleans(),
)
def test_play_and_select_options_match_their_definition(hand, colour, selected):
    """§4 A: a colour may be played when a card of it (or any wild, then every colour) is in
    hand; a selection adds any card of the chosen colour or a wild. The option makers test only
    those kinds; the definition below walks the whole hand."""
    s = GAMES["standard"].new_state(2, 7)
    kinds = s.context.cards.colour
    assert len(kinds) == len(hand)  # the strategy covers the shipped card kinds
    s.hands[s.player] = list(hand)
    held = {kinds[k] for k, c in enumerate(hand) if c}
    plays = range(6) if WILD in held else sorted(held)
    hires = [a for a in _start_actions(s) if a < PLAY]
    assert _start_actions(s) == ([*hires, *(PLAY + c for c in plays)] or [PASS])
    s.play_colour, s.selected = colour, [0] if selected else []
    adds = [ADD + k for k, c in enumerate(hand) if c and kinds[k] in (colour, WILD)]
    assert _select_actions(s) == adds + ([DONE] if selected else [])
