"""Interpreter of the effect vocabulary (§10): one handler per primitive, inventions (§7)."""

from __future__ import annotations

from simcore.core.rng import randbelow
from simcore.games.rats_of_wistar.actions import can_bed, can_dig, do_bed, do_dig
from simcore.games.rats_of_wistar.board import (
    AREA_BASE,
    CARD_BASE,
    CHEESE,
    EMPTY,
    EXTRA_ROOM,
    HERO_BASE,
    ICON_BASE,
    MAIN_BASE,
    MOVE_BASE,
    PAY_METAL,
    PAY_WOOD,
    ROOM_BASE,
    SOIL,
    SPEND_ACT,
    SPEND_CHEESE,
    STOP,
    VISITOR,
    VISRET_BASE,
    Player,
    auto,
    decide,
)
from simcore.games.rats_of_wistar.farm import completable, neighbours
from simcore.games.rats_of_wistar.inventions import (
    any_cost,
    discard_from_hand,
    gain_visitor,
    playable,
    push_pay_any,
    register,
    spend_cost,
    unregister_visitor,
)
from simcore.games.rats_of_wistar.position import Position
from simcore.games.rats_of_wistar.vocab import RESOURCES, SPEND_ANY, SPEND_VISITOR, VP


# ------------------------------------------------------------------ simple primitives
@auto("gain")
def _gain(s: Position, task: tuple) -> None:
    seat, res, n = task[1], task[2], task[3]
    pl = s.players[seat]
    if res == VP:
        pl.victory_points += n
    else:
        pl.resources[res] += n
    if s.trace is not None:
        s.log(f"seat {seat}: +{n} {RESOURCES[res]}")


@auto("draw")
def _draw(s: Position, task: tuple) -> None:
    seat, deck, n = task[1], task[2], task[3]
    pl = s.players[seat]
    for _ in range(n):
        card = s.draw_card(deck)
        if card >= 0:
            pl.hand.append(card)
    pl.hand.sort()
    if s.trace is not None:
        s.log(f"seat {seat}: draws {n} {'basic' if deck == 0 else 'advanced'} card(s)")


@auto("gain_power")
def _gain_power(s: Position, task: tuple) -> None:
    pl = s.players[task[1]]
    if pl.power < s.params.max_power:
        pl.power += 1
        if s.trace is not None:
            s.log(f"seat {task[1]}: power level {pl.power}")


@auto("dig_free")
def _dig_free(s: Position, task: tuple) -> None:
    if can_dig(s.players[task[1]]):
        do_dig(s, task[1])


@auto("bed_free")
def _bed_free(s: Position, task: tuple) -> None:
    if can_bed(s, s.players[task[1]]):
        do_bed(s, task[1])


@auto("gather_bonus")
def _gather_bonus(s: Position, task: tuple) -> None:
    s.players[task[1]].gather_bonus[task[2]] += task[3]


@auto("cost_discount")
def _cost_discount(s: Position, task: tuple) -> None:
    s.players[task[1]].cost_discount[task[2]] += 1


@auto("strength_bonus")
def _strength_bonus(s: Position, task: tuple) -> None:
    s.players[task[1]].strength_bonus[task[2]] += task[3]


@auto("move_token_bonus")
def _move_token_bonus(s: Position, task: tuple) -> None:
    s.players[task[1]].move_token_bonus += 1


@auto("extra_room")
def _extra_room(s: Position, task: tuple) -> None:
    pl = s.players[task[1]]
    if pl.rooms[EXTRA_ROOM] == SOIL:
        pl.rooms[EXTRA_ROOM] = EMPTY


@auto("end_vp_per")
def _end_vp_per(s: Position, task: tuple) -> None:
    s.players[task[1]].end_vp_per.append(task[2:])


@auto("attack")
def _attack(s: Position, task: tuple) -> None:
    """Each other player loses up to n wood/metal, or n random hand cards (discarded)."""
    seat, what, n = task[1], task[2], task[3]
    for other, pl in enumerate(s.players):
        if other == seat:
            continue
        if what < 2:
            lost = min(n, pl.resources[what])
            pl.resources[what] -= lost
        else:
            lost = 0
            for _ in range(min(n, len(pl.hand))):
                card = pl.hand[randbelow(s.rng, len(pl.hand))]
                discard_from_hand(s, pl, card)
                lost += 1
        if s.trace is not None:
            s.log(
                f"seat {seat} attacks seat {other}: loses {lost} {('wood', 'metal', 'card')[what]}"
            )


@auto("take_round_visitor")
def _take_round_visitor(s: Position, task: tuple) -> None:
    pl = s.players[task[1]]
    if s.round_visitor >= 0 and EMPTY in pl.rooms:
        vis, s.round_visitor = s.round_visitor, -1
        gain_visitor(s, task[1], vis)


@auto("take_visitor")
def _take_visitor(s: Position, task: tuple) -> None:
    pile = s.visitor_supply[task[2]]
    pl = s.players[task[1]]
    if pile and EMPTY in pl.rooms:
        gain_visitor(s, task[1], pile.pop(randbelow(s.rng, len(pile))))


# ------------------------------------------------------------------ decisions
def _main_any_options(s: Position, task: tuple) -> list[int]:
    return [MAIN_BASE + m for m in range(6)] if task[2] < 0 else [MAIN_BASE + task[2]]


@decide("main_action", _main_any_options)
def _main_action(s: Position, task: tuple, action: int) -> None:
    """Perform a main action (any = chosen) at the area strength [A]."""
    s.stack.pop()
    fixed = s.params.effect_main_strength
    s.stack.append(("main", task[1], action - MAIN_BASE, *((fixed,) if fixed else ())))


def _icon_options(s: Position, task: tuple) -> list[int]:
    if sum(p.icon_tokens for p in s.players) >= s.params.icon_token_supply:
        return []  # the supply of tech-icon tokens is exhausted
    return [ICON_BASE + i for i in range(6)] if task[2] < 0 else [ICON_BASE + task[2]]


@decide("gain_icon", _icon_options)
def _gain_icon(s: Position, task: tuple, action: int) -> None:
    """Take a tech-icon token."""
    s.stack.pop()
    pl = s.players[task[1]]
    pl.icons[action - ICON_BASE] += 1
    pl.icon_tokens += 1


def _hero_options(s: Position, task: tuple) -> list[int]:
    return [HERO_BASE + h for h in s.hero_supply]


@decide("gain_hero", _hero_options)
def _gain_hero(s: Position, task: tuple, action: int) -> None:
    """Take a hero from the supply."""
    s.stack.pop()
    hero = action - HERO_BASE
    s.hero_supply.remove(hero)
    s.players[task[1]].heroes.append(hero)
    tile = s.content.heroes[hero]
    if s.trace is not None:
        s.log(f"seat {task[1]}: hero {tile.label}")
    register(s, task[1], tile.kind, tile.effect, tile.label)


def _pay_options(s: Position, task: tuple) -> list[int]:
    pl = s.players[task[1]]
    opts = [PAY_WOOD] if pl.resources[0] else []
    if pl.resources[1]:
        opts.append(PAY_METAL)
    for c in pl.hand:  # loops, not comprehensions, in option lists: Python 3.11 makes a frame
        opts.append(CARD_BASE + c)  # for each comprehension
    return opts


@decide("pay", _pay_options)
def _pay(s: Position, task: tuple, action: int) -> None:
    """Pay one of 'any n of wood / metal / hand cards'."""
    s.stack.pop()
    seat = task[1]
    pl = s.players[seat]
    if action == PAY_WOOD:
        pl.resources[0] -= 1
    elif action == PAY_METAL:
        pl.resources[1] -= 1
    else:
        discard_from_hand(s, pl, action - CARD_BASE)
    if s.trace is not None:
        s.log(f"seat {seat}: pays {_paid(s, action)}")
    if task[2] > 1:
        s.stack.append(("pay", seat, task[2] - 1))


def _paid(s: Position, action: int) -> str:
    if action in (PAY_WOOD, PAY_METAL):
        return "wood" if action == PAY_WOOD else "metal"
    return s.content.cards[action - CARD_BASE].name


def _move_options(s: Position, task: tuple) -> list[int]:
    areas = s.players[task[1]].area_workers
    opts = []
    for a in range(3):
        if areas[a]:
            for b in range(3):
                if b != a:
                    opts.append(MOVE_BASE + a * 3 + b)
    if opts:
        opts.append(STOP)
    return opts


@decide("move_workers", _move_options)
def _move_workers(s: Position, task: tuple, action: int) -> None:
    """Move one worker between areas (up to n), or stop."""
    s.stack.pop()
    if action == STOP:
        return
    src, dst = divmod(action - MOVE_BASE, 3)
    areas = s.players[task[1]].area_workers
    areas[src] -= 1
    areas[dst] += 1
    if task[2] > 1:
        s.stack.append(("move_workers", task[1], task[2] - 1))


def _place_options(s: Position, task: tuple) -> list[int]:
    return [AREA_BASE, AREA_BASE + 1, AREA_BASE + 2] if s.players[task[1]].entrance_workers else []


@decide("place_worker", _place_options)
def _place_worker(s: Position, task: tuple, action: int) -> None:
    """Place a worker from the burrow entrance into an area."""
    s.stack.pop()
    pl = s.players[task[1]]
    pl.entrance_workers -= 1
    pl.area_workers[action - AREA_BASE] += 1


def feasible(s: Position, seat: int, prim: tuple) -> bool:
    """Whether a primitive can do anything now (used to offer only live branches)."""
    op = prim[0]
    pl = s.players[seat]
    if op == "complete_mission":
        return bool(completable(s, seat))
    if op == "move_workers":
        return bool(pl.area_workers[0] or pl.area_workers[1] or pl.area_workers[2])
    if op == "play":
        return bool(playable(s, seat, prim[1], prim[2]))
    if op == "draw":
        return bool(s.deck[prim[1]] or s.discard[prim[1]])
    return True


# ------------------------------------------------------------------ rev. 2 vocabulary (§10)
@auto("lose_vp")
def _lose_vp(s: Position, task: tuple) -> None:
    s.players[task[1]].victory_points -= task[2]
    if s.trace is not None:
        s.log(f"seat {task[1]}: loses {task[2]} VP")


@auto("next_discount")
def _next_discount(s: Position, task: tuple) -> None:
    """The next payment of wood (0) or metal (1) costs ``n`` less."""
    s.players[task[1]].next_discount[task[2]] += task[3]


def can_spend(s: Position, pl: Player, what: int, n: int) -> bool:
    """Whether the player holds what a 'spend' primitive asks for (the cheese is a visitor)."""
    if what == SPEND_ANY:
        return pl.spendable() >= any_cost(s, pl, n)
    if what == SPEND_VISITOR:
        return pl.n_visitors() >= n
    return pl.resources[what] >= spend_cost(s, pl, what, n)


def _spend_options(s: Position, task: tuple) -> list[int]:
    return [SPEND_ACT, STOP] if can_spend(s, s.players[task[1]], task[2], task[3]) else []


@decide("spend", _spend_options)
def _spend(s: Position, task: tuple, action: int) -> None:
    """Pay a cost inside an effect, then the rest of the effect; STOP declines both.

    Without the means to pay, the rest of the effect does not happen (no options: skipped).
    """
    s.stack.pop()
    if action == STOP:
        return
    seat, what, n, rest = task[1], task[2], task[3], task[4]
    pl = s.players[seat]
    s.push_effect(seat, rest)
    if what == SPEND_ANY:
        push_pay_any(s, seat, n)
    elif what == SPEND_VISITOR:
        s.stack.append(("spend_visitor", seat, n))
    else:
        cost = spend_cost(s, pl, what, n)
        if what < 2 and s.params.discount_applies_to == "any":
            pl.next_discount[what] = 0  # the discount applies to this payment and is used up
        pl.resources[what] -= cost
        if s.trace is not None:
            s.log(f"seat {seat}: spends {cost} {RESOURCES[what]}")


def _visitor_options(s: Position, task: tuple) -> list[int]:
    pl = s.players[task[1]]
    opts = [VISRET_BASE + i for i in range(len(pl.visitors))]
    return [*opts, SPEND_CHEESE] if pl.cheese_vp >= 0 else opts  # §6: the cheese is a visitor


@decide("spend_visitor", _visitor_options)
def _spend_visitor(s: Position, task: tuple, action: int) -> None:
    """A visitor (or the cheese) leaves the board: its room is empty again, and its income and
    permanent effects end (§10 rev. 3)."""
    s.stack.pop()
    seat = task[1]
    pl = s.players[seat]
    if action == SPEND_CHEESE:
        _vacate(pl, CHEESE)
        if s.trace is not None:
            s.log(f"seat {seat}: spends the {pl.cheese_vp} VP cheese")
        pl.cheese_vp = -1
    else:
        tile = s.content.visitors[pl.visitors.pop(action - VISRET_BASE)]
        _vacate(pl, VISITOR)  # visitors are interchangeable in rooms
        unregister_visitor(s, seat, tile)
        if s.trace is not None:
            s.log(f"seat {seat}: spends visitor {tile.id}")
    if task[2] > 1:
        s.stack.append(("spend_visitor", task[1], task[2] - 1))


def _vacate(pl: Player, what: int) -> None:
    """Empty a room holding ``what``. With ``fill_room_must_be_empty = false`` an invention may
    have filled the room a visitor or the cheese stood in: it is then in no room."""
    if what in pl.rooms:
        pl.rooms[pl.rooms.index(what)] = EMPTY


def explorer_targets(s: Position, pl: Player, how: int) -> list[int]:
    """Rooms the explorer may move to: connected without closed doors (0) or a tent room (1)."""
    if how == 1:
        return sorted({r for r in pl.tent_rooms if r != pl.explorer_room})
    seen, todo = {pl.explorer_room}, [pl.explorer_room]
    while todo:
        for r in neighbours(s, todo.pop()):
            if r not in seen:
                seen.add(r)
                todo.append(r)
    return sorted(seen - {pl.explorer_room})


def _explorer_options(s: Position, task: tuple) -> list[int]:
    opts = [ROOM_BASE + r for r in explorer_targets(s, s.players[task[1]], task[2])]
    return [*opts, STOP] if opts else []


@decide("explorer_move", _explorer_options)
def _explorer_move(s: Position, task: tuple, action: int) -> None:
    """Move the explorer (or stay)."""
    s.stack.pop()
    if action != STOP:
        pl = s.players[task[1]]
        pl.explorer_room = action - ROOM_BASE
        if s.trace is not None:
            s.log(f"seat {task[1]}: explorer moves to {s.content.farm.rooms[pl.explorer_room]}")
