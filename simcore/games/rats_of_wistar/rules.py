"""Round structure (§3), turns, the wheel and the hut (§4-§5), main actions (§6)."""

from __future__ import annotations

from simcore.games.rats_of_wistar.actions import PLACEMENT_MAIN
from simcore.games.rats_of_wistar.board import (
    BRANCH_BASE,
    HUT,
    ORDER_BASE,
    QA_GOAL,
    QA_JOKER,
    QA_MOVE,
    QA_PLACE,
    QA_POTION,
    QA_POWER,
    QA_TENT,
    QA_X1,
    SPACE_BASE,
    STOP,
    Player,
    auto,
    decide,
)
from simcore.games.rats_of_wistar.effects import feasible
from simcore.games.rats_of_wistar.farm import can_goal
from simcore.games.rats_of_wistar.inventions import pay_any_budget, push_pay_any
from simcore.games.rats_of_wistar.position import Position
from simcore.games.rats_of_wistar.records import finish_placement, note_choice, track_placement
from simcore.games.rats_of_wistar.vocab import JOKER, MOVE, POTION
from simcore.games.rats_of_wistar.wheel import space_slot


def flow(s: Position) -> None:
    """Nothing pending: start the next turn, or end the round / the game."""
    n = s.n_players
    s.turn += 1
    if s.turn < n * s.params.chiefs:
        seat = s.order[s.turn % n]
        s.quick_actions, s.chief_placed = 0, False
        s.stack.append(("turn", seat))
        return
    hut_order(s)
    if s.round >= s.params.rounds:
        s.game_over = True
        if s.trace is not None:
            s.log(f"game over; final turn order {s.order}")
        return
    new_round(s)


def hut_order(s: Position) -> None:
    """§3.1: players with a hut chief move to the front in order of their first hut chief."""
    first: list[int] = []
    for seat in s.hut_chiefs:
        if seat not in first:
            first.append(seat)
    s.order = first + [seat for seat in s.order if seat not in first]


def new_round(s: Position) -> None:
    """§3 new-round phase, steps 2-7 (step 1 was done by ``hut_order``)."""
    s.round_starts += (s.order[0],)
    s.hut_chiefs = []
    s.space_chiefs = [[-1] * len(row) for row in s.space_chiefs]
    for pl in s.players:
        pl.chiefs_left = s.params.chiefs
    if s.round_visitor >= 0 and s.trace is not None:
        s.log(f"round visitor {s.content.visitors[s.round_visitor].id} removed (nobody took it)")
    s.round += 1
    s.round_visitor = (
        s.round_visitor_stack[s.round - 1] if s.round - 1 < len(s.round_visitor_stack) else -1
    )
    if s.trace is not None:
        shown = s.content.visitors[s.round_visitor].id if s.round_visitor >= 0 else "-"
        s.log(f"== round {s.round}: turn order {s.order}; wheel rotates; round visitor {shown}")
    tasks: list[tuple] = []
    for seat in s.order:
        for effect in s.players[seat].income:
            tasks += [(p[0], seat, *p[1:]) for p in effect]
    s.push(*tasks, ("x1_reset", -1), ("market_step", -1), ("round_start", -1))
    s.turn = -1


@auto("x1_reset")
def _x1_reset(s: Position, task: tuple) -> None:
    """§3.6: x1 markers go back."""
    for pl in s.players:
        pl.x1_used.clear()


@auto("market_step")
def _market_step(s: Position, task: tuple) -> None:
    """§3.7: discard the rightmost cards, slide right, draw new ones on the left."""
    k = s.params.market_discard
    size = s.params.market_size
    for deck in (0, 1):
        row = s.market[deck]
        for card in row[size - k :]:
            if card >= 0:
                s.discard[deck].append(card)
        kept = row[: size - k]
        s.market[deck] = [-1] * k + kept
    refill(s)


@auto("round_start")
def _round_start(s: Position, task: tuple) -> None:
    """Action phase begins (``flow`` pushes the first turn)."""
    s.turn = -1


@auto("refill")
def _refill(s: Position, task: tuple) -> None:
    refill(s)


def refill(s: Position) -> None:
    """Fill empty market slots from the decks."""
    for deck in (0, 1):
        row = s.market[deck]
        for i in range(len(row)):
            if row[i] < 0:
                row[i] = s.draw_card(deck)


def _turn_options(s: Position, task: tuple) -> list[int]:
    seat = task[1]
    pl = s.players[seat]
    opts: list[int] = []
    if not s.chief_placed:
        opts.append(HUT)
        for sec, row in enumerate(s.space_chiefs):
            if seat in row:
                continue  # one chief per player per sector
            for sp, who in enumerate(row):  # a loop, not a comprehension: no frame per sector
                if who < 0:
                    opts.append(SPACE_BASE + sec * 3 + sp)
    else:
        opts.append(STOP)
    # §8: any number of quick actions; each one spends something finite (a resource, token,
    # potion, worker, tent, goal or x1 mark), which is what keeps a turn finite.
    opts += quick_options(s, seat, pl)
    return opts


def quick_options(s: Position, seat: int, pl: Player) -> list[int]:
    """Quick actions (§8) available now."""
    prm = s.params
    out = []
    spend = pay_any_budget(s, pl)  # one call, not one per cost: random games 2% faster
    if spend >= prm.joker_cost:
        out.append(QA_JOKER)
    if pl.power < prm.max_power and spend >= prm.power_cost:
        out.append(QA_POWER)
    if pl.resources[MOVE] and (pl.area_workers[0] or pl.area_workers[1] or pl.area_workers[2]):
        out.append(QA_MOVE)
    if pl.entrance_workers:
        out.append(QA_PLACE)
    if (
        len(pl.tent_rooms) < prm.tents
        and pl.explorer_room != s.content.farm.entrance
        and pl.explorer_room not in pl.tent_rooms
    ):
        out.append(QA_TENT)
    if can_goal(s, seat):
        out.append(QA_GOAL)
    # a potion can always be drunk for wood or metal, so holding one is enough
    if pl.resources[POTION] and prm.potion_is_quick_action:
        out.append(QA_POTION)
    if len(pl.x1_used) < len(pl.x1_effects):
        out.append(QA_X1)
    return out


@decide("turn", _turn_options)
def _turn(s: Position, task: tuple, action: int) -> None:
    """Place a chief, take a quick action, or end the turn."""
    seat = task[1]
    if action == STOP:
        s.stack.pop()
        return
    if action == HUT:
        _place_hut(s, seat)
    elif action >= SPACE_BASE:
        code = action - SPACE_BASE
        _place_space(s, seat, code // 3, code % 3)
    else:
        s.quick_actions += 1
        _quick(s, seat, action)


def _place_hut(s: Position, seat: int) -> None:
    pl = s.players[seat]
    s.chief_placed, s.turns = True, s.turns + 1
    pl.chiefs_left -= 1
    pl.chiefs_by_sector[6] += 1
    s.hut_chiefs.append(seat)
    track_placement(s, seat)
    pl.resources[POTION] += s.params.hut_potions
    pl.resources[MOVE] += s.params.hut_move_tokens
    if s.trace is not None:
        s.log(f"seat {seat}: chief to the Alchemist's hut (+potion, +move token)")
    finish_placement(s)


def _place_space(s: Position, seat: int, sec: int, sp: int) -> None:
    pl = s.players[seat]
    s.chief_placed, s.turns = True, s.turns + 1
    pl.chiefs_left -= 1
    pl.chiefs_by_sector[sec] += 1
    s.space_chiefs[sec][sp] = seat
    main = space_slot(s, sec)
    branches = s.content.wheel[s.n_players][sec][1][sp]
    if s.trace is not None:
        sid = s.content.wheel[s.n_players][sec][0]
        s.log(f"seat {seat}: chief on {sid} space {sp + 1} (slot {main})")
    track_placement(s, seat)
    s.stack.append(("placed_end", seat))  # runs when the main action and bonus are done
    s.stack.append(("order", seat, placement_parts(s, seat, main, branches)))


def placement_parts(s: Position, seat: int, main: int, branches: tuple) -> tuple:
    """The parts of a placement, each a tuple of tasks: the main action and the bonus (§4).

    ``A | B`` bonuses are one part (the branch is chosen when it runs). ``A & B`` bonuses are
    one part per primitive with ``bonus_part_order = free``, else one part in listed order.
    """
    main_part = (("main", seat, main, PLACEMENT_MAIN),)
    if len(branches) > 1:
        return (main_part, (("branch", seat, branches),))
    parts = []  # loops, not generators: no frame (every placement comes here)
    for p in branches[0]:
        parts.append((p[0], seat, *p[1:]))
    tasks = tuple(parts)
    if s.params.bonus_part_order == "printed" or len(tasks) < 2:
        return (main_part, tasks) if tasks else (main_part,)
    each: list[tuple] = [main_part]
    for t in tasks:
        each.append((t,))
    return tuple(each)


def _order_options(s: Position, task: tuple) -> list[int]:
    return list(range(ORDER_BASE, ORDER_BASE + len(task[2])))


@decide("order", _order_options)
def _order(s: Position, task: tuple, action: int) -> None:
    """Do this part of the placement next; the rest stay pending in the same order task."""
    s.stack.pop()
    parts, i = task[2], action - ORDER_BASE
    rest = parts[:i] + parts[i + 1 :]
    if rest:
        s.stack.append(("order", task[1], rest))
    if s.open_placement is not None:  # records on (not in a random sweep: 1.5% of its time)
        note_choice(s, part_name(parts[i]))
    s.stack.extend(reversed(parts[i]))  # the part's first task runs first


def part_name(part: tuple) -> str:
    """Short name of a placement part: 'main', a primitive's name, or 'bonus' for an ``A | B``
    bonus (its branch is chosen when it runs and recorded as ``branch=k``)."""
    op = part[0][0]
    if op == "main" or op == "branch":
        return "bonus" if op == "branch" else "main"
    return "+".join(t[0] for t in part)


def _quick(s: Position, seat: int, action: int) -> None:
    pl = s.players[seat]
    prm = s.params
    if action == QA_JOKER:
        s.stack.append(("gain", seat, JOKER, 1))
        push_pay_any(s, seat, prm.joker_cost)  # paid first
    elif action == QA_POWER:
        s.stack.append(("gain_power", seat))
        push_pay_any(s, seat, prm.power_cost)
    elif action == QA_MOVE:
        pl.resources[MOVE] -= 1
        s.stack.append(("move_workers", seat, prm.move_token_workers + pl.move_token_bonus))
    elif action == QA_PLACE:
        s.stack.append(("place_worker", seat))
    elif action == QA_TENT:
        pl.tent_rooms.append(pl.explorer_room)
        if s.trace is not None:
            s.log(f"seat {seat}: tent in {s.content.farm.rooms[pl.explorer_room]}")
    elif action == QA_GOAL:
        s.stack.append(("achieve_goal", seat))
    elif action == QA_POTION:
        s.stack.append(("potion", seat))
    elif action == QA_X1:
        s.stack.append(("x1", seat))


def _branch_options(s: Position, task: tuple) -> list[int]:
    seat, branches = task[1], task[2]
    ok = [BRANCH_BASE + i for i, b in enumerate(branches) if all(feasible(s, seat, p) for p in b)]
    return ok or [STOP]  # no live branch: the single option STOP records it and skips


@decide("branch", _branch_options)
def _branch(s: Position, task: tuple, action: int) -> None:
    """Choose one branch of an ``A | B`` bonus."""
    s.stack.pop()
    if action == STOP:
        note_choice(s, "branch=none")
        return
    i = action - BRANCH_BASE
    note_choice(s, f"branch={i + 1}")
    s.push_effect(task[1], task[2][i])
