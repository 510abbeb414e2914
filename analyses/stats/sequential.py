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

``tests/analyses/stats/test_sequential.py`` checks it by simulation: the error rate of the stopping
rule below stays under 5% where recomputed fixed-n intervals exceed it, and it stops before
the fixed-n sweep on a large effect.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

STOP_DECIDED = "decided"  # every headline comparison's interval excludes zero, or is narrow
STOP_CAP = "cap"  # the game limit came first
MIN_GAMES = 20  # no look before this many games: a standard deviation of fewer says little


def mixture_rho2(alpha: float, t_star: float) -> float:
    """The mixture variance that makes the sequence narrowest near ``t_star`` games."""
    if not 0 < alpha < 1 or not t_star > 0:
        raise ValueError(f"need 0 < alpha < 1 and t_star > 0, got {alpha}, {t_star}")
    two_log = -2.0 * math.log(alpha)
    return (two_log + math.log(two_log + 1.0)) / t_star


def cs_half_width(
    sd: np.ndarray | float, n: np.ndarray | float, alpha: float, t_star: float
) -> np.ndarray:
    """Half-width of the (1 - ``alpha``) confidence sequence after ``n`` values of standard
    deviation ``sd`` (arrays broadcast); NaN below two values."""
    rho2 = mixture_rho2(alpha, t_star)
    n = np.asarray(n, dtype=float)
    sd = np.asarray(sd, dtype=float)
    with np.errstate(invalid="ignore", divide="ignore"):
        inner = 2.0 * (n * rho2 + 1.0) / (n * n * rho2) * np.log(np.sqrt(n * rho2 + 1.0) / alpha)
        half = sd * np.sqrt(inner)
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


def cs_estimate(values: np.ndarray, alpha: float, t_star: float) -> SequentialEstimate:
    """Mean of ``values`` with its (1 - ``alpha``) confidence-sequence interval."""
    v = np.asarray(values, dtype=float)
    n = len(v)
    if n < 2:
        return SequentialEstimate(n, float(v.mean()) if n else math.nan, math.nan, math.nan)
    mean = float(v.mean())
    half = float(cs_half_width(float(v.std(ddof=1)), n, alpha, t_star))
    return SequentialEstimate(n, mean, mean - half, mean + half)


def settled(
    lo: npt.ArrayLike, hi: npt.ArrayLike, floor: np.ndarray | float, precision: float
) -> np.ndarray:
    """Per comparison: decided (the interval excludes zero) or precise (half-width, and the
    ``floor`` a comparison states as the least it can rule out, both at most ``precision``)."""
    lo, hi = np.asarray(lo, dtype=float), np.asarray(hi, dtype=float)
    decided = (lo > 0) | (hi < 0)
    precise = np.maximum((hi - lo) / 2, np.asarray(floor, dtype=float)) <= precision
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
