"""Sample size by precision (analyses.stats.sequential): the stopping rule's error rate and stopping
time, by simulating the per-game outcome stream directly (no games are played).

A paired win-share difference of one game is +1, -1 or 0: a share ``q`` of the games move,
up with probability ``(q + delta) / 2`` and down with ``(q - delta) / 2``, so the true mean
change is ``delta``. Each replication runs the ``--precision`` rule as the command does:
batches of 100 games up to 2,000 (the shipped studies' fixed size), Bonferroni over the
headline comparisons, stop when each is decided or narrower than ±2 points. An *error* is a
stopped run whose interval misses the true change of any comparison (under no change: a change
reported that is not there). 1,000 replications per scenario, fixed seeds; the error rate's
standard error at 5% is 0.7 points, so "at most 5%" is checked as observed <= 5%.
"""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats as sps

from analyses.stats.sequential import Schedule, cs_estimate, cs_half_width, settled

REPLICATIONS = 1000
SCHEDULE = Schedule(precision=0.02, batch=100, cap=2000)


def _streams(seed: int, m: int, q: float, delta: float) -> np.ndarray:
    """``REPLICATIONS x m x cap`` per-game differences (see the module docstring)."""
    u = np.random.default_rng(seed).random((REPLICATIONS, m, SCHEDULE.cap))
    return np.where(u < (q + delta) / 2, 1.0, np.where(u < q, -1.0, 0.0))


def _run(d: np.ndarray, delta: float, sequential: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """Per replication: did the stopped run miss ``delta`` anywhere, and where did it stop.

    ``sequential=False`` is the invalid shortcut: a fixed-n t interval recomputed at each look.
    """
    m = d.shape[1]
    looks = np.array(SCHEDULE.looks())
    n = looks.astype(float)
    total = np.cumsum(d, axis=2)[:, :, looks - 1]
    squares = np.cumsum(d * d, axis=2)[:, :, looks - 1]
    mean = total / n
    sd = np.sqrt(np.maximum((squares - n * mean**2) / (n - 1), 0.0))
    alpha = SCHEDULE.alpha / m  # Bonferroni over the headline comparisons
    if sequential:
        half = cs_half_width(sd, n, alpha, SCHEDULE.t_star)
    else:
        half = sps.t.ppf(1 - alpha / 2, n - 1) * sd / np.sqrt(n)
    lo, hi = mean - half, mean + half
    done = settled(lo, hi, 0.0, SCHEDULE.precision).all(axis=1)
    stop = np.where(done.any(axis=1), done.argmax(axis=1), len(looks) - 1)
    rows = np.arange(len(d))
    missed = (lo[rows, :, stop] > delta) | (hi[rows, :, stop] < delta)
    return missed.any(axis=1), looks[stop]


@pytest.mark.parametrize("q", [0.05, 0.3, 0.6])
def test_no_change_is_reported_at_most_5_percent_of_the_time(q):
    """Three headline comparisons, none changes: the familywise error stays <= 5%, while the
    shortcut (a fixed-n interval recomputed each batch, one comparison) exceeds it."""
    missed, _ = _run(_streams(11, 3, q, 0.0), 0.0)
    assert missed.mean() <= 0.05, f"sequential error rate {missed.mean():.3f} (q={q})"
    naive, _ = _run(_streams(12, 1, q, 0.0), 0.0, sequential=False)
    assert naive.mean() > 0.05, f"the shortcut's error rate {naive.mean():.3f} (q={q})"


@pytest.mark.parametrize(("q", "delta"), [(0.3, 0.1), (0.6, 0.1), (0.3, 0.03)])
def test_intervals_hold_the_true_change_when_stopped(q, delta):
    """With a real change the stopped run's intervals still hold it (error <= 5%)."""
    missed, _ = _run(_streams(13, 3, q, delta), delta)
    assert missed.mean() <= 0.05


def test_large_effect_stops_before_the_fixed_sweep():
    """A 10-point change in 30% moved games: every run decides it, with the right sign, long
    before the fixed-n sweep's 2,000 games (measured: 581 games on average)."""
    d = _streams(14, 3, 0.3, 0.1)
    missed, stopped = _run(d, 0.1)
    assert stopped.mean() < SCHEDULE.cap / 2
    assert (stopped < SCHEDULE.cap).mean() >= 0.95
    assert missed.mean() <= 0.05
    first = cs_estimate(d[0, 0, : stopped[0]], SCHEDULE.alpha / 3, SCHEDULE.t_star)
    assert first.lo > 0  # decided, and upward


def test_half_width_shrinks_and_beats_no_fixed_interval():
    """The sequence is wider than the fixed-n interval at every n (the price of looking at
    every batch) and shrinks as games accumulate."""
    n = np.array([100, 400, 1600, 6400])
    half = cs_half_width(1.0, n, 0.05, 500)
    fixed = 1.96 / np.sqrt(n)
    assert np.all(half > fixed)
    assert np.all(np.diff(half) < 0)


def test_schedule_rejects_bad_settings():
    """A non-positive precision, a tiny batch or a limit below one batch is refused."""
    for kwargs in (
        {"precision": 0, "batch": 100, "cap": 200},
        {"precision": 0.02, "batch": 5, "cap": 200},
        {"precision": 0.02, "batch": 100, "cap": 50},
    ):
        with pytest.raises(ValueError):
            Schedule(**kwargs)
    assert Schedule(0.02, 100, 250).looks() == [100, 200, 250]
