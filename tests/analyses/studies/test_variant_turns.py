"""First-player advantage per rule value (``analyses.studies.variant_turns``) on synthetic
2-player studies with a known first-player win probability per rule value: a planted lean is
recovered within its interval, a fair value is flagged in at most 5% of studies, and the
games it says a lean needs do find that lean about 80% of the time."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest

from analyses.studies.variant_turns import first_player_by_value

CELLS = {  # rule=a|b crossed with other=x|y; the lean depends on the rule only
    "c0": {"rule": "a", "other": "x"},
    "c1": {"rule": "a", "other": "y"},
    "c2": {"rule": "b", "other": "x"},
    "c3": {"rule": "b", "other": "y"},
}
MANIFEST = {"cells": [{"cell": c, "variant": v} for c, v in CELLS.items()]}


def _study(first_wins: dict[str, float], seeds: int, rng: np.random.Generator):
    """Games and seats of the four cells: the first player wins with ``first_wins[rule]``."""
    games, seats = [], []
    for cell, variant in CELLS.items():
        first = rng.integers(0, 2, seeds)
        won = rng.random(seeds) < first_wins[variant["rule"]]
        winner = np.where(won, first, 1 - first)
        games.append(
            pl.DataFrame(
                {"cell": cell, "game_index": np.arange(seeds), "seed": np.arange(seeds)}
            ).with_columns(first_player=pl.Series(first), n_players=pl.lit(2), lineup=pl.lit("h|h"))
        )
        for seat in (0, 1):
            seats.append(
                pl.DataFrame(
                    {
                        "cell": cell,
                        "game_index": np.arange(seeds),
                        "seat": seat,
                        "slot": seat,
                        "policy": "h",
                        "win_share": (winner == seat).astype(float),
                    }
                )
            )
    return pl.concat(games), pl.concat(seats)


def _table(first_wins: dict[str, float], seeds: int, seed: int) -> pl.DataFrame:
    games, seats = _study(first_wins, seeds, np.random.default_rng(seed))
    return first_player_by_value(games, seats, MANIFEST, ["rule", "other"])


def _row(table: pl.DataFrame, rule: str) -> dict:
    return table.filter(pl.col("rule") == rule).to_dicts()[0]


def test_a_planted_lean_is_recovered_and_a_fair_value_is_not_flagged():
    table = _table({"a": 0.60, "b": 0.50}, seeds=800, seed=1)
    assert table.height == 4  # rule=a, rule=b, other=x, other=y
    lean = _row(table, "rule=a")
    assert lean["cells"] == 2 and lean["seeds"] == 800
    assert lean["lo"] < 0.60 < lean["hi"] and lean["p_holm"] < 0.05
    assert lean["games_needed"] is None  # answered: no more games needed
    fair = _row(table, "rule=b")
    assert fair["p_holm"] >= 0.05 and fair["games_needed"] > 800


def test_fair_values_are_flagged_in_at_most_5_percent_of_studies():
    flagged = sum(
        bool((_table({"a": 0.5, "b": 0.5}, 200, seed)["p_holm"] < 0.05).any())
        for seed in range(120)
    )
    # 5% of 120 is 6 (measured: 4); a binomial(120, 0.05) exceeds 12 with chance 0.7%
    assert flagged <= 12, flagged


@pytest.mark.slow  # 9 s: the games-needed figure checked by playing that many games
def test_the_games_needed_find_the_lean_about_80_percent_of_the_time():
    """A 4-point lean measured on 300 seeds; at the games it says it needs, the lean is found
    (Holm over the table) in about 80% of studies."""
    planted = {"a": 0.54, "b": 0.50}
    needed = []
    for seed in range(40):
        row = _row(_table(planted, 300, 100 + seed), "rule=a")
        if row["games_needed"] is not None and abs(row["diff"] - 0.04) < 0.01:
            needed.append(row["games_needed"])  # measured close to the true lean
    assert len(needed) >= 5
    games = int(np.median(needed))
    found = np.mean(
        [_row(_table(planted, games, 1000 + s), "rule=a")["p_holm"] < 0.05 for s in range(200)]
    )
    # 80% power planned (measured: 81.5% at 900 games); 200 studies: standard error 2.8 points
    assert 0.72 <= found <= 0.90, (games, found)
