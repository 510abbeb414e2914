"""Action codes and the legal options of each decision step (rules §2.4-§2.5, §4-§6).

``rules`` applies the actions; this module only reads the position.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from simcore.games.lord_of_worlds.board import MAX_HEXES, NEUTRAL
from simcore.games.lord_of_worlds.board import PORTAL as PORTAL_HEX
from simcore.games.lord_of_worlds.planet import ViewOption, planet_types, viewpoint_options
from simcore.games.lord_of_worlds.tables import WILD

if TYPE_CHECKING:
    from simcore.games.lord_of_worlds.state import LordOfWorldsState

# action codes (ranges are wide enough for any validated content)
HIRE: Final = 0
PLAY: Final = 16
ADD: Final = 32
DONE: Final = 96
MOVE: Final = 97
STOP: Final = 103
COLLECT: Final = 104
PLACE: Final = 110
FREE_SUPPLY: Final = 180
FREE_BOARD: Final = 192
DECLINE: Final = 198
PASS: Final = 199
DISCARD: Final = 200
PORTAL: Final = 300
REVEAL: Final = 400
JUMP: Final = 600
VIEW: Final = JUMP + MAX_HEXES  # + the index of a tied chain (view_options)
MAX_VIEW: Final = 36  # at most 6 neighbours x 6 terrains
# decision phases; P_SETUP only while a new state deals (no decision is taken in it)
P_SETUP: Final = -1
P_PORTAL: Final = 0
P_REVEAL: Final = 1
P_START: Final = 2
P_SELECT: Final = 3
P_MOVE: Final = 4
P_PLACE: Final = 5
P_FREE: Final = 6
P_DISCARD: Final = 7
P_OVER: Final = 8
P_VIEW: Final = 9
N_COLOURS: Final = 6


def legal_actions(s: LordOfWorldsState) -> list[int]:
    """Legal actions of the current decision step."""
    phase = s.phase
    if phase == P_MOVE:
        return _move_actions(s)
    if phase == P_SELECT:
        return _select_actions(s)
    if phase == P_PLACE:
        out = []
        for h, t in enumerate(s.pterr[s.player]):
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
        b = s.ctx.board
        return [REVEAL + h for h in b.tile_hexes if s.btile[h] >= 0 and not s.bup[h]]
    if phase == P_PORTAL:
        return [PORTAL + i for i in range(len(s.ctx.board.portals))]
    return []


def _start_actions(s: LordOfWorldsState) -> list[int]:
    out = list(range(HIRE, HIRE + len(s.piles)))
    hand, kinds_of = s.hands[s.player], s.ctx.cards.kinds_of
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


def _select_actions(s: LordOfWorldsState) -> list[int]:
    hand = s.hands[s.player]
    out = []
    for k in s.ctx.cards.playable_as[s.colour]:
        if hand[k]:
            out.append(ADD + k)
    if s.sel:
        out.append(DONE)
    return out


def _passable(s: LordOfWorldsState, h: int) -> bool:
    return not (s.ctx.facedown_blocks and s.btile[h] >= 0 and not s.bup[h])


def _can_jump(s: LordOfWorldsState, cur: int) -> bool:
    """§4: the cart stands on a portal, the budget covers the jump, and (unless
    ``portal_jump_from_start``) it entered that portal this turn."""
    ctx = s.ctx
    return (
        s.budget >= ctx.portal_cost
        and ctx.board.colour[cur] == PORTAL_HEX
        and (ctx.portal_jump_from_start or s.moved > 0)
    )


def _move_actions(s: LordOfWorldsState) -> list[int]:
    ctx = s.ctx
    board, cur = ctx.board, s.cart[s.player]
    out = []
    if s.budget > 0 or s.free_step:
        # ``_passable`` inlined: this runs at every move step of every turn
        blocks, btile, bup = ctx.facedown_blocks, s.btile, s.bup
        for d, n in enumerate(board.nbr[cur]):
            if n >= 0 and not (blocks and btile[n] >= 0 and not bup[n]):
                out.append(MOVE + d)
    if _can_jump(s, cur):
        if not (ctx.facedown_blocks or ctx.strategic):
            # every other hex is a target, in order: two ranges (a standard-game jump would
            # otherwise test all of the board's hexes at every move step)
            out.extend(range(JUMP, JUMP + cur))
            out.extend(range(JUMP + cur + 1, JUMP + board.size))
        else:
            for h in board.portals if ctx.strategic else range(board.size):
                if h != cur and _passable(s, h):
                    out.append(JUMP + h)
    if can_collect(s):
        out.append(COLLECT)
    if s.moved or s.collected or not ctx.require_action or not out:
        out.append(STOP)
    return out


def can_collect(s: LordOfWorldsState) -> bool:
    """The paid collection of the tile under the cart is allowed now (§4 B.2)."""
    if s.collected or not s.pempty[s.player]:
        return False
    cur = s.cart[s.player]
    tile = s.btile[cur]
    if tile < 0 or not s.bup[cur] or s.ctx.tvalue[tile] > s.budget:
        return False
    hex_colour = s.ctx.board.colour[cur]
    return hex_colour == NEUTRAL or hex_colour == s.colour


def is_legal(s: LordOfWorldsState, action: int) -> bool:
    """Exact legality test; fast paths for the frequent steps, the full list otherwise."""
    phase = s.phase
    if phase == P_MOVE and MOVE <= action < STOP:
        n = s.ctx.board.nbr[s.cart[s.player]][action - MOVE]
        return (s.budget > 0 or s.free_step > 0) and n >= 0 and _passable(s, n)
    if phase == P_SELECT and ADD <= action < ADD + s.ctx.n_kinds:
        colour = s.ctx.cards.colour[action - ADD]
        return s.hands[s.player][action - ADD] > 0 and colour in (s.colour, WILD)
    if phase == P_PLACE and PLACE <= action < PLACE + s.ctx.planet.size:
        return s.pterr[s.player][action - PLACE] < 0
    if phase == P_MOVE:
        if action == COLLECT:
            return can_collect(s)
        if action == STOP and (s.moved or s.collected):
            return True
        if action >= JUMP:
            board, cur, h = s.ctx.board, s.cart[s.player], action - JUMP
            ok = _can_jump(s, cur) and h < board.size and h != cur
            ok = ok and (board.colour[h] == PORTAL_HEX or not s.ctx.strategic)
            return ok and _passable(s, h)
    if phase == P_START and 0 <= action < PLAY:
        return action < len(s.piles)
    return action in legal_actions(s)


def view_options(s: LordOfWorldsState) -> list[ViewOption]:
    """The tied chains the viewpoint on ``s.vhex`` may count (§5 rev. 3), as VIEW + index."""
    ctx, p = s.ctx, s.player
    return viewpoint_options(
        planet_types(s, p), ctx.planet.adj, s.vhex, ctx.mix_chains_through_mix, s.pmix[p]
    )[1]


def free_actions(s: LordOfWorldsState) -> list[int]:
    """Free tiles on offer after a placement: supply slots, then neutral neighbours."""
    out = [FREE_SUPPLY + i for i in range(len(s.supply))]
    board = s.ctx.board
    for d, n in enumerate(board.nbr[s.cart[s.player]]):
        if n >= 0 and board.colour[n] == NEUTRAL and s.btile[n] >= 0 and s.bup[n]:
            out.append(FREE_BOARD + d)
    return out
