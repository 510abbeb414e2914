"""Heuristics beat random (95% Wilson interval above 50%, seats rotated, fixed seeds)."""

from __future__ import annotations

import math

import pytest

from simcore.games.rats_of_wistar import RatsOfWistar
from simcore.runner import play_game
from strategies.heuristics.rats_of_wistar import make_heuristic
from strategies.random_policy import RandomPolicy

GAME = RatsOfWistar()


def wilson_low(wins: float, n: int, z: float = 1.96) -> float:
    """Lower end of the Wilson score interval."""
    p = wins / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (centre - spread) / (1 + z * z / n)


@pytest.mark.parametrize("style", ["engine", "explorer"])
def test_heuristic_beats_random(style: str) -> None:
    hero = make_heuristic(GAME, style=style)
    games, wins = 40, 0.0
    for i in range(games):
        seat = i % 2
        lineup = [hero, RandomPolicy()] if seat == 0 else [RandomPolicy(), hero]
        wins += play_game(GAME, 2, lineup, 20_000 + i).seats[seat]["win_share"]
    assert wilson_low(wins, games) > 0.5, wins
