"""The wheel (§4), the hut (§5) and the round structure (§3)."""

from __future__ import annotations

from simcore.engine.play.runner import play_game
from simcore.games.rats_of_wistar import board as B
from simcore.games.rats_of_wistar.rules import hut_order
from simcore.games.rats_of_wistar.wheel import space_slot
from strategies.random_policy import RandomPolicy

from .helpers import make_game, place, space_action, start


def test_wheel_rotates_one_sector_per_round_over_five_rounds() -> None:
    # Round 1: S1 at slot 0 ... S6 at slot 5; each round every sector moves one slot on.
    s = start()
    for rnd in range(1, 6):
        s.round = rnd
        assert [space_slot(s, sec) for sec in range(6)] == [(sec + rnd - 1) % 6 for sec in range(6)]


def test_recorded_placements_follow_the_rotation() -> None:
    game = make_game()
    rec = play_game(game, 3, [RandomPolicy()] * 3, 7, record_actions=True)
    state = game.new_state(3, 7)
    start_slot = {sid: state.start_slots[i] for i, (sid, _) in enumerate(game.content.wheel[3])}
    places = [r for r in rec.actions if r["kind"] == "place" and r["sector"] != "hut"]
    assert places
    for row in places:
        assert row["slot"] == (start_slot[row["sector"]] + row["round"] - 1) % 6
    assert {r["round"] for r in places} == {1, 2, 3, 4, 5}


def test_space_exclusive_and_one_chief_per_sector() -> None:
    # 2p, S2 has two spaces. Seat A takes S2.1; seat B may still take S2.2 but not S2.1;
    # on A's next turn no S2 space is offered to A.
    s = start()
    a = s.current_player
    place(s, 1, 0, "main")
    while s.current_player == a:
        s.apply(s.legal_actions()[0] if B.STOP not in s.legal_actions() else B.STOP)
    b = s.current_player
    legal = s.legal_actions()
    assert space_action(1, 0) not in legal
    assert space_action(1, 1) in legal
    place(s, 1, 1, "play")
    while s.current_player == b:
        s.apply(B.STOP if B.STOP in s.legal_actions() else s.legal_actions()[0])
    assert s.current_player == a
    assert not any(space_action(1, sp) in s.legal_actions() for sp in (0, 1))
    assert s.space_chiefs[1] == [a, b]


def test_hut_order_with_several_chiefs() -> None:
    # order [0, 1, 2, 3]; hut chiefs placed by 2, 0, 2, 3 -> new order 2, 0, 3, then 1.
    s = start(4)
    s.order = [0, 1, 2, 3]
    s.hut_chiefs = [2, 0, 2, 3]
    hut_order(s)
    assert s.order == [2, 0, 3, 1]
    s.hut_chiefs = []
    hut_order(s)
    assert s.order == [2, 0, 3, 1]


def test_hut_gives_potion_and_move_token_and_sets_next_order() -> None:
    # 2p: the second player goes to the hut in round 1 -> first in round 2.
    s = start()
    first, second = s.order
    place(s, 5, 0, "main")  # S6: gain a potion
    while s.current_player == first:
        s.apply(B.STOP)
    pl = s.players[second]
    before = (pl.resources[3], pl.resources[4])
    s.apply(B.HUT)
    assert (pl.resources[3], pl.resources[4]) == (before[0] + 1, before[1] + 1)
    assert pl.chiefs_by_sector[6] == 1
    while s.round == 1:
        acts = s.legal_actions()
        s.apply(B.STOP if B.STOP in acts else B.HUT if B.HUT in acts else acts[0])
    assert s.order == [second, first]


def test_new_round_phase_steps() -> None:
    # End of round 1: chiefs return, unclaimed round visitor removed and the next revealed,
    # income paid, x1 markers reset, market slides right by 2 with 2 new cards.
    s = start()
    old_visitor = s.round_visitor
    basic_row = s.market[0][:]
    pl = s.players[0]
    pl.income.append((("gain", 0, 2),))
    pl.x1_effects, pl.x1_used = [5], [5]
    wood = pl.resources[0]
    s.turn = len(s.order) * 3 - 1  # the last turn of the round is over
    s.stack = []
    s.settle()
    assert s.round == 2 and s.round_visitor == s.round_visitor_stack[1] != old_visitor
    assert all(p.chiefs_left == 3 for p in s.players) and s.space_chiefs[0] == [-1, -1]
    assert pl.resources[0] == wood + 2 and pl.x1_used == []
    assert s.market[0][2:] == basic_row[:2] and set(basic_row[2:]) <= set(s.discard[0])


def test_game_ends_after_five_rounds_with_fifteen_placements_each() -> None:
    game = make_game()
    for n in (2, 3, 4):
        state = game.new_state(n, 11)
        rng = __import__("random").Random(3)
        while not state.is_terminal():
            acts = state.legal_actions()
            state.apply(acts[rng.randrange(len(acts))])
        assert state.round == 5 and state.turns == 15 * n
        assert all(sum(p.chiefs_by_sector) == 15 for p in state.players)
        assert state.outcome()["ended_by"] == "rounds"


def test_bonus_first_versus_main_first() -> None:
    # S4 (2p) = "gain 1 wood & move 1 worker" at slot 3 (build beds) in round 1.
    # Burrow holds 0 workers, forest 1, 2 wood. Bonus first: move forest->burrow, then the
    # bed is built at strength 1. Main first: strength 0, no bed.
    for main_first, beds in ((False, 1), (True, 0)):
        s = start()
        seat = s.current_player
        pl = s.players[seat]
        pl.area_workers, pl.entrance_workers, pl.resources[0] = [1, 0, 0], 0, 2
        place(s, 3, 0, *(["main"] if main_first else ["move_workers", "main"]))
        while s.current_player == seat and B.STOP not in s.legal_actions()[:1]:
            acts = s.legal_actions()
            pick = B.MOVE_BASE + 0 * 3 + 1
            s.apply(pick if pick in acts else B.BED_ACT if B.BED_ACT in acts else acts[0])
        assert pl.beds == beds
