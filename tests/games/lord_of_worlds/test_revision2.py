"""Revision 2 of the Lord of Worlds spec: each item by section, with the position drawn.

Planet (axial q, r); [A] = printed architect hex:

         [A](0,-2)  (1,-2)  (2,-2)
      (-1,-1)  (0,-1)  (1,-1)  (2,-1)
  (-2,0)  (-1,0)  [A](0,0)  (1,0)  [A](2,0)
      (-2,1)  (-1,1)  (0,1)  (1,1)
         [A](-2,2)  (-1,2)  (0,2)
"""

from __future__ import annotations

import random

from simcore.games.lord_of_worlds import rules as R
from simcore.games.lord_of_worlds.planet import (
    CHAINS,
    SAGE_PTS,
    VALUES,
    VIEW,
    chain_scores,
    empty_hexes,
    final_scoring,
    planet_values,
)
from simcore.games.lord_of_worlds.tables import MIX, TERRAINS

from .helpers import card, fill_planet, planet_hex, play, set_hand, started, tile
from .test_planet import collecting

D, W = TERRAINS.index("desert"), TERRAINS.index("water")
LINE5 = ((1,), (0, 2), (1, 3), (2, 4), (3,))


def _architect_tile_at(s, p: int, q: int, r: int, value: int = 8) -> None:
    """A bare architect tile on planet hex (q, r) of seat ``p``."""
    t = tile(s, "architect", value)
    s.reserve.remove(t) if t in s.reserve else None
    h = planet_hex(s, q, r)
    s.planet_architects[p][h] += 1
    s.architect_tiles[p].append((h, t))


def test_s5_sage_counts_a_bare_architect_tile_by_default():
    # sage 7 placed on (0,1); neighbours: water (1,0) and a bare architect tile on (-1,1)
    for counts, expected in ((True, 6), (False, 3)):
        s = started(sage_counts_architect_tiles=counts)
        fill_planet(s, 0, {(1, 0): tile(s, "water", 1)})
        _architect_tile_at(s, 0, -1, 1)
        collecting(s, tile(s, "sage_tree", 7))
        s.apply(R.PLACE + planet_hex(s, 0, 1))
        assert s.points[0][SAGE_PTS] == expected


def test_s5_mix_through_mix():
    # line: D D M M W?  -> types D D MIX MIX -1: the second mix touches no desert tile
    types = [D, D, MIX, MIX, -1]
    table = started().context.scoring.chain
    assert chain_scores(types, LINE5, table) == (6, 3)  # only the first mix joins: 3 tiles
    assert chain_scores(types, LINE5, table, through_mix=True) == (10, 4)  # both join
    # a mix group with no basic tile never scores on its own
    assert chain_scores([MIX, MIX, -1, D, D], LINE5, table, through_mix=True) == (3, 2)


def test_s5_mix_declared_at_a_viewpoint_keeps_its_terrain():
    # forest (-1,0) (-2,0) (-2,1): 3; mix on (-1,1); water (0,2) (-1,2) (0,1)... the viewpoint
    # on the centre (0,0) counts the forest chain + mix = 4 and declares the mix forest.
    # Later the water chain (-1,2) (0,2) (1,1) (0,1) would gain more from the mix (4 -> 5).
    for binding, expect_chains in ((True, 10 + 10), (False, 6 + 15)):
        s = started(mix_declaration_binding=binding)
        fill_planet(
            s,
            0,
            {
                (-1, 0): tile(s, "forest", 1),
                (-2, 0): tile(s, "forest", 2),
                (-2, 1): tile(s, "forest", 3),
                (-1, 1): tile(s, "mix", 10),
            },
        )
        collecting(s, tile(s, "viewpoint", 9))
        s.apply(R.PLACE + planet_hex(s, 0, 0))
        assert s.points[0][VIEW] == 8  # 2 x (3 forest + the mix)
        assert (s.mix_declared[0][planet_hex(s, -1, 1)] == TERRAINS.index("forest")) == binding
        fill_planet(
            s,
            0,
            {
                (-1, 2): tile(s, "water", 1),
                (0, 2): tile(s, "water", 2),
                (1, 1): tile(s, "water", 3),
                (0, 1): tile(s, "water", 4),
            },
        )
        final_scoring(s)
        assert s.points[0][CHAINS] == expect_chains, binding


def test_s4_strategic_portal_step_included_or_extra():
    for step, budget_after_step in (("included", 1), ("extra", 0)):
        s = started(variant="strategic", strategic_portal_step=step)
        s.cart_hex = [s.context.board.portals[0]] * s.n
        r2 = card(s, "red", 2)
        set_hand(s, 0, [r2])
        play(s, "red", [r2])
        other = s.context.board.portals[1]
        s.apply(R.JUMP + other)  # 2 - 1 = 1 left
        moves = [a for a in s.legal_actions() if R.MOVE <= a < R.STOP]
        s.apply(moves[0])
        assert s.budget == budget_after_step, step


def test_s4_strategic_included_step_with_nothing_left_after_the_jump():
    # budget 1 = the jump; the included step is still possible, a second step is not
    s = started(variant="strategic")
    s.cart_hex = [s.context.board.portals[0]] * s.n
    r1 = card(s, "red", 1)
    set_hand(s, 0, [r1])
    play(s, "red", [r1])
    s.apply(R.JUMP + s.context.board.portals[1])
    assert s.budget == 0
    s.apply(next(a for a in s.legal_actions() if R.MOVE <= a < R.STOP))
    assert not [a for a in s.legal_actions() if R.MOVE <= a < R.STOP or a >= R.JUMP]


def test_s4_portal_jump_from_start():
    for allowed in (True, False):
        s = started(portal_jump_from_start=allowed)
        s.cart_hex = [s.context.board.portals[0]] * s.n
        r3 = card(s, "red", 3)
        set_hand(s, 0, [r3])
        play(s, "red", [r3])
        jumps = [a for a in s.legal_actions() if a >= R.JUMP]
        assert bool(jumps) == allowed
        if not allowed:  # step off and back on: now the cart entered the portal this turn
            portal = s.cart_hex[0]
            off = next(n for n in s.context.board.neighbours[portal] if n >= 0)
            s.apply(R.MOVE + s.context.board.neighbours[portal].index(off))
            s.apply(R.MOVE + s.context.board.neighbours[off].index(portal))
            assert [a for a in s.legal_actions() if a >= R.JUMP]


def test_s6_value_sets_count_values_1_to_10_and_only_uncovered_tiles():
    s = started(variant="strategic")
    # mix 11 (not counted), mix 10 (counted), an architect 8 covered by a water 8 on (1,0):
    # only the water counts; a bare architect 8 on (2,-1) counts
    fill_planet(s, 0, {(0, 0): tile(s, "mix", 11), (0, 1): tile(s, "mix", 10)})
    _architect_tile_at(s, 0, 1, 0, 8)
    fill_planet(s, 0, {(1, 0): tile(s, "water", 8)})
    _architect_tile_at(s, 0, 2, -1, 8)
    assert sorted(planet_values(s, 0)) == [8, 8, 10]
    final_scoring(s)
    assert s.points[0][VALUES] == s.context.scoring.value_sets[2] + s.context.scoring.value_sets[1]


def test_s6_bare_architect_tile_and_the_end_trigger():
    for empty, expected in ((True, 19), (False, 18)):
        s = started(bare_architect_empty=empty)
        _architect_tile_at(s, 0, 1, 0)
        assert empty_hexes(s, 0) == expected


def test_s7_determinize_keeps_the_starting_hand_rule():
    # Every rival's redealt starting hand must be one that "draw until the total exceeds 13"
    # can produce: total > 13, and without its largest card <= 13.
    s = started(n=3, seed=4)
    value = s.context.cards.value
    for seed in range(200):
        w = s.determinize(0, random.Random(seed))
        for q in (1, 2):
            hand = [k for k, c in enumerate(w.hands[q]) for _ in range(c)]
            total = sum(value[k] for k in hand)
            assert total > 13 and total - max(value[k] for k in hand) <= 13


def test_s7_starting_hand_rule_uses_the_cards_already_shown():
    # Seat 1 plays one starting-hand card face up: the observer keeps it in the reconstructed
    # starting hand, so the cards still hidden must complete a legal starting hand with it.
    s = started(n=2, seed=11)
    s.player = 1
    hand = s.hands[1]
    k = max((k for k, c in enumerate(hand) if c), key=lambda k: s.context.cards.value[k])
    s.apply(R.PLAY + min(s.context.cards.colour[k], 5))
    s.apply(R.ADD + k)
    assert s.shown_start_cards[1][k] == 1
    value = s.context.cards.value
    for seed in range(100):
        w = s.determinize(0, random.Random(seed))
        start = [j for j, c in enumerate(w.hands[1]) for _ in range(c)] + [k]
        total = sum(value[j] for j in start)
        assert total > 13 and total - max(value[j] for j in start) <= 13


def _reference_redeal(s, rng: random.Random) -> list[int]:
    """Seat 1's redealt hand by the plain rejection sampler: shuffle every unseen card, cut a
    hand, accept it with the chance that the starting-hand rule stops there (2 players)."""
    value, over = s.context.cards.value, s.context.params.start_hand_over
    pool = sorted([k for k, c in enumerate(s.hands[1]) for _ in range(c)] + s.deck)
    need = s.hand_size[1]
    while True:
        rng.shuffle(pool)
        start = [value[k] for k in pool[:need]]
        total = sum(start)
        weight = sum(1 for v in start if total - v <= over) / need if total > over else 0.0
        if rng.random() < weight:
            return pool[:need]


def test_s7_redeal_draws_rival_hands_from_the_exact_posterior():
    # The redeal draws only the cards a try reads, then shuffles the deck once; it must sample
    # the same distribution as shuffling every unseen card per try. Mean count of each card
    # kind in seat 1's hand, 4,000 draws each (seeded): equal within 4.5 standard errors.
    s = started(n=2, seed=5)
    kinds = len(s.hands[1])
    draws = 4000
    fast = [0.0] * kinds
    slow = [0.0] * kinds
    sq = [0.0] * kinds
    rng_fast, rng_slow = random.Random(1), random.Random(2)
    for _ in range(draws):
        hand = s.determinize(0, rng_fast).hands[1]
        for k in range(kinds):
            fast[k] += hand[k]
            sq[k] += hand[k] ** 2
        for k in _reference_redeal(s, rng_slow):
            slow[k] += 1
    for k in range(kinds):
        mean = fast[k] / draws
        sd = max((sq[k] / draws - mean**2) ** 0.5, 0.05)
        assert abs(mean - slow[k] / draws) <= 4.5 * sd * (2 / draws) ** 0.5, k


def test_s7_redeal_keeps_every_unseen_card_once():
    # Rivals' hands plus the deck hold exactly the cards seat 0 has not seen, before and after.
    s = started(n=3, seed=6)
    unseen = sorted(
        [k for q in (1, 2) for k, c in enumerate(s.hands[q]) for _ in range(c)] + s.deck
    )
    for seed in range(50):
        w = s.determinize(0, random.Random(seed))
        after = sorted(
            [k for q in (1, 2) for k, c in enumerate(w.hands[q]) for _ in range(c)] + w.deck
        )
        assert after == unseen and w.hands[0] == s.hands[0]
