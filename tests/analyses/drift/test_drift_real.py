"""Real code changes against the shipped drift baseline: one heuristic weight of Ratjack.

The Ratjack heuristic ("careful") with one evaluation weight changed (``tweaked_ratjack``) plays
the ``ratjack-skill`` check (heuristic vs greedy, 7,200 games on the baseline's seeds); the
check compares its win rate with the shipped baseline (rules revision 3). ``close=0.7`` moves the
heuristic's win rate by +1.8 points (90% interval +1.2 to +2.4: within the tolerance of 3),
``finisher=1`` by -4.4 (-5.1 to -3.7: DRIFT). Slow: each change plays 7,200 games.
"""

from __future__ import annotations

import polars as pl
import pytest

from analyses.drift import DEFAULT_BASELINE, DEFAULT_SUITE, compare_check, judge, load_suite
from analyses.drift.check import load_baseline, measure, with_seeds
from analyses.drift.compare import DRIFT, WITHIN
from simcore.core import registry

TWEAKED = "tests.analyses.tweaked_ratjack:heuristic"


def _judged(weights: str) -> dict:
    checks, alpha = load_suite(DEFAULT_SUITE)
    check = next(c for c in checks if c["name"] == "ratjack-skill")
    changed = {**check, "policies": [f"{TWEAKED}:{weights}", *check["policies"][1:]]}
    with registry.imports_allowed(True):  # the tweaked heuristic is a module path of the tests
        now = measure([changed], n_jobs=2)[check["name"]]
    stored = load_baseline(DEFAULT_BASELINE)["checks"][check["name"]]["columns"]
    base = with_seeds(check, pl.DataFrame(stored))
    return judge(compare_check(check["name"], check["metrics"], base, now), alpha).row(
        0, named=True
    )


@pytest.mark.slow
def test_a_two_point_heuristic_change_is_not_drift():
    row = _judged("close=0.7")
    assert 0.01 <= row["diff"] <= 0.03 and row["mode"] == "paired"  # about +2 points
    assert row["status"] == WITHIN


@pytest.mark.slow
def test_a_four_point_heuristic_change_is_drift():
    row = _judged("finisher=1")
    assert -0.055 <= row["diff"] <= -0.03 and row["mode"] == "paired"  # about -4 points
    assert row["status"] == DRIFT
