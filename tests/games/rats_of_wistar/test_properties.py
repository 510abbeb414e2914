"""Invariants under random play (hypothesis): no negative stock; conservation of workers,
cubes, chiefs, beds, cards and tiles; 5 rounds with 15 chief placements per player."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from simcore.games.rats_of_wistar import RatsOfWistar
from simcore.games.rats_of_wistar import board as B
from simcore.games.rats_of_wistar.content import goal_stops
from simcore.games.rats_of_wistar.farm import (
    can_explore,
    can_goal,
    explore_options,
    goal_space,
    meets,
)
from simcore.games.rats_of_wistar.inventions import can_play, fill_target, resource_cost
from simcore.games.rats_of_wistar.vocab import JOKER, MOVE

GAME = RatsOfWistar()


def check_invariants(s) -> None:
    """Assert every conservation law of a position."""
    con = s.content
    cards = [c for d in s.deck for c in d] + [c for d in s.discard for c in d]
    cards += [c for row in s.market for c in row if c >= 0] + [c for p in s.draft_pairs for c in p]
    visitors = [v for v in s.farm_visitors if v >= 0] + [
        v for pile in s.visitor_supply for v in pile
    ]
    visitors += s.round_visitor_stack[s.round :] + (
        [s.round_visitor] if s.round_visitor >= 0 else []
    )
    for seat, pl in enumerate(s.players):
        assert (
            min(pl.resources) >= 0
            and pl.victory_points >= 0
            and min(pl.area_workers) >= 0
            and pl.entrance_workers >= 0
        )
        assert set(pl.known_cards) <= set(pl.hand) and pl.hand == sorted(pl.hand)
        bed_tiles = s.params.bed_workers - pl.beds
        assert pl.workers() + bed_tiles + 1 == B.WORKERS_TOTAL
        assert pl.rooms.count(B.BED) == pl.beds
        uncovered = bin(pl.uncovered_abilities).count("1")
        in_hand = sum(1 for t in s.stack if t[0] == "ability" and t[1] == seat)  # cube in transit
        assert uncovered + in_hand == len(pl.missions) and uncovered <= 10
        placed = sum(row.count(seat) for row in s.space_chiefs) + s.hut_chiefs.count(seat)
        assert pl.chiefs_left + placed == s.params.chiefs
        assert len(pl.tent_rooms) <= 2 and pl.power <= 2
        assert pl.rooms.count(B.VISITOR) == len(pl.visitors)
        assert pl.rooms.count(B.CHEESE) == (pl.cheese_vp >= 0)
        cards += pl.hand + pl.played
        visitors += pl.visitors
    assert sorted(cards) == list(range(len(con.cards)))
    assert len(visitors) == len(set(visitors)) and len(visitors) <= len(con.visitors)
    doors = (
        [t for t in s.door_tokens if t >= 0]
        + s.door_token_box
        + [t for p in s.players for t in p.doors]
    )
    assert sorted(doors) == list(range(len(con.doors)))
    missions = s.mission_ids + s.mission_box[0] + s.mission_box[1]
    assert sorted(missions) == list(range(10))
    assert sum(bin(m).count("1") for m in s.mission_done_by) == sum(
        len(p.missions) for p in s.players
    )


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32), n=st.sampled_from([2, 3, 4]), pick=st.integers(0, 2**16))
def test_random_play_keeps_invariants(seed: int, n: int, pick: int) -> None:
    s = GAME.new_state(n, seed)
    rng = random.Random(pick)
    while not s.is_terminal():
        check_invariants(s)
        acts = s.legal_actions()
        s.apply(acts[rng.randrange(len(acts))])
    check_invariants(s)
    assert s.round == 5 and s.turns == 15 * n
    assert [sum(p.chiefs_by_sector) for p in s.players] == [15] * n
    out = s.outcome()
    assert [sum(row[k] for k in row if k.startswith("chiefs_")) for row in out["seats"]] == [15] * n


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), n=st.integers(2, 4), steps=st.integers(0, 60))
def test_a_determinized_world_keeps_no_records_and_plays_the_same(seed, n, steps):
    # Placement records only amend rows of the actions table; a sampled world (search,
    # end-of-game play-outs) skips them. Play one world twice, records off and on: same game.
    s = RatsOfWistar().new_state(n, seed)
    walk = random.Random(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        s.apply(walk.choice(s.legal_actions()))
    if s.is_terminal():
        return
    world = s.determinize(s.current_player, random.Random(seed))
    recorded = world.clone()
    recorded.keep_records = True
    games = []
    for w in (world, recorded):
        pick, moves = random.Random(seed + 1), []
        while not w.is_terminal():
            moves.append(pick.choice(w.legal_actions()))
            w.apply(moves[-1])
        games.append((moves, w.scores(), w.fingerprint()))
    assert games[0] == games[1]
    assert world.keep_records is False and world.amendments == [] and recorded.amendments


def test_a_state_told_not_to_keep_records_keeps_none():
    # play_game without an actions table: placement records would only be thrown away
    kept, dropped = GAME.new_state(2, 7), GAME.new_state(2, 7)
    dropped.keep_action_records(False)
    pick = random.Random(1)
    while not kept.is_terminal():
        action = pick.choice(kept.legal_actions())
        kept.apply(action)
        dropped.apply(action)
        assert dropped.fingerprint() == kept.fingerprint()
    assert kept.amendments and dropped.amendments == [] and dropped.open_placement is None


def _first_met_space(s, seat: int, slot: int) -> int:
    """§8.1 by the letter: the first free space whose condition the player meets."""
    pl = s.players[seat]
    if slot in pl.goals:
        return -1
    spaces = s.content.goals[s.goals[slot]][1]
    for k, who in enumerate(s.goal_markers[slot]):
        if who < 0 and meets(s, pl, spaces[k][0]):
            return k
    return -1


def _reversed_goals(content):
    """The same goals with their spaces right to left: easier later, so no stop applies."""
    goals = tuple((gid, spaces[::-1]) for gid, spaces in content.goals)
    return replace(content, goals=goals, goal_stops=tuple(goal_stops(sp) for _, sp in goals))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), n=st.integers(2, 4))
def test_goal_checks_equal_checking_every_space(seed, n):
    # goal_space / can_goal stop at a missed space when every later one is harder
    # (content.goal_stops); for the shipped goals and for goals whose later spaces are easier
    # they answer as checking every space does
    s = GAME.new_state(n, seed)
    variants = (s.content, _reversed_goals(s.content))
    assert not all(all(stops) for stops in variants[1].goal_stops)
    walk = random.Random(seed)
    while not s.is_terminal():
        real = s.content
        for content in variants:
            s.content = content
            for seat in range(n):
                expect = [_first_met_space(s, seat, slot) for slot in range(len(s.goals))]
                assert [goal_space(s, seat, slot) for slot in range(len(s.goals))] == expect
                assert can_goal(s, seat) == any(k >= 0 for k in expect)
        s.content = real
        s.apply(walk.choice(s.legal_actions()))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), n=st.integers(2, 4))
def test_can_explore_says_whether_there_is_an_explore_option(seed, n):
    # can_explore answers bool(explore_options) with early exits, for every seat of every
    # position of a random game, in the shipped farm and in one without open passages (the
    # explorer then moves only through open doors), each with doors, face-down missions,
    # visitors, cheese and empty rooms shuffled, so that every branch can answer no (a
    # farm without doors either lets the cheese decide)
    s = GAME.new_state(n, seed)
    farm = s.content.farm
    walled = replace(s.content, farm=replace(farm, open_passages=()))
    bare = replace(s.content, farm=replace(farm, open_passages=(), doors=()))
    walk = random.Random(seed)
    answers = set()
    while not s.is_terminal():
        for content in (s.content, walled, bare):
            t = s.clone()
            t.content = content
            t.door_open = [walk.random() < 0.5 for _ in t.door_open]
            t.mission_revealed = [walk.random() < 0.7 for _ in t.mission_revealed]
            t.farm_visitors = [v if walk.random() < 0.3 else -1 for v in t.farm_visitors]
            t.cheese_tiles = [1] if walk.random() < 0.3 else []  # cheese left in the supply
            for seat in range(n):
                pl = t.players[seat]
                if walk.random() < 0.5:
                    pl.rooms = [B.SOIL if r == B.EMPTY else r for r in pl.rooms]
                if walk.random() < 0.3:
                    pl.explorer_room = farm.cheese_room
                expected = bool(explore_options(t, seat))
                assert can_explore(t, seat) == expected
                answers.add(expected)
        actions = s.legal_actions()
        s.apply(actions[walk.randrange(len(actions))])
    assert answers == {True, False}  # both answers occurred


@settings(max_examples=200, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    card=st.integers(0, 10_000),
    res=st.lists(st.integers(0, 6), min_size=5, max_size=5),
    disc=st.lists(st.integers(0, 3), min_size=2, max_size=2),
    icons=st.lists(st.integers(0, 3), min_size=6, max_size=6),
    power=st.integers(0, 2),
)
def test_can_play_is_section_7_requirements(seed, card, res, disc, icons, power):
    # can_play inlines the discounted costs and the icon shortfall; the requirements of §7
    # written out with resource_cost and max() must agree for any player and card
    s = GAME.new_state(2, seed)
    pl = s.players[0]
    pl.resources, pl.next_discount, pl.icons, pl.power = res, disc, icons, power
    c = s.content.cards[card % len(s.content.cards)]
    short = sum(max(0, n - pl.icons[i]) for i, n in c.icons)
    expected = (
        pl.resources[0] >= resource_cost(pl, 0, c.wood)
        and pl.resources[1] >= resource_cost(pl, 1, c.metal)
        and pl.resources[MOVE] >= c.move
        and pl.power >= c.power
        and (c.req_type < 0 or bool(pl.type_counts[c.req_type]))
        and (not c.room or fill_target(s, pl) >= 0)
        and (not c.icons or short <= pl.resources[JOKER])
    )
    assert can_play(s, pl, c, False) == expected
    assert can_play(s, pl, c, True)
