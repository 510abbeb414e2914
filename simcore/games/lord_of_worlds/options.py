"""The legal options of each decision step (rules §2.4-§2.5, §4-§6), as action codes.

``rules`` applies the actions; this module only reads the position.
"""

from __future__ import annotations

from simcore.games.lord_of_worlds.board import NEUTRAL
from simcore.games.lord_of_worlds.board import PORTAL as PORTAL_HEX
from simcore.games.lord_of_worlds.codes import (
    ADD,
    COLLECT,
    DECLINE,
    DISCARD,
    DONE,
    FREE_BOARD,
    FREE_SUPPLY,
    HIRE,
    JUMP,
    MOVE,
    N_COLOURS,
    P_DISCARD,
    P_FREE,
    P_MOVE,
    P_PLACE,
    P_PORTAL,
    P_REVEAL,
    P_SELECT,
    P_START,
    P_VIEW,
    PASS,
    PLACE,
    PLAY,
    PORTAL,
    REVEAL,
    STOP,
    VIEW,
)
from simcore.games.lord_of_worlds.planet import ViewOption, planet_types, viewpoint_options
from simcore.games.lord_of_worlds.position import Position
from simcore.games.lord_of_worlds.tables import WILD


def legal_actions(s: Position) -> list[int]:
    """Legal actions of the current decision step."""
    phase = s.phase
    if phase == P_MOVE:
        return _move_actions(s)
    if phase == P_SELECT:
        return _select_actions(s)
    if phase == P_PLACE:
        out = []
        for h, t in enumerate(s.planet_tile[s.player]):
            if t < 0:
                out.append(PLACE + h)
        return out
    if phase == P_START:
        return _start_actions(s)
    if phase == P_FREE:
        return free_actions(s) + [DECLINE]
    if phase == P_DISCARD:
        return [DISCARD + k for k, c in enumerate(s.hands[s.player]) if c]
    if phase == P_VIEW:
        return [VIEW + i for i in range(len(view_options(s)))]
    if phase == P_REVEAL:
        b = s.context.board
        return [REVEAL + h for h in b.tile_hexes if s.board_tile[h] >= 0 and not s.board_face_up[h]]
    if phase == P_PORTAL:
        return [PORTAL + i for i in range(len(s.context.board.portals))]
    return []


def _start_actions(s: Position) -> list[int]:
    out = list(range(HIRE, HIRE + len(s.piles)))
    hand, kinds_of = s.hands[s.player], s.context.cards.kinds_of
    # loops, not comprehensions, in the option makers (no frames); a colour is held once one
    # of its kinds is: no pass over the whole hand
    for k in kinds_of[WILD]:
        if hand[k]:
            out.extend(range(PLAY, PLAY + N_COLOURS))
            return out
    for colour in range(N_COLOURS):
        for k in kinds_of[colour]:
            if hand[k]:
                out.append(PLAY + colour)
                break
    return out or [PASS]


def _select_actions(s: Position) -> list[int]:
    hand = s.hands[s.player]
    out = []
    for k in s.context.cards.playable_as[s.play_colour]:
        if hand[k]:
            out.append(ADD + k)
    if s.selected:
        out.append(DONE)
    return out


def _passable(s: Position, h: int) -> bool:
    return not (
        s.context.params.facedown_blocks and s.board_tile[h] >= 0 and not s.board_face_up[h]
    )


def _can_jump(s: Position, cur: int) -> bool:
    """§4: the cart stands on a portal, the budget covers the jump, and (unless
    ``portal_jump_from_start``) it entered that portal this turn."""
    ctx = s.context
    return (
        s.budget >= ctx.params.portal_cost
        and ctx.board.colour[cur] == PORTAL_HEX
        and (ctx.params.portal_jump_from_start or s.steps_moved > 0)
    )


def _move_actions(s: Position) -> list[int]:
    ctx = s.context
    board, cur = ctx.board, s.cart_hex[s.player]
    out = []
    if s.budget > 0 or s.free_step:
        # ``_passable`` inlined: this runs at every move step of every turn
        blocks, btile, bup = ctx.params.facedown_blocks, s.board_tile, s.board_face_up
        for d, n in enumerate(board.neighbours[cur]):
            if n >= 0 and not (blocks and btile[n] >= 0 and not bup[n]):
                out.append(MOVE + d)
    prm = ctx.params
    # ``_can_jump`` inlined, the portal test first: most move steps stand on no portal
    if (
        board.colour[cur] == PORTAL_HEX
        and s.budget >= prm.portal_cost
        and (prm.portal_jump_from_start or s.steps_moved > 0)
    ):
        if not (ctx.params.facedown_blocks or ctx.params.strategic):
            # every other hex is a target, in order: two ranges (a standard-game jump would
            # otherwise test all of the board's hexes at every move step)
            out.extend(range(JUMP, JUMP + cur))
            out.extend(range(JUMP + cur + 1, JUMP + board.size))
        else:
            for h in board.portals if ctx.params.strategic else range(board.size):
                if h != cur and _passable(s, h):
                    out.append(JUMP + h)
    if not s.collected and can_collect(s):  # (its first test, without a call once collected)
        out.append(COLLECT)
    if s.steps_moved or s.collected or not ctx.params.require_action or not out:
        out.append(STOP)
    return out


def can_collect(s: Position) -> bool:
    """The paid collection of the tile under the cart is allowed now (§4 B.2)."""
    if s.collected or not s.empty_count[s.player]:
        return False
    cur = s.cart_hex[s.player]
    tile = s.board_tile[cur]
    if tile < 0 or not s.board_face_up[cur] or s.context.tile_value[tile] > s.budget:
        return False
    hex_colour = s.context.board.colour[cur]
    return hex_colour == NEUTRAL or hex_colour == s.play_colour


def is_legal(s: Position, action: int) -> bool:
    """Exact legality test; fast paths for the frequent steps, the full list otherwise."""
    phase = s.phase
    if phase == P_MOVE and MOVE <= action < STOP:
        n = s.context.board.neighbours[s.cart_hex[s.player]][action - MOVE]
        return (s.budget > 0 or s.free_step > 0) and n >= 0 and _passable(s, n)
    if phase == P_SELECT and ADD <= action < ADD + s.context.n_kinds:
        colour = s.context.cards.colour[action - ADD]
        return s.hands[s.player][action - ADD] > 0 and colour in (s.play_colour, WILD)
    if phase == P_PLACE and PLACE <= action < PLACE + s.context.planet.size:
        return s.planet_tile[s.player][action - PLACE] < 0
    if phase == P_MOVE:
        if action == COLLECT:
            return can_collect(s)
        if action == STOP and (s.steps_moved or s.collected):
            return True
        if action >= JUMP:
            board, cur, h = s.context.board, s.cart_hex[s.player], action - JUMP
            ok = _can_jump(s, cur) and h < board.size and h != cur
            ok = ok and (board.colour[h] == PORTAL_HEX or not s.context.params.strategic)
            return ok and _passable(s, h)
    if phase == P_START and 0 <= action < PLAY:
        return action < len(s.piles)
    return action in legal_actions(s)


def view_options(s: Position) -> list[ViewOption]:
    """The tied chains the viewpoint on ``s.viewpoint_hex`` may count (§5 rev. 3), as VIEW +
    index."""
    ctx, p = s.context, s.player
    return viewpoint_options(
        planet_types(s, p),
        ctx.planet.adjacency,
        s.viewpoint_hex,
        ctx.params.mix_chains_through_mix,
        s.mix_declared[p],
    )[1]


def free_actions(s: Position) -> list[int]:
    """Free tiles on offer after a placement: supply slots, then neutral neighbours."""
    out = [FREE_SUPPLY + i for i in range(len(s.supply))]
    board = s.context.board
    for d, n in enumerate(board.neighbours[s.cart_hex[s.player]]):
        if n >= 0 and board.colour[n] == NEUTRAL and s.board_tile[n] >= 0 and s.board_face_up[n]:
            out.append(FREE_BOARD + d)
    return out
