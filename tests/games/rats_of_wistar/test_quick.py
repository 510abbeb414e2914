"""Quick actions (§8) and the per-turn safeguard."""

from __future__ import annotations

from simcore.games.rats_of_wistar import board as B

from .helpers import give, put_mission, start, top


def _turn():
    s = start()
    seat = s.current_player
    return s, seat, s.players[seat]


def test_buy_joker_pays_any_three() -> None:
    # 2 wood, 0 metal, 1 hand card: pays wood, wood, card -> 1 joker.
    s, seat, pl = _turn()
    pl.resources[0], pl.resources[1] = 2, 0
    cid = give(s, seat, "B01")
    s.refresh_legal()
    s.apply(B.QA_JOKER)
    assert sorted(s.legal_actions()) == [B.PAY_WOOD, B.CARD_BASE + cid]
    s.apply(B.CARD_BASE + cid)
    assert cid in s.discard[0]
    assert pl.resources[0] == 0 and pl.resources[2] == 1 and top(s) == "turn"


def test_buy_joker_needs_three_items() -> None:
    s, _seat, pl = _turn()
    pl.resources[0], pl.resources[1] = 1, 1
    s.settle()
    assert B.QA_JOKER not in s.legal_actions()


def test_buy_power_two_levels_max() -> None:
    s, seat, pl = _turn()
    pl.resources[0], pl.resources[1] = 8, 0
    s.refresh_legal()
    s.apply(B.QA_POWER)
    assert pl.power == 1 and pl.resources[0] == 4
    s.apply(B.QA_POWER)
    assert pl.power == 2 and pl.resources[0] == 0
    pl.resources[0] = 8
    s.stack[-1] = ("turn", seat)
    s.settle()
    assert B.QA_POWER not in s.legal_actions()


def test_move_token_moves_one_worker_or_two_with_ability() -> None:
    s, _seat, pl = _turn()
    pl.area_workers, pl.resources[3] = [2, 0, 0], 2
    s.refresh_legal()
    s.apply(B.QA_MOVE)
    s.apply(B.MOVE_BASE + 0 * 3 + 2)
    assert pl.area_workers == [1, 0, 1] and pl.resources[3] == 1 and top(s) == "turn"
    pl.move_token_bonus = 1
    s.apply(B.QA_MOVE)
    s.apply(B.MOVE_BASE + 0 * 3 + 1)
    s.apply(B.MOVE_BASE + 2 * 3 + 1)
    assert pl.area_workers == [0, 2, 0] and pl.resources[3] == 0


def test_place_worker_from_entrance() -> None:
    s, _seat, pl = _turn()
    assert pl.entrance_workers == 2
    s.apply(B.QA_PLACE)
    s.apply(B.AREA_BASE + 1)
    assert pl.entrance_workers == 1 and pl.area_workers == [0, 1, 0]


def test_tent_in_explorer_room_max_two() -> None:
    # Explorer at the entrance: no tent. In G1: tent; again in G1: no; in G2 second tent; then none.
    s, seat, pl = _turn()
    assert B.QA_TENT not in s.legal_actions()
    pl.explorer_room = 1
    s.refresh_legal()
    s.apply(B.QA_TENT)
    assert pl.tent_rooms == [1] and B.QA_TENT not in s.legal_actions()
    pl.explorer_room = 2
    s.stack[-1] = ("turn", seat)
    s.settle()
    s.apply(B.QA_TENT)
    pl.explorer_room = 3
    s.stack[-1] = ("turn", seat)
    s.settle()
    assert pl.tent_rooms == [1, 2] and B.QA_TENT not in s.legal_actions()


def test_x1_effect_once_per_round() -> None:
    # Woodpile (B21, x1: +1 wood) played: usable once, then marked until the new round.
    s, seat, pl = _turn()
    cid = give(s, seat, "B21")
    pl.resources[0] = 2
    s.push(("play", seat, -1, True))
    s.settle()
    s.apply(B.CARD_BASE + cid)
    assert [src for src, _ in pl.x1_effects] == [s.content.cards[cid].name]
    wood = pl.resources[0]
    s.apply(B.QA_X1)
    assert pl.resources[0] == wood + 1 and pl.x1_used == [0]
    assert B.QA_X1 not in s.legal_actions()


def test_potion_uses() -> None:
    # Potion: wood or metal always; a mission when one is completable; an invention if playable.
    s, seat, pl = _turn()
    pl.resources[4] = 3
    s.refresh_legal()
    s.apply(B.QA_POTION)
    assert s.legal_actions() == [B.POTION_BASE + 2, B.POTION_BASE + 3]
    s.apply(B.POTION_BASE + 3)
    assert pl.resources[4] == 2 and pl.resources[1] == 3
    pl.explorer_room = 1
    put_mission(s, 0, "M01")
    pl.icons[0] = 2
    cid = give(s, seat, "B08")  # no requirements
    s.refresh_legal()
    s.apply(B.QA_POTION)
    assert s.legal_actions() == [B.POTION_BASE + i for i in range(4)]
    s.apply(B.POTION_BASE + 1)
    s.apply(B.CARD_BASE + cid)
    assert cid in pl.played and pl.resources[4] == 1


def test_s8_quick_actions_unlimited_and_end_turn_after_placement() -> None:
    # Revision 2 §8: no cap. Eight potions, each drunk for a wood, before the placement.
    s = start()
    seat = s.current_player
    pl = s.players[seat]
    pl.resources[4] = 8
    s.refresh_legal()
    assert B.STOP not in s.legal_actions()  # a turn needs its placement first
    wood = pl.resources[0]
    for _ in range(8):
        s.apply(B.QA_POTION)
        s.apply(B.POTION_BASE + 2)
    assert pl.resources[0] == wood + 8 and pl.resources[4] == 0
    assert B.QA_POTION not in s.legal_actions()  # offered only while it can be paid
    pl.entrance_workers = 0
    s.refresh_legal()
    s.apply(B.HUT)  # the hut's potion: one more quick action, then "end turn"
    assert s.current_player == seat and B.QA_POTION in s.legal_actions()


def test_achieve_goal_quick_action() -> None:
    # Goal G07 (beds 2 / 3 / 4) in play; 2 beds built -> the quick action takes space 1 (3 VP).
    s, seat, pl = _turn()
    s.goals = [[g for g, _ in s.content.goals].index("G07"), 0, 1]
    s.goal_markers = [[-1] * 3 for _ in range(3)]
    pl.beds = 2
    vp = pl.victory_points
    s.refresh_legal()
    s.apply(B.QA_GOAL)
    assert s.goal_markers[0][0] == seat and pl.victory_points == vp + 3 and pl.goals == [0]
