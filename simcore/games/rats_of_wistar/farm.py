"""Exploring the farm (§6), missions and the ability track, goals, potions (§8)."""

from __future__ import annotations

from simcore.games.rats_of_wistar.board import (
    ABILITY_BASE,
    CHEESE,
    CHEESE_ACT,
    DOOR_BASE,
    EMPTY,
    GOAL_BASE,
    MISSION_BASE,
    POTION_BASE,
    REVEAL_BASE,
    ROOM_BASE,
    STOP,
    VISIT_BASE,
    Player,
    decide,
)
from simcore.games.rats_of_wistar.inventions import any_cost, gain_visitor, playable, push_pay_any
from simcore.games.rats_of_wistar.position import Position
from simcore.games.rats_of_wistar.vocab import JOKER, POTION


def locations(s: Position, pl: Player) -> list[int]:
    """Rooms where the player may act: the explorer's room and tent rooms."""
    return [pl.explorer_room, *pl.tent_rooms]


def neighbours(s: Position, room: int) -> list[int]:
    """Rooms reachable from ``room`` through an open passage."""
    farm = s.content.farm
    out = [b if a == room else a for a, b in farm.open_passages if room in (a, b)]
    for d, (a, b) in enumerate(farm.doors):
        if s.door_open[d] and room in (a, b):
            out.append(b if a == room else a)
    return out


def explore_options(s: Position, seat: int) -> list[int]:
    """One explore step: open door, move, reveal mission, take visitor / cheese (§6)."""
    pl = s.players[seat]
    locs = locations(s, pl)
    farm = s.content.farm
    opts = [
        DOOR_BASE + d
        for d, (a, b) in enumerate(farm.doors)
        if not s.door_open[d] and (a in locs or b in locs)
    ]
    opts += [ROOM_BASE + r for r in sorted(set(neighbours(s, pl.explorer_room)))]
    opts += [
        REVEAL_BASE + m
        for m, r in enumerate(s.mission_rooms)
        if not s.mission_revealed[m] and r in locs
    ]
    if EMPTY in pl.rooms:
        opts += [VISIT_BASE + r for r in sorted(set(locs)) if s.farm_visitors[r] >= 0]
        if s.cheese_tiles and pl.cheese_vp < 0 and farm.cheese_room in locs:
            opts.append(CHEESE_ACT)
    return opts


def can_explore(s: Position, seat: int) -> bool:
    """``explore_options(s, seat)`` is not empty, tested with early exits (a heuristic asks
    this for every explore space of every turn decision)."""
    pl = s.players[seat]
    farm, room = s.content.farm, pl.explorer_room
    for a, b in farm.open_passages:  # a move (``neighbours``)
        if room in (a, b):
            return True
    locs = locations(s, pl)
    door_open = s.door_open
    for d, (a, b) in enumerate(farm.doors):
        if door_open[d]:
            if room in (a, b):  # a move through an open door
                return True
        elif a in locs or b in locs:  # a door to open
            return True
    m_rev = s.mission_revealed
    for m, r in enumerate(s.mission_rooms):
        if not m_rev[m] and r in locs:
            return True
    if EMPTY in pl.rooms:
        for r in locs:
            if s.farm_visitors[r] >= 0:
                return True
        return bool(s.cheese_tiles and pl.cheese_vp < 0 and farm.cheese_room in locs)
    return False


def _explore_options(s: Position, task: tuple) -> list[int]:
    opts = explore_options(s, task[1])
    return [*opts, STOP] if opts else []


@decide("explore", _explore_options)
def _explore(s: Position, task: tuple, action: int) -> None:
    """Take one explore step (the rest stay pending) or stop."""
    s.stack.pop()
    if action == STOP:
        return
    seat, n = task[1], task[2]
    if n > 1:
        s.stack.append(("explore", seat, n - 1))
    explore_step(s, seat, action)


def explore_step(s: Position, seat: int, action: int) -> None:
    """Resolve one explore step."""
    pl = s.players[seat]
    con = s.content
    rooms = con.farm.rooms
    if action == CHEESE_ACT:
        pl.cheese_vp = s.cheese_tiles.pop(0)
        pl.rooms[pl.free_room()] = CHEESE
        if s.trace is not None:
            s.log(f"seat {seat}: takes the {pl.cheese_vp} VP cheese")
    elif action >= VISIT_BASE:
        room = action - VISIT_BASE
        vis, s.farm_visitors[room] = s.farm_visitors[room], -1
        gain_visitor(s, seat, vis)
    elif action >= REVEAL_BASE:
        reveal(s, seat, action - REVEAL_BASE)
    elif action >= ROOM_BASE:
        pl.explorer_room = action - ROOM_BASE
        if s.trace is not None:
            s.log(f"seat {seat}: explorer moves to {rooms[pl.explorer_room]}")
    else:
        d = action - DOOR_BASE
        token, s.door_tokens[d] = s.door_tokens[d], -1
        s.door_open[d] = 1
        pl.doors.append(token)
        a, b = con.farm.doors[d]
        if s.trace is not None:
            s.log(f"seat {seat}: opens door {rooms[a]}-{rooms[b]} ({con.doors[token].id})")
        s.push_effect(seat, con.doors[token].effect)


def reveal(s: Position, seat: int, slot: int) -> None:
    """Turn a mission face up; the revealer gains its reveal bonus."""
    s.mission_revealed[slot] = 1
    mission = s.content.missions[s.mission_ids[slot]]
    if s.trace is not None:
        room = s.content.farm.rooms[s.mission_rooms[slot]]
        s.log(f"seat {seat}: reveals mission {mission.id} in {room}")
    s.push_effect(seat, mission.effect)


def _reveal_options(s: Position, task: tuple) -> list[int]:
    locs = locations(s, s.players[task[1]])
    return [
        REVEAL_BASE + m
        for m, r in enumerate(s.mission_rooms)
        if not s.mission_revealed[m] and r in locs
    ]


@decide("reveal_mission", _reveal_options)
def _reveal(s: Position, task: tuple, action: int) -> None:
    """Reveal a face-down mission in one of the player's rooms."""
    s.stack.pop()
    reveal(s, task[1], action - REVEAL_BASE)


# ------------------------------------------------------------------ conditions
def meets(s: Position, pl: Player, cond: tuple, jokers: bool = False) -> bool:
    """Whether a mission/goal condition holds (jokers only where allowed)."""
    short = 0
    for kind, arg, n in cond:
        if kind == "icons":
            have = pl.icons[arg]
            if have < n:  # not max(0, n - have): a builtin call per term in the hottest check
                short += n - have
        elif kind == "played":
            if pl.type_counts[arg] < n:
                return False
        elif kind == "beds":
            if pl.beds < n:
                return False
        elif kind == "rooms":
            if pl.dug_rooms < n:
                return False
        elif kind == "visitors":
            if pl.n_visitors() < n:
                return False
        elif kind == "power":
            if pl.power < n:
                return False
        elif kind == "res":
            if pl.resources[arg] < n:
                return False
        elif kind == "inventions" and len(pl.played) < n:
            return False
    return short == 0 or (jokers and short <= pl.resources[JOKER])


def icon_shortfall(pl: Player, cond: tuple) -> int:
    """Missing icons of a condition (paid with jokers when they may stand in)."""
    return sum(max(0, n - pl.icons[arg]) for kind, arg, n in cond if kind == "icons")


# ------------------------------------------------------------------ missions (§8.1)
def ability_options(s: Position, seat: int, track: int) -> list[int]:
    """Covered ability spaces of the track the player can uncover (paying their cost)."""
    pl = s.players[seat]
    opts = []
    for i, ab in enumerate(s.content.abilities):
        if (
            ab.group == track
            and not pl.uncovered_abilities >> i & 1
            and any_cost(s, pl, ab.cost) <= pl.spendable()
        ):
            opts.append(ABILITY_BASE + i)
            if not s.params.free_ability_choice:
                break
    return opts


def completable(s: Position, seat: int) -> list[int]:
    """Mission slots the player can complete now (§8.1)."""
    pl = s.players[seat]
    locs = locations(s, pl)
    bit = 1 << seat
    cellar = s.content.farm.cellar
    jok = s.params.jokers_for_mission_icons
    out = []
    for m, room in enumerate(s.mission_rooms):
        if not s.mission_revealed[m] or room not in locs:
            continue
        if s.mission_done_by[m] and (s.params.mission_exclusive or s.mission_done_by[m] & bit):
            continue
        if not meets(s, pl, s.content.missions[s.mission_ids[m]].condition, jok):
            continue
        if ability_options(s, seat, 1 if room in cellar else 0):
            out.append(m)
    return out


def _mission_options(s: Position, task: tuple) -> list[int]:
    opts = [MISSION_BASE + m for m in completable(s, task[1])]
    return [*opts, STOP] if opts else []


@decide("complete_mission", _mission_options)
def _complete(s: Position, task: tuple, action: int) -> None:
    """Complete a mission: a cube leaves the track (ability), then the reward."""
    s.stack.pop()
    if action == STOP:
        return
    seat, slot = task[1], action - MISSION_BASE
    pl = s.players[seat]
    mission = s.content.missions[s.mission_ids[slot]]
    if s.params.jokers_for_mission_icons:
        pl.resources[JOKER] -= icon_shortfall(pl, mission.condition)
    s.mission_done_by[slot] |= 1 << seat
    pl.missions.append(s.mission_ids[slot])
    track = 1 if s.mission_rooms[slot] in s.content.farm.cellar else 0
    if s.trace is not None:
        s.log(f"seat {seat}: completes mission {mission.id}")
    s.push_effect(seat, mission.reward)
    s.stack.append(("ability", seat, track))


def _ability_options(s: Position, task: tuple) -> list[int]:
    return ability_options(s, task[1], task[2])


@decide("ability", _ability_options)
def _ability(s: Position, task: tuple, action: int) -> None:
    """Uncover an ability space: pay its cost, then its effect."""
    s.stack.pop()
    seat, i = task[1], action - ABILITY_BASE
    ab = s.content.abilities[i]
    s.players[seat].uncovered_abilities |= 1 << i
    if s.trace is not None:
        s.log(f"seat {seat}: uncovers ability {ab.id} ({ab.label})")
    s.push_effect(seat, ab.effect)
    push_pay_any(s, seat, ab.cost)  # paid first


# ------------------------------------------------------------------ goals (§8.1)
def goal_space(s: Position, seat: int, slot: int) -> int:
    """First free space of goal ``slot`` whose condition the player meets (no jokers), or -1."""
    pl = s.players[seat]
    if slot in pl.goals:
        return -1
    gid = s.goals[slot]
    spaces, stops = s.content.goals[gid][1], s.content.goal_stops[gid]
    for k, who in enumerate(s.goal_markers[slot]):
        if who < 0:
            if meets(s, pl, spaces[k][0]):
                return k
            if stops[k]:  # every later space is harder (content.goal_stops)
                break
    return -1


def can_goal(s: Position, seat: int) -> bool:
    """Any goal achievable now (``goal_space`` inlined: this runs at every turn decision)."""
    pl = s.players[seat]
    taken = pl.goals
    content, stop_table = s.content.goals, s.content.goal_stops
    for slot, gid in enumerate(s.goals):
        if slot in taken:
            continue
        spaces, stops = content[gid][1], stop_table[gid]
        for k, who in enumerate(s.goal_markers[slot]):
            if who < 0:
                if meets(s, pl, spaces[k][0]):
                    return True
                if stops[k]:
                    break
    return False


def _goal_options(s: Position, task: tuple) -> list[int]:
    return [GOAL_BASE + g for g in range(len(s.goals)) if goal_space(s, task[1], g) >= 0]


@decide("achieve_goal", _goal_options)
def _goal(s: Position, task: tuple, action: int) -> None:
    """Put a marker on a goal space and take its reward."""
    s.stack.pop()
    seat, slot = task[1], action - GOAL_BASE
    k = goal_space(s, seat, slot)
    s.goal_markers[slot][k] = seat
    s.players[seat].goals.append(slot)
    gid, spaces = s.content.goals[s.goals[slot]]
    if s.trace is not None:
        s.log(f"seat {seat}: achieves goal {gid} space {k + 1}")
    s.push_effect(seat, spaces[k][1])


# ------------------------------------------------------------------ potions (§8 [A])
def potion_options(s: Position, seat: int) -> list[int]:
    """Potion uses: complete a mission, play an invention, 1 wood, 1 metal."""
    opts = []
    if completable(s, seat):
        opts.append(POTION_BASE)
    if playable(s, seat, -1, False):
        opts.append(POTION_BASE + 1)
    return [*opts, POTION_BASE + 2, POTION_BASE + 3]


def _potion_options(s: Position, task: tuple) -> list[int]:
    return potion_options(s, task[1]) if s.players[task[1]].resources[POTION] else []


@decide("potion", _potion_options)
def _potion(s: Position, task: tuple, action: int) -> None:
    """Drink a potion."""
    s.stack.pop()
    seat = task[1]
    pl = s.players[seat]
    pl.resources[POTION] -= 1
    kind = action - POTION_BASE
    if s.trace is not None:
        s.log(f"seat {seat}: potion -> {('mission', 'invention', 'wood', 'metal')[kind]}")
    if kind == 0:
        s.stack.append(("complete_mission", seat))
    elif kind == 1:
        s.stack.append(("play", seat, -1, False))
    else:
        pl.resources[kind - 2] += 1
