"""Revision 3 of the Lord of Worlds spec: each item by section, with the position drawn.

Planet (axial q, r); [A] = printed architect hex:

         [A](0,-2)  (1,-2)  (2,-2)
      (-1,-1)  (0,-1)  (1,-1)  (2,-1)
  (-2,0)  (-1,0)  [A](0,0)  (1,0)  [A](2,0)
      (-2,1)  (-1,1)  (0,1)  (1,1)
         [A](-2,2)  (-1,2)  (0,2)
"""

from __future__ import annotations

import random

import pytest

from simcore.core.errors import ConfigError, IllegalActionError
from simcore.games.lord_of_worlds import rules as R
from simcore.games.lord_of_worlds.planet import ARCH, CHAINS, VIEW, chain_scores, final_scoring
from simcore.games.lord_of_worlds.tables import MIX, TERRAINS
from strategies.registry import make_policy

from .helpers import card, fill_planet, game, planet_hex, play, set_hand, started, tile
from .test_planet import collecting

W, D, F = (TERRAINS.index(t) for t in ("water", "desert", "forest"))


def _tie_with_a_free_mix(s) -> None:
    """Seat 0's planet: a forest chain with a mix and a water chain, 3 tiles each, both next
    to the centre; a desert chain of 3 next to the mix only.

             [A]D(0,-2)  D(1,-2)  D(2,-2)
          .(-1,-1)  .(0,-1)  .(1,-1)  M(2,-1)
      W(-2,0)  W(-1,0)  [A](0,0)  F(1,0)  [A](2,0)
          W(-2,1)  .(-1,1)  .(0,1)  F(1,1)
             [A](-2,2)  .(-1,2)  .(0,2)

    A viewpoint on (0,0) meets the forest chain first ((1,0) is its first neighbour), then
    the water chain.
    """
    fill_planet(
        s,
        0,
        {
            (0, -2): tile(s, "desert", 1),
            (1, -2): tile(s, "desert", 2),
            (2, -2): tile(s, "desert", 3),
            (2, -1): tile(s, "mix", 10),
            (1, 0): tile(s, "forest", 1),
            (1, 1): tile(s, "forest", 2),
            (-1, 0): tile(s, "water", 1),
            (-2, 0): tile(s, "water", 2),
            (-2, 1): tile(s, "water", 3),
        },
    )
    collecting(s, tile(s, "viewpoint", 9))
    s.apply(R.PLACE + planet_hex(s, 0, 0))


def _options(s) -> dict[int, int]:
    """Terrain -> VIEW action of the tied chains on offer."""
    return {terrain: R.VIEW + i for i, (terrain, _) in enumerate(R.view_options(s))}


def test_revision3_s5_viewpoint_tie_choice():
    # the drawn position of _tie_with_a_free_mix: forest (with the mix) and water tie at 3
    s = started()
    _tie_with_a_free_mix(s)
    assert s.phase == R.P_VIEW and s.player == 0
    assert s.points[0][VIEW] == 6 and s.points[0][ARCH] == 9  # 2 x 3 whichever chain counts
    mix = planet_hex(s, 2, -1)
    assert R.view_options(s) == [(F, (mix,)), (W, ())]
    assert [s.action_label(a) for a in s.legal_actions()] == [
        f"viewpoint counts the forest chain (mix on planet hex {mix} declared forest)",
        "viewpoint counts the water chain",
    ]
    # forest: the mix stays forest, 3 + 3 + 3 -> 18; water: the mix is free and joins the
    # desert chain at the end, desert 4 + forest 2 + water 3 -> 10 + 3 + 6 = 19
    for terrain, declared, chains in ((F, F, 18), (W, -1, 19)):
        c = s.clone()
        c.apply(_options(c)[terrain])
        assert c.mix_declared[0][mix] == declared and c.player == 1  # architect space: turn over
        final_scoring(c)
        assert c.points[0][CHAINS] == chains


def test_revision3_s5_viewpoint_tie_first_keeps_the_fixed_order():
    # same position, viewpoint_tie = first: no decision, the first chain met (forest) counts
    s = started(viewpoint_tie="first")
    _tie_with_a_free_mix(s)
    assert s.phase != R.P_VIEW and s.player == 1
    assert s.mix_declared[0][planet_hex(s, 2, -1)] == F and s.points[0][VIEW] == 6


def test_revision3_s5_viewpoint_tie_heuristic_takes_the_choice_worth_most():
    # same position: counting water leaves the mix free for the desert chain (19 against 18)
    s = started()
    _tie_with_a_free_mix(s)
    for style in ("chains", "architect"):
        policy = make_policy(f"heuristic:style={style}", game())
        assert policy.act(s.clone(), random.Random(0)) == _options(s)[W]


def test_revision3_s5_viewpoint_tie_binds_the_mix_then_the_free_collection():
    # the mix on (-1,2) sits between forest and water; the viewpoint goes on the empty (0,1):
    #
    #             [A](0,-2)  (1,-2)  (2,-2)
    #          (-1,-1)  (0,-1)  (1,-1)  (2,-1)
    #      (-2,0)  (-1,0)  [A](0,0)  (1,0)  [A](2,0)
    #          F(-2,1)  F(-1,1)  V(0,1)  W(1,1)
    #             [A](-2,2)  M(-1,2)  W(0,2)
    #
    # forest + mix = 3 and water + mix = 3: the choice declares the mix forest or water
    s = started()
    fill_planet(
        s,
        0,
        {
            (-2, 1): tile(s, "forest", 1),
            (-1, 1): tile(s, "forest", 2),
            (1, 1): tile(s, "water", 1),
            (0, 2): tile(s, "water", 2),
            (-1, 2): tile(s, "mix", 10),
        },
    )
    collecting(s, tile(s, "viewpoint", 8))
    s.apply(R.PLACE + planet_hex(s, 0, 1))
    mix = planet_hex(s, -1, 2)
    assert s.phase == R.P_VIEW and sorted(R.view_options(s)) == [(W, (mix,)), (F, (mix,))]
    for terrain in (W, F):
        c = s.clone()
        c.apply(_options(c)[terrain])
        assert c.mix_declared[0][mix] == terrain
        assert c.phase == R.P_FREE and c.player == 0  # an empty hex: the free collection
        info = s.action_info(_options(s)[terrain])
        assert info == {
            "kind": "viewpoint",
            "tile_type": TERRAINS[terrain],
            "tile_value": 0,
            "planet_hex": planet_hex(s, 0, 1),
        }
        assert s.action_classes(_options(s)[terrain]) == ("viewpoint",)


def test_revision3_s5_viewpoint_tie_asks_only_when_the_choice_changes_something():
    # binding off: the choice declares nothing; no mix in either chain: nothing to declare
    #
    #             [A](0,-2)  (1,-2)  (2,-2)
    #          (-1,-1)  (0,-1)  (1,-1)  (2,-1)
    #      W(-2,0)  W(-1,0)  [A]V(0,0)  F(1,0)  [A]F(2,0)
    #          W(-2,1)  (-1,1)  (0,1)  F(1,1)
    #             [A](-2,2)  (-1,2)  (0,2)
    s = started(mix_declaration_binding=False)
    _tie_with_a_free_mix(s)
    assert s.phase != R.P_VIEW and s.mix_declared[0] == [-1] * 19
    s = started()
    fill_planet(
        s,
        0,
        {
            (1, 0): tile(s, "forest", 1),
            (1, 1): tile(s, "forest", 2),
            (2, 0): tile(s, "forest", 3),
            (-1, 0): tile(s, "water", 1),
            (-2, 0): tile(s, "water", 2),
            (-2, 1): tile(s, "water", 3),
        },
    )
    collecting(s, tile(s, "viewpoint", 9))
    s.apply(R.PLACE + planet_hex(s, 0, 0))
    assert s.phase != R.P_VIEW and s.points[0][VIEW] == 6


def test_revision3_s5_viewpoint_choice_states_pass_the_per_state_checks():
    # the conformance suite samples random play, which rarely meets a tie with a free mix:
    # the same checks on every tie the heuristic meets in 2-player games of 40 seeds
    g = game()
    policy = make_policy("heuristic", g)
    found = 0
    for seed in range(40):
        s = g.new_state(2, seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            if s.phase == R.P_VIEW:
                found += 1
                _check_view_state(s, policy, seed)
            s.apply(policy.act(s, rng))
    assert found >= 2


def _check_view_state(s, policy, seed: int) -> None:
    before = s.fingerprint()
    legal = s.legal_actions()
    assert len(legal) >= 2 and legal == [R.VIEW + i for i in range(len(legal))]
    assert s.clone().fingerprint() == before
    with pytest.raises(IllegalActionError):
        s.clone().apply(R.VIEW + len(legal))
    for a in legal:  # every choice leads to a game that can be played to the end
        c = s.clone()
        c.apply(a)
        rng = random.Random(seed)
        while not c.is_terminal():
            options = c.legal_actions()
            c.apply(options[rng.randrange(len(options))])
    for player in range(s.n):
        det = s.determinize(player, random.Random(seed))
        assert det.observation(player) == s.observation(player)
        assert det.legal_actions() == legal
        if player == s.player:  # the heuristic's choice reads only what it sees
            assert policy.act(det, random.Random(1)) == policy.act(s.clone(), random.Random(1))
    assert s.fingerprint() == before


def test_revision3_s5_mix_between_two_chains_joins_them():
    # one row: F F M F F -> a single forest chain of 5 (15), not 3 + 2 (6 + 3)
    #
    #             [A](0,-2)  (1,-2)  (2,-2)
    #          (-1,-1)  W(0,-1)  (1,-1)  (2,-1)
    #      F(-2,0)  F(-1,0)  [A]M(0,0)  F(1,0)  [A]F(2,0)
    #          (-2,1)  (-1,1)  V(0,1)  (1,1)
    #             [A](-2,2)  (-1,2)  (0,2)
    #
    # the water on (0,-1) may take the mix too (water 2 = 3, forest 2 + 2 = 6): forest wins
    s = started()
    fill_planet(
        s,
        0,
        {
            (-2, 0): tile(s, "forest", 1),
            (-1, 0): tile(s, "forest", 2),
            (0, 0): tile(s, "mix", 10),
            (1, 0): tile(s, "forest", 3),
            (2, 0): tile(s, "forest", 4),
            (0, -1): tile(s, "water", 1),
        },
    )
    table = s.context.scoring.chain
    assert chain_scores([F, F, MIX, F, F], ((1,), (0, 2), (1, 3), (2, 4), (3,)), table) == (15, 5)
    collecting(s, tile(s, "viewpoint", 8))
    s.apply(R.PLACE + planet_hex(s, 0, 1))  # the viewpoint sees the whole joined chain
    assert s.points[0][VIEW] == 2 * 5 and s.mix_declared[0][planet_hex(s, 0, 0)] == F
    final_scoring(s)
    assert s.points[0][CHAINS] == 15 + 1 and s.stats[0][3] == 5


@pytest.mark.parametrize("variant", ["standard", "strategic"])
def test_revision3_s4_portal_jump_from_start_in_both_variants(variant):
    # the cart starts its turn on portal 0; with portal_jump_from_start off it may jump only
    # after entering a portal this turn (off and back on), in either variant
    for allowed in (True, False):
        s = started(variant=variant, portal_jump_from_start=allowed)
        s.cart_hex = [s.context.board.portals[0]] * s.n
        r3 = card(s, "red", 3)
        set_hand(s, 0, [r3])
        play(s, "red", [r3])
        assert bool([a for a in s.legal_actions() if a >= R.JUMP]) == allowed
        if not allowed:
            portal = s.cart_hex[0]
            off = next(n for n in s.context.board.neighbours[portal] if n >= 0)
            s.apply(R.MOVE + s.context.board.neighbours[portal].index(off))
            s.apply(R.MOVE + s.context.board.neighbours[off].index(portal))
            assert [a for a in s.legal_actions() if a >= R.JUMP]


def test_revision3_viewpoint_tie_parameter():
    fields = type(game().params).__dataclass_fields__
    assert game().params.viewpoint_tie == "choose"
    assert fields["viewpoint_tie"].metadata["assumption"]
    assert "standard and strategic" in fields["portal_jump_from_start"].metadata["doc"]
    with pytest.raises(ConfigError, match="viewpoint_tie"):
        game(viewpoint_tie="random")
