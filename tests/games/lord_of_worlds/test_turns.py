"""A play turn (§4 B): payment, movement, portals, collection, flips, free collection."""

from __future__ import annotations

import pytest

from simcore.core.errors import IllegalActionError
from simcore.games.lord_of_worlds import rules as R

from .helpers import (
    COL,
    card,
    clear_board,
    hex_at,
    move_dir,
    planet_hex,
    play,
    put,
    set_hand,
    started,
    tile,
)

# 2-player board around the central portal (large piece at the origin):
#
#          (0,-1) .   (1,-1) .
#     (-1,0) .   (0,0) P   (1,0) .   (2,0) cyan
#          (-1,1) .   (0,1) .


def centre(s) -> int:
    """Put every cart on the central portal (0, 0)."""
    h = hex_at(s, 0, 0)
    s.cart_hex = [h] * s.n
    return h


def test_play_needs_a_card_of_the_colour_or_a_wild():
    s = started()
    set_hand(s, 0, [card(s, "red", 3), card(s, "red", 2), card(s, "blue", 5)])
    plays = {a - R.PLAY for a in s.legal_actions() if R.PLAY <= a < R.ADD}
    assert plays == {COL["red"], COL["blue"]}
    set_hand(s, 0, [card(s, "red", 3), card(s, "white", 4)])
    plays = {a - R.PLAY for a in s.legal_actions() if R.PLAY <= a < R.ADD}
    assert plays == set(range(6))  # a wild can stand for any colour


def test_cards_of_one_colour_plus_wilds_only():
    s = started()
    r3, r2, b5, w4 = card(s, "red", 3), card(s, "red", 2), card(s, "blue", 5), card(s, "white", 4)
    set_hand(s, 0, [r3, r2, b5, w4])
    s.apply(R.PLAY + COL["red"])
    legal = s.legal_actions()
    assert set(legal) == {R.ADD + r3, R.ADD + r2, R.ADD + w4}  # no DONE before a card
    with pytest.raises(IllegalActionError):
        s.apply(R.ADD + b5)
    s.apply(R.ADD + r3)
    s.apply(R.ADD + w4)
    assert s.budget == 7 and R.DONE in s.legal_actions()
    s.apply(R.DONE)
    assert s.discard[r3] >= 1 and s.hands[0][b5] == 1 and s.hand_size[0] == 2


def seed_example(s):
    """Desert 5 face up on the cyan hex (2,0); two face-down tiles next to it."""
    clear_board(s)
    cyan = hex_at(s, 2, 0)
    assert s.context.board.colour[cyan] == COL["cyan"]
    put(s, cyan, tile(s, "desert", 5))
    down = [n for n in s.context.board.neighbours[cyan] if n >= 0][:2]
    for i, n in enumerate(down):
        put(s, n, tile(s, "forest", 1 + i), up=False)
    return cyan, down


def test_seed_move_and_collect_example():
    # blue plays two cyan cards (7), moves 2 hexes to the cyan hex and collects desert 5:
    # +5 stars at once, the two face-down neighbours flip face up
    s = started()
    cyan, down = seed_example(s)
    centre(s)
    c3, c4 = card(s, "cyan", 3), card(s, "cyan", 4)
    set_hand(s, 0, [c3, c4])
    play(s, "cyan", [c3, c4])
    s.apply(move_dir(s, hex_at(s, 1, 0)))
    s.apply(move_dir(s, cyan))
    assert s.budget == 5 and R.COLLECT in s.legal_actions()
    s.apply(R.COLLECT)
    assert s.points[0][0] == 5 and s.pending_tile == tile(s, "desert", 5)
    assert all(s.board_face_up[n] for n in down)
    assert s.board_tile[cyan] == -1 and s.phase == R.P_PLACE
    assert s.budget == 0


def test_coloured_hex_needs_the_played_colour():
    s = started()
    cyan, _ = seed_example(s)
    s.cart_hex = [cyan, cyan]
    r5, r3 = card(s, "red", 5), card(s, "red", 3)
    set_hand(s, 0, [r5, r3])
    play(s, "red", [r5, r3])
    assert R.COLLECT not in s.legal_actions()


def test_wild_only_play_names_the_colour():
    s = started()
    cyan, _ = seed_example(s)
    s.cart_hex = [cyan, cyan]
    w3, w4 = card(s, "white", 3), card(s, "white", 4)
    set_hand(s, 0, [w3, w4])
    play(s, "cyan", [w3, w4])
    assert R.COLLECT in s.legal_actions()


def test_neutral_hex_accepts_any_colour_and_no_bonus():
    s = started()
    clear_board(s)
    h = hex_at(s, 1, 0)
    put(s, h, tile(s, "water", 4))
    s.cart_hex = [h, h]
    y4 = card(s, "yellow", 4)
    set_hand(s, 0, [y4])
    play(s, "yellow", [y4])
    s.apply(R.COLLECT)
    assert s.points[0][0] == 0


def test_budget_must_cover_moves_plus_value_and_tile_face_up():
    s = started()
    clear_board(s)
    h1, h2 = hex_at(s, 1, 0), hex_at(s, 1, -1)
    put(s, h1, tile(s, "water", 5))
    put(s, h2, tile(s, "water", 1), up=False)
    centre(s)
    r5 = card(s, "red", 5)
    set_hand(s, 0, [r5])
    play(s, "red", [r5])
    s.apply(move_dir(s, h1))
    assert R.COLLECT not in s.legal_actions()  # 1 move + 5 > 5
    s.apply(move_dir(s, hex_at(s, 0, 0)))
    s.apply(move_dir(s, h2))
    assert R.COLLECT not in s.legal_actions()  # face down


def test_standard_portal_reaches_any_hex_for_one():
    s = started()
    centre(s)
    r1 = card(s, "red", 1)
    set_hand(s, 0, [r1])
    play(s, "red", [r1])
    jumps = [a for a in s.legal_actions() if a >= R.JUMP]
    assert jumps == [
        R.JUMP + h for h in range(s.context.board.size) if h != s.cart_hex[0]
    ]  # in order
    far = hex_at(s, 2, 0)
    s.apply(R.JUMP + far)
    assert s.cart_hex[0] == far and s.budget == 0
    assert not [a for a in s.legal_actions() if a >= R.JUMP or R.MOVE <= a < R.STOP]


def test_strategic_portal_reaches_other_portals_then_walks_on():
    s = started(variant="strategic", strategic_portal_step="extra")
    centre(s)
    r2 = card(s, "red", 2)
    set_hand(s, 0, [r2])
    play(s, "red", [r2])
    jumps = sorted(a - R.JUMP for a in s.legal_actions() if a >= R.JUMP)
    portals = s.context.board.portals
    assert jumps == sorted(p for p in portals if p != s.cart_hex[0])
    s.apply(R.JUMP + jumps[0])
    moves = [a for a in s.legal_actions() if R.MOVE <= a < R.STOP]
    assert moves  # one point left: walk to a neighbour of the other portal
    s.apply(moves[0])
    assert s.budget == 0


def test_turn_must_move_or_collect():
    s = started()
    centre(s)
    r1 = card(s, "red", 1)
    set_hand(s, 0, [r1])
    play(s, "red", [r1])
    assert R.STOP not in s.legal_actions()
    s.apply(move_dir(s, hex_at(s, 1, 0)))
    assert s.legal_actions() == [R.STOP]  # budget spent
    s.apply(R.STOP)
    assert s.player == 1 and s.budget == 0 and s.hand_size[0] == 0


def test_stop_allowed_at_once_when_assumption_off():
    s = started(require_action=False)
    r1 = card(s, "red", 1)
    set_hand(s, 0, [r1])
    play(s, "red", [r1])
    assert R.STOP in s.legal_actions()


def collect_neutral(s, value: int = 3):
    """Seat 0 on neutral (1,0) holding water <value> face up; plays red 5 and collects it."""
    clear_board(s)
    h = hex_at(s, 1, 0)
    put(s, h, tile(s, "water", value))
    s.cart_hex = [h, h]
    r5 = card(s, "red", 5)
    set_hand(s, 0, [r5])
    play(s, "red", [r5])
    s.apply(R.COLLECT)
    return h


def test_no_movement_after_collecting_and_unspent_budget_is_lost():
    s = started()
    collect_neutral(s)
    assert s.legal_actions() == [R.PLACE + h for h in range(19)]
    s.apply(R.PLACE + planet_hex(s, 0, 0))  # architect space: no free collection
    assert s.player == 1 and s.budget == 0


def test_moving_after_collecting_when_assumption_on():
    s = started(move_after_collect=True)
    collect_neutral(s)
    s.apply(R.PLACE + planet_hex(s, 0, 0))
    assert s.phase == R.P_MOVE and s.budget == 2
    assert R.COLLECT not in s.legal_actions() and R.STOP in s.legal_actions()


def test_free_collection_offers_supply_and_neutral_adjacent_tiles():
    #      (1,-1) water 2 up    (2,-1) ?
    # (0,0) P   [cart (1,0)]   (2,0) cyan: forest 6 up (coloured: not offered)
    s = started()
    h = collect_neutral(s)
    up_neutral = hex_at(s, 1, -1)
    cyan = hex_at(s, 2, 0)
    put(s, up_neutral, tile(s, "water", 2))
    put(s, cyan, tile(s, "forest", 6))
    s.apply(R.PLACE + planet_hex(s, 1, 0))  # empty hex -> free collection
    assert s.phase == R.P_FREE
    legal = s.legal_actions()
    supply = [R.FREE_SUPPLY + i for i in range(len(s.supply))]
    board_dir = R.FREE_BOARD + s.context.board.neighbours[h].index(up_neutral)
    assert legal == [*supply, board_dir, R.DECLINE]
    s.apply(board_dir)
    assert s.cart_hex[0] == up_neutral and s.pending_tile == tile(s, "water", 2)
    s.apply(R.PLACE + planet_hex(s, 2, -1))  # empty again, but only one free collection
    assert s.player == 1


def test_free_collection_from_supply_refills_it():
    s = started()
    collect_neutral(s)
    s.apply(R.PLACE + planet_hex(s, 1, 0))
    first = s.supply[0]
    reserve = len(s.reserve)
    s.apply(R.FREE_SUPPLY + 0)
    assert s.pending_tile == first and len(s.supply) == 6 and len(s.reserve) == reserve - 1


def test_full_planet_cannot_collect():
    s = started()
    clear_board(s)
    h = hex_at(s, 1, 0)
    put(s, h, tile(s, "water", 1))
    s.cart_hex = [h, h]
    s.empty_count[0] = 0
    s.planet_tile[0] = [0] * 19  # only the counts matter for the legality test
    r5 = card(s, "red", 5)
    set_hand(s, 0, [r5])
    play(s, "red", [r5])
    assert R.COLLECT not in s.legal_actions()


def test_strategic_hand_limit_discards_down_to_ten():
    s = started(variant="strategic")
    kinds = [card(s, c, v) for c in ("red", "blue") for v in (1, 2, 3, 4, 5)]
    set_hand(s, 0, [*kinds, card(s, "green", 1)])
    assert s.hand_size[0] == 11
    s.apply(R.HIRE + 0)  # 11 + the pile
    assert s.phase == R.P_DISCARD and s.player == 0
    while s.phase == R.P_DISCARD:
        s.apply(s.legal_actions()[0])
    assert s.hand_size[0] == 10 and s.player == 1


def test_standard_game_has_no_hand_limit():
    s = started()
    kinds = [card(s, c, v) for c in ("red", "blue", "green") for v in (1, 2, 3, 4, 5)]
    set_hand(s, 0, kinds)
    s.apply(R.HIRE + 0)
    assert s.player == 1 and s.hand_size[0] > 15


def test_illegal_action_leaves_state_unchanged():
    s = started()
    before = s.fingerprint()
    for bad in (-1, R.DONE, R.COLLECT, 10**6):
        with pytest.raises(IllegalActionError):
            s.apply(bad)
    assert s.fingerprint() == before


def test_facedown_tiles_block_movement_when_assumption_on():
    # (0,0) P  ->  (1,0) face-down tile: blocked; (0,1) empty: passable
    s = started(facedown_blocks=True)
    clear_board(s)
    put(s, hex_at(s, 1, 0), tile(s, "water", 1), up=False)
    put(s, s.context.board.tile_hexes[0], tile(s, "water", 2))
    centre(s)
    r2 = card(s, "red", 2)
    set_hand(s, 0, [r2])
    play(s, "red", [r2])
    targets = {
        s.context.board.neighbours[s.cart_hex[0]][a - R.MOVE]
        for a in s.legal_actions()
        if R.MOVE <= a < R.STOP
    }
    assert hex_at(s, 1, 0) not in targets and hex_at(s, 0, 1) in targets
    assert R.JUMP + hex_at(s, 1, 0) not in s.legal_actions()


def test_portal_cost_parameter():
    s = started(portal_cost=3)
    centre(s)
    r2, r1 = card(s, "red", 2), card(s, "red", 1)
    set_hand(s, 0, [r2, r1])
    s.apply(R.PLAY + COL["red"])
    s.apply(R.ADD + r2)
    s.apply(R.DONE)
    assert not [a for a in s.legal_actions() if a >= R.JUMP]  # budget 2 < 3
    s2 = started(portal_cost=3)
    centre(s2)
    set_hand(s2, 0, [r2, r1])
    play(s2, "red", [r2, r1])
    far = hex_at(s2, 2, 0)
    s2.apply(R.JUMP + far)
    assert s2.budget == 0 and s2.cart_hex[0] == far
    assert (
        s2.context.board.distance[hex_at(s2, 0, 0)][far] == 2
    )  # walking is cheaper than the portal
