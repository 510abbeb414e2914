"""Anytime-valid confidence sequences for sample size by precision (``--precision``).

Recomputing a fixed-n 95% interval after every batch and stopping as soon as it excludes zero
finds "changes" that are not there far more often than 5% of the time (every look is another
chance). A **confidence sequence** holds the true mean at every look at once: with
probability at least 1 - alpha, no batch ever shows an interval that misses it, so a run may
stop whenever it likes and its last interval stays valid.

The one used here is the *asymptotic confidence sequence* of Waudby-Smith, Arbour, Sinha,
Kennedy and Ramdas (2021, "Time-uniform central limit theory and asymptotic confidence
sequences", Theorem 2.2), built on Robbins' normal-mixture boundary (Howard, Ramdas, McAuliffe
and Sekhon 2021): after ``t`` games with mean ``m`` and standard deviation ``s``,

    m ± s * sqrt( 2 (t r^2 + 1) / (t^2 r^2) * log( sqrt(t r^2 + 1) / alpha ) )

with ``r^2 = (-2 log alpha + log(-2 log alpha + 1)) / t_star``, which makes it narrowest near
``t_star`` games (any ``r`` keeps it valid). It is two-sided and needs only a finite variance,
so it fits paired win-share differences and scores alike. Several comparisons share the error
budget by Bonferroni: each gets ``alpha / m``, so the chance that any of them is ever wrong
stays at most ``alpha``.

**A variance floor.** The sequence above is asymptotic: it plugs in the sample standard
deviation, which is a fair stand-in only once many games have moved. A paired win-share
difference is 0 in every game a change leaves alone, so where a change is rare (the worth of
an action seldom used) the first batches may hold no moved game at all: the sample variance is
0 and the interval a point that claims any precision (issue 62's audit: with 0.5% of games
moved and a precision of 1 point, 92% of runs showed [0, 0] at some look, and the intervals
at the stop held the truth in only 93.2%). The variance is therefore pooled with ``k = log(1 /
alpha)`` pseudo-games at the largest variance the values' range allows, ``h^2`` for values
within ``h`` of a centre (Popoviciu's inequality: ``(b - a)^2 / 4`` on ``[a, b]``):

    s~^2 = max( s^2, ((n - 1) s^2 + k h^2) / (n - 1 + k) )

the pseudo-count device of Waudby-Smith and Ramdas (2024, "Estimating means of bounded random
variables by betting", JRSS B 86(1), the predictable plug-in empirical-Bernstein sequence,
whose variance estimate starts from one pseudo-observation at 1/4, the largest variance on
[0, 1]) and, for a fixed-n proportion, of Agresti and Coull (1998, "Approximate is better than
'exact'", who add z^2 pseudo-observations). The pseudo-games' weight vanishes as ``n`` grows,
so ``s~`` stays a consistent estimate and Theorem 2.2 holds as before; it only ever widens an
interval, and never to a point.

Why ``log(1 / alpha)`` pseudo-games: with no game moved after ``n`` games the interval is
``0 ± h0(n)`` where ``n h0(n)`` is about ``h sqrt(k) c(n)``, ``c(n)^2 = 2 (n r^2 + 1) / (n r^2)
log(sqrt(n r^2 + 1) / alpha) >= 2 log(1 / alpha)``. A true change ``delta`` moves a share ``q
>= |delta| / h`` of the games, and no game moves in ``n`` with chance ``(1 - q)^n <=
exp(-q n)``; that interval first misses ``delta`` once ``q n > sqrt(k) c(n)``, so a run shows
a missing no-move interval with chance at most ``exp(-sqrt(2) log(1 / alpha)) = alpha^1.41``
(1.5% at alpha = 5%), a share of the budget the moved games' own variance then takes over.
In simulated runs with 0.2-10% of games moved all one way (1 to 36 comparisons, 1,000-2,000
runs each) one pseudo-game, or ``log(1 / alpha) / 2`` of them, let up to 36% or 8% of runs
show a missing interval at some look; ``log(1 / alpha)`` kept it under 4%. The price: where
no game moves, one win-share comparison is "within ±1 point" after about 540 games (a limit
of 5,000) instead of at the first batch.

Precision is read from the sequence alone: :func:`settled` no longer takes a fixed-n detectable
size as a stand-in (a fixed-n size is not anytime-valid, and it let a point interval pass).

``tests/analyses/stats/test_sequential.py`` checks it by simulation: the error rate of the stopping
rule below stays under 5% where recomputed fixed-n intervals exceed it, it stops before the
fixed-n sweep on a large effect, and with 0.5% of games moved the interval at the stop holds
the true change in at least 94.5% of runs and is never a point.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

STOP_DECIDED = "decided"  # every headline comparison's interval excludes zero, or is narrow
STOP_CAP = "cap"  # the game limit came first
MIN_GAMES = 20  # no look before this many games: a standard deviation of fewer says little
SHARE_HALF_RANGE = 1.0  # a paired win-share difference lies in [-1, 1]: variance at most 1
# The default floor's range: compare's worths are differences of two such differences, in
# [-2, 2]; a caller whose values are known to lie closer passes its own (a wider range only
# widens the early intervals).
HALF_RANGE = 2.0


def mixture_rho2(alpha: float, t_star: float) -> float:
    """The mixture variance that makes the sequence narrowest near ``t_star`` games."""
    if not 0 < alpha < 1 or not t_star > 0:
        raise ValueError(f"need 0 < alpha < 1 and t_star > 0, got {alpha}, {t_star}")
    two_log = -2.0 * math.log(alpha)
    return (two_log + math.log(two_log + 1.0)) / t_star


def prior_games(alpha: float) -> float:
    """Pseudo-games at the widest variance the range allows that the floor adds: log(1/alpha)."""
    return math.log(1.0 / alpha)


def floored_variance(
    sd: np.ndarray | float, n: np.ndarray | float, alpha: float, half_range: float = HALF_RANGE
) -> np.ndarray:
    """The sample variance with :func:`prior_games` pseudo-games at ``half_range**2`` pooled in;
    never below the sample variance itself."""
    k = prior_games(alpha)
    n = np.asarray(n, dtype=float)
    var = np.asarray(sd, dtype=float) ** 2
    pooled = ((n - 1.0) * var + k * half_range**2) / (n - 1.0 + k)
    # A spread above the range's (a measure that is not a win share) is kept as it is: the
    # floor only ever widens an interval.
    out: np.ndarray = np.maximum(var, pooled)
    return out


def cs_half_width(
    sd: np.ndarray | float,
    n: np.ndarray | float,
    alpha: float,
    t_star: float,
    half_range: float = HALF_RANGE,
) -> np.ndarray:
    """Half-width of the (1 - ``alpha``) confidence sequence after ``n`` values of sample
    standard deviation ``sd`` under the variance floor (arrays broadcast); NaN below two."""
    rho2 = mixture_rho2(alpha, t_star)
    n = np.asarray(n, dtype=float)
    with np.errstate(invalid="ignore", divide="ignore"):
        var = floored_variance(sd, n, alpha, half_range)
        inner = 2.0 * (n * rho2 + 1.0) / (n * n * rho2) * np.log(np.sqrt(n * rho2 + 1.0) / alpha)
        half = np.sqrt(var * inner)
    return np.where(n >= 2, half, np.nan)


@dataclass(frozen=True)
class SequentialEstimate:
    """A mean after ``n`` values with its confidence-sequence interval."""

    n: int
    mean: float
    lo: float
    hi: float

    @property
    def half(self) -> float:
        """Half the interval's width."""
        return (self.hi - self.lo) / 2


def cs_estimate(
    values: np.ndarray, alpha: float, t_star: float, half_range: float = HALF_RANGE
) -> SequentialEstimate:
    """Mean of ``values`` (each within ``half_range`` of some centre: half the width of the
    range they can take) with its (1 - ``alpha``) confidence-sequence interval."""
    v = np.asarray(values, dtype=float)
    n = len(v)
    if n < 2:
        return SequentialEstimate(n, float(v.mean()) if n else math.nan, math.nan, math.nan)
    mean = float(v.mean())
    half = float(cs_half_width(float(v.std(ddof=1)), n, alpha, t_star, half_range))
    return SequentialEstimate(n, mean, mean - half, mean + half)


def settled(lo: npt.ArrayLike, hi: npt.ArrayLike, precision: float) -> np.ndarray:
    """Per comparison: decided (the interval excludes zero) or precise (its half-width is at
    most ``precision``). Only the sequence decides: a fixed-n detectable size is not
    anytime-valid, and letting it declare precision stopped runs on a point interval."""
    lo, hi = np.asarray(lo, dtype=float), np.asarray(hi, dtype=float)
    decided = (lo > 0) | (hi < 0)
    precise = (hi - lo) / 2 <= precision
    out: np.ndarray = decided | precise
    return out


def t_star_for(cap: int, batch: int) -> float:
    """Where the sequences are made narrowest: a quarter of the game limit (never before the
    first batch), so a large effect is decided early and a null one bounded by the limit."""
    return float(max(batch, cap / 4))


@dataclass(frozen=True)
class Schedule:
    """Batches of ``batch`` games per cell up to ``cap``, stopping at ``precision``."""

    precision: float
    batch: int
    cap: int
    alpha: float = 0.05

    def __post_init__(self) -> None:
        if not self.precision > 0 or not math.isfinite(self.precision):
            raise ValueError(f"--precision must be a positive number, got {self.precision}")
        if self.batch < MIN_GAMES:
            raise ValueError(f"--batch must be at least {MIN_GAMES} games, got {self.batch}")
        if self.cap < self.batch:
            raise ValueError(f"the game limit ({self.cap}) is below one batch ({self.batch})")

    def looks(self) -> list[int]:
        """Games per cell at each look: every batch, and the limit itself."""
        out = list(range(self.batch, self.cap, self.batch))
        return [*out, self.cap]

    @property
    def t_star(self) -> float:
        """The game count the sequences are tuned for (:func:`t_star_for`)."""
        return t_star_for(self.cap, self.batch)
