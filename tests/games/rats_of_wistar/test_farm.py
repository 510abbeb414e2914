"""Exploring the farm (§6), missions and the ability track, goals (§8.1).

Farm (data): E - G1 (open); doors G1-G2 d0, G1-G3 d1, G2-G4 d2, G3-G4 d3, G2-C1 d4, G4-C2 d5,
C1-C2 d6, C1-C3 d7, C2-C4 d8, C3-C4 d9. Rooms: E=0 G1..G4=1..4 C1..C4=5..8.
With 2 players doors d0-d5 hold tokens, d6-d9 are open; missions in G1, G2, G3 | C1, C2.
"""

from __future__ import annotations

import pytest

from simcore.games.rats_of_wistar import board as B
from simcore.games.rats_of_wistar.content import goal_stops
from simcore.games.rats_of_wistar.farm import can_goal, completable, explore_options, goal_space
from simcore.games.rats_of_wistar.scoring import ability_vp, score_parts

from .helpers import put_mission, run, start, top

G1, G2, G3, G4, C1, C2, C3, C4 = range(1, 9)


def _at(room: int):
    s = start()
    seat = s.current_player
    s.players[seat].explorer_room = room
    return s, seat, s.players[seat]


def test_layout_for_two_players() -> None:
    s = start()
    assert s.door_open == [0] * 6 + [1] * 4
    assert s.mission_rooms == [G1, G2, G3, C1, C2]
    assert s.cheese_tiles == [6]
    assert all(s.farm_visitors[r] >= 0 for r in range(1, 9)) and s.farm_visitors[0] < 0


def test_explore_from_entrance_only_moves_to_g1() -> None:
    s, seat, _pl = _at(0)
    assert explore_options(s, seat) == [B.ROOM_BASE + G1]


def test_open_door_gains_bonus_and_opens_passage_for_everyone() -> None:
    # Explorer in G1. Door G1-G2 (d0) holds token D04 (+2 VP). Opening it: token taken,
    # bonus gained; then any explorer may pass G1 <-> G2.
    s, seat, pl = _at(G1)
    s.door_tokens[0] = 3  # D04
    vp = pl.victory_points
    run(s, ("explore", seat, 2))
    assert B.DOOR_BASE + 0 in s.legal_actions() and B.ROOM_BASE + G2 not in s.legal_actions()
    s.apply(B.DOOR_BASE + 0)
    assert (
        pl.victory_points == vp + 2
        and pl.doors == [3]
        and s.door_open[0] == 1
        and s.door_tokens[0] == -1
    )
    s.apply(B.ROOM_BASE + G2)
    assert pl.explorer_room == G2
    other = s.players[1 - seat]
    other.explorer_room = G1
    assert B.ROOM_BASE + G2 in explore_options(s, 1 - seat)


def test_reveal_mission_gives_reveal_bonus() -> None:
    # G1 holds mission M02 face down (reveal: +1 metal).
    s, seat, pl = _at(G1)
    put_mission(s, 0, "M02", revealed=False)
    metal = pl.resources[1]
    run(s, ("explore", seat, 1))
    s.apply(B.REVEAL_BASE + 0)
    assert s.mission_revealed[0] == 1 and pl.resources[1] == metal + 1


def test_take_visitor_into_empty_room_and_needs_one() -> None:
    s, seat, pl = _at(G1)
    vis = s.farm_visitors[G1]
    run(s, ("explore", seat, 1))
    s.apply(B.VISIT_BASE + G1)
    assert vis in pl.visitors and s.farm_visitors[G1] == -1 and pl.rooms[0] == B.VISITOR
    pl.rooms[:3] = [B.BED] * 3
    s.farm_visitors[G1] = 0
    assert B.VISIT_BASE + G1 not in explore_options(s, seat)


def test_cheese_one_per_player() -> None:
    s = start(3)
    seat = s.current_player
    pl = s.players[seat]
    pl.explorer_room = C4
    assert s.cheese_tiles == [6, 3]
    run(s, ("explore", seat, 1))
    s.apply(B.CHEESE_ACT)
    assert pl.cheese_vp == 6 and s.cheese_tiles == [3] and pl.rooms[0] == B.CHEESE
    assert B.CHEESE_ACT not in explore_options(s, seat)
    assert score_parts(s, seat)["vp_cheese"] == 6 and pl.n_visitors() == 1


def test_tent_lets_the_player_act_in_its_room() -> None:
    # Tent in G3, explorer in G1: may reveal the mission in G3 and open G3-G4 (d3).
    s, seat, pl = _at(G1)
    pl.tent_rooms = [G3]
    put_mission(s, 2, "M01", revealed=False)
    opts = explore_options(s, seat)
    assert B.REVEAL_BASE + 2 in opts and B.DOOR_BASE + 3 in opts
    assert B.ROOM_BASE + G4 not in opts  # the explorer itself stays in G1


def test_complete_mission_ground_uses_upper_track() -> None:
    # G1: revealed M01 (2 strength icons -> 2 VP). Explorer there, 2 strength icons.
    s, seat, pl = _at(G1)
    put_mission(s, 0, "M01")
    pl.icons[0] = 1
    assert completable(s, seat) == []
    pl.icons[0] = 2
    vp = pl.victory_points
    run(s, ("complete_mission", seat))
    s.apply(B.MISSION_BASE + 0)
    assert top(s) == "ability"
    assert all(a - B.ABILITY_BASE < 6 for a in s.legal_actions())
    s.apply(B.ABILITY_BASE + 5)  # U6: 3 VP at the end
    assert (
        pl.victory_points == vp + 2
        and pl.uncovered_abilities == 1 << 5
        and s.mission_done_by[0] == 1 << seat
    )
    assert ability_vp(s, pl) == 3
    assert completable(s, 1 - seat) == []  # mission_exclusive


def test_cellar_mission_lower_track_and_the_plus_two_pair() -> None:
    # C1: revealed M08 (2 visitors). Upper U6 already uncovered; uncovering L4 -> 3 + 6 + 2.
    s, seat, pl = _at(C1)
    put_mission(s, 3, "M08")
    pl.visitors = [0, 1]
    pl.uncovered_abilities = 1 << 5
    run(s, ("complete_mission", seat))
    s.apply(B.MISSION_BASE + 3)
    assert sorted(s.legal_actions()) == [B.ABILITY_BASE + i for i in range(6, 10)]
    s.apply(B.ABILITY_BASE + 9)
    assert ability_vp(s, pl) == 3 + 6 + 2


def test_ability_cost_is_paid() -> None:
    # U1 (dig for 1 metal) costs one wood/metal/card to uncover.
    s, seat, pl = _at(G1)
    put_mission(s, 0, "M01")
    pl.icons[0] = 2
    pl.resources[0], pl.resources[1] = 1, 0
    run(s, ("complete_mission", seat))
    s.apply(B.MISSION_BASE + 0)
    s.apply(B.ABILITY_BASE + 0)
    assert pl.resources[0] == 0 and pl.cost_discount[0] == 1


def test_other_abilities_effects() -> None:
    s, seat, pl = _at(G1)
    for i in (2, 3):  # extra room, move token bonus
        run(s, ("ability", seat, 0))
        s.apply(B.ABILITY_BASE + i)
    assert pl.rooms[B.EXTRA_ROOM] == B.EMPTY and pl.move_token_bonus == 1
    run(s, ("ability", seat, 0))
    s.apply(B.ABILITY_BASE + 4)  # tech-icon token: choose the icon
    s.apply(B.ICON_BASE + 3)
    assert pl.icons[3] == 1 and pl.icon_tokens == 1


def test_not_exclusive_variant_lets_others_complete() -> None:
    s = start(mission_exclusive=False)
    put_mission(s, 0, "M01")
    for seat in (0, 1):
        s.players[seat].explorer_room = G1
        s.players[seat].icons[0] = 2
    s.mission_done_by[0] = 1
    assert completable(s, 0) == [] and completable(s, 1) == [0]


def _goal_state(goal_id: str):
    s = start()
    seat = s.current_player
    gi = [g for g, _ in s.content.goals].index(goal_id)
    s.goals = [gi, (gi + 1) % 13, (gi + 2) % 13]
    s.goal_markers = [[-1] * 3 for _ in range(3)]
    return s, seat, s.players[seat]


def test_goal_first_free_space_and_once_per_player() -> None:
    # G01: spaces need 2 / 3 / 4 strength icons, reward 3 / 2 / 2 VP.
    s, seat, pl = _goal_state("G01")
    pl.icons[0] = 2
    vp = pl.victory_points
    run(s, ("achieve_goal", seat))
    assert s.goal_markers[0] == [seat, -1, -1] and pl.victory_points == vp + 3
    assert B.QA_GOAL not in s.legal_actions()  # once per player per card
    other = s.players[1 - seat]
    other.icons[0] = 2
    from simcore.games.rats_of_wistar.farm import goal_space

    assert goal_space(s, 1 - seat, 0) == -1  # space 1 taken; space 2 needs 3 icons
    other.icons[0] = 3
    assert goal_space(s, 1 - seat, 0) == 1


def test_jokers_never_count_for_icon_goals() -> None:
    s, seat, pl = _goal_state("G02")
    pl.icons[1], pl.resources[2] = 1, 5
    from simcore.games.rats_of_wistar.farm import can_goal

    assert not can_goal(s, seat)


@pytest.mark.parametrize("jokers", [False, True])
def test_jokers_for_mission_icons_param(jokers: bool) -> None:
    s = start(jokers_for_mission_icons=jokers)
    seat = s.current_player
    pl = s.players[seat]
    pl.explorer_room = G1
    put_mission(s, 0, "M01")
    pl.icons[0], pl.resources[2] = 1, 1
    assert bool(completable(s, seat)) == jokers


def test_icon_token_supply_is_limited() -> None:
    s = start(icon_token_supply=1)
    seat = s.current_player
    run(s, ("gain_icon", seat, 2))
    run(s, ("gain_icon", 1 - seat, 2))
    assert s.players[seat].icons[2] == 1 and s.players[1 - seat].icons[2] == 0


def _space(*terms: tuple) -> tuple:
    return (tuple(terms), ())


def test_goal_stops_follow_implication() -> None:
    # shipped goals grow harder left to right: a miss ends the search at every space
    assert all(all(stops) for stops in start().content.goal_stops)
    # a later space that is easier (power 2, then 1) or on another stat: no stop before it
    assert goal_stops((_space(("power", 0, 2)), _space(("power", 0, 1)))) == (False, True)
    assert goal_stops((_space(("icons", 0, 2)), _space(("icons", 1, 1)))) == (False, True)
    # a later space with an extra term still implies the earlier one (G13's shape)
    grows = (_space(("power", 0, 1)), _space(("power", 0, 2), ("inventions", 0, 5)))
    assert goal_stops(grows) == (True, True)


def test_goal_check_stops_only_at_a_miss() -> None:
    # G01 (2 / 3 / 4 strength icons), space 1 taken by the rival:
    #   [rival] [ 3 ] [ 4 ]   3 icons -> space 2 (index 1); 2 icons -> none (3 and 4 missed)
    s, seat, pl = _goal_state("G01")
    s.goal_markers[0][0] = 1 - seat
    for slot in (1, 2):
        s.goal_markers[slot] = [1 - seat] * 3  # the other two goals are full
    pl.icons[0] = 3
    assert goal_space(s, seat, 0) == 1 and can_goal(s, seat)
    pl.icons[0] = 2
    assert goal_space(s, seat, 0) == -1 and not can_goal(s, seat)
