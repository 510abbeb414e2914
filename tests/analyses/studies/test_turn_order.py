"""First-player advantage is measured from the recorded start player, not from seat numbers."""

from __future__ import annotations

import polars as pl
import pytest

from analyses.studies.turn_order import first_player_advantage, pooled_first_player, with_positions
from reports.studies.build import load_context
from simcore.engine.sweep.config import build_config
from simcore.engine.sweep.sweep import run_sweep
from tests.analyses.synthetic import Cell, write_run


def _ratjack(tmp_path, first: int) -> tuple[pl.DataFrame, pl.DataFrame]:
    raw = {
        "name": f"fp{first}",
        "game": "ratjack",
        "players": 3,
        "games": 90,
        "seed": 4,
        "policies": ["random"] * 3,
        "params": {"first_player": first},
    }
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
    seats = pl.DataFrame(
        {
            "cell": ["c0"],
            "game_index": [0],
            "seat": [0],
            "slot": [0],
            "policy": ["random"],
            "win_share": [1.0],
        }
    )
    with pytest.raises(ValueError, match="first_player"):
        with_positions(games, seats)


def test_pooled_mixed_lineup_is_slot_stratified_like_its_cells(tmp_path):
    # Two cells of one mixed line-up (a strong A against a weak B) that differ in a rule value
    # and replay the same seeds; no turn-order effect. Which slot starts is fixed by the seed,
    # so pooling the games without strata would weigh A's starts as often in both cells: the
    # pooled rate must be the mean of the cells' slot-stratified rates, and pooling two cells
    # must not make the detectable shift worse than the cells' own.
    cells = [
        Cell("c0", ["A", "B"], {"target": 10}, {"A": 2.0}),
        Cell("c1", ["A", "B"], {"target": 12}, {"A": 2.4}),
    ]
    ctx = load_context(write_run(tmp_path, cells, games=600))
    per_cell = first_player_advantage(ctx.games, ctx.seats).filter(pl.col("position") == 1)
    pooled = pooled_first_player(ctx.games, ctx.seats, ["c0", "c1"])
    first = pooled.filter(pl.col("position") == 1).row(0, named=True)
    assert first["rate"] == pytest.approx(per_cell["rate"].mean(), abs=1e-12)
    assert first["seeds"] == 600 and first["cells"] == 2
    assert first["lo"] < first["rate"] < first["hi"]
    assert first["mde"] <= per_cell["mde"].mean()  # never worse than the cells it pools
    # the unstratified share of position 1 is pulled by how often A started
    data = with_positions(ctx.games, ctx.seats).filter(pl.col("position") == 1)
    a_started = data.filter(pl.col("policy") == "A").height / data.height
    assert a_started != 0.5
