"""Interpreter of the effect vocabulary (§10): one handler per primitive, inventions (§7)."""

from __future__ import annotations

from typing import Any

from simcore.games.rats_of_wistar.actions import can_bed, can_dig, do_bed, do_dig
from simcore.games.rats_of_wistar.board import (
    AREA_BASE,
    CARD_BASE,
    EMPTY,
    EXTRA_ROOM,
    FILLED,
    FIRST_SOIL,
    HERO_BASE,
    ICON_BASE,
    MAIN_BASE,
    MOVE_BASE,
    PAY_METAL,
    PAY_WOOD,
    SOIL,
    STOP,
    VISITOR,
    auto,
    decide,
)
from simcore.games.rats_of_wistar.vocab import JOKER, MOVE, RESOURCES, VP


# ------------------------------------------------------------------ simple primitives
@auto("gain")
def _gain(s: Any, task: tuple) -> None:
    seat, res, n = task[1], task[2], task[3]
    pl = s.players[seat]
    if res == VP:
        pl.vp += n
    else:
        pl.res[res] += n
    s.log(f"seat {seat}: +{n} {RESOURCES[res]}")


@auto("draw")
def _draw(s: Any, task: tuple) -> None:
    seat, deck, n = task[1], task[2], task[3]
    pl = s.players[seat]
    for _ in range(n):
        card = s.draw_card(deck)
        if card >= 0:
            pl.hand.append(card)
    pl.hand.sort()
    s.log(f"seat {seat}: draws {n} {'basic' if deck == 0 else 'advanced'} card(s)")


@auto("gain_power")
def _gain_power(s: Any, task: tuple) -> None:
    pl = s.players[task[1]]
    if pl.power < s.params.max_power:
        pl.power += 1
        s.log(f"seat {task[1]}: power level {pl.power}")


@auto("dig_free")
def _dig_free(s: Any, task: tuple) -> None:
    if can_dig(s.players[task[1]]):
        do_dig(s, task[1])


@auto("bed_free")
def _bed_free(s: Any, task: tuple) -> None:
    if can_bed(s, s.players[task[1]]):
        do_bed(s, task[1])


@auto("gather_bonus")
def _gather_bonus(s: Any, task: tuple) -> None:
    s.players[task[1]].gather[task[2]] += task[3]


@auto("cost_discount")
def _cost_discount(s: Any, task: tuple) -> None:
    s.players[task[1]].discount[task[2]] += 1


@auto("strength_bonus")
def _strength_bonus(s: Any, task: tuple) -> None:
    s.players[task[1]].strength[task[2]] += task[3]


@auto("move_token_bonus")
def _move_token_bonus(s: Any, task: tuple) -> None:
    s.players[task[1]].move_bonus += 1


@auto("extra_room")
def _extra_room(s: Any, task: tuple) -> None:
    pl = s.players[task[1]]
    if pl.rooms[EXTRA_ROOM] == SOIL:
        pl.rooms[EXTRA_ROOM] = EMPTY


@auto("end_vp_per")
def _end_vp_per(s: Any, task: tuple) -> None:
    s.players[task[1]].ends.append(task[2:])


@auto("attack")
def _attack(s: Any, task: tuple) -> None:
    """Each other player loses up to n wood/metal, or n random hand cards (discarded)."""
    seat, what, n = task[1], task[2], task[3]
    for other, pl in enumerate(s.players):
        if other == seat:
            continue
        if what < 2:
            lost = min(n, pl.res[what])
            pl.res[what] -= lost
        else:
            lost = 0
            for _ in range(min(n, len(pl.hand))):
                card = pl.hand[s.rng.randrange(len(pl.hand))]
                discard_from_hand(s, pl, card)
                lost += 1
        s.log(f"seat {seat} attacks seat {other}: loses {lost} {('wood', 'metal', 'card')[what]}")


def discard_from_hand(s: Any, pl: Any, card: int) -> None:
    """A hand card goes face up to its discard pile."""
    pl.hand.remove(card)
    if card in pl.known:
        pl.known.remove(card)
    s.discard[s.content.cards[card].deck].append(card)


@auto("take_round_visitor")
def _take_round_visitor(s: Any, task: tuple) -> None:
    pl = s.players[task[1]]
    if s.rvis >= 0 and EMPTY in pl.rooms:
        vis, s.rvis = s.rvis, -1
        gain_visitor(s, task[1], vis)


@auto("take_visitor")
def _take_visitor(s: Any, task: tuple) -> None:
    pile = s.vsupply[task[2]]
    pl = s.players[task[1]]
    if pile and EMPTY in pl.rooms:
        gain_visitor(s, task[1], pile.pop(s.rng.randrange(len(pile))))


def gain_visitor(s: Any, seat: int, vis: int) -> None:
    """Put a visitor into the lowest empty room and apply its effect."""
    pl = s.players[seat]
    pl.rooms[pl.free_room()] = VISITOR
    pl.visitors.append(vis)
    tile = s.content.visitors[vis]
    s.log(f"seat {seat}: visitor {tile.id} ({tile.kind}, {tile.vp} VP) moves in")
    register(s, seat, tile.kind, tile.effect)


def register(s: Any, seat: int, kind: str, effect: tuple, card: int = -1) -> None:
    """Apply an effect by kind: now, now and every income step, once per round, or at the end."""
    pl = s.players[seat]
    if kind == "income":
        pl.income.append(effect)
    if kind == "x1":
        pl.x1.append(card)
        return
    s.push_effect(seat, effect)


# ------------------------------------------------------------------ decisions
def _main_any_options(s: Any, task: tuple) -> list[int]:
    return [MAIN_BASE + m for m in range(6)] if task[2] < 0 else [MAIN_BASE + task[2]]


@decide("main_action", _main_any_options)
def _main_action(s: Any, task: tuple, action: int) -> None:
    """Perform a main action (any = chosen) at the area strength [A]."""
    s.stack.pop()
    fixed = s.params.effect_main_strength
    s.stack.append(("main", task[1], action - MAIN_BASE, *((fixed,) if fixed else ())))


def _icon_options(s: Any, task: tuple) -> list[int]:
    if sum(p.icon_tokens for p in s.players) >= s.params.icon_token_supply:
        return []  # the supply of tech-icon tokens is exhausted
    return [ICON_BASE + i for i in range(6)] if task[2] < 0 else [ICON_BASE + task[2]]


@decide("gain_icon", _icon_options)
def _gain_icon(s: Any, task: tuple, action: int) -> None:
    """Take a tech-icon token."""
    s.stack.pop()
    pl = s.players[task[1]]
    pl.icons[action - ICON_BASE] += 1
    pl.icon_tokens += 1


def _hero_options(s: Any, task: tuple) -> list[int]:
    return [HERO_BASE + h for h in s.heroes]


@decide("gain_hero", _hero_options)
def _gain_hero(s: Any, task: tuple, action: int) -> None:
    """Take a hero from the supply."""
    s.stack.pop()
    hero = action - HERO_BASE
    s.heroes.remove(hero)
    s.players[task[1]].heroes.append(hero)
    tile = s.content.heroes[hero]
    s.log(f"seat {task[1]}: hero {tile.label}")
    register(s, task[1], tile.kind, tile.effect)


def _pay_options(s: Any, task: tuple) -> list[int]:
    pl = s.players[task[1]]
    opts = [PAY_WOOD] if pl.res[0] else []
    if pl.res[1]:
        opts.append(PAY_METAL)
    return opts + [CARD_BASE + c for c in pl.hand]


@decide("pay", _pay_options)
def _pay(s: Any, task: tuple, action: int) -> None:
    """Pay one of 'any n of wood / metal / hand cards'."""
    s.stack.pop()
    seat = task[1]
    pl = s.players[seat]
    if action == PAY_WOOD:
        pl.res[0] -= 1
    elif action == PAY_METAL:
        pl.res[1] -= 1
    else:
        discard_from_hand(s, pl, action - CARD_BASE)
    s.log(f"seat {seat}: pays {_paid(s, action)}")
    if task[2] > 1:
        s.stack.append(("pay", seat, task[2] - 1))


def _paid(s: Any, action: int) -> str:
    if action in (PAY_WOOD, PAY_METAL):
        return "wood" if action == PAY_WOOD else "metal"
    return s.content.cards[action - CARD_BASE].name


def _move_options(s: Any, task: tuple) -> list[int]:
    areas = s.players[task[1]].areas
    opts = [MOVE_BASE + a * 3 + b for a in range(3) if areas[a] for b in range(3) if b != a]
    return [*opts, STOP] if opts else []


@decide("move_workers", _move_options)
def _move_workers(s: Any, task: tuple, action: int) -> None:
    """Move one worker between areas (up to n), or stop."""
    s.stack.pop()
    if action == STOP:
        return
    src, dst = divmod(action - MOVE_BASE, 3)
    areas = s.players[task[1]].areas
    areas[src] -= 1
    areas[dst] += 1
    if task[2] > 1:
        s.stack.append(("move_workers", task[1], task[2] - 1))


def _place_options(s: Any, task: tuple) -> list[int]:
    return [AREA_BASE, AREA_BASE + 1, AREA_BASE + 2] if s.players[task[1]].entrance else []


@decide("place_worker", _place_options)
def _place_worker(s: Any, task: tuple, action: int) -> None:
    """Place a worker from the burrow entrance into an area."""
    s.stack.pop()
    pl = s.players[task[1]]
    pl.entrance -= 1
    pl.areas[action - AREA_BASE] += 1


# ------------------------------------------------------------------ inventions (§7)
def fill_target(s: Any, pl: Any) -> int:
    """Room slot a room requirement fills: the highest-VP dug soil room not yet filled."""
    for slot in range(FIRST_SOIL + pl.dug - 1, FIRST_SOIL - 1, -1):
        if pl.rooms[slot] != FILLED:
            if s.params.fill_room_must_be_empty and pl.rooms[slot] != EMPTY:
                return -1
            return slot
    return -1


def missing_icons(pl: Any, card: Any) -> int:
    """Icons short of the card's icon requirements (each may be covered by a joker)."""
    return sum(max(0, n - pl.icons[i]) for i, n in card.icons)


def can_play(s: Any, pl: Any, card: Any, free: bool) -> bool:
    """Requirements of §7 met (free = ignoring requirements)."""
    if free:
        return True
    if pl.res[0] < card.wood or pl.res[1] < card.metal or pl.res[MOVE] < card.move:
        return False
    if pl.power < card.power or (card.req_type >= 0 and not pl.types[card.req_type]):
        return False
    if card.room and fill_target(s, pl) < 0:
        return False
    return not card.icons or missing_icons(pl, card) <= pl.res[JOKER]


def playable(s: Any, seat: int, deck: int, free: bool) -> list[int]:
    """Hand cards of the deck filter (-1 = any) that can be played now."""
    pl = s.players[seat]
    cards = s.content.cards
    return [c for c in pl.hand
            if (deck < 0 or cards[c].deck == deck) and can_play(s, pl, cards[c], free)]  # fmt: skip


def _play_options(s: Any, task: tuple) -> list[int]:
    opts = [CARD_BASE + c for c in playable(s, task[1], task[2], task[3])]
    return [*opts, STOP] if opts else []


@decide("play", _play_options)
def _play(s: Any, task: tuple, action: int) -> None:
    """Play an invention from hand (or skip)."""
    s.stack.pop()
    if action != STOP:
        play_card(s, task[1], action - CARD_BASE, task[3])


def play_card(s: Any, seat: int, cid: int, free: bool) -> None:
    """Pay the requirements, put the card into play and start its effect."""
    pl = s.players[seat]
    card = s.content.cards[cid]
    if not free:
        pl.res[0] -= card.wood
        pl.res[1] -= card.metal
        pl.res[MOVE] -= card.move
        if card.room:
            pl.rooms[fill_target(s, pl)] = FILLED
        pl.res[JOKER] -= missing_icons(pl, card)
    pl.hand.remove(cid)
    if cid in pl.known:
        pl.known.remove(cid)
    pl.played.append(cid)
    pl.icons[card.icon] += 1
    pl.types[card.type] += 1
    s.log(f"seat {seat}: plays {card.name} ({card.kind}){' free' if free else ''}")
    register(s, seat, card.kind, card.effect, cid)


def _x1_options(s: Any, task: tuple) -> list[int]:
    pl = s.players[task[1]]
    return [CARD_BASE + c for c in pl.x1 if c not in pl.x1_used]


@decide("x1", _x1_options)
def _x1(s: Any, task: tuple, action: int) -> None:
    """Use a once-per-round effect and mark it x1."""
    s.stack.pop()
    pl = s.players[task[1]]
    cid = action - CARD_BASE
    pl.x1_used.append(cid)
    s.log(f"seat {task[1]}: uses x1 effect of {s.content.cards[cid].name}")
    s.push_effect(task[1], s.content.cards[cid].effect)


def feasible(s: Any, seat: int, prim: tuple) -> bool:
    """Whether a primitive can do anything now (used to offer only live branches)."""
    from simcore.games.rats_of_wistar.farm import completable

    op = prim[0]
    pl = s.players[seat]
    if op == "complete_mission":
        return bool(completable(s, seat))
    if op == "move_workers":
        return bool(pl.areas[0] or pl.areas[1] or pl.areas[2])
    if op == "play":
        return bool(playable(s, seat, prim[1], prim[2]))
    if op == "draw":
        return bool(s.deck[prim[1]] or s.discard[prim[1]])
    return True
