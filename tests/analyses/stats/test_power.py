"""Stated detectable sizes against simulated changes of that size (analyses.stats.power).

Paired comparisons are injected game by game, as a real change of a player or a rule acts: a
share ``f`` of the games is *touched* (a decision in them differs) and played out anew at the
same rate, which moves outcomes both ways without a net effect; a change with an effect δ also
wins (or loses) a further share of the untouched games, ``δ / ((1 - p)(1 - f))`` of them (so
its win rate moves by δ); every other game repeats the baseline's outcome (common seeds). The
size a comparison states comes from one run without effect (replication by replication, so the
noise of that run is part of the test); the power is the share of runs with a true shift of
that size that the paired t-test flags, on each side.
"""

from __future__ import annotations

import math

import numpy as np
import polars as pl
import pytest
from scipy import stats as sps

from analyses.stats import paired
from analyses.stats.power import (
    Moves,
    moves,
    paired_detectable,
    paired_games_needed,
    paired_power,
    rate_detectable,
    rate_games_needed,
)


def _paired_run(rng, n: int, p: float, touched: float, delta: float = 0.0):
    """Baseline outcomes and the changed cell's: touched games replayed at the same rate, and
    a share of the untouched ones turned the way ``delta`` says."""
    a = (rng.random(n) < p).astype(float)
    b = a.copy()
    hit = rng.random(n) < touched
    b[hit] = (rng.random(int(hit.sum())) < p).astype(float)
    room = ((1 - p) if delta > 0 else p) * (1 - touched)
    turned = ~hit & (rng.random(n) < abs(delta) / room)
    b[turned] = 1.0 if delta > 0 else 0.0
    return a, b


def _t_p(d: np.ndarray) -> float:
    sd = d.std(ddof=1)
    if sd == 0:
        return 1.0 if d.mean() == 0 else 0.0
    return float(2 * sps.t.sf(abs(d.mean()) / (sd / math.sqrt(len(d))), len(d) - 1))


def paired_powers(n, p, f, alpha, reps, seed) -> dict[int, float]:
    """Power at +stated and -stated size over ``reps`` replications (stated afresh in each)."""
    rng = np.random.default_rng([seed, n, round(100 * p), round(1000 * f)])
    hits = {1: 0, -1: 0}
    for _ in range(reps):
        stated = paired_detectable(n, moves(*_paired_run(rng, n, p, f)), alpha)
        for sign in hits:
            a, b = _paired_run(rng, n, p, f, sign * stated)
            hits[sign] += _t_p(b - a) < alpha
    return {sign: h / reps for sign, h in hits.items()}


def test_stated_paired_size_has_its_power_when_few_games_move():
    # 2,000 paired games, 2% touched (1% of outcomes differ): a card effect of the card sweep.
    # Holm's strictest level over 36 effects. 400 replications (Monte Carlo SE 2 points).
    power = paired_powers(2000, 0.5, 0.02, 0.05 / 36, reps=400, seed=1)
    assert min(power.values()) >= 0.75 and max(power.values()) <= 0.85


@pytest.mark.slow
@pytest.mark.parametrize(
    ("n", "p", "f", "alpha"),
    [
        (2000, 0.5, 0.02, 0.05 / 36),  # card sweep: a rarely used effect
        (2000, 0.5, 0.3, 0.05 / 36),  # card sweep: a common effect
        (400, 0.5, 0.02, 0.05),  # the audit's case: 1% of games differ, one test
        (400, 0.8, 0.02, 0.05),  # a lopsided line-up
        (2000, 0.2, 0.3, 0.05),
        (2000, 0.8, 0.3, 0.05),
        (300, 0.5, 0.0, 0.05),  # nothing differed: the size still stands
        (9000, 0.5, 0.01, 0.05 / 15),  # a drift-suite size
        (150, 0.5, 0.1, 0.05 / 20),  # a demo study
    ],
)
def test_stated_paired_sizes_reach_their_power(n, p, f, alpha):
    # 1,000 replications each (Monte Carlo SE 1.3 points), both sides of the shift.
    power = paired_powers(n, p, f, alpha, reps=1000, seed=2)
    assert min(power.values()) >= 0.75 and max(power.values()) <= 0.85


def test_observed_standard_error_understated_the_size():
    # The audit's case: 400 pairs of a 50% rate of which 4 differ (2 each way), one test at
    # 5%. From the observed SE the size would be 2.8 * sqrt(0.01 / 400) = 1.4 points; a shift
    # must move games of its own, and the audit's true 80%-power sizes were 1.7-2.45 points.
    a = np.arange(400) % 2.0
    b = a.copy()
    b[[0, 2]], b[[1, 3]] = 1.0, 0.0
    stated = paired_detectable(400, moves(a, b))
    naive = 2.8 * (b - a).std(ddof=1) / 20
    assert 1.2 * naive < stated < 2.0 * naive and 0.017 <= stated <= 0.03


def test_an_identical_comparison_still_states_a_size():
    # No game differs: a change must move games to show, so the size is not 0 ("±0.00").
    rng = np.random.default_rng(3)
    a = (rng.random(300) < 0.5).astype(float)
    mv = moves(a, a)
    assert mv.share == 0 and mv.step_abs == 1.0
    assert 0.01 < paired_detectable(300, mv) < 0.05
    # both cells constant: nothing can change, nothing to state
    assert math.isnan(paired_detectable(300, moves(np.ones(300), np.ones(300))))


def test_games_needed_inverts_the_detectable_size():
    mv = Moves(0.02, 1.0, 1.0)
    n = paired_games_needed(0.01, mv, 0.05 / 36)
    assert paired_power(n, mv, 0.01, 0.05 / 36) >= 0.8 > paired_power(n - 40, mv, 0.01, 0.05 / 36)
    assert paired_detectable(n, mv, 0.05 / 36) <= 0.01 < paired_detectable(n - 40, mv, 0.05 / 36)


def test_test_family_states_the_model_size():
    rng = np.random.default_rng(4)
    a, b = _paired_run(rng, 500, 0.5, 0.1)
    values = pl.DataFrame(
        {
            "cell": ["x"] * 500 + ["y"] * 500,
            "game_index": [*range(500)] * 2,
            "value": np.concatenate([a, b]),
        }
    )
    row = paired.test_family(paired.compare_pairs(values, [("x", "y")], n_resamples=10)).row(
        0, named=True
    )
    assert row["mde"] == pytest.approx(paired_detectable(500, moves(a, b), 0.05))


@pytest.mark.parametrize(
    ("p0", "n", "alpha"), [(0.5, 150, 0.05), (1 / 3, 600, 0.05 / 8), (0.25, 2000, 0.05)]
)
def test_stated_rate_shift_reaches_its_power(p0, n, alpha):
    # One-sample score test of a rate against p0 (first player, skill gap), 20,000 simulated
    # runs at p0 +- the stated size; the harder side (toward 50%) holds 75-85%.
    se0 = math.sqrt(p0 * (1 - p0) / n)
    stated = rate_detectable(p0, se0, alpha)
    rng = np.random.default_rng(5)
    crit = sps.norm.ppf(1 - alpha / 2)
    powers = []
    for p1 in (p0 + stated, p0 - stated):
        wins = rng.binomial(n, p1, size=20_000)
        powers.append(float(np.mean(np.abs(wins / n - p0) / se0 > crit)))
    assert 0.75 <= min(powers) <= 0.85
    assert rate_games_needed(p0, stated, alpha) == pytest.approx(n, rel=0.02)
