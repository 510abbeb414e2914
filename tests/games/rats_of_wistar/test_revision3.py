"""Revision 3 of the Rats of Wistar spec, item by item (§6 cheese, §10 visitors and discount,
§12 records).

Farm (data): E - G1 (open); doors G1-G2 d0, G1-G3 d1, G2-G4 d2, G3-G4 d3, G2-C1 d4, G4-C2 d5,
C1-C2 d6, C1-C3 d7, C2-C4 d8, C3-C4 d9. Rooms: E=0 G1..G4=1..4 C1..C4=5..8; cheese in C4.
Wheel in the scenarios: identity order (sector S(k+1) at slot k in round 1: S1 gather wood,
S2 dig rooms, S3 gather metal, S4 build beds, S5 project points, S6 explore).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simcore.core.errors import ContentError
from simcore.engine.play.runner import play_game
from simcore.games.rats_of_wistar import board as B
from simcore.games.rats_of_wistar.content import load_content
from simcore.games.rats_of_wistar.farm import explore_options, meets
from simcore.games.rats_of_wistar.inventions import gain_visitor
from simcore.games.rats_of_wistar.rules import new_round
from simcore.games.rats_of_wistar.scoring import score_parts
from simcore.games.rats_of_wistar.vocab import END_WHAT, compile_effect
from strategies.random_policy import RandomPolicy

from .helpers import give, make_game, place, run, start
from .test_content import _broken

C4 = 8
_GAME = make_game()
SPEND_VISITOR_FOR_VP = compile_effect("test", [{"spend": {"visitor": 1}}, {"gain": {"vp": 4}}])


def _turn(n: int = 2, **overrides):
    s = start(n, **overrides)
    seat = s.current_player
    return s, seat, s.players[seat]


def _visitor(s, vid: str) -> int:
    return [v.id for v in s.content.visitors].index(vid)


def _last_record(s) -> dict:
    """Columns the last resolved placement amends its own actions row with."""
    return s.amendments[-1][1]


# ------------------------------------------------------------------ §12 records
@pytest.mark.parametrize(("first", "order"), [("branch", "bonus>main"), ("main", "main>bonus")])
def test_revision3_s12_order_on_choice_space(first, order):
    # 2p, round 1. S3 (slot 2, gather metal) space 1 = "complete a mission | move 2 workers".
    #   seat: 1 worker in the forest, no mission completable -> only the move branch is live.
    # The placement takes the bonus first, or the main action first: the row says which.
    s, seat, pl = _turn()
    pl.entrance_workers, pl.area_workers = 1, [1, 0, 0]
    place(s, 2, 0, first)
    while B.STOP in s.legal_actions() and s.current_player == seat and s.stack[-1][0] != "turn":
        s.apply(B.STOP)  # move no worker
    rec = _last_record(s)
    assert rec["order"] == order
    assert "branch=2" in rec["bonus_choices"].split(";")


@pytest.mark.parametrize("first", ["main", "play"])
def test_revision3_s12_strength_used_is_the_placement_main(first):
    # 2p, round 1. S2 (slot 1, dig rooms, forest) space 2 = "play an invention".
    #   seat: forest 2 workers, farm 0 workers, 1 wood, 0 metal; hand: Rope Ladder (B33,
    #   1 wood, immediate: main action explore -> runs at farm strength 0).
    # Dig runs at strength 2 (no metal: nothing dug), the card's explore at 0, in either order:
    # strength_used stays 2.
    s, seat, pl = _turn()
    pl.entrance_workers, pl.area_workers, pl.resources[0], pl.resources[1] = 0, [2, 0, 0], 1, 0
    cid = give(s, seat, "B33")
    s.refresh_legal()
    place(s, 1, 1, first)
    s.apply(B.CARD_BASE + cid)
    assert cid in pl.played and s.stack[-1][0] == "turn"
    assert _last_record(s)["strength_used"] == 2


def test_revision3_s12_forced_hut_placement_is_a_decision_with_its_row():
    # 4p, round 1, the seat to act: a chief on S1.1; every other space is taken, S1.2 is free
    # but in a sector where the seat has a chief. No resources, tokens, workers out of bed,
    # hand, x1 or tent: the hut is the only option.
    #   S1 [seat, -]  S2 [x, x]  S3 [x]  S4 [x, x, x]  S5 [x, x, x]  S6 [x, x, x]
    s, seat, pl = _turn(4)
    other = (seat + 1) % 4
    s.space_chiefs = [[other] * len(row) for row in s.space_chiefs]
    s.space_chiefs[0] = [seat, -1]
    pl.resources, pl.entrance_workers, pl.area_workers = [0, 0, 0, 0, 0], 0, [0, 0, 0]
    s.stack.pop()
    run(s, ("turn", seat))
    assert s.current_player == seat and s.legal_actions() == [B.HUT]  # asked, not auto-resolved
    step = s.steps
    s.apply(B.HUT)
    amended = s.post_action_info()["_amend"]
    assert [a[0] for a in amended] == [step]
    assert amended[0][1]["y_potion"] == 1 and amended[0][1]["order"] == "-"


def test_revision3_s12_a_forced_placement_has_its_row_in_a_played_game():
    # 4p random play, seed 95: a seat is once left with the hut as its only option (the game
    # the revision found with 59 placement rows of 60)
    rec = play_game(_GAME, 4, [RandomPolicy()] * 4, 95, record_actions=True)
    places = [r for r in rec.actions if r["kind"] == "place"]
    assert len(places) == 60
    assert sum(r["sector"] == "hut" for r in places) == sum(row["chiefs_hut"] for row in rec.seats)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), n=st.integers(2, 4))
def test_revision3_s12_one_row_per_placement(seed, n):
    # property: the actions table has one placement row per chief placed, per seat and sector
    # as the seats table counts them, each with its order and the main action's strength
    rec = play_game(_GAME, n, [RandomPolicy()] * n, seed, record_actions=True)
    places = [r for r in rec.actions if r["kind"] == "place"]
    assert len(places) == 15 * n
    for seat, row in enumerate(rec.seats):
        mine = [r for r in places if r["seat"] == seat]
        for col, count in row.items():
            if col.startswith("chiefs_"):
                assert sum(r["sector"] == col[7:] for r in mine) == count, col
    for r in places:
        if r["sector"] != "hut":
            assert "main" in r["order"].split(">") and r["strength_used"] >= 0
            if r["order"].startswith("main"):  # nothing ran before the main action
                assert r["strength_used"] == r["strength"]


# ------------------------------------------------------------------ §6 cheese
def _hold_cheese(s, pl, vp: int = 6) -> None:
    pl.cheese_vp = vp
    pl.rooms[pl.free_room()] = B.CHEESE


def test_revision3_s6_cheese_is_spent_like_a_visitor():
    # 2p. The seat holds the 6 VP cheese and no visitor; an effect "spend a visitor: +4 VP".
    #   rooms: [cheese, empty, empty, soil...]
    # The cheese pays it: it leaves the board (its room is empty, its 6 VP no longer score).
    s, seat, pl = _turn()
    _hold_cheese(s, pl)
    vp = pl.victory_points
    s.push_effect(seat, SPEND_VISITOR_FOR_VP)
    s.settle()
    assert s.legal_actions() == [B.SPEND_ACT, B.STOP]
    s.apply(B.SPEND_ACT)  # the cheese is the only visitor: spent without a further choice
    assert pl.cheese_vp == -1 and B.CHEESE not in pl.rooms and pl.victory_points == vp + 4
    assert score_parts(s, seat)["vp_cheese"] == 0


def test_revision3_s6_cheese_or_a_visitor_is_the_players_choice():
    # The seat holds visitor V08 (immediate, no effect) and the 3 VP cheese: both may be spent.
    s, seat, pl = _turn()
    gain_visitor(s, seat, _visitor(s, "V08"))
    _hold_cheese(s, pl, 3)
    s.push_effect(seat, SPEND_VISITOR_FOR_VP)
    s.settle()
    s.apply(B.SPEND_ACT)
    assert s.legal_actions() == [B.VISRET_BASE, B.SPEND_CHEESE]
    assert s.action_label(B.SPEND_CHEESE) == "spend the cheese"
    s.apply(B.SPEND_CHEESE)
    assert pl.cheese_vp == -1 and len(pl.visitors) == 1


def test_revision3_s6_cheese_counts_for_visitor_goals_and_end_effects():
    # The seat holds only the cheese: a "visitors 1" condition (goal or mission) is met, and an
    # end effect "1 VP per visitor" scores it.
    s, seat, pl = _turn()
    assert not meets(s, pl, (("visitors", 0, 1),))
    _hold_cheese(s, pl)
    assert meets(s, pl, (("visitors", 0, 1),))
    pl.end_vp_per = [(END_WHAT.index("visitors"), -1, 1)]
    assert score_parts(s, seat)["vp_end_effects"] == 1


def test_revision3_s6_cheese_is_placed_like_a_visitor():
    # Explorer in C4 with the cheese; the seat's rooms are full (no empty room): neither the
    # cheese nor a visitor can be taken. One empty room: the cheese goes to it, as a visitor.
    s, seat, pl = _turn()
    pl.explorer_room = C4
    s.farm_visitors[C4] = _visitor(s, "V16")
    full = [B.BED if r == B.EMPTY else r for r in pl.rooms]
    pl.rooms = full[:]
    opts = explore_options(s, seat)
    assert B.CHEESE_ACT not in opts and B.VISIT_BASE + C4 not in opts
    pl.rooms[2] = B.EMPTY
    opts = explore_options(s, seat)
    assert B.CHEESE_ACT in opts and B.VISIT_BASE + C4 in opts
    run(s, ("explore", seat, 1))
    s.apply(B.CHEESE_ACT)
    assert pl.rooms[2] == B.CHEESE and pl.cheese_vp == 6


# ------------------------------------------------------------------ §10 visitors leave
def _spend_visitor(s, seat: int, index: int = 0) -> None:
    s.push_effect(seat, SPEND_VISITOR_FOR_VP)
    s.settle()
    s.apply(B.SPEND_ACT)
    if s.stack[-1][0] == "spend_visitor":
        s.apply(B.VISRET_BASE + index)


def test_revision3_s10_spent_visitor_stops_modifying():
    # V09 (permanent: +1 wood per gather), V19 (permanent: dig costs 1 metal less).
    # On the board they modify; spent, they stop: a gather at strength 1 gives 1 wood again,
    # a dig costs 2 metal again.
    s, seat, pl = _turn()
    for vid in ("V09", "V19"):
        gain_visitor(s, seat, _visitor(s, vid))
    s.settle()
    assert pl.gather_bonus == [1, 0] and pl.cost_discount == [1, 0]
    _spend_visitor(s, seat, 0)
    _spend_visitor(s, seat, 0)
    assert pl.visitors == [] and pl.gather_bonus == [0, 0] and pl.cost_discount == [0, 0]
    pl.area_workers, wood = [1, 0, 0], pl.resources[0]
    run(s, ("main", seat, 0))
    assert pl.resources[0] == wood + 1


def test_revision3_s10_spent_visitor_stops_paying_income():
    # The seat played Wheelbarrow (B01, income: +1 wood) and holds V04 (income: +1 wood): two
    # incomes. V04 is spent: the next income step pays 1 wood (the card's), not 2.
    s, seat, pl = _turn()
    cid = give(s, seat, "B01")
    run(s, ("play", seat, -1, True))
    s.apply(B.CARD_BASE + cid)
    gain_visitor(s, seat, _visitor(s, "V04"))
    s.settle()
    assert len(pl.income) == 2
    _spend_visitor(s, seat)
    assert len(pl.income) == 1
    wood = pl.resources[0]
    s.stack.clear()
    new_round(s)
    s.settle()
    assert s.round == 2 and pl.resources[0] == wood + 1


def test_revision3_s10_visitor_permanent_effect_must_be_undoable(tmp_path):
    # extra_room could not be taken back when the visitor leaves: such content is rejected.
    folder = _broken(tmp_path, "visitors", "{ gather_bonus = { wood = 1 } }", "{ extra_room = 1 }")
    with pytest.raises(ContentError, match="V09: a visitor's permanent effect cannot use"):
        load_content(folder)


# ------------------------------------------------------------------ §10 discount_applies_to
@pytest.mark.parametrize(("applies", "paid", "left"), [("payments", 2, 1), ("any", 1, 0)])
def test_revision3_s10_discount_on_a_spend_cost(applies, paid, left):
    # A pending "next payment: 1 wood less"; an effect "spend 2 wood: +3 VP". With `payments`
    # the spend pays 2 wood and the discount waits for an invention/bed/room; with `any` it
    # pays 1 wood and the discount is used up.
    s, seat, pl = _turn(discount_applies_to=applies)
    pl.resources[0], pl.next_discount = 3, [1, 0]
    s.push_effect(seat, compile_effect("test", [{"spend": {"wood": 2}}, {"gain": {"vp": 3}}]))
    s.settle()
    s.apply(B.SPEND_ACT)
    assert pl.resources[0] == 3 - paid and pl.next_discount == [left, 0]


@pytest.mark.parametrize(("applies", "offered", "paid"), [("payments", False, 3), ("any", True, 2)])
def test_revision3_s10_discount_on_a_pay_any_cost(applies, offered, paid):
    # A pending "next payment: 1 metal less"; the seat has 2 wood and nothing else. A joker
    # costs "any 3": with `payments` it is out of reach; with `any` it costs 2 (both wood).
    s, _seat, pl = _turn(discount_applies_to=applies)
    pl.resources[:2], pl.next_discount = [2, 0], [0, 1]
    s.refresh_legal()
    assert (B.QA_JOKER in s.legal_actions()) == offered
    pl.resources[:2] = [3, 0]
    s.refresh_legal()
    s.apply(B.QA_JOKER)
    while s.stack[-1][0] == "pay":
        s.apply(B.PAY_WOOD)
    assert pl.resources[:3] == [3 - paid, 0, 1]
    assert pl.next_discount == ([0, 1] if applies == "payments" else [0, 0])


def test_revision3_s10_discount_applies_to_is_a_documented_assumption():
    from simcore.games.rats_of_wistar import RatsOfWistar

    rows = {r["name"]: r for r in RatsOfWistar().describe_params()}
    row = rows["discount_applies_to"]
    assert row["value"] == "payments" and row["assumption"]
    assert row["choices"] == ("payments", "any")


def test_revision3_s10_spending_a_visitor_whose_room_was_filled():
    # fill_room_must_be_empty = false: the seat's only dug soil room (slot 4) holds visitor V08
    # and Trapdoor (B31, room requirement) fills it; the visitor stays on the board without a
    # room, and can still be spent.
    #   rooms: [bed, bed, bed, soil, V08 -> soil, soil...]
    s, seat, pl = _turn(fill_room_must_be_empty=False)
    pl.dug_rooms, pl.beds = 1, 3
    pl.rooms[: B.FIRST_SOIL + 1] = [B.BED, B.BED, B.BED, B.SOIL, B.EMPTY]
    gain_visitor(s, seat, _visitor(s, "V08"))
    cid = give(s, seat, "B31")
    run(s, ("play", seat, -1, False))
    s.apply(B.CARD_BASE + cid)
    assert pl.dug_rooms == 0 and B.VISITOR not in pl.rooms and len(pl.visitors) == 1
    _spend_visitor(s, seat)
    assert pl.visitors == [] and pl.rooms.count(B.EMPTY) == 0
