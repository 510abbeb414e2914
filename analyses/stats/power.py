"""Detectable sizes and games needed: what a test of a given size finds with a given power.

**Paired comparisons on common seeds.** Game i of two cells replays seed i, so most paired
games end alike and the observed standard error of the mean difference can be tiny (a card
effect that changes 1% of games). That standard error describes *this* change, not a larger
one: a true shift of δ must move at least ``|δ| / s`` games' outcomes (``s`` = the typical size
of one game's change, 1 for a win share), and those moves carry their own variance. The model
states the size detected with 80% power by a change that keeps moving the games this
comparison moves (both ways, as observed) and moves ``|δ| n / s1`` more in its own direction:

- a share ``q`` of the pairs differ here; under a shift δ, ``q_alt = q + |δ| / s1`` with ``s1``
  the mean |difference| of a differing pair;
- per-pair variance under the alternative ``q_alt * s2 - δ²`` (``s2`` the mean squared
  difference of a differing pair), never below the observed one: a stated size is never
  smaller than the observed standard error alone would say;
- the two-sided t-test at level alpha: its power from Poisson counts of up- and down-moves
  when few games move (the t statistic of a handful of moves is far from normal), else
  ``Φ(|δ| √n / σ_alt - t(1 - alpha / 2))``.

``s1`` and ``s2`` come from the pairs that differ when there are at least ``MIN_MOVED``;
otherwise from pairing each game with an unrelated game of the other cell (what a change that
replays a game differently would produce), so an identical comparison still states a size.
Simulations with a change injected game by game (``tests/analyses/stats/test_power.py``) find 75-85%
power at the stated size.

**One-sample rates** (first player against 1/n, a skill gap against an even match): the score
test uses the null standard error; under the alternative the Bernoulli variance at the shifted
rate applies.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy.stats import norm, poisson
from scipy.stats import t as t_dist

MIN_MOVED = 10  # differing pairs needed to read the size of a move from the data itself


@dataclass(frozen=True)
class Moves:
    """How the paired games of two cells differ: share that differ, size of one difference."""

    share: float  # fraction of pairs whose outcome differs
    step_abs: float  # mean |difference| of a differing pair
    step_sq: float  # mean squared difference of a differing pair


def moves(a: np.ndarray, b: np.ndarray) -> Moves:
    """The :class:`Moves` of paired outcomes ``a`` and ``b`` (same length, same seeds)."""
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    n = len(a)
    if n == 0:
        return Moves(math.nan, math.nan, math.nan)
    d = b - a
    moved = d[d != 0]
    share = len(moved) / n
    if len(moved) < MIN_MOVED:
        # A game replayed differently is like an unrelated game of the other cell; a cyclic
        # shift pairs each game with another seed's (deterministic, no random state).
        other = np.roll(b, 1) - a if n > 1 else d
        moved = other[other != 0]
        if len(moved) == 0:  # nothing varies in either cell: no change can be sized
            return Moves(share, math.nan, math.nan)
    return Moves(share, float(np.mean(np.abs(moved))), float(np.mean(moved * moved)))


COUNT_LIMIT = 100.0  # expected moved pairs above which the normal approximation is used


def paired_power(n: int, mv: Moves, delta: float, alpha: float = 0.05) -> float:
    """Power of the two-sided paired t-test at level ``alpha`` against a true shift ``delta``
    (model in the module docstring).

    Pairs that differ are counted as up- and down-moves of one size ``s = step_sq / step_abs``
    (Poisson counts, exact for win shares, whose moves are all ±1); the t statistic of such
    counts is ``(U - D) / sqrt(U + D)`` up to a factor near 1, far from normal when few games
    move (the normal approximation understated the power of 1-2% moved games by 15 points).
    """
    if n < 2 or not mv.step_sq > 0:
        return math.nan
    step = mv.step_sq / mv.step_abs
    # share of moves of size ``step`` alike. A handful of moves (fewer than MIN_MOVED) is a poor
    # estimate of the share a change moves, too low as often as not: one move is added then.
    # None observed stays none (a change that moves nothing here may well move nothing).
    few = 0 < mv.share * n < MIN_MOVED
    base = (mv.share + few / n) * mv.step_abs**2 / mv.step_sq
    shift = abs(delta) / step  # moves per pair the shift adds in its own direction
    crit = float(t_dist.ppf(1 - alpha / 2, n - 1))
    if n * (base + shift) > COUNT_LIMIT:
        sd = math.sqrt(max((base + shift) * step * step - delta * delta, 1e-300))
        z = abs(delta) * math.sqrt(n) / sd
        return float(norm.sf(crit - z) + norm.cdf(-crit - z))
    up, down = n * (base / 2 + shift), n * base / 2  # the observed moves stay, both ways
    u = np.arange(int(up + 12 * math.sqrt(up) + 20))[:, None]
    d = np.arange(int(down + 12 * math.sqrt(down) + 20))[None, :]
    diff2, total = (u - d) ** 2.0, (u + d) * 1.0
    # t^2 of n pairs of which u are +step and d are -step: (n-1)(u-d)^2 / (n(u+d) - (u-d)^2)
    with np.errstate(divide="ignore", invalid="ignore"):
        t2 = (n - 1) * diff2 / (n * total - diff2)
    reject = np.where(total > 0, np.where(n * total > diff2, t2 > crit * crit, True), False)
    weight = poisson.pmf(u, up) * poisson.pmf(d, down)
    return float(np.sum(weight * reject))


def paired_detectable(n: int, mv: Moves, alpha: float = 0.05, power: float = 0.8) -> float:
    """Smallest |δ| a two-sided paired test at level ``alpha`` detects with ``power`` (see the
    module docstring); NaN when nothing can differ or there are no pairs."""
    if n < 2 or not mv.step_sq > 0:
        return math.nan
    step = mv.step_sq / mv.step_abs
    lo, hi = 0.0, step  # a shift of one full step in every game is always detected
    if paired_power(n, mv, hi, alpha) < power:
        return math.nan
    for _ in range(40):  # to a 1e-12 fraction of a step
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if paired_power(n, mv, mid, alpha) < power else (lo, mid)
    return hi


def paired_games_needed(delta: float, mv: Moves, alpha: float = 0.05, power: float = 0.8) -> int:
    """Paired games a comparison with moves ``mv`` needs to detect ``delta`` with ``power``."""
    if delta <= 0:
        raise ValueError(f"the detectable size must be positive, got {delta}")
    if not mv.step_sq > 0:
        return 2
    lo, hi = 2, 4
    while paired_power(hi, mv, delta, alpha) < power:
        lo, hi = hi, hi * 2
        if hi > 10**9:
            return hi
    while hi - lo > 1:  # power grows with n (up to the counts' graininess)
        mid = (lo + hi) // 2
        lo, hi = (mid, hi) if paired_power(mid, mv, delta, alpha) < power else (lo, mid)
    return hi


def rate_detectable(p0: float, se0: float, alpha: float = 0.05, power: float = 0.8) -> float:
    """Smallest shift of a rate from ``p0`` that a two-sided test with null standard error
    ``se0`` detects with ``power``, the standard error at the shifted rate scaled by the
    Bernoulli variance (the shift toward 50%, the harder side)."""
    if not se0 > 0 or not 0 < p0 < 1:
        return math.nan
    za, zb = float(norm.ppf(1 - alpha / 2)), float(norm.ppf(power))
    delta = (za + zb) * se0
    for _ in range(50):  # fixed point: the alternative's variance depends on δ
        p1 = min(p0 + delta, 0.5) if p0 < 0.5 else max(p0 - delta, 0.5)
        se1 = se0 * math.sqrt(p1 * (1 - p1) / (p0 * (1 - p0)))
        new = za * se0 + zb * se1
        if abs(new - delta) < 1e-12:
            break
        delta = new
    return delta


def rate_games_needed(
    p0: float, delta: float, alpha: float = 0.05, power: float = 0.8, design_effect: float = 1.0
) -> int:
    """Games for :func:`rate_detectable` to reach ``delta`` (``design_effect`` > 1 when the
    games come in correlated clusters)."""
    if delta <= 0 or not 0 < p0 < 1:
        raise ValueError(f"need delta > 0 and 0 < p0 < 1, got {delta}, {p0}")
    p1 = min(p0 + delta, 0.5) if p0 < 0.5 else max(p0 - delta, 0.5)
    za, zb = float(norm.ppf(1 - alpha / 2)), float(norm.ppf(power))
    root = za * math.sqrt(p0 * (1 - p0)) + zb * math.sqrt(p1 * (1 - p1))
    return max(2, math.ceil(design_effect * (root / delta) ** 2))
