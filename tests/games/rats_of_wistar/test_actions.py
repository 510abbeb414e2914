"""Areas, strength and the six main actions with partial execution (§6); bed/room tracks (§9)."""

from __future__ import annotations

from simcore.games.rats_of_wistar import board as B
from simcore.games.rats_of_wistar.scoring import score_parts

from .helpers import run, start, top


def _seat(s):
    return s.current_player, s.players[s.current_player]


def test_gather_wood_and_metal_strength_and_bonus() -> None:
    # forest: 3 workers -> +3 wood; burrow: 2 workers + gather bonus 1 -> +3 metal.
    s = start()
    seat, pl = _seat(s)
    pl.area_workers = [3, 2, 0]
    pl.gather_bonus = [0, 1]
    w, m = pl.resources[0], pl.resources[1]
    run(s, ("main", seat, 0), ("main", seat, 2))
    assert (pl.resources[0], pl.resources[1]) == (w + 3, m + 3)


def test_strength_zero_does_nothing_even_with_a_gather_bonus() -> None:
    s = start()
    seat, pl = _seat(s)
    pl.area_workers, pl.gather_bonus = [0, 0, 0], [1, 1]
    w = pl.resources[0]
    run(s, ("main", seat, 0))
    assert pl.resources[0] == w


def test_permanent_strength_modifier() -> None:
    # farm: 1 worker + strength bonus 1 = strength 2 -> 2 explore steps offered in turn.
    s = start()
    seat, pl = _seat(s)
    pl.area_workers, pl.strength_bonus = [0, 0, 1], [0, 0, 1]
    run(s, ("main", seat, 5))
    assert s.stack[-1] == ("explore", seat, 2)


def test_dig_partial_execution_and_cost_ability() -> None:
    # Strength 3, 5 metal, cost 2: dig twice (4 metal), third unaffordable -> stops at 2 rooms.
    s = start()
    seat, pl = _seat(s)
    pl.area_workers, pl.resources[1] = [3, 0, 0], 5
    run(s, ("main", seat, 1))
    s.apply(B.DIG_ACT)
    s.apply(B.DIG_ACT)
    assert top(s) == "turn" and pl.dug_rooms == 2 and pl.resources[1] == 1
    assert pl.rooms[B.FIRST_SOIL : B.FIRST_SOIL + 3] == [B.EMPTY, B.EMPTY, B.SOIL]
    # With the dig ability (U1: cost discount) one metal digs the third room.
    pl.cost_discount[0] = 1
    run(s, ("main", seat, 1))
    s.apply(B.DIG_ACT)
    assert pl.dug_rooms == 3 and pl.resources[1] == 0


def test_dig_can_stop_early() -> None:
    s = start()
    seat, pl = _seat(s)
    pl.area_workers, pl.resources[1] = [2, 0, 0], 6
    run(s, ("main", seat, 1))
    s.apply(B.STOP)
    assert pl.dug_rooms == 0 and pl.resources[1] == 6


def test_build_beds_needs_empty_rooms_and_wakes_workers() -> None:
    # Burrow strength 3, 6 wood, but only 2 empty rooms (3 start rooms, one holds a visitor):
    # 2 beds, 2 workers to the entrance; a third bed is impossible.
    s = start()
    seat, pl = _seat(s)
    pl.area_workers, pl.resources[0], pl.entrance_workers = [0, 3, 0], 6, 0
    pl.rooms[0] = B.VISITOR
    run(s, ("main", seat, 3))
    s.apply(B.BED_ACT)
    s.apply(B.BED_ACT)
    assert top(s) == "turn"
    assert pl.beds == 2 and pl.entrance_workers == 2 and pl.resources[0] == 2
    assert pl.rooms[:3] == [B.VISITOR, B.BED, B.BED]


def test_bed_cost_ability() -> None:
    s = start()
    seat, pl = _seat(s)
    pl.area_workers, pl.resources[0], pl.cost_discount = [0, 1, 0], 1, [0, 1]
    # One worker, one wood, bed cost 2 - 1 = 1: the bed is affordable.
    run(s, ("main", seat, 3))
    assert s.legal_actions() == [B.BED_ACT, B.STOP]
    s.apply(B.BED_ACT)
    assert pl.beds == 1 and pl.resources[0] == 0


def test_project_points_market_and_deck() -> None:
    # Strength 3: take the advanced market card in slot 1 (2 points) and the top basic card
    # (1 point); the market slot refills afterwards.
    s = start()
    seat, pl = _seat(s)
    pl.area_workers = [0, 0, 3]
    adv = s.market[1][0]
    run(s, ("main", seat, 4))
    s.apply(B.MARKET_BASE + 10)
    assert s.stack[-1] == ("project", seat, 1)
    assert B.MARKET_BASE + 10 + 1 not in s.legal_actions()  # 1 point: no advanced card
    s.apply(B.MARKET_BASE + 9)
    assert top(s) == "turn"
    assert adv in pl.hand and adv in pl.known_cards and len(pl.hand) == 2
    assert s.market[1][0] >= 0 and s.market[1][0] != adv


def test_project_unspent_points_are_lost() -> None:
    s = start()
    seat, pl = _seat(s)
    pl.area_workers = [0, 0, 2]
    run(s, ("main", seat, 4))
    s.apply(B.STOP)
    assert top(s) == "turn" and pl.hand == []


def test_bed_and_room_track_scoring() -> None:
    # beds 1..6 score 0,1,2,4,6,9 (highest uncovered); rooms likewise by the highest dug room;
    # a room filled by an invention gets its soil tile back: it is not dug and does not score.
    s = start()
    seat, pl = _seat(s)
    for beds, vp in zip(range(7), (0, 0, 1, 2, 4, 6, 9), strict=True):
        pl.beds = beds
        assert score_parts(s, seat)["vp_beds"] == vp
    for dug, vp in zip(range(7), (0, 0, 1, 2, 4, 6, 9), strict=True):
        pl.dug_rooms = dug
        pl.rooms[B.FIRST_SOIL :] = [B.EMPTY] * dug + [B.SOIL] * (6 - dug)
        assert score_parts(s, seat)["vp_rooms"] == vp
    pl.rooms[B.FIRST_SOIL + 5], pl.dug_rooms = B.SOIL, 5
    assert score_parts(s, seat)["vp_rooms"] == 6
