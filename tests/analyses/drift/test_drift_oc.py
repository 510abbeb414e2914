"""The drift check's operating characteristic, with changes injected decision by decision.

A change of half the tolerance must be DRIFT in at most 5% of checks, one of the full tolerance
in at least 80%, whether the change keeps the random stream (paired: a calibrated share of the
decisions differs, games diverge from their first differing decision) or draws a new one.
Games: ``tests/analyses/drift/drift_sim.py``. The slow test uses the shipped suite's sizes (11,000
games replayed against a baseline of 33,000) and 2,000 replications per point (Monte Carlo SE
0.4 points at 4%, 0.8 at 84%); the fast one a smaller suite with a wider tolerance.
"""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest

from analyses.drift.check import with_seeds
from analyses.drift.compare import DRIFT, compare_check, estimate, judge, status
from tests.analyses.drift import drift_sim

TOLERANCE = {"win": 0.03, "score": 3.0}  # 3 points; 3% of a mean score of 100


def flag_rates(n, m, phi, stream, shift_of_tol, reps, seed, tolerance=TOLERANCE):
    """Share of ``reps`` simulated checks in which each metric is DRIFT, for a change of
    ``shift_of_tol`` times each metric's tolerance."""
    rng = np.random.default_rng([seed, n, round(1000 * phi), round(100 * shift_of_tol)])
    steps = {
        "win": drift_sim.win_step(phi, shift_of_tol * tolerance["win"]),
        "score": drift_sim.score_step(phi, shift_of_tol * tolerance["score"]),
    }
    flags = dict.fromkeys(steps, 0)
    for _ in range(reps):
        base, replay = drift_sim.baseline(rng, m)
        for name, step in steps.items():
            now = drift_sim.changed(rng, n, phi, step, replay if stream == "same" else None)
            diff, se, _ = estimate(base[name], now[name])
            flags[name] += status(diff, se, tolerance[name], "tested") == DRIFT
    return {name: count / reps for name, count in flags.items()}


@pytest.mark.parametrize(("phi", "stream"), [(0.05, "same"), (0.05, "new")])
def test_drift_flags_the_tolerance_and_not_half_of_it(phi, stream):
    # 2,000 games against 6,000, tolerance 10 points / 10% (the check has room: ~95% power at
    # the tolerance); 300 replications per point. 5% of decisions altered: two thirds of the
    # games go another way.
    wide = {"win": 0.10, "score": 10.0}
    half = flag_rates(2000, 6000, phi, stream, 0.5, 300, seed=1, tolerance=wide)
    full = flag_rates(2000, 6000, phi, stream, 1.0, 300, seed=2, tolerance=wide)
    assert max(half.values()) <= 0.05 and min(full.values()) >= 0.80


@pytest.mark.slow
@pytest.mark.parametrize(
    ("phi", "stream"),
    [(0.005, "same"), (0.05, "same"), (0.3, "same"), (0.05, "new")],
)
def test_drift_operating_characteristic_at_the_suite_size(phi, stream):
    # phi 0.005: a tenth of the games touched; 0.05: two thirds; 0.3: nearly every game.
    half = flag_rates(11_000, 33_000, phi, stream, 0.5, 2000, seed=3)
    full = flag_rates(11_000, 33_000, phi, stream, 1.0, 2000, seed=4)
    assert max(half.values()) <= 0.05, half
    assert min(full.values()) >= 0.80, full


def test_check_rows_use_the_same_estimate_and_status():
    rng = np.random.default_rng(9)
    base, replay = drift_sim.baseline(rng, 3000)
    now = drift_sim.changed(rng, 1000, 0.05, drift_sim.win_step(0.05, 0.03), replay)
    frame = pl.DataFrame(
        {
            "game_index": np.arange(3000),
            "slot0_win": base["win"],
            "turns": np.full(3000, 10),
            "ended_by": ["x"] * 3000,
            "score": base["score"],
            "first_player_win": base["win"],
        }
    )
    frame = with_seeds({"seed": 1}, frame)
    current = frame.head(1000).with_columns(slot0_win=pl.Series(now["win"]))
    row = judge(compare_check("c", ["slot0_win"], frame, current), 0.05).row(0, named=True)
    diff, se, r = estimate(base["win"], now["win"])
    assert (row["diff"], row["se"], row["r"]) == pytest.approx((diff, se, r))
    assert row["status"] == status(diff, se, 0.03, "tested") and row["mode"] == "paired"
    assert row["baseline_games"] == 3000 and row["games"] == 1000
