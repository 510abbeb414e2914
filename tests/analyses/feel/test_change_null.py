"""The play measures' change between two versions (``analyses.feel.change``) under a true
null: the seeds of one run split at random into two halves that play the same game. The cells
of a study replay the same seeds, so a change is tested over seeds, not over games pooled as
independent (which flagged a change in 74% of such splits of the Ratjack card study)."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest

from analyses.feel import change, frames
from analyses.stats.paired import with_holm
from tests.conftest import run_cli

STUDY = """name = "null-study"
game = "ratjack"
players = 2
games = 400
seed = 99
policies = ["heuristic", "heuristic"]
[grid]
policies = [["heuristic", "heuristic"], ["heuristic:forbid=resolve/rat/1", "heuristic"],
            ["heuristic:forbid=resolve/rat/7", "heuristic"]]
"""
SPLITS = 80


@pytest.fixture(scope="module")
def tables(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("null")
    (tmp / "study.toml").write_text(STUDY)
    res = run_cli("sweep", "study.toml", "--out", "runs", "--quiet", "--n-jobs", "2", cwd=tmp)
    assert res.returncode == 0, res.stderr
    return frames(tmp / "runs" / "null-study")


def _half(tables: dict[str, pl.DataFrame], indices: np.ndarray) -> dict[str, pl.DataFrame]:
    """The games of ``indices``, renumbered 0..n-1 as if they were seeds 0..n-1."""
    renumber = pl.DataFrame({"game_index": indices, "new": np.arange(len(indices))})
    out = {}
    for name, table in tables.items():
        table = table.join(renumber, on="game_index").drop("game_index")
        table = table.rename({"new": "game_index"})
        out[name] = table.with_columns(seed=pl.col("game_index")) if "seed" in table else table
    return out


@pytest.mark.slow  # 12 s: .ci/run runs it with the slow acceptance tests of real runs
def test_a_null_flags_at_most_5_percent_of_comparisons(tables):
    rng = np.random.default_rng(7)
    flagged = 0
    for _ in range(SPLITS):
        order = rng.permutation(400)
        table = change(_half(tables, order[:200]), _half(tables, order[200:]))
        table = with_holm(table.filter(~pl.col("measure").is_in(["length_turns", "rounds"])), 0.05)
        flagged += bool(table["significant"].any())
    # 5% of 80 is 4; a binomial(80, 0.05) exceeds 8 with chance 0.6%
    assert flagged <= 8, flagged
