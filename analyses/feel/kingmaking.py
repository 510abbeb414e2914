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
  paired difference of the margins, ``d_k = margin_k(a) - margin_k(b)``, is beyond the noise:
  ``|mean(d)| > Z * sd(d) / sqrt(K)`` (``Z`` = 3).
- The decision is *kingmaking* when some action changes the winner from the one taken.

A different action that only changes which chance events come next moves the continuations
around, not the mean shares: it does not count. A choice whose futures are certain (no chance
left) has ``sd(d) = 0`` and counts as soon as it changes who is ahead.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import combinations
from typing import Final

CONTINUATIONS: Final = 16  # K: futures played after every action of an examined decision
Z: Final = 3.0  # noise threshold, in standard errors of the paired difference

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


def changes_winner(taken: Shares, other: Shares, seats: Sequence[int]) -> bool:
    """Whether ``other`` (an alternative action's continuations) changes who is likelier to win
    among ``seats`` from ``taken`` (the action played), beyond the noise (module docstring)."""
    leaders = likeliest(taken, seats) | likeliest(other, seats)
    for i, j in combinations(seats, 2):
        if i not in leaders and j not in leaders:
            continue  # who comes second or third decides no winner
        m_taken, m_other = margins(taken, i, j), margins(other, i, j)
        if _sign(_mean(m_taken)) == _sign(_mean(m_other)):
            continue
        if beyond_noise([a - b for a, b in zip(m_taken, m_other, strict=True)]):
            return True
    return False


def in_contention(results: dict[int, list[list[float]]], player: int) -> bool:
    """Whether ``player`` wins (or shares the win) in any continuation of any action."""
    return any(row[player] > 0 for rows in results.values() for row in rows)
