"""Synthetic games of decisions, and changes injected decision by decision (drift OC tests).

A game is ``DECISIONS`` decisions; decision j of game i adds ``v_ij ~ N(0, 1)`` to the first
policy's standing, and the deal adds ``e_i ~ N(0, 1)``. The game's two outcomes:

- ``win`` = 1 when ``sum_j v_ij / sqrt(D) + e_i > 0`` (a 50% win rate);
- ``score`` = ``100 + SCORE_SD * (sum_j v_ij / sqrt(D) + e_i) / sqrt(2)``.

A *change* of the policy alters each decision with chance ``phi`` and adds ``step`` to an
altered decision's value. Replayed on the same seed (same random stream), a game is identical
up to its first altered decision; from there it diverges (the rest of its decisions and its
deal come from another stream, as a real game goes another way once a choice differs). On a
new random stream every game is unrelated to the baseline's. ``step`` is calibrated so the
change moves the win rate (or the mean score) by exactly the wanted amount.
"""

from __future__ import annotations

import math

import numpy as np
from scipy.stats import binom, norm

DECISIONS = 20
SCORE_SD = 50.0  # with tolerance 3 (3% of 100), a suite of 11,000 games has ~84% power


def win_step(phi: float, shift: float) -> float:
    """The step per altered decision that moves the win rate from 50% by ``shift`` (exact:
    with K altered decisions the standing gains ``step K / sqrt(D)``, K ~ Binomial(D, phi))."""
    k = np.arange(DECISIONS + 1)
    weight = binom.pmf(k, DECISIONS, phi)

    def rate(step: float) -> float:
        return float(np.sum(weight * norm.cdf(step * k / math.sqrt(2 * DECISIONS))))

    lo, hi = -50.0, 50.0
    if not rate(lo) < 0.5 + shift < rate(hi):
        raise ValueError(f"altering {phi:.1%} of decisions cannot move the win rate by {shift}")
    for _ in range(100):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if rate(mid) < 0.5 + shift else (lo, mid)
    return (lo + hi) / 2


def score_step(phi: float, shift: float) -> float:
    """The step per altered decision that moves the mean score by ``shift``."""
    return shift * math.sqrt(2) / (SCORE_SD * phi * math.sqrt(DECISIONS))


def _outcomes(standing: np.ndarray) -> dict[str, np.ndarray]:
    return {"win": (standing > 0).astype(float), "score": 100 + SCORE_SD * standing / math.sqrt(2)}


def baseline(rng: np.random.Generator, m: int) -> tuple[dict[str, np.ndarray], np.ndarray]:
    """``m`` baseline games: their outcomes and their decision values (for replaying)."""
    values = rng.standard_normal((m, DECISIONS))
    deal = rng.standard_normal(m)
    return _outcomes(values.sum(axis=1) / math.sqrt(DECISIONS) + deal), np.column_stack(
        [values, deal]
    )


def changed(
    rng: np.random.Generator, n: int, phi: float, step: float, replay: np.ndarray | None
) -> dict[str, np.ndarray]:
    """``n`` games of the changed policy: replaying the first ``n`` baseline games (``replay``,
    same stream) or on a new stream (``replay`` None)."""
    altered = rng.random((n, DECISIONS)) < phi
    fresh = rng.standard_normal((n, DECISIONS + 1))
    if replay is None:
        values = fresh
    else:
        # identical up to the first altered decision, another stream from there on
        first = np.where(altered.any(axis=1), altered.argmax(axis=1), DECISIONS + 1)
        same = np.arange(DECISIONS + 1)[None, :] < first[:, None]
        values = np.where(same, replay[:n], fresh)
    values[:, :DECISIONS] += step * altered
    standing = values[:, :DECISIONS].sum(axis=1) / math.sqrt(DECISIONS) + values[:, DECISIONS]
    return _outcomes(standing)
