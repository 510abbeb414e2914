"""The luck share as a property of the game and a declared range of players (issue 62): it
recovers a planted chance share within its interval, and a run that gains identical or
near-identical cells reads the same.

Planted model, per slot: result = a_l (line-up) + b_g (seed) + e_gl, line-ups fixed with
var(a) = sum(a_l^2) / L, b and e normal: luck share = (var(b) + var(e)) / total.
"""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest

from analyses.feel.luck import luck_share

SEEDS, LINEUPS = 300, ("heuristic, heuristic", "greedy, heuristic", "random, heuristic")


def planted(share: float, rng: np.random.Generator, seeds: int = SEEDS) -> pl.DataFrame:
    """A seats table of three line-ups on common seeds whose luck share is ``share``."""
    var_a, var_b = 1.0 - share, share / 2  # var(e) is share / 2 too
    a = np.sqrt(var_a) * np.array([-1.0, 0.0, 1.0]) * np.sqrt(1.5)  # mean square var_a
    rows = []
    for slot, sign in ((0, 1.0), (1, -1.0)):
        b = rng.normal(0, np.sqrt(var_b), seeds)
        for li, name in enumerate(LINEUPS):
            e = rng.normal(0, np.sqrt(share / 2), seeds)
            value = sign * a[li] + b + e
            policy = name.split(", ")[slot]
            for g in range(seeds):
                rows.append((f"c{li:03d}", g, slot, slot, policy, float(value[g])))
    return pl.DataFrame(
        rows, schema=["cell", "game_index", "seat", "slot", "policy", "win_share"], orient="row"
    )


def _recovery(share: float, reps: int) -> tuple[float, float]:
    """Coverage of the 95% interval and mean estimate over ``reps`` planted runs (the
    bootstrap at its default 400 resamples)."""
    rng = np.random.default_rng(round(share * 10))
    hits, estimates = 0, []
    for _ in range(reps):
        got = luck_share(planted(share, rng))
        hits += got["lo"] <= share <= got["hi"]
        estimates.append(got["estimate"])
    return hits / reps, float(np.mean(estimates))


def test_a_planted_chance_share_is_recovered_within_its_interval():
    coverage, mean = _recovery(0.5, reps=40)
    assert coverage >= 0.9 and abs(mean - 0.5) < 0.03, (coverage, mean)


@pytest.mark.slow
@pytest.mark.parametrize("share", [0.2, 0.5, 0.8])
def test_planted_chance_shares_are_recovered_within_their_intervals(share):
    # 200 planted runs each (a Monte Carlo standard error of 1.5 points at 95%)
    coverage, mean = _recovery(share, reps=200)
    assert coverage >= 0.9 and abs(mean - share) < 0.02, (coverage, mean)


def test_identical_and_near_identical_cells_change_nothing():
    rng = np.random.default_rng(5)
    seats = planted(0.5, rng)
    base = luck_share(seats, resamples=100)
    twin = seats.filter(pl.col("cell") == "c001").with_columns(cell=pl.lit("c009"))
    again = luck_share(pl.concat([seats, twin]), resamples=100)
    assert again == base  # the same line-up listed twice counts once
    # another spec that plays like c002 in all but 1 of 300 games: one rung, not two
    near = seats.filter(pl.col("cell") == "c002").with_columns(
        cell=pl.lit("c010"),
        policy=pl.col("policy").str.replace("random", "random:seed=1"),
        win_share=pl.when(pl.col("game_index") == 7)
        .then(pl.col("win_share") + 1.0)
        .otherwise(pl.col("win_share")),
    )
    assert luck_share(pl.concat([seats, near]), resamples=100) == base
