"""First-player advantage is measured from the recorded start player, not from seat numbers."""

from __future__ import annotations

import polars as pl
import pytest

from analyses.turn_order import first_player_advantage, with_positions
from reports.build import load_context
from simcore.config import build_config
from simcore.sweep import run_sweep


def _ratjack(tmp_path, first: int) -> tuple[pl.DataFrame, pl.DataFrame]:
    raw = {"name": f"fp{first}", "game": "ratjack", "players": 3, "games": 90, "seed": 4,
           "policies": ["random"] * 3, "params": {"first_player": first}}  # fmt: skip
    ctx = load_context(run_sweep(build_config(raw), tmp_path, quiet=True).run_dir)
    return ctx.games, ctx.seats


def test_positions_follow_the_recorded_first_player(tmp_path):
    games, seats = _ratjack(tmp_path, first=-1)  # random start player per game (the default)
    data = with_positions(games, seats)
    starts = data.filter(pl.col("position") == 1).select("game_index", "seat").sort("game_index")
    assert starts["seat"].to_list() == games.sort("game_index")["first_player"].to_list()
    assert starts["seat"].n_unique() == 3  # not always seat 1


def test_with_a_fixed_start_seat_position_one_is_that_seat(tmp_path):
    games, seats = _ratjack(tmp_path, first=2)
    table = first_player_advantage(games, seats)
    seat3 = seats.filter(pl.col("seat") == 2)["win_share"].mean()
    assert table.filter(pl.col("position") == 1)["rate"][0] == pytest.approx(seat3)


def test_a_run_without_start_players_is_refused():
    games = pl.DataFrame({"cell": ["c0"], "game_index": [0], "n_players": [2]})
    seats = pl.DataFrame({"cell": ["c0"], "game_index": [0], "seat": [0], "slot": [0],
                          "policy": ["random"], "win_share": [1.0]})  # fmt: skip
    with pytest.raises(ValueError, match="first_player"):
        with_positions(games, seats)
