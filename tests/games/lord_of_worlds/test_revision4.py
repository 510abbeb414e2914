"""Revision 4 of the rules: §5 ``viewpoint_tie = first`` walks the viewpoint's neighbours in
board order; it is not a fixed order of terrains.
Planet (axial q, r); [A] = printed architect hex."""

from __future__ import annotations

import pytest

from simcore.games.lord_of_worlds import rules as R
from simcore.games.lord_of_worlds.params import LordOfWorldsParams
from simcore.games.lord_of_worlds.planet import VIEW
from simcore.games.lord_of_worlds.tables import TERRAINS

from .helpers import fill_planet, planet_hex, started, tile
from .test_planet import collecting

W, F = (TERRAINS.index(t) for t in ("water", "forest"))


def _tie(s, east: str, west: str) -> None:
    """Seat 0's planet: a chain of ``east`` with a mix and a chain of ``west``, 3 tiles each,
    both next to the centre, where the viewpoint goes.

              .(0,-2)   .(1,-2)   .(2,-2)
          .(-1,-1)  .(0,-1)  .(1,-1)  M(2,-1)
      w(-2,0)  w(-1,0)  [A](0,0)  e(1,0)  [A](2,0)
          w(-2,1)  .(-1,1)  .(0,1)  e(1,1)

    Walking the centre's neighbours in board order meets (1,0), the east chain, first."""
    fill_planet(
        s,
        0,
        {
            (2, -1): tile(s, "mix", 10),
            (1, 0): tile(s, east, 1),
            (1, 1): tile(s, east, 2),
            (-1, 0): tile(s, west, 1),
            (-2, 0): tile(s, west, 2),
            (-2, 1): tile(s, west, 3),
        },
    )
    collecting(s, tile(s, "viewpoint", 9))
    s.apply(R.PLACE + planet_hex(s, 0, 0))


@pytest.mark.parametrize(
    ("east", "west", "counted"), [("forest", "water", F), ("water", "forest", W)]
)
def test_revision4_s5_viewpoint_tie_first_is_board_order_not_a_terrain_order(east, west, counted):
    # the same shape with the terrains swapped: the chain met first on the board counts (its
    # mix is declared its terrain), whichever terrain it is
    s = started(viewpoint_tie="first")
    _tie(s, east, west)
    assert s.phase != R.P_VIEW and s.player == 1  # no decision
    assert s.mix_declared[0][planet_hex(s, 2, -1)] == counted and s.points[0][VIEW] == 6


def test_revision4_s5_viewpoint_tie_first_says_what_it_does():
    rows = {r["name"]: r["doc"] for r in LordOfWorldsParams.describe()}
    assert "board order" in rows["viewpoint_tie"] and "not a terrain order" in rows["viewpoint_tie"]


def _first_add_of_an_unseen_card(seed: int = 1):
    """A seeded 3-player random game, up to the first decision offering to add a card of a kind
    the others never saw enter the acting seat's hand (a starting-hand card)."""
    from tests.games.played import first_decision

    from .helpers import game

    def unseen_add(s, a):
        return R.ADD <= a < R.ADD + s.context.n_kinds and not s.known_cards[s.player][a - R.ADD]

    return first_decision(game(), 3, seed, unseen_add)


def test_labels_name_a_hidden_hand_card_only_for_its_owner():
    # §7: the other hands are hidden; the card a play adds is shown to the others once played
    # (the narrative), but their label of the action names no card they could not see
    s, action = _first_add_of_an_unseen_card()
    name = s.context.cards.name(action - R.ADD)
    other = (s.player + 1) % 3
    assert s.action_label(action) == f"add {name}" == s.action_label(action, s.player)
    assert s.action_label(action, other) == "add a hand card"
    assert s.action_label(action, other, reveal=True) == f"add {name}"
