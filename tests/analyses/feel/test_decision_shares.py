"""Decision-level shares (forced decisions, kingmaker choices) are clustered by game (issue
62): with decisions alike within a game, their interval covers 93-97% of the time at
within-game correlations 0.05-0.2, where a Wilson interval over pooled decisions did not.
With 4,000 replications a true 95% has a Monte Carlo standard error of 0.34 points (the
Korn-Graubard interval measures 95.4-96.5% here; at 1,000 replications noise alone put two
points at 97.1%)."""

from __future__ import annotations

import numpy as np
import pytest

from analyses.feel.replay import _per_game
from analyses.stats.intervals import wilson_interval

REPS = 4000
GAMES = 60


def _coverage(rho: float, p: float, seed: int) -> tuple[float, float]:
    """Coverage of the clustered and of the pooled Wilson interval: per game a chance drawn
    from a beta law of mean ``p`` and intra-class correlation ``rho``, 10-60 decisions."""
    rng = np.random.default_rng(seed)
    a, b = p * (1 - rho) / rho, (1 - p) * (1 - rho) / rho
    hit = pooled = 0
    for _ in range(REPS):
        trials = rng.integers(10, 61, size=GAMES)
        successes = rng.binomial(trials, rng.beta(a, b, size=GAMES))
        share = _per_game(list(successes), list(trials))
        hit += share.lo <= p <= share.hi
        lo, hi = wilson_interval(successes.sum(), trials.sum())
        pooled += lo <= p <= hi
    return hit / REPS, pooled / REPS


@pytest.mark.parametrize("rho", [0.05, 0.1, 0.2])
@pytest.mark.parametrize("p", [0.1, 0.3])
def test_decision_shares_cover_at_within_game_correlation(rho, p):
    clustered, pooled = _coverage(rho, p, seed=int(rho * 100) + int(p * 10))
    assert 0.93 <= clustered <= 0.97, clustered
    assert pooled < 0.93  # what the pooled interval gave: the reason for clustering
