"""Inventions (§7): every requirement kind and effect kind; primitives of the vocabulary (§10)."""

from __future__ import annotations

import pytest

from simcore.games.rats_of_wistar import board as B
from simcore.games.rats_of_wistar.actions import do_dig
from simcore.games.rats_of_wistar.inventions import can_play, fill_target
from simcore.games.rats_of_wistar.scoring import score_parts

from .helpers import give, run, start, top


def _s():
    s = start()
    seat = s.current_player
    return s, seat, s.players[seat]


def _play(s, seat, cid, free=False):
    run(s, ("play", seat, -1, free))
    s.apply(B.CARD_BASE + cid)


def _ok(s, pl, cid, free=False):
    return can_play(s, pl, s.content.cards[cid], free)


# ------------------------------------------------------------------ requirements
def test_resources_are_paid() -> None:
    # Saw (B03): 1 wood + 1 metal, paid.
    s, seat, pl = _s()
    cid = give(s, seat, "B03")
    pl.resources[0], pl.resources[1] = 1, 0
    assert not _ok(s, pl, cid)
    pl.resources[1] = 1
    _play(s, seat, cid)
    assert pl.resources[:2] == [0, 0] and pl.played == [cid] and pl.gather_bonus == [1, 0]


def test_icons_are_had_not_paid_and_a_joker_stands_in() -> None:
    # Lever (B25) needs 1 strength icon. Icon held: not spent. Missing: one joker spent.
    s, seat, pl = _s()
    cid = give(s, seat, "B25")
    assert not _ok(s, pl, cid)
    pl.icons[0] = 1
    _play(s, seat, cid)
    assert pl.icons[0] == 2 and pl.dug_rooms == 1  # its own icon added; dig_free happened
    cid2 = give(s, seat, "B27")  # needs 1 perception
    pl.resources[2] = 1
    _play(s, seat, cid2)
    assert pl.resources[2] == 0 and cid2 in pl.played


def test_power_level_is_had() -> None:
    s, seat, pl = _s()
    cid = give(s, seat, "A15")  # power 2
    pl.power = 1
    assert not _ok(s, pl, cid)
    pl.power = 2
    assert _ok(s, pl, cid)


def test_room_requirement_fills_highest_dug_room() -> None:
    # Trapdoor (B31) needs a room: the highest-VP dug non-starting room, which must be empty.
    s, seat, pl = _s()
    cid = give(s, seat, "B31")
    assert fill_target(s, pl) == -1 and not _ok(s, pl, cid)  # starting rooms never count
    pl.dug_rooms = 2
    pl.rooms[B.FIRST_SOIL : B.FIRST_SOIL + 2] = [B.EMPTY, B.BED]
    assert fill_target(s, pl) == -1  # highest dug room holds a bed
    pl.rooms[B.FIRST_SOIL + 1] = B.EMPTY
    vp = pl.victory_points
    _play(s, seat, cid)
    # §6 rev. 2: the room gets its soil tile back: not dug any more, the next dig re-digs it
    assert (
        pl.rooms[B.FIRST_SOIL + 1] == B.SOIL and pl.dug_rooms == 1 and pl.victory_points == vp + 3
    )
    assert fill_target(s, pl) == B.FIRST_SOIL
    do_dig(s, seat)
    assert pl.rooms[B.FIRST_SOIL + 1] == B.EMPTY and pl.dug_rooms == 2


def test_move_token_is_paid() -> None:
    s, seat, pl = _s()
    cid = give(s, seat, "B23")
    pl.resources[3] = 0
    assert not _ok(s, pl, cid)
    pl.resources[3] = 1
    _play(s, seat, cid)
    assert pl.resources[3] == 0


def test_invention_type_must_be_played() -> None:
    # Scarecrow (B30) needs a played tool.
    s, seat, pl = _s()
    cid = give(s, seat, "B30")
    pl.resources[0] = 1
    assert not _ok(s, pl, cid)
    pl.type_counts[0] = 1
    assert _ok(s, pl, cid)


def test_free_play_ignores_requirements() -> None:
    s, seat, pl = _s()
    cid = give(s, seat, "A15")
    assert _ok(s, pl, cid, free=True)
    _play(s, seat, cid, free=True)
    assert cid in pl.played and pl.power == 0


# ------------------------------------------------------------------ effect kinds
def test_income_pays_now_and_every_new_round() -> None:
    s, seat, pl = _s()
    cid = give(s, seat, "B01")  # income +1 wood
    pl.resources[0] = 1
    _play(s, seat, cid)
    assert pl.resources[0] == 1 and len(pl.income) == 1
    s.turn = 2 * 3 - 1
    s.stack = []
    s.settle()
    assert s.round == 2 and pl.resources[0] == 2


def test_x1_is_not_immediate() -> None:
    s, seat, pl = _s()
    cid = give(s, seat, "B20")  # x1: +1 metal
    pl.resources[1] = 2
    _play(s, seat, cid)
    assert pl.resources[1] == 0 and pl.x1_effects == [
        (s.content.cards[cid].name, s.content.cards[cid].effect)
    ]


def test_permanent_registers_modifier() -> None:
    s, seat, pl = _s()
    cid = give(s, seat, "B37")  # strength +1 in the farm
    pl.resources[0], pl.resources[1] = 1, 1
    _play(s, seat, cid)
    assert pl.strength_bonus == [0, 0, 1]


def test_end_game_effect_scores_at_the_end() -> None:
    # Tin Drum (B16): 1 VP per played building at the end (itself included).
    s, seat, pl = _s()
    cid = give(s, seat, "B16")
    pl.resources[0] = 1
    _play(s, seat, cid)
    assert pl.end_vp_per == [(0, 2, 1)]
    assert score_parts(s, seat)["vp_end_effects"] == 1
    pl.type_counts[2] += 2
    assert score_parts(s, seat)["vp_end_effects"] == 3


@pytest.mark.parametrize(("design", "res", "lost"), [("B13", 0, 1), ("B14", 1, 1), ("A13", 1, 2)])
def test_attack_hurts_each_other_player(design: str, res: int, lost: int) -> None:
    s = start(3)
    seat = s.current_player
    pl = s.players[seat]
    cid = give(s, seat, design)
    pl.resources[:2] = [3, 3]
    pl.type_counts[1] = 1
    others = [p for p in range(3) if p != seat]
    s.players[others[0]].resources[res] = 5
    s.players[others[1]].resources[res] = 1
    _play(s, seat, cid)
    assert s.players[others[0]].resources[res] == 5 - lost
    assert s.players[others[1]].resources[res] == 0


def test_attack_on_cards_discards_from_hands() -> None:
    s, seat, pl = _s()
    cid = give(s, seat, "B15")
    pl.resources[:2] = [1, 1]
    other = s.players[1 - seat]
    victim = give(s, 1 - seat, "B01")
    _play(s, seat, cid)
    assert other.hand == [] and victim in s.discard[0]
    assert len(pl.hand) == 1  # B15 also draws a basic card


# ------------------------------------------------------------------ primitives
def test_primitives_in_sequence() -> None:
    s, seat, pl = _s()
    pl.entrance_workers = 1
    pl.resources[1] = 0
    eff = (
        ("gain", 1, 2),
        ("draw", 1, 1),
        ("dig_free",),
        ("bed_free",),
        ("gain_power",),
        ("take_visitor", 0),
        ("gather_bonus", 0, 1),
        ("cost_discount", 1),
        ("move_token_bonus",),
        ("extra_room",),
    )
    s.push_effect(seat, eff)
    s.settle()
    assert pl.resources[1] == 2 and len(pl.hand) == 1 and s.content.cards[pl.hand[0]].deck == 1
    assert pl.dug_rooms == 1 and pl.beds == 1 and pl.entrance_workers == 2 and pl.power == 1
    assert len(pl.visitors) == 1 and pl.gather_bonus == [1, 0] and pl.cost_discount == [0, 1]
    assert pl.move_token_bonus == 1 and pl.rooms[B.EXTRA_ROOM] == B.EMPTY


def test_main_action_any_and_place_worker() -> None:
    s, seat, pl = _s()
    pl.area_workers = [2, 0, 0]
    run(s, ("main_action", seat, -1))
    assert s.legal_actions() == [B.MAIN_BASE + m for m in range(6)]
    wood = pl.resources[0]
    s.apply(B.MAIN_BASE + 0)
    assert pl.resources[0] == wood + 2
    run(s, ("place_worker", seat))
    s.apply(B.AREA_BASE + 2)
    assert pl.area_workers == [2, 0, 1]


def test_take_round_visitor_and_hero() -> None:
    s, seat, pl = _s()
    vis = s.round_visitor
    run(s, ("take_round_visitor", seat))
    assert pl.visitors[0] == vis and s.round_visitor == -1
    run(s, ("gain_hero", seat))
    s.apply(B.HERO_BASE + 2)  # Pathfinder: explore 3
    assert pl.heroes == [2] and top(s) == "explore"  # explorer at the entrance: move to G1
    assert 2 not in s.hero_supply


def test_reveal_and_complete_mission_primitives() -> None:
    s, seat, pl = _s()
    pl.explorer_room = 1
    s.mission_ids[0] = [m.id for m in s.content.missions].index("M02")  # beds 2
    s.mission_revealed[0] = 0
    run(s, ("reveal_mission", seat))
    assert s.mission_revealed[0] == 1
    pl.beds = 2
    run(s, ("complete_mission", seat))
    assert top(s) == "complete_mission"
    s.apply(B.MISSION_BASE + 0)
    s.apply(B.ABILITY_BASE + 2)
    assert pl.missions and pl.uncovered_abilities == 1 << 2


def test_effect_main_action_fixed_strength_param() -> None:
    s = start(effect_main_strength=1)
    seat = s.current_player
    pl = s.players[seat]
    pl.area_workers = [3, 0, 0]
    wood = pl.resources[0]
    run(s, ("main_action", seat, 0))
    assert pl.resources[0] == wood + 1
