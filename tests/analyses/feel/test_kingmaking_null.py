"""Kingmaking's error control by simulation (issue 62): games where no choice changes the
winner are flagged at most 5% of the time, whatever the numbers of players and actions; a
choice that does change it is still found.

Each synthetic game has ``DECISIONS`` out-of-contention decisions of seat 0. Under the null
every action of a decision leads to the same chances for the other seats (drawn per decision),
each continuation's winner drawn independently: the noisiest case, as no future is shared.
"""

from __future__ import annotations

import numpy as np
import pytest

from analyses.feel.kingmaking import CONTINUATIONS, decide, winner_pvalues

DECISIONS = 10
GAMES = 150


def _futures(rng: np.random.Generator, probs: np.ndarray, n: int) -> list[list[float]]:
    """``CONTINUATIONS`` futures: one winner among seats 1..n-1 each, drawn from ``probs``."""
    winners = rng.choice(np.arange(1, n), size=CONTINUATIONS, p=probs)
    return [[1.0 if s == w else 0.0 for s in range(n)] for w in winners]


def _game(rng: np.random.Generator, n: int, actions: int, shift: float = 0.0) -> bool:
    """Whether a synthetic game is flagged; ``shift`` moves the chances of the last action's
    futures from seat 1 to seat 2 (0: the null)."""
    others = list(range(1, n))
    tests = []
    for _ in range(DECISIONS):
        probs = rng.dirichlet(np.ones(n - 1))
        taken = _futures(rng, probs, n)
        row = []
        for a in range(1, actions):
            p = probs
            if shift and a == actions - 1:
                p = np.zeros(n - 1)
                p[0], p[1] = 1 - shift, shift
            row.append(winner_pvalues(taken, _futures(rng, p, n), others))
        tests.append(row)
    return any(any(r) for r in decide(tests))


@pytest.mark.parametrize("n", [3, 4])
@pytest.mark.parametrize("actions", [2, 5, 10])
def test_no_kingmaking_flags_at_most_5_percent_of_games(n, actions):
    rng = np.random.default_rng(1000 * n + actions)
    flagged = sum(_game(rng, n, actions) for _ in range(GAMES))
    assert flagged / GAMES <= 0.05, f"{flagged} of {GAMES} null games flagged"


@pytest.mark.parametrize("n", [3, 4])
def test_a_choice_that_hands_the_win_over_is_found(n):
    # the last action gives seat 2 the win in 95% of futures, where seat 1 was likeliest
    rng = np.random.default_rng(n)
    found = sum(_game(rng, n, 5, shift=0.95) for _ in range(100))
    assert found >= 90
