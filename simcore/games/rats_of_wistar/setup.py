"""Game setup (rules spec §2) and the opening draft of starting hands."""

from __future__ import annotations

from simcore.core.rng import shuffle
from simcore.games.rats_of_wistar.board import PAIR_BASE, Player, decide
from simcore.games.rats_of_wistar.position import Position


def setup(s: Position) -> None:
    """Lay out wheel, goals, farm, players, turn order, market and the draft pairs."""
    prm, con, n, rng = s.params, s.content, s.n_players, s.rng
    s.round, s.turn, s.game_over, s.quick_actions, s.chief_placed, s.turns, s.steps = (
        1,
        -1,
        False,
        0,
        False,
        0,
        0,
    )
    s.stack, s.hut_chiefs, s._legal = [], [], []
    slots = list(range(6))
    shuffle(slots, rng)
    s.start_slots = slots  # wheel[sector] = slot of that sector in round 1
    s.space_chiefs = [[-1] * len(spaces) for _, spaces in con.wheel[n]]
    s.goals = sorted(rng.sample(range(len(con.goals)), prm.goals_in_play))
    s.goal_markers = [[-1] * len(con.goals[g][1]) for g in s.goals]
    _farm(s)
    _visitors(s)
    s.order = list(range(n))
    shuffle(s.order, rng)
    s.round_starts = (s.order[0],)  # start player of every round so far (records)
    farm = con.farm
    s.players = [
        Player(
            prm.start_wood,
            prm.start_metal,
            prm.start_move_tokens,
            prm.start_vp,
            prm.entrance_workers,
            prm.starting_rooms,
            farm.entrance,
            prm.chiefs,
        )
        for _ in range(n)
    ]
    s.hero_supply = list(range(len(con.heroes)))
    s.deck = [[i for i, c in enumerate(con.cards) if c.deck == d] for d in (0, 1)]
    s.discard = [[], []]
    s.draft_pairs = []
    basics = [s.draw_card(0) for _ in range(n)]
    advanced = [s.draw_card(1) for _ in range(n)]
    shuffle(advanced, rng)
    s.draft_pairs = [[b, a] for b, a in zip(basics, advanced, strict=True)]
    s.market = [[-1] * prm.market_size for _ in (0, 1)]  # laid out after the draft (§2.6)
    # Round 1 of the new-round phase: only step 3 (reveal the round visitor).
    s.round_visitor = s.round_visitor_stack[0] if s.round_visitor_stack else -1
    s.push(*[("draft", seat) for seat in reversed(s.order)], ("refill", -1))
    if s.trace is not None:
        s.log(f"setup: turn order {s.order}, wheel {wheel_order(s)}")


def wheel_order(s: Position) -> str:
    """Sector ids at slots 0..5 in round 1."""
    ids = [sid for sid, _ in s.content.wheel[s.n_players]]
    by_slot = sorted(range(6), key=lambda sec: s.start_slots[sec])
    return ",".join(ids[sec] for sec in by_slot)


def _farm(s: Position) -> None:
    con, n, rng = s.content, s.n_players, s.rng
    farm = con.farm
    s.mission_rooms, s.mission_ids, s.mission_revealed, s.mission_done_by, s.mission_box = (
        [],
        [],
        [],
        [],
        [[], []],
    )
    for floor in (0, 1):
        ids = [i for i, m in enumerate(con.missions) if m.group == floor]
        shuffle(ids, rng)
        rooms = [r for r in farm.mission_slots[n] if (r in farm.cellar) == bool(floor)]
        for k, room in enumerate(rooms):  # §6: slots (rooms, a room may repeat) are map data
            s.mission_rooms.append(room)
            s.mission_ids.append(ids[k])
            s.mission_revealed.append(0)
            s.mission_done_by.append(0)
        s.mission_box[floor] = sorted(ids[len(rooms) :])
    tokens = list(range(len(con.doors)))
    shuffle(tokens, rng)
    used = farm.door_tokens[n]
    s.door_tokens = [tokens[d] if d < used else -1 for d in range(len(farm.doors))]
    s.door_open = [0 if d < used else 1 for d in range(len(farm.doors))]
    s.door_token_box = sorted(tokens[used:])
    s.cheese_tiles = list(s.params.cheese_vp[: s.params.two_player_cheese if n == 2 else None])


def _visitors(s: Position) -> None:
    con, rng, prm = s.content, s.rng, s.params
    farm = con.farm
    s.farm_visitors = [-1] * len(farm.rooms)
    s.round_visitor_stack = []
    s.visitor_supply = [[], []]
    for color in (0, 1):
        ids = [i for i, v in enumerate(con.visitors) if v.group == color]
        shuffle(ids, rng)
        for room in farm.visitor_rooms[color]:
            s.farm_visitors[room] = ids.pop()
        k = prm.round_basic_visitors if color == 0 else prm.rounds - prm.round_basic_visitors
        s.round_visitor_stack += [ids.pop() for _ in range(k)]
        s.visitor_supply[color] = sorted(ids)


def _draft_options(s: Position, task: tuple) -> list[int]:
    return [PAIR_BASE + i for i, pair in enumerate(s.draft_pairs) if pair]


@decide("draft", _draft_options)
def _draft(s: Position, task: tuple, action: int) -> None:
    """Take a starting pair (public: the pairs were revealed)."""
    s.stack.pop()
    seat = task[1]
    i = action - PAIR_BASE
    pl = s.players[seat]
    pl.hand = sorted(pl.hand + s.draft_pairs[i])
    pl.known_cards = sorted(pl.known_cards + s.draft_pairs[i])
    if s.trace is not None:
        s.log(
            f"seat {seat} takes starting pair {[s.content.cards[c].name for c in s.draft_pairs[i]]}"
        )
    s.draft_pairs[i] = []
