"""Cut-off evaluation for search: each seat's chance to win the race to ``points_to_win``.

Rounds are modelled as a race: every round one seat gains the VP. In the current round a seat's
chance grows with how close its value is to the target (eliminated seats have none); later
rounds are even. The win probabilities of that race come from a small memoized recursion over
VP vectors, so the evaluation is a proper probability (the seats' values sum to 1) and follows
the VP score exactly where it matters, near the end of the game.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from simcore.games.ratjack.codes import P_OVER
from simcore.games.ratjack.position import Position

# a seat on exactly the target takes the round unless the check says otherwise
EXACT_WEIGHT: Final = 40.0
# beyond this the race has too many states: even odds per VP gap instead
MAX_EXACT_POINTS: Final = 8


def win_chances(s: Position) -> list[float]:
    """Every seat's chance to win from position ``s`` (its real result once the game is over)."""
    if s.phase == P_OVER:
        return s.returns()
    ptw = s.params.points_to_win
    need = tuple(max(ptw - v, 0) for v in s.victory_points)
    if ptw > MAX_EXACT_POINTS:
        return _by_gap(need)
    round_odds = _round_odds(s)
    out = [0.0] * s.n
    for winner, q in enumerate(round_odds):
        if q <= 0.0:
            continue
        after = tuple(k - 1 if i == winner else k for i, k in enumerate(need))
        for i, p in enumerate(_race(after)):
            out[i] += q * p
    return out


def _round_odds(s: Position) -> list[float]:
    """Chance of each seat to take the current round.

    Exactly the target scores at the end of the turn (nearly certain); above it the seat is
    out at the end of the turn; otherwise the closer (a card or two away) the better.
    """
    t = s.params.target
    values = s.values_now()
    weights = []
    for p in range(s.n):
        gap = t - values[p]
        if s.eliminated[p] or gap < 0:
            weights.append(0.0)
        elif gap == 0:
            weights.append(EXACT_WEIGHT)
        else:
            weights.append(1.0 + 3.0 * max(0, 13 - gap) / 13.0)
    total = sum(weights)
    return [w / total for w in weights] if total else [1.0 / s.n] * s.n


@lru_cache(maxsize=4096)
def _race(need: tuple[int, ...]) -> tuple[float, ...]:
    """Win chances when seat i still needs ``need[i]`` round wins, rounds even."""
    n = len(need)
    done = [i for i, k in enumerate(need) if k <= 0]
    if done:
        return tuple(1.0 / len(done) if i in done else 0.0 for i in range(n))
    out = [0.0] * n
    for winner in range(n):
        after = tuple(k - 1 if i == winner else k for i, k in enumerate(need))
        for i, p in enumerate(_race(after)):
            out[i] += p / n
    return tuple(out)


def _by_gap(need: tuple[int, ...]) -> list[float]:
    """Rough chances for long games: weight 2^-need, normalised."""
    weights = [2.0**-k for k in need]
    total = sum(weights)
    return [w / total for w in weights]
