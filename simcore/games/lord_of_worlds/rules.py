"""Decision steps of a turn (rules §2.4-§2.5, §4-§6): the effects of actions (their codes and
legality are in ``options``).

A play turn is: PLAY colour -> ADD card ... DONE -> MOVE / JUMP ... -> COLLECT or STOP ->
PLACE hex (-> VIEW when a viewpoint's chains tie) -> (FREE choice -> PLACE hex (-> VIEW)) ->
(DISCARD ... in the strategic variant).
"""

from __future__ import annotations

from typing import Final

from simcore.core.errors import IllegalActionError
from simcore.games.lord_of_worlds import cards as deck_ops
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
    MAX_VIEW,
    MOVE,
    P_DISCARD,
    P_FREE,
    P_MOVE,
    P_OVER,
    P_PLACE,
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
from simcore.games.lord_of_worlds.options import free_actions, is_legal, view_options
from simcore.games.lord_of_worlds.planet import (
    COLORED,
    declare_mixes,
    empty_hexes,
    final_scoring,
    place_tile,
)
from simcore.games.lord_of_worlds.position import Position
from simcore.games.lord_of_worlds.tables import TERRAINS


def reset_turn(s: Position) -> None:
    """Clear the per-turn scratch fields."""
    s.play_colour, s.budget, s.selected, s.steps_moved = -1, 0, [], 0
    s.collected, s.free_used, s.pending_tile, s.free_step = False, False, -1, 0
    s.viewpoint_hex = -1


def refill_supply(s: Position) -> None:
    """Top the open supply up from the reserve."""
    want = s.context.params.open_supply
    while len(s.supply) < want and s.reserve:
        s.supply.append(s.reserve.pop())


# ------------------------------------------------------------------ effects
def apply(s: Position, action: int) -> None:
    """Apply ``action``; raise IllegalActionError before any change when it is not legal."""
    legal = s.legal_cache  # the list legal_actions() cached, if it was asked for since
    ok = action in legal if legal is not None else is_legal(s, action)
    if not (type(action) is int and ok):
        raise IllegalActionError(f"action {action!r} is not legal for seat {s.current_player}")
    s.legal_cache = None
    s.last_gain = 0
    handler, base = _DISPATCH[action]
    handler(s, action - base)


def _hire(s: Position, pile: int) -> None:
    cards = deck_ops.hire(s, pile)
    s.stats[s.player][1] += 1
    if s.trace is not None:  # narrative only when tracing
        s.note(f"hires {', '.join(s.context.cards.name(k) for k in cards)}")
    end_turn(s)


def _play(s: Position, colour: int) -> None:
    s.play_colour = colour
    s.phase = P_SELECT
    s.stats[s.player][2] += 1


def _add(s: Position, kind: int) -> None:
    deck_ops.remove_from_hand(s, s.player, kind)
    s.selected.append(kind)
    s.budget += s.context.cards.value[kind]


def _done(s: Position, _: int) -> None:
    for k in s.selected:
        s.discard[k] += 1
    s.phase = P_MOVE
    if s.trace is not None:  # narrative only when tracing
        s.note(f"plays {', '.join(s.context.cards.name(k) for k in s.selected)}: budget {s.budget}")


def _move(s: Position, direction: int) -> None:
    cost = 0 if s.free_step else 1  # the step a strategic jump includes (§4 [A])
    s.free_step = 0
    _step_to(s, s.context.board.neighbours[s.cart_hex[s.player]][direction], cost)


def _stop(s: Position, _: int) -> None:
    end_turn(s)


def _collect(s: Position, _: int) -> None:
    s.free_step = 0
    _take_board_tile(s, s.cart_hex[s.player], free=False)


def _free_supply(s: Position, slot: int) -> None:
    s.pending_tile = s.supply.pop(slot)
    s.free_used = True
    refill_supply(s)
    if s.trace is not None:  # narrative only when tracing
        s.note(f"free collection of {s.context.tiles.name(s.pending_tile)} from the open supply")
    s.phase = P_PLACE


def _free_board(s: Position, direction: int) -> None:
    n = s.context.board.neighbours[s.cart_hex[s.player]][direction]
    s.cart_hex[s.player] = n
    _take_board_tile(s, n, free=True)


def _decline(s: Position, _: int) -> None:
    after_play(s)


def _pass(s: Position, _: int) -> None:
    end_turn(s)


def _discard(s: Position, kind: int) -> None:
    deck_ops.remove_from_hand(s, s.player, kind)
    s.discard[kind] += 1
    if s.hand_size[s.player] <= s.context.params.hand_limit:
        next_turn(s)


def _choose_portal(s: Position, index: int) -> None:
    portal = s.context.board.portals[index]
    s.cart_hex = [portal] * s.n
    if s.trace is not None:  # narrative only when tracing
        s.note(f"every cart starts on portal {index}")
    _after_reveal(s)


def _reveal(s: Position, h: int) -> None:
    s.board_face_up[h] = 1
    s.cache[s.n] = None
    s.face_up_count += 1
    s.reveals_left -= 1
    if s.trace is not None:  # narrative only when tracing
        s.note(f"reveals hex {h}: {s.context.tiles.name(s.board_tile[h])}")
    s.player = (s.player + 1) % s.n
    _after_reveal(s)


def _after_reveal(s: Position) -> None:
    """Setup step 5: reveal by turns until ``initial_reveals`` are up, then the first turn."""
    facedown = any(
        s.board_tile[h] >= 0 and not s.board_face_up[h] for h in s.context.board.tile_hexes
    )
    if s.reveals_left > 0 and facedown:
        s.phase = P_REVEAL
    else:
        s.phase = P_START
        s.player = s.first_player


def _step_to(s: Position, h: int, cost: int = 1) -> None:
    s.cart_hex[s.player] = h
    s.budget -= cost
    s.steps_moved += 1


def _jump(s: Position, h: int) -> None:
    _step_to(s, h, s.context.params.portal_cost)
    s.free_step = 1 if s.context.params.free_step_after_jump else 0


def _take_board_tile(s: Position, h: int, free: bool) -> None:
    """Collect the face-up tile on ``h``, score a coloured hex, flip the neighbours (§4 B.2-3)."""
    ctx = s.context
    tile = s.board_tile[h]
    s.board_tile[h] = -1
    s.board_face_up[h] = 0
    s.face_up_count -= 1
    s.cache[s.n] = None
    if free:
        s.free_used = True
    else:
        s.collected = True
        s.budget -= ctx.tile_value[tile]
        if ctx.board.colour[h] >= 0:
            s.points[s.player][COLORED] += ctx.params.colored_hex_bonus
            s.last_gain = ctx.params.colored_hex_bonus
            if s.trace is not None:  # narrative only when tracing
                s.note(f"coloured hex bonus +{ctx.params.colored_hex_bonus}")
    if s.trace is not None:  # narrative only when tracing
        s.note(f"{'free ' if free else ''}collects {ctx.tiles.name(tile)} at hex {h}")
    for n in ctx.board.neighbours[h]:
        if n >= 0 and s.board_tile[n] >= 0 and not s.board_face_up[n]:
            s.board_face_up[n] = 1
            s.face_up_count += 1
            if s.trace is not None:  # narrative only when tracing
                s.note(f"flips hex {n}: {ctx.tiles.name(s.board_tile[n])}")
    s.pending_tile = tile
    s.phase = P_PLACE


def _place(s: Position, h: int) -> None:
    p = s.player
    tile = s.pending_tile
    gained, free_ok = place_tile(s, p, tile, h)
    s.pending_tile = -1
    s.last_gain += gained
    s.stats[p][0] += 1
    s.cache[p] = None
    if s.trace is not None:  # narrative only when tracing
        s.note(f"places {s.context.tiles.name(tile)} on planet hex {h}: +{gained}")
    if s.viewpoint_hex >= 0:
        s.phase = P_VIEW  # tied chains: the player chooses which one the viewpoint counts
    else:
        _after_place(s, free_ok)


def _view(s: Position, index: int) -> None:
    """§5 rev. 3: the tied chain the viewpoint counts; its mixes are declared for its terrain."""
    p, h = s.player, s.viewpoint_hex
    option = view_options(s)[index]
    declare_mixes(s, p, option)
    s.viewpoint_hex = -1
    if s.trace is not None:  # narrative only when tracing
        s.note(f"the viewpoint on planet hex {h} counts the {TERRAINS[option[0]]} chain")
    _after_place(s, not (s.context.planet.architect[h] or s.planet_architects[p][h] > 0))


def _after_place(s: Position, free_ok: bool) -> None:
    """After a placement: the free collection (§5, on an empty hex, once a turn) or the end."""
    if free_ok and not s.free_used and s.empty_count[s.player] and free_actions(s):
        s.phase = P_FREE
    else:
        after_play(s)


def after_play(s: Position) -> None:
    """End of the collection sequence: optional further moves ([A]) or the end of the turn."""
    s.free_used = True
    if s.context.params.move_after_collect and s.budget > 0:
        s.phase = P_MOVE
    else:
        end_turn(s)


def end_turn(s: Position) -> None:
    """Hand limit check (strategic variant), then the next turn."""
    limit = s.context.params.hand_limit
    if limit and s.hand_size[s.player] > limit:
        s.phase = P_DISCARD
    else:
        next_turn(s)


def next_turn(s: Position) -> None:
    """Pass the turn; check the end trigger, round end and the safety stop (§6)."""
    s.turns += 1
    if empty_hexes(s, s.player) <= s.context.trigger_empty_hexes and not s.end_triggered:
        s.end_triggered = True
        if s.trace is not None:  # narrative only when tracing
            s.note(f"seat {s.player} triggers the game end: the round is finished")
    reset_turn(s)
    s.player = (s.player + 1) % s.n
    s.phase = P_START
    if s.player == s.first_player:
        s.rounds += 1
        if s.end_triggered:
            return finish(s, "planet")
        if s.rounds >= s.context.params.max_rounds:
            return finish(s, "stall")
    if s.face_up_count == 0:
        # no face-up board tile: no paid collection, hence no collection at all, ever again
        finish(s, "planet" if s.end_triggered else "stall")
    elif s.player == s.first_player and s.round_log is not None:  # a round ended, play goes on
        s.round_log.append(s.rounds)
        s.round_log += s.scores()


def finish(s: Position, how: str) -> None:
    """Final scoring and the end of the game."""
    s.ended_by = how
    if s.trace is not None:  # narrative only when tracing
        s.note(f"game over ({how})")
    if s.player != s.first_player:
        s.rounds += 1  # count the unfinished round
    s.phase = P_OVER
    final_scoring(s)


def _dispatch_table() -> list[tuple]:
    """Handler and base code for every action code (apply looks actions up here)."""
    ranges = [
        (HIRE, PLAY, _hire),
        (PLAY, ADD, _play),
        (ADD, DONE, _add),
        (DONE, MOVE, _done),
        (MOVE, STOP, _move),
        (STOP, COLLECT, _stop),
        (COLLECT, PLACE, _collect),
        (PLACE, FREE_SUPPLY, _place),
        (FREE_SUPPLY, FREE_BOARD, _free_supply),
        (FREE_BOARD, DECLINE, _free_board),
        (DECLINE, PASS, _decline),
        (PASS, DISCARD, _pass),
        (DISCARD, PORTAL, _discard),
        (PORTAL, REVEAL, _choose_portal),
        (REVEAL, JUMP, _reveal),
        (JUMP, VIEW, _jump),
        (VIEW, VIEW + MAX_VIEW, _view),
    ]
    table: list[tuple] = [None] * (VIEW + MAX_VIEW)  # type: ignore[list-item]
    for lo, hi, fn in ranges:
        for code in range(lo, hi):
            table[code] = (fn, lo)
    return table


_DISPATCH: Final = _dispatch_table()
