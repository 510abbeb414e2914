"""Paired comparisons on common-random-number games: known effect, null, Holm, pairing."""

from __future__ import annotations

import math

import numpy as np
import polars as pl
import pytest

from analyses.stats import paired
from analyses.stats.intervals import holm
from tests.analyses.synthetic import Cell, write_run

LINEUP = ["heuristic", "random"]


def _p(theta: float) -> float:
    return math.exp(theta) / (math.exp(theta) + 1)


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    """c000 baseline; c001 identical to it; c002 gives slot 0 (+0.5 strength) a real edge."""
    cells = [
        Cell("c000", LINEUP, {"bonus": 0}, {"heuristic": 0.0}),
        Cell("c001", LINEUP, {"bonus": 0}, {"heuristic": 0.0}),
        Cell("c002", LINEUP, {"bonus": 1}, {"heuristic": 0.5}, turns_shift=1),
    ]
    return write_run(tmp_path_factory.mktemp("paired"), cells, games=1500)


def test_detects_a_known_effect(run):
    values = paired.seat_outcome(run, slot=0)
    row = paired.paired_comparison(values, "c000", "c002", n_resamples=1000).row(0, named=True)
    truth = _p(0.5) - _p(0.0)  # +12.2 points
    assert row["pairs"] == 1500 and row["unpaired"] == 0
    assert row["lo"] < truth < row["hi"] and row["boot_lo"] < truth < row["boot_hi"]
    assert row["p_value"] < 1e-10 and row["perm_p"] < 0.002
    assert row["diff"] == pytest.approx(row["mean_b"] - row["mean_a"])


def test_identical_cells_show_no_difference(run):
    values = paired.seat_outcome(run, slot=0)
    row = paired.paired_comparison(values, "c000", "c001", n_resamples=500).row(0, named=True)
    # Same seeds and same rules: every game is replayed identically.
    assert row["diff"] == 0 and row["p_value"] == 1.0 and row["perm_p"] == 1.0
    assert row["lo"] <= 0 <= row["hi"]


def test_null_with_independent_noise_is_not_significant():
    # Two cells whose outcomes are independent coin flips with the same rate.
    rng = np.random.default_rng(5)
    n = 1000
    values = pl.DataFrame(
        {
            "cell": ["a"] * n + ["b"] * n,
            "game_index": list(range(n)) * 2,
            "value": rng.integers(0, 2, 2 * n).astype(float),
        }
    )
    row = paired.paired_comparison(values, "a", "b", n_resamples=1000).row(0, named=True)
    assert row["p_value"] > 0.05 and row["perm_p"] > 0.05 and row["lo"] < 0 < row["hi"]


def test_pairing_is_sharper_than_independent_samples(run):
    values = paired.seat_outcome(run, slot=0)
    row = paired.paired_comparison(values, "c000", "c002", n_resamples=200).row(0, named=True)
    a = values.filter(pl.col("cell") == "c000")["value"].to_numpy()
    b = values.filter(pl.col("cell") == "c002")["value"].to_numpy()
    unpaired_se = math.sqrt(a.var(ddof=1) / len(a) + b.var(ddof=1) / len(b))
    assert row["se"] < 0.7 * unpaired_se  # common random numbers remove most of the luck


def test_game_outcome_and_compare_cells_holm(run):
    values = paired.game_outcome(run, "turns")
    df = paired.compare_cells(values, "c000", n_resamples=200)
    assert df["cell_b"].to_list() == ["c001", "c002"]
    assert df["diff"].to_list() == [0.0, 1.0]
    assert df["p_holm"].to_list() == pytest.approx(holm(df["p_value"].to_numpy()).tolist())
    assert df["significant"].to_list() == [False, True]


def test_compare_pairs_and_with_holm(run):
    values = paired.seat_outcome(run, seat=0)
    df = paired.compare_pairs(values, [("c000", "c001"), ("c000", "c002")], n_resamples=100)
    assert df.height == 2 and set(df.columns) >= {"p_holm", "significant", "boot_lo", "perm_p"}


def test_mismatched_seeds_are_refused():
    values = pl.DataFrame(
        {"cell": ["a", "b"], "game_index": [0, 0], "seed": [1, 2], "value": [1.0, 0.0]}
    )
    with pytest.raises(ValueError, match="do not share seeds"):
        paired.paired_comparison(values, "a", "b")


def test_unknown_cell_and_duplicate_rows():
    values = pl.DataFrame({"cell": ["a", "a"], "game_index": [0, 0], "value": [1.0, 0.0]})
    with pytest.raises(ValueError, match="no games for cell 'z'"):
        paired.paired_comparison(values, "z", "a")
    with pytest.raises(ValueError, match="several rows per game_index"):
        paired.paired_comparison(values, "a", "a")
