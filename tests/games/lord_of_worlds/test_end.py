"""Game end (§6): triggers per player count, finishing the round, the safety stop."""

from __future__ import annotations

import pytest

from simcore.engine.play.runner import play_game
from simcore.games.lord_of_worlds import rules as R
from strategies.registry import make_policy

from .helpers import (
    card,
    clear_board,
    game,
    hex_at,
    planet_hex,
    play,
    put,
    set_hand,
    started,
    touched,
)


def prefill(s, p: int, leave: list[tuple[int, int]]) -> None:
    """Fill ``p``'s planet from the reserve except the hexes in ``leave``."""
    keep = {planet_hex(s, q, r) for q, r in leave}
    for h in range(s.context.planet.size):
        if h not in keep and s.planet_tile[p][h] < 0:
            s.planet_tile[p][h] = s.reserve.pop()
    s.empty_count[p] = len(keep)
    touched(s)


def board_with_target(s) -> int:
    """Only face-up tiles: a water tile on neutral (1,0) and a spare far away."""
    clear_board(s)
    target = min(
        (t for t in s.reserve if s.context.tile_type[t] == 0), key=lambda t: s.context.tile_value[t]
    )
    put(s, hex_at(s, 1, 0), target)
    spare = next(t for t in s.reserve if s.context.tile_type[t] == 1)
    put(s, s.context.board.tile_hexes[0], spare)
    return hex_at(s, 1, 0)


def collect_and_place(s, seat: int, at: tuple[int, int]) -> None:
    """``seat`` collects the water tile on (1,0) and puts it on planet hex ``at``."""
    h = hex_at(s, 1, 0)
    s.cart_hex[seat] = h
    kinds = [card(s, "red", 5), card(s, "white", 4)]
    set_hand(s, seat, kinds)
    play(s, "red", kinds)
    s.apply(R.COLLECT)
    s.apply(R.PLACE + planet_hex(s, *at))


def test_two_players_first_seat_completes_planet_second_seat_still_plays():
    # seat 0 (first player) fills its last empty hex (1,0); the round is finished by seat 1
    s = started(2)
    board_with_target(s)
    prefill(s, 0, [(1, 0)])
    collect_and_place(s, 0, (1, 0))
    assert s.empty_count[0] == 0 and s.end_triggered and s.player == 1 and not s.is_terminal()
    s.apply(R.HIRE + 0)
    assert s.is_terminal() and s.ended_by == "planet"
    out = s.outcome()
    assert out["turns"] == 2 and out["game"]["rounds"] == 1


def test_two_players_last_seat_completes_planet_game_ends_at_once():
    s = started(2)
    board_with_target(s)
    s.apply(R.HIRE + 0)  # seat 0
    prefill(s, 1, [(1, 0)])
    collect_and_place(s, 1, (1, 0))
    assert s.is_terminal() and s.ended_by == "planet" and s.turns == 2


def test_two_players_one_empty_hex_does_not_trigger():
    s = started(2)
    board_with_target(s)
    prefill(s, 0, [(1, 0), (0, 0)])
    collect_and_place(s, 0, (0, 0))  # architect space: one empty hex left
    s.apply(R.HIRE + 0)
    assert not s.end_triggered and not s.is_terminal()


@pytest.mark.parametrize(("n", "threshold"), [(3, 1), (4, 4)])
def test_trigger_threshold_and_round_finish(n, threshold):
    # seat 1 reaches the threshold of empty hexes; seats 2.. finish the round, seat 0 does not
    # play again; every seat had the same number of turns
    s = started(n)
    board_with_target(s)
    s.apply(R.HIRE + 0)  # seat 0
    leave = [(0, 0), (2, 0), (0, -2), (-2, 2), (1, 0)][: threshold + 1]
    prefill(s, 1, leave)
    collect_and_place(s, 1, leave[0])  # on an architect space: no free collection
    assert s.empty_count[1] == threshold and s.end_triggered
    while not s.is_terminal():
        assert s.player != 0
        s.apply(R.HIRE + 0)
    assert s.turns == n and s.ended_by == "planet"


@pytest.mark.parametrize("n", [3, 4])
def test_one_more_empty_hex_than_threshold_does_not_trigger(n):
    s = started(n)
    board_with_target(s)
    threshold = {3: 1, 4: 4}[n]
    leave = [(0, 0), (2, 0), (0, -2), (-2, 2), (1, 0), (1, 1)][: threshold + 2]
    prefill(s, 0, leave)
    collect_and_place(s, 0, leave[0])
    assert s.empty_count[0] == threshold + 1 and not s.end_triggered


def test_safety_stop_after_max_rounds():
    s = started(2, max_rounds=2)
    for _ in range(4):
        s.apply(R.HIRE + 0)
    assert s.is_terminal() and s.ended_by == "stall" and s.rounds == 2


def test_stall_when_no_tile_can_be_collected():
    s = started(2)
    clear_board(s)
    s.apply(R.HIRE + 0)
    assert s.is_terminal() and s.ended_by == "stall"


@pytest.mark.parametrize("n", [2, 3, 4])
def test_heuristic_games_end_by_planet_with_equal_turns(n):
    g = game()
    policy = make_policy("heuristic", g)
    for seed in range(3):
        rec = play_game(g, n, [policy] * n, seed)
        assert rec.game["ended_by"] == "planet"
        assert rec.game["turns"] % n == 0
        per_seat = {r["turns_hiring"] + r["turns_playing"] for r in rec.seats}
        assert per_seat == {rec.game["turns"] // n}


def test_tied_scores_share_the_win():
    s = started(3, max_rounds=1)
    s.points[0][1] = s.points[2][1] = 20
    s.points[1][1] = 5
    for _ in range(3):
        s.apply(R.HIRE + 0)  # empty planets: no chain points change the tie
    assert s.is_terminal() and s.returns() == [0.5, 0.0, 0.5]
