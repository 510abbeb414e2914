"""Inventions (§7): hands, requirements, playing a card; registering effects by kind (§10)."""

from __future__ import annotations

from simcore.games.rats_of_wistar.board import (
    CARD_BASE,
    FIRST_SOIL,
    STOP,
    VISITOR,
    X1_BASE,
    Player,
    decide,
)
from simcore.games.rats_of_wistar.position import Position
from simcore.games.rats_of_wistar.tables import Card, Tile
from simcore.games.rats_of_wistar.vocab import JOKER, MOVE


def discard_from_hand(s: Position, pl: Player, card: int) -> None:
    """A hand card goes face up to its discard pile."""
    pl.hand.remove(card)
    if card in pl.known_cards:
        pl.known_cards.remove(card)
    s.discard[s.content.cards[card].deck].append(card)


def gain_visitor(s: Position, seat: int, vis: int) -> None:
    """Put a visitor into the lowest empty room and apply its effect."""
    pl = s.players[seat]
    pl.rooms[pl.free_room()] = VISITOR
    pl.visitors.append(vis)
    tile = s.content.visitors[vis]
    if s.trace is not None:
        s.log(f"seat {seat}: visitor {tile.id} ({tile.kind}, {tile.vp} VP) moves in")
    register(s, seat, tile.kind, tile.effect, tile.id)


def register(s: Position, seat: int, kind: str, effect: tuple, source: str = "") -> None:
    """Apply an effect by kind: now, now and every income step, once per round, or at the end.

    A once-per-round (x1) effect is kept with its source's own effect, so a hero, visitor or
    card each runs what it printed (§10).
    """
    pl = s.players[seat]
    if kind == "income":
        pl.income.append(effect)
    if kind == "x1":
        pl.x1_effects.append((source, effect))
        return
    s.push_effect(seat, effect)


def unregister_visitor(s: Position, seat: int, tile: Tile) -> None:
    """A visitor left the board: its income stops and its permanent modifiers end (§10 rev. 3).

    Content validation keeps visitors' permanent effects to modifiers that can be undone.
    """
    pl = s.players[seat]
    if tile.kind == "income" and tile.effect in pl.income:
        pl.income.remove(tile.effect)  # equal effects pay the same: any copy may go
    if tile.kind != "permanent":
        return
    for prim in tile.effect:
        op = prim[0]
        if op == "gather_bonus":
            pl.gather_bonus[prim[1]] -= prim[2]
        elif op == "cost_discount":
            pl.cost_discount[prim[1]] -= 1
        elif op == "strength_bonus":
            pl.strength_bonus[prim[1]] -= prim[2]
        elif op == "move_token_bonus":
            pl.move_token_bonus -= 1


def fill_target(s: Position, pl: Player) -> int:
    """Room slot a room requirement fills: the highest-VP dug soil room (§7), or -1."""
    if not pl.dug_rooms:
        return -1
    slot = FIRST_SOIL + pl.dug_rooms - 1
    if s.params.fill_room_must_be_empty and pl.rooms[slot] != 0:
        return -1
    return slot


def fill_room(s: Position, pl: Player) -> None:
    """§6 rev. 2: the filled room gets its soil tile back; the next dig removes it again."""
    slot = fill_target(s, pl)
    pl.rooms[slot] = -1
    pl.dug_rooms -= 1


def missing_icons(pl: Player, card: Card) -> int:
    """Icons short of the card's icon requirements (each may be covered by a joker)."""
    short, icons = 0, pl.icons
    for i, n in card.icons:  # a loop, no generator or max(): runs in every playability test
        if n > icons[i]:
            short += n - icons[i]
    return short


def resource_cost(pl: Player, res: int, amount: int) -> int:
    """Wood (0) or metal (1) to pay after the next-payment discount (§10)."""
    return max(0, amount - pl.next_discount[res]) if amount else 0


def pay_resource(pl: Player, res: int, amount: int) -> None:
    """Pay ``amount`` wood/metal; a pending discount on that resource is used up by it."""
    if amount:
        pl.resources[res] -= resource_cost(pl, res, amount)
        pl.next_discount[res] = 0


def any_cost(s: Position, pl: Player, n: int) -> int:
    """A 'pay any n' cost after the pending wood and metal discounts, which reduce it only
    with ``discount_applies_to = any`` (§10 rev. 3)."""
    disc = pl.next_discount[0] + pl.next_discount[1]
    if disc and n and s.params.discount_applies_to == "any":
        return n - disc if n > disc else 0
    return n


def pay_any_budget(s: Position, pl: Player) -> int:
    """What ``pl`` can put towards a 'pay any n' cost: ``pay_any_budget(s, pl) >= n`` exactly
    when ``pl.spendable() >= any_cost(s, pl, n)`` (a discount that applies counts as paid); one
    call for every cost tested, as the quick-action menu does at every turn decision."""
    spend = pl.spendable()
    if s.params.discount_applies_to == "any":
        spend += pl.next_discount[0] + pl.next_discount[1]
    return spend


def push_pay_any(s: Position, seat: int, n: int) -> None:
    """Push the payment of 'any n of wood / metal / hand cards' (a discount that applies is
    used up by it, like the next payment of an invention)."""
    pl = s.players[seat]
    cost = any_cost(s, pl, n)
    if n and s.params.discount_applies_to == "any":
        pl.next_discount[0] = pl.next_discount[1] = 0
    if cost:
        s.stack.append(("pay", seat, cost))


def spend_cost(s: Position, pl: Player, res: int, n: int) -> int:
    """A 'spend n wood' (0) or 'spend n metal' (1) cost after the pending discount on that
    resource, which reduces it only with ``discount_applies_to = any`` (§10 rev. 3)."""
    if res < 2 and s.params.discount_applies_to == "any":
        return resource_cost(pl, res, n)
    return n


def can_play(s: Position, pl: Player, card: Card, free: bool) -> bool:
    """Requirements of §7 met (free = ignoring requirements)."""
    if free:
        return True
    # ``resource_cost`` inlined, no max() (a heuristic tests every hand card at every decision)
    res, disc = pl.resources, pl.next_discount
    if card.wood:
        cost = card.wood - disc[0]
        if res[0] < (cost if cost > 0 else 0):
            return False
    if card.metal:
        cost = card.metal - disc[1]
        if res[1] < (cost if cost > 0 else 0):
            return False
    if res[MOVE] < card.move:
        return False
    if pl.power < card.power or (card.req_type >= 0 and not pl.type_counts[card.req_type]):
        return False
    if card.room and fill_target(s, pl) < 0:
        return False
    return not card.icons or missing_icons(pl, card) <= pl.resources[JOKER]


def playable(s: Position, seat: int, deck: int, free: bool) -> list[int]:
    """Hand cards of the deck filter (-1 = any) that can be played now."""
    pl = s.players[seat]
    cards = s.content.cards
    out = []  # a loop, not a comprehension: no frame
    for c in pl.hand:
        if (deck < 0 or cards[c].deck == deck) and can_play(s, pl, cards[c], free):
            out.append(c)
    return out


def _play_options(s: Position, task: tuple) -> list[int]:
    opts = [CARD_BASE + c for c in playable(s, task[1], task[2], task[3])]
    return [*opts, STOP] if opts else []


@decide("play", _play_options)
def _play(s: Position, task: tuple, action: int) -> None:
    """Play an invention from hand (or skip)."""
    s.stack.pop()
    if action != STOP:
        play_card(s, task[1], action - CARD_BASE, task[3])


def play_card(s: Position, seat: int, cid: int, free: bool) -> None:
    """Pay the requirements, put the card into play and start its effect."""
    pl = s.players[seat]
    card = s.content.cards[cid]
    if not free:
        pay_resource(pl, 0, card.wood)
        pay_resource(pl, 1, card.metal)
        pl.resources[MOVE] -= card.move
        if card.room:
            fill_room(s, pl)
        pl.resources[JOKER] -= missing_icons(pl, card)
    pl.hand.remove(cid)
    if cid in pl.known_cards:
        pl.known_cards.remove(cid)
    pl.played.append(cid)
    pl.icons[card.icon] += 1
    pl.type_counts[card.type] += 1
    if s.trace is not None:
        s.log(f"seat {seat}: plays {card.name} ({card.kind}){' free' if free else ''}")
    register(s, seat, card.kind, card.effect, card.name)


def _x1_options(s: Position, task: tuple) -> list[int]:
    pl = s.players[task[1]]
    return [X1_BASE + i for i in range(len(pl.x1_effects)) if i not in pl.x1_used]


@decide("x1", _x1_options)
def _x1(s: Position, task: tuple, action: int) -> None:
    """Use a once-per-round effect and mark it x1."""
    s.stack.pop()
    pl = s.players[task[1]]
    i = action - X1_BASE
    pl.x1_used.append(i)
    source, effect = pl.x1_effects[i]
    if s.trace is not None:
        s.log(f"seat {task[1]}: uses the x1 effect of {source}")
    s.push_effect(task[1], effect)
