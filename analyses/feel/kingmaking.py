"""Kingmaking: does a seat that can no longer win choose who wins, chance set aside?

At one decision of seat ``p``, every legal action ``a`` is followed by ``K`` continuations
(``CONTINUATIONS``). Continuation ``k`` starts from the same resampled position for every
action (``State.determinize`` from ``p``'s view with a generator seeded by ``k``: what ``p``
cannot see and the chance to come are redrawn) and gives every seat the same policy stream,
so action ``a`` and action ``b`` are compared on the same ``K`` futures (a paired design). A
continuation's result is each seat's win share.

- ``p`` is *out of contention* when it wins (or shares the win) in none of the continuations
  of any of its actions.
- For two other seats ``i``, ``j`` and an action ``a``, the *margin* of continuation ``k`` is
  ``share_i - share_j``; its mean over ``K`` says who of the two ``a`` makes the likelier winner.
- Action ``b`` *changes the winner* from the action taken, ``a``, when for a pair ``i, j`` that
  includes a likeliest winner (highest mean share) under ``a`` or ``b``: the sign of the mean
  margin differs between ``a`` and ``b`` (``i`` ahead of ``j``, level, or behind), and the
  paired difference of the margins, ``d_k = margin_k(a) - margin_k(b)``, is beyond the noise.
- The decision is *kingmaking* when some action changes the winner from the one taken.

**Error control.** Each (alternative action, seat pair) of a decision is one test: the exact
sign-flip test that ``d`` is centred on 0 (all ``2^K`` flips; a pair whose signs agree has
p = 1). A
game examines many decisions and each has many alternatives and pairs, so testing each at a
fixed threshold flags games by chance alone (at 3 standard errors: 1% of decisions with 2
actions, 16% with 10; a quarter of games). Holm's step-down procedure over *all* tests of a
game (``ALPHA`` = 5%) bounds the chance that a game with no kingmaking decision is flagged at
5%, whatever the numbers of decisions, actions and players
(``tests/analyses/feel/test_kingmaking_null.py`` checks it by simulation).

A different action that only changes which chance events come next moves the continuations
around, not the mean shares: it does not count. A choice whose futures are certain (no chance
left) has the smallest p-value there is, ``2 / 2^K``, as soon as it changes who is ahead.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache
from itertools import combinations
from typing import Final

import numpy as np
from scipy.stats import t as t_dist

from analyses.stats.intervals import holm

CONTINUATIONS: Final = 16  # K: futures played after every action of an examined decision
Z: Final = 3.0  # noise threshold of ``beyond_noise``, in standard errors of the difference
ALPHA: Final = 0.05  # chance, per game, that a game without kingmaking is flagged

Shares = Sequence[Sequence[float]]  # [continuation][seat] -> win share


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values)


def _sign(x: float) -> int:
    return (x > 1e-12) - (x < -1e-12)


def margins(shares: Shares, i: int, j: int) -> list[float]:
    """Per continuation, seat ``i``'s win share minus seat ``j``'s."""
    return [row[i] - row[j] for row in shares]


def beyond_noise(diffs: Sequence[float], z: float = Z) -> bool:
    """True when the mean of the paired differences is more than ``z`` standard errors from 0."""
    k = len(diffs)
    mean = _mean(diffs)
    if k < 2:
        return _sign(mean) != 0
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (k - 1))
    return abs(mean) > z * sd / math.sqrt(k)


def likeliest(shares: Shares, seats: Sequence[int]) -> set[int]:
    """The seats of ``seats`` with the highest mean win share."""
    means = {s: _mean([row[s] for row in shares]) for s in seats}
    top = max(means.values())
    return {s for s, m in means.items() if m >= top - 1e-12}


EXACT_UP_TO: Final = 20  # continuations: up to this many, all 2^K sign flips are enumerated


@cache
def _flips(k: int) -> np.ndarray:
    """Every vector of ``k`` signs (+1/-1), one per row: 2^k rows."""
    bits = (np.arange(2**k)[:, None] >> np.arange(k)) & 1
    return np.where(bits == 1, -1.0, 1.0)


def paired_p(diffs: Sequence[float]) -> float:
    """Two-sided p-value that paired differences are centred on 0: the exact sign-flip
    (permutation) test, valid for any distribution of the differences and so also in the far
    tail a correction over many tests reaches (a t test is not: win-share differences take a
    few values); a t test above ``EXACT_UP_TO`` continuations."""
    d = np.asarray(diffs, dtype=float)
    k = len(d)
    if k == 0 or not np.any(np.abs(d) > 1e-12):
        return 1.0
    if k <= EXACT_UP_TO:
        observed = abs(float(d.sum()))
        sums = np.abs(_flips(k) @ d)
        return float(np.mean(sums >= observed - 1e-9))
    sd = float(d.std(ddof=1))
    if sd < 1e-12:
        return 0.0
    return float(2 * t_dist.sf(abs(float(d.mean())) / (sd / math.sqrt(k)), k - 1))


def winner_pvalues(taken: Shares, other: Shares, seats: Sequence[int]) -> list[float]:
    """One p-value per seat pair that can decide the winner: whether ``other`` (an
    alternative action's continuations) puts the pair in another order than ``taken`` (the
    action played) beyond the noise; 1 where the order is the same (module docstring)."""
    leaders = likeliest(taken, seats) | likeliest(other, seats)
    out = []
    for i, j in combinations(seats, 2):
        if i not in leaders and j not in leaders:
            continue  # who comes second or third decides no winner
        m_taken, m_other = margins(taken, i, j), margins(other, i, j)
        if _sign(_mean(m_taken)) == _sign(_mean(m_other)):
            out.append(1.0)
            continue
        out.append(paired_p([a - b for a, b in zip(m_taken, m_other, strict=True)]))
    return out


def changes_winner(
    taken: Shares, other: Shares, seats: Sequence[int], alpha: float = ALPHA
) -> bool:
    """Whether ``other`` changes who is likelier to win among ``seats`` from ``taken``: one
    comparison on its own, its pairs Holm-corrected at ``alpha``."""
    return bool(decide([[winner_pvalues(taken, other, seats)]], alpha)[0][0])


def decide(
    decisions: Sequence[Sequence[Sequence[float]]], alpha: float = ALPHA
) -> list[list[bool]]:
    """Per decision of a game, per alternative action: whether it changes the winner, from the
    p-values ``decisions[d][a]`` (one per seat pair), Holm-corrected over every test of the
    game so that a game without kingmaking is flagged with chance at most ``alpha``."""
    flat = [p for alternatives in decisions for pairs in alternatives for p in pairs]
    if not flat:
        return [[False for _ in alternatives] for alternatives in decisions]
    rejected = iter(holm(flat) <= alpha)
    out = []
    for alternatives in decisions:
        row = []
        for pairs in alternatives:
            hits = [next(rejected) for _ in pairs]
            row.append(any(hits))
        out.append(row)
    return out


def in_contention(results: dict[int, list[list[float]]], player: int) -> bool:
    """Whether ``player`` wins (or shares the win) in any continuation of any action."""
    return any(row[player] > 0 for rows in results.values() for row in rows)
