"""Revision 2 of the Rats of Wistar spec, item by item (§2, §4, §6, §8, §8.1, §10, §12).

Farm (data): E - G1 (open); doors G1-G2 d0, G1-G3 d1, G2-G4 d2, G3-G4 d3, G2-C1 d4, G4-C2 d5,
C1-C2 d6, C1-C3 d7, C2-C4 d8, C3-C4 d9. Rooms: E=0 G1..G4=1..4 C1..C4=5..8.
Wheel in the scenarios: identity order (S1 at slot 0 in round 1).
"""

from __future__ import annotations

import pytest

from simcore.core.errors import ContentError
from simcore.engine.play.runner import play_game
from simcore.games.rats_of_wistar import board as B
from simcore.games.rats_of_wistar.farm import completable, meets
from simcore.games.rats_of_wistar.vocab import compile_effect
from strategies.random_policy import RandomPolicy

from .helpers import give, make_game, order_action, place, put_mission, run, space_action, start

G1, G2, G3, G4, C1, C2, C3, C4 = range(1, 9)


def _turn(n: int = 2, **overrides):
    s = start(n, **overrides)
    seat = s.current_player
    return s, seat, s.players[seat]


def test_s8_1_joker_stands_in_for_a_mission_icon():
    # M01 needs 2 strength icons. Seat holds 1 strength icon and 1 joker, explorer in G1.
    for jokers, ok in ((True, True), (False, False)):
        s, seat, pl = _turn(jokers_for_mission_icons=jokers)
        put_mission(s, 0, "M01")  # slot 0 is in G1
        pl.explorer_room, pl.icons[0], pl.resources[2] = G1, 1, 1
        assert bool(completable(s, seat)) == ok
        if ok:
            run(s, ("complete_mission", seat))
            if s.stack[-1][0] == "complete_mission":
                s.apply(B.MISSION_BASE + 0)
            assert pl.resources[2] == 0 and "M01" in [s.content.missions[m].id for m in pl.missions]


def test_s8_1_goals_never_take_jokers():
    s, _seat, pl = _turn()
    pl.resources[2] = 5
    assert not meets(s, pl, (("icons", 0, 1),))  # the goal check: jokers never count


def test_s4_free_order_plays_the_card_before_the_mission():
    # 4 players, S6 space 1 = "complete a mission & play an invention". M01 (2 strength) in
    # G1 with the explorer; the seat has 1 strength icon, no joker, and Wheelbarrow (strength
    # icon, 1 wood) in hand. Playing first gives the second icon: the mission then completes.
    s, seat, pl = _turn(4)
    put_mission(s, 0, "M01")
    pl.explorer_room, pl.icons[0], pl.resources[0], pl.resources[2] = G1, 1, 1, 0
    cid = give(s, seat, "B01")
    s.refresh_legal()
    place(s, 5, 0, "play")
    s.apply(B.CARD_BASE + cid)
    assert s.stack[-1][0] == "order"  # main action and mission are still to come
    s.apply(order_action(s, "complete_mission"))
    if s.stack[-1][0] == "complete_mission":
        s.apply(B.MISSION_BASE + 0)
    assert pl.icons[0] == 2 and len(pl.missions) == 1


def test_s4_printed_order_keeps_the_listed_order():
    s, _seat, _pl = _turn(4, bonus_part_order="printed")
    s.refresh_legal()
    s.apply(space_action(5, 0))
    parts = s.stack[-1][2]
    assert len(parts) == 2 and [t[0] for t in parts[1]] == ["complete_mission", "play"]


def test_s4_same_options_for_s1_space_2_in_every_player_count():
    # S1.2 lists "move 2 workers & play" in 2p but "play & move 2 workers" in 3p/4p: with
    # free order both orders are open to the player in every player count.
    for n in (2, 3, 4):
        s, _seat, _pl = _turn(n)
        s.apply(space_action(0, 1))
        names = sorted("main" if p[0][0] == "main" else p[0][0] for p in s.stack[-1][2])
        assert names == ["main", "move_workers", "play"], n


def test_s6_filled_room_counts_for_no_rooms_condition():
    # M04 needs 2 rooms. 2 dug soil rooms; an invention fills the highest: 1 dug room left.
    s, seat, pl = _turn()
    pl.dug_rooms = 2
    pl.rooms[B.FIRST_SOIL : B.FIRST_SOIL + 2] = [B.EMPTY, B.EMPTY]
    assert meets(s, pl, s.content.missions[3].condition)
    cid = give(s, seat, "B31")  # Trapdoor: needs a room
    run(s, ("play", seat, -1, False))
    s.apply(B.CARD_BASE + cid)
    assert pl.dug_rooms == 1 and not meets(s, pl, s.content.missions[3].condition)


def test_s6_mission_slots_from_map_data_two_missions_in_g2_and_g3():
    s = make_game().new_state(4, 3)
    assert s.mission_rooms == [G1, G2, G2, G3, G3, G4, C1, C2, C3, C4]
    # each mission of a room is revealed on its own
    pl = s.players[0]
    pl.explorer_room = G2
    run(s, ("reveal_mission", 0))
    assert sorted(s.legal_actions()) == [B.REVEAL_BASE + 1, B.REVEAL_BASE + 2]
    s.apply(B.REVEAL_BASE + 1)
    assert s.mission_revealed[1:3] == [1, 0]


def test_s10_hero_x1_effect_runs_its_own_effect():
    # A hero whose effect is once per round (x1: +1 metal) next to a played x1 card
    # (Woodpile, x1: +1 wood): each x1 runs what its own source prints.
    s, seat, pl = _turn()
    from simcore.games.rats_of_wistar.inventions import register

    cid = give(s, seat, "B21")
    run(s, ("play", seat, -1, True))
    s.apply(B.CARD_BASE + cid)
    register(s, seat, "x1", (("gain", 1, 1),), "a test hero")
    metal, wood = pl.resources[1], pl.resources[0]
    s.refresh_legal()
    s.apply(B.QA_X1)
    s.apply(B.X1_BASE + 1)  # the hero's
    assert pl.resources[1] == metal + 1 and pl.resources[0] == wood


@pytest.mark.parametrize(
    ("raw", "ops"),
    [
        ([{"lose": {"vp": 2}}], [("lose_vp", 2)]),
        ([{"explorer_move": "tent"}], [("explorer_move", 1)]),
        ([{"discount": {"metal": 1}}], [("next_discount", 1, 1)]),
        ([{"spend": {"wood": 2}}, {"gain": {"vp": 3}}], [("spend", 0, 2, (("gain", 5, 3),))]),
    ],
)
def test_s10_new_vocabulary_compiles(raw, ops):
    assert list(compile_effect("test", raw)) == ops


def test_s10_spend_needs_one_thing():
    with pytest.raises(ContentError, match="exactly one"):
        compile_effect("test", [{"spend": {"wood": 1, "metal": 1}}])


def test_s10_spend_then_gain_pay_or_decline_or_cannot():
    effect = compile_effect("test", [{"spend": {"wood": 2}}, {"gain": {"vp": 3}}])
    s, seat, pl = _turn()
    pl.resources[0], vp = 2, pl.victory_points
    s.push_effect(seat, effect)
    s.settle()
    assert s.legal_actions() == [B.SPEND_ACT, B.STOP]
    s.apply(B.SPEND_ACT)
    assert pl.resources[0] == 0 and pl.victory_points == vp + 3
    s.push_effect(seat, effect)  # no wood left: the rest of the effect does not happen
    s.settle()
    assert pl.victory_points == vp + 3 and s.stack[-1][0] == "turn"


def test_s10_spend_a_visitor_empties_its_room():
    effect = compile_effect("test", [{"spend": {"visitor": 1}}, {"gain": {"vp": 4}}])
    s, seat, pl = _turn()
    from simcore.games.rats_of_wistar.inventions import gain_visitor

    gain_visitor(s, seat, s.visitor_supply[0][0])
    s.settle()
    rooms_before = pl.rooms.count(B.VISITOR)
    s.push_effect(seat, effect)
    s.settle()
    s.apply(B.SPEND_ACT)
    assert pl.visitors == [] and pl.rooms.count(B.VISITOR) == rooms_before - 1


def test_s10_lose_vp_and_next_payment_discount():
    s, seat, pl = _turn()
    vp = pl.victory_points
    run(s, ("lose_vp", seat, 2), ("next_discount", seat, 1, 1))
    assert pl.victory_points == vp - 2 and pl.next_discount == [0, 1]
    pl.resources[1] = 1  # a dig costs 2 metal; with the discount 1 metal is enough
    run(s, ("dig", seat, 1))
    s.apply(B.DIG_ACT)
    assert pl.dug_rooms == 1 and pl.resources[1] == 0 and pl.next_discount == [0, 0]


def test_s10_explorer_moves_connected_or_to_a_tent():
    # Explorer in G1; d0 (G1-G2) open, d1 (G1-G3) closed; G2-G4 d2 open. Tent in C4.
    s, seat, pl = _turn()
    s.door_open = [1, 0, 1, 0, 0, 0, 1, 1, 1, 1]
    pl.explorer_room, pl.tent_rooms = G1, [C4]
    run(s, ("explorer_move", seat, 0))
    assert s.legal_actions() == [B.ROOM_BASE + 0, B.ROOM_BASE + G2, B.ROOM_BASE + G4, B.STOP]
    s.apply(B.ROOM_BASE + G4)
    run(s, ("explorer_move", seat, 1))
    s.apply(B.ROOM_BASE + C4)
    assert pl.explorer_room == C4


def test_s12_placement_row_records_yield_and_single_option_choice():
    # 2p S3 = "complete a mission | move 2 workers": no mission is completable, so the only
    # live branch (move) resolves itself: no decision row, but the choice is on the record.
    g = make_game()
    rec = play_game(g, 2, [RandomPolicy(), RandomPolicy()], 11, record_actions=True)
    places = [r for r in rec.actions if r["kind"] == "place"]
    assert len(places) == 30
    s3 = [r for r in places if r["sector"] == "S3"]
    assert s3 and all("branch=" in r["bonus_choices"] for r in s3)
    potions = [r for r in places if r["bonus"] == "gain 1 potion"]
    assert all(r["y_potion"] >= 1 for r in potions)
    assert sum(r["y_vp"] + r["y_wood"] + r["y_metal"] + r["y_cards"] for r in places) > 0


def test_s2_draft_before_market():
    # the starting pairs are drafted while the market is still empty; it is laid out after
    s = make_game().new_state(3, 5)
    assert s.stack[-1][0] == "draft" and s.market == [[-1] * 4, [-1] * 4]
    while s.stack[-1][0] == "draft":
        s.apply(s.legal_actions()[0])
    assert all(c >= 0 for row in s.market for c in row)
