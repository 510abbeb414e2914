"""Pure statistics against scipy references and hand-computed values."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats as sps

from analyses.stats.intervals import (
    chi_square_uniform,
    clopper_pearson_interval,
    clustered_rate,
    detectable_difference,
    holm,
    paired_difference,
    proportion_interval,
    proportion_test,
    quantile_summary,
    wilson_interval,
)

CASES = [(0, 10), (1, 10), (5, 10), (10, 10), (54, 100), (3, 1000), (512, 1000)]


@pytest.mark.parametrize(("k", "n"), CASES)
@pytest.mark.parametrize("conf", [0.9, 0.95, 0.99])
def test_wilson_matches_scipy(k, n, conf):
    ref = sps.binomtest(k, n).proportion_ci(confidence_level=conf, method="wilson")
    lo, hi = wilson_interval(k, n, conf)
    assert lo == pytest.approx(ref.low, abs=1e-12) and hi == pytest.approx(ref.high, abs=1e-12)


@pytest.mark.parametrize(("k", "n"), CASES)
def test_clopper_pearson_matches_scipy_exact(k, n):
    ref = sps.binomtest(k, n).proportion_ci(confidence_level=0.95, method="exact")
    lo, hi = clopper_pearson_interval(k, n)
    assert lo == pytest.approx(ref.low, abs=1e-12) and hi == pytest.approx(ref.high, abs=1e-12)


def test_wilson_hand_computed():
    # 5/10, z = 1.959964: centre = (0.5 + z²/20) / (1 + z²/10) = 0.5;
    # half = z * sqrt(0.025 + z²/400) / (1 + z²/10) = 0.26340...
    lo, hi = wilson_interval(5, 10)
    assert lo == pytest.approx(0.236593, abs=1e-6) and hi == pytest.approx(0.763407, abs=1e-6)


def test_fractional_successes_sit_between_neighbours():
    # Win shares of tied games make successes fractional (e.g. 2.5 wins out of 10).
    for fn in (wilson_interval, clopper_pearson_interval):
        lo2, hi2 = fn(2, 10)
        lo, hi = fn(2.5, 10)
        lo3, hi3 = fn(3, 10)
        assert lo2 < lo < lo3 and hi2 < hi < hi3


def test_empty_and_invalid_inputs():
    assert all(math.isnan(x) for x in wilson_interval(0, 0))
    assert all(math.isnan(x) for x in clopper_pearson_interval(0, 0))
    with pytest.raises(ValueError):
        wilson_interval(11, 10)
    with pytest.raises(ValueError):
        wilson_interval(1, 10, conf=1.5)
    with pytest.raises(ValueError, match="wilson, exact"):
        proportion_interval(1, 10, method="agresti")


def test_exact_wider_than_wilson_near_the_edge():
    w = wilson_interval(1, 30)
    e = proportion_interval(1, 30, method="exact")
    assert e[1] - e[0] > w[1] - w[0]


def test_proportion_test_is_the_score_test():
    z = (540 / 1000 - 0.5) / math.sqrt(0.25 / 1000)
    assert proportion_test(540, 1000, 0.5) == pytest.approx(2 * sps.norm.sf(z))
    # The score test and the Wilson interval agree on whether p0 is excluded.
    lo, hi = wilson_interval(531, 1000)
    assert (proportion_test(531, 1000, 0.5) < 0.05) == (lo > 0.5 or hi < 0.5)


def test_holm_hand_computed():
    # sorted: 0.005*4 = 0.02, 0.01*3 = 0.03, 0.03*2 = 0.06, 0.04*1 = 0.04 -> max-accumulate
    # gives 0.02, 0.03, 0.06, 0.06; back in input order:
    got = holm([0.01, 0.04, 0.03, 0.005])
    assert got == pytest.approx([0.03, 0.06, 0.06, 0.02])


def test_holm_caps_and_keeps_nan():
    got = holm([0.5, float("nan"), 0.4])
    assert got[0] == 0.8 and math.isnan(got[1]) and got[2] == 0.8
    assert holm([0.9, 0.8]).tolist() == [1.0, 1.0]
    assert holm([]).shape == (0,)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(0, 1, allow_nan=False), min_size=1, max_size=20))
def test_holm_properties(ps):
    adj = holm(ps)
    p = np.asarray(ps)
    assert np.all(adj >= p - 1e-15) and np.all(adj <= 1.0)
    order = np.argsort(p, kind="stable")
    assert np.all(np.diff(adj[order]) >= -1e-15)  # monotone in the raw p-values
    assert np.all(adj <= np.minimum(len(p) * p, 1.0) + 1e-15)  # never worse than Bonferroni


def test_paired_t_matches_scipy():
    rng = np.random.default_rng(3)
    d = rng.normal(0.3, 1.0, size=80)
    res = paired_difference(d, n_resamples=500, seed=1)
    ref = sps.ttest_1samp(d, 0.0)
    ci = ref.confidence_interval(0.95)
    assert res.t_p == pytest.approx(ref.pvalue)
    assert (res.t_lo, res.t_hi) == pytest.approx((ci.low, ci.high))
    assert res.se == pytest.approx(sps.sem(d))


def test_resampling_is_seeded_and_sensible():
    rng = np.random.default_rng(4)
    d = rng.normal(0.5, 1.0, size=200)
    a = paired_difference(d, n_resamples=1000, seed=9)
    b = paired_difference(d, n_resamples=1000, seed=9)
    c = paired_difference(d, n_resamples=1000, seed=10)
    assert a == b and a != c
    # Bootstrap interval close to the t interval for a well-behaved sample.
    assert a.boot_lo == pytest.approx(a.t_lo, abs=0.05) and a.boot_hi == pytest.approx(
        a.t_hi, abs=0.05
    )
    assert a.perm_p < 0.01


def test_sign_flip_exact_case():
    # Ten equal positive differences: only the all-plus and all-minus sign patterns are as
    # extreme, so the exact two-sided p-value is 2 / 2**10 ~ 0.00195.
    res = paired_difference(np.ones(10), n_resamples=20000, seed=0)
    assert res.perm_p == pytest.approx(2 / 1024, abs=0.0012)
    assert res.t_p == 0.0 and res.t_lo == res.t_hi == 1.0


def test_zero_differences():
    res = paired_difference(np.zeros(50), n_resamples=200)
    assert res.mean_diff == 0 and res.t_p == 1.0 and res.perm_p == 1.0
    assert res.t_lo == res.t_hi == res.boot_lo == res.boot_hi == 0.0


def test_t_test_is_calibrated_under_the_null():
    # 400 null datasets: the 5% test should reject about 5% of the time (binomial sd ~1.1%).
    rng = np.random.default_rng(11)
    rejections = sum(
        paired_difference(rng.normal(0, 1, 40), n_resamples=10).t_p < 0.05 for _ in range(400)
    )
    assert 0.02 <= rejections / 400 <= 0.09


def test_chi_square_and_quantiles():
    stat, p = chi_square_uniform(np.array([60.0, 40.0]))
    assert stat == pytest.approx(4.0) and p == pytest.approx(sps.chi2.sf(4.0, 1))
    v = np.arange(101.0)
    q = quantile_summary(v, (0.0, 0.25, 0.5, 1.0))
    assert q == {
        "mean": 50.0,
        "sd": pytest.approx(np.std(v, ddof=1)),
        "min": 0.0,
        "q25": 25.0,
        "q50": 50.0,
        "max": 100.0,
    }


def _shared_seed_runs(rng, replications: int, seeds: int, cells: int, true_rate: float):
    """Win indicators [rep, seed, cell]: the deal of a seed makes a win likely or unlikely in
    every cell alike (success chance 0.1 or 0.9 around ``true_rate``), as shared seeds do."""
    spread = min(true_rate, 1 - true_rate) * 0.8
    chance = np.where(rng.random((replications, seeds, 1)) < 0.5, -spread, spread) + true_rate
    return (rng.random((replications, seeds, cells)) < chance).astype(float)


def test_clustered_pooled_interval_covers_the_truth_with_shared_seeds():
    # 2,000 replications of 13 cells x 200 shared seeds; true pooled rate 0.5. A Monte Carlo
    # coverage of 0.95 has a standard error of 0.005, so 93-97% is a +-4 se band.
    rng = np.random.default_rng(20261123)
    reps, seeds, cells, truth = 2000, 200, 13, 0.5
    wins = _shared_seed_runs(rng, reps, seeds, cells, truth)
    cluster = np.repeat(np.arange(seeds), cells)
    hits = naive_hits = 0
    for r in range(reps):
        flat = wins[r].ravel()
        est = clustered_rate(flat, np.ones_like(flat), cluster)
        hits += est.lo <= truth <= est.hi
        lo, hi = wilson_interval(flat.sum(), len(flat))
        naive_hits += lo <= truth <= hi
    assert 0.93 <= hits / reps <= 0.97
    # The independent-games interval is far too narrow here (the bug being fixed).
    assert naive_hits / reps < 0.6


def test_clustered_rate_equals_the_plain_rate_without_shared_clusters():
    rng = np.random.default_rng(1)
    wins = (rng.random(4000) < 0.3).astype(float)
    est = clustered_rate(wins, np.ones(4000), np.arange(4000))
    assert est.rate == pytest.approx(wins.mean())
    assert est.se == pytest.approx(np.sqrt(wins.mean() * (1 - wins.mean()) / 4000), rel=0.01)


def test_detectable_difference_matches_the_textbook_factor():
    # 80% power at a two-sided 5% level: 1.96 + 0.84 = 2.80 standard errors.
    assert detectable_difference(0.01) == pytest.approx(0.0280, abs=1e-4)


def test_clustered_rate_of_a_constant_outcome_is_not_certain():
    # 3 cells x 100 shared seeds, every game ends the same way: the sandwich variance is 0, and
    # the interval must still say "100 seeds", like Wilson on 100/100 (96.3-100%), not 100-100%
    est = clustered_rate(np.ones(300), np.ones(300), np.repeat(np.arange(100), 3))
    assert est.rate == 1.0 and est.hi == 1.0
    assert est.lo == pytest.approx(wilson_interval(100, 100)[0]) and est.lo < 0.97
    none = clustered_rate(np.zeros(300), np.ones(300), np.repeat(np.arange(100), 3))
    assert none.lo == 0.0 and none.hi == pytest.approx(wilson_interval(0, 100)[1])
    assert none.hi > 0.03
