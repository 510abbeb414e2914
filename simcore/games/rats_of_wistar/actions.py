"""The six main actions with partial execution (§6): gather, dig, beds, project, explore."""

from __future__ import annotations

from typing import Final

from simcore.games.rats_of_wistar.board import (
    BED,
    BED_ACT,
    DIG_ACT,
    EMPTY,
    FIRST_SOIL,
    MARKET_BASE,
    STOP,
    Player,
    auto,
    decide,
)
from simcore.games.rats_of_wistar.inventions import pay_resource, resource_cost
from simcore.games.rats_of_wistar.position import Position
from simcore.games.rats_of_wistar.records import note_strength
from simcore.games.rats_of_wistar.vocab import MAIN_LABELS
from simcore.games.rats_of_wistar.wheel import strength

# ``("main", seat, main, PLACEMENT_MAIN)`` is a placement's own main action: only its strength
# is the placement's ``strength_used`` (§12 rev. 3), not a main action an effect runs later.
PLACEMENT_MAIN: Final = -1


@auto("main")
def _main(s: Position, task: tuple) -> None:
    """Perform a main action at the current strength, or at the fixed strength ``task[3] > 0``
    an effect gives it."""
    seat, main = task[1], task[2]
    fixed = task[3] if len(task) > 3 else 0
    st = fixed if fixed > 0 else strength(s, seat, main)
    pl = s.players[seat]
    s._main_strength = st
    if fixed == PLACEMENT_MAIN:
        note_strength(s, st)
    if s.trace is not None:
        s.log(f"seat {seat}: main action {MAIN_LABELS[main]} at strength {st}")
    if main in (0, 2):
        res = 0 if main == 0 else 1
        if st > 0 or not s.params.gather_bonus_needs_strength:
            pl.resources[res] += max(st, 0) + pl.gather_bonus[res]
        return
    if st <= 0:
        return
    if main == 1:
        s.stack.append(("dig", seat, st))
    elif main == 3:
        s.stack.append(("bed", seat, st))
    elif main == 4:
        s.push(("project", seat, st), ("refill", seat))
    else:
        s.stack.append(("explore", seat, st))


def dig_cost(s: Position, pl: Player) -> int:
    """Metal per room after discounts."""
    return max(s.params.cost_floor, s.params.dig_cost - pl.cost_discount[0])


def bed_cost(s: Position, pl: Player) -> int:
    """Wood per bed after discounts."""
    return max(s.params.cost_floor, s.params.bed_cost - pl.cost_discount[1])


def can_dig(pl: Player) -> bool:
    """A soil tile is left."""
    return pl.dug_rooms < 6


def can_bed(s: Position, pl: Player) -> bool:
    """A bed tile is left and an empty room exists."""
    return pl.beds < s.params.bed_workers and EMPTY in pl.rooms


def do_dig(s: Position, seat: int) -> None:
    """Remove the lowest-VP soil tile: its room is dug and empty."""
    pl = s.players[seat]
    pl.rooms[FIRST_SOIL + pl.dug_rooms] = EMPTY
    pl.dug_rooms += 1
    if s.trace is not None:
        s.log(f"seat {seat}: digs room {pl.dug_rooms}")


def do_bed(s: Position, seat: int) -> None:
    """Move the leftmost bed tile into an empty room; its worker goes to the entrance."""
    pl = s.players[seat]
    pl.rooms[pl.free_room()] = BED
    pl.beds += 1
    pl.entrance_workers += 1
    if s.trace is not None:
        s.log(f"seat {seat}: builds bed {pl.beds}; a worker wakes at the entrance")


def _dig_options(s: Position, task: tuple) -> list[int]:
    pl = s.players[task[1]]
    ok = can_dig(pl) and pl.resources[1] >= resource_cost(pl, 1, dig_cost(s, pl))
    return [DIG_ACT, STOP] if ok else []


@decide("dig", _dig_options)
def _dig(s: Position, task: tuple, action: int) -> None:
    """Dig one more room (paying metal) or stop (partial execution)."""
    s.stack.pop()
    if action == STOP:
        return
    seat = task[1]
    pl = s.players[seat]
    pay_resource(pl, 1, dig_cost(s, pl))
    do_dig(s, seat)
    if task[2] > 1:
        s.stack.append(("dig", seat, task[2] - 1))


def _bed_options(s: Position, task: tuple) -> list[int]:
    pl = s.players[task[1]]
    ok = can_bed(s, pl) and pl.resources[0] >= resource_cost(pl, 0, bed_cost(s, pl))
    return [BED_ACT, STOP] if ok else []


@decide("bed", _bed_options)
def _bed(s: Position, task: tuple, action: int) -> None:
    """Build one more bed (paying wood) or stop."""
    s.stack.pop()
    if action == STOP:
        return
    seat = task[1]
    pl = s.players[seat]
    pay_resource(pl, 0, bed_cost(s, pl))
    do_bed(s, seat)
    if task[2] > 1:
        s.stack.append(("bed", seat, task[2] - 1))


def _project_options(s: Position, task: tuple) -> list[int]:
    pts = task[2]
    prm = s.params
    opts = [STOP]
    for deck, cost in ((0, prm.basic_project_cost), (1, prm.advanced_project_cost)):
        if pts < cost:
            continue
        opts += [MARKET_BASE + deck * 10 + i for i, c in enumerate(s.market[deck]) if c >= 0]
        if s.deck[deck] or s.discard[deck]:
            opts.append(MARKET_BASE + deck * 10 + 9)
    return opts if len(opts) > 1 else []


@decide("project", _project_options)
def _project(s: Position, task: tuple, action: int) -> None:
    """Spend project points on a market card or the top of a deck; stop loses the rest."""
    s.stack.pop()
    if action == STOP:
        return
    seat = task[1]
    pl = s.players[seat]
    deck, slot = divmod(action - MARKET_BASE, 10)
    if slot == 9:
        card = s.draw_card(deck)
        pl.hand.append(card)
        pl.hand.sort()
        if s.trace is not None:
            s.log(f"seat {seat}: takes the top {'basic' if deck == 0 else 'advanced'} card")
    else:
        card = s.market[deck][slot]
        s.market[deck][slot] = -1
        pl.hand.append(card)
        pl.hand.sort()
        pl.known_cards.append(card)
        pl.known_cards.sort()
        if s.trace is not None:
            s.log(f"seat {seat}: takes {s.content.cards[card].name} from the market")
    cost = s.params.basic_project_cost if deck == 0 else s.params.advanced_project_cost
    if task[2] - cost > 0:
        s.stack.append(("project", seat, task[2] - cost))
