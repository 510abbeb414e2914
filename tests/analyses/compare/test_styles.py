"""Per-style win shares in ``compare``: a line-up of the heuristic's styles (Lord of Worlds,
two chain builders and an architect) gets the architect's win share per seat as a measure.
Checked against an independent polars reading of the Parquet tables, under a true null (the
seeds of one run split in halves) and against a planted change of known size."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest

from analyses.compare.changes import SideData, compare_versions, load_side
from tests.conftest import run_cli

ARCHITECT = "heuristic:style=architect"
STUDY = f"""name = "styles"
game = "lord_of_worlds"
players = 3
games = 400
seed = 11
policies = ["heuristic:style=chains", "heuristic:style=chains", "{ARCHITECT}"]
"""
KEY = f"style:c000:{ARCHITECT}"


@pytest.fixture(scope="module")
def side(tmp_path_factory) -> SideData:
    tmp = tmp_path_factory.mktemp("styles")
    (tmp / "study.toml").write_text(STUDY)
    res = run_cli("sweep", "study.toml", "--out", "runs", "--quiet", cwd=tmp)
    assert res.returncode == 0, res.stderr
    return load_side("A", tmp / "runs" / "styles")


def _row(a: SideData, b: SideData) -> dict:
    table = compare_versions(a, b).table
    assert table.filter(pl.col("group") == "Styles").height == 1  # two styles: one share
    return table.filter(pl.col("key") == KEY).to_dicts()[0]


def _architect_share(seats: pl.DataFrame) -> float:
    """Mean over games of the architect seat's win share, read independently."""
    arch = seats.filter(pl.col("policy") == ARCHITECT)
    return float(arch.group_by("game_index").agg(pl.col("win_share").mean())["win_share"].mean())


def _half(s: SideData, indices: np.ndarray, name: str) -> SideData:
    """The games of ``indices`` renumbered 0..n-1 (as if they were seeds 0..n-1)."""
    renumber = pl.DataFrame({"game_index": indices, "new": np.arange(len(indices))})

    def part(table: pl.DataFrame) -> pl.DataFrame:
        table = table.join(renumber, on="game_index").drop("game_index")
        return table.rename({"new": "game_index"})

    return SideData(name, s.run_dir, s.manifest, part(s.games), part(s.seats))


def test_the_style_share_is_the_tables_own(side):
    """The measure is the architect seat's mean win share, as polars reads it from Parquet."""
    seats = pl.read_parquet(side.run_dir / "seats")
    row = _row(side, side)
    assert row["mean_a"] == pytest.approx(_architect_share(seats), abs=1e-12)
    assert row["what"] == f"win share of a {ARCHITECT} seat (fair share 33.3%)"
    assert row["diff"] == 0 and not row["significant"]


def test_a_null_flags_the_style_share_in_at_most_5_percent_of_splits(side):
    rng = np.random.default_rng(3)
    flagged = 0
    splits = 60
    for _ in range(splits):
        order = rng.permutation(side.games.height)
        half = side.games.height // 2
        a, b = _half(side, order[:half], "A"), _half(side, order[half:], "B")
        flagged += bool(_row(a, b)["p_value"] < 0.05)
    # 5% of 60 is 3; a binomial(60, 0.05) exceeds 7 with chance 0.4%
    assert flagged <= 7, flagged


def test_a_planted_change_is_recovered_within_its_interval(side):
    """B: in a fixed quarter of the games a chain builder won, the architect wins instead.
    The planted change is computed from the two tables; the comparison's interval holds it."""
    rng = np.random.default_rng(5)
    seats = side.seats
    winners = seats.filter(pl.col("win_share") == 1)
    chain_won = winners.filter(pl.col("policy") != ARCHITECT)["game_index"].to_numpy()
    moved = rng.choice(chain_won, size=len(chain_won) // 4, replace=False)
    flip = pl.col("game_index").is_in(moved.tolist())
    new_share = (
        pl.when(flip).then((pl.col("policy") == ARCHITECT).cast(pl.Float64)).otherwise("win_share")
    )
    seats_b = seats.with_columns(win_share=new_share)
    planted = _architect_share(seats_b) - _architect_share(seats)
    assert planted > 0.04  # a quarter of the chain builders' wins: a change worth finding
    row = _row(side, SideData("B", side.run_dir, side.manifest, side.games, seats_b))
    assert row["diff"] == pytest.approx(planted, abs=1e-12)
    assert row["lo"] < planted < row["hi"] and row["significant"]
