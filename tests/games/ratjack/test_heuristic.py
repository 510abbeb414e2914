"""Heuristic styles beat random (2 players, seats rotated, fixed seeds, 95% Wilson interval)."""

from __future__ import annotations

import math

import pytest

from simcore.errors import ConfigError
from simcore.games.ratjack import Ratjack
from simcore.runner import play_game
from strategies.heuristics.ratjack import make_heuristic
from strategies.registry import make_policy


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a win rate."""
    p = wins / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return centre - half, centre + half


def win_rate(spec: str, n_games: int, seed0: int = 50_000) -> tuple[float, float, float]:
    """Win share of ``spec`` against random with seats rotated; (rate, low, high)."""
    game = Ratjack()
    hero, rnd = make_policy(spec, game), make_policy("random", game)
    total = 0.0
    for i in range(n_games):
        seat = i % 2
        lineup = [hero, rnd] if seat == 0 else [rnd, hero]
        total += play_game(game, 2, lineup, seed0 + i).seats[seat]["win_share"]
    low, high = wilson(total, n_games)
    return total / n_games, low, high


@pytest.mark.parametrize("spec", ["heuristic", "heuristic:style=aggressive"])
def test_heuristic_beats_random_fast(spec):
    rate, low, _ = win_rate(spec, 60)
    assert low > 0.5, f"{spec}: {rate:.3f}, interval low {low:.3f}"


@pytest.mark.slow
@pytest.mark.parametrize("spec", ["heuristic", "heuristic:style=aggressive"])
def test_heuristic_beats_random_2000_games(spec):
    rate, low, high = win_rate(spec, 2000)
    print(f"{spec}: win rate {rate:.3f} [{low:.3f}, {high:.3f}]")
    assert low > 0.5


def test_styles_and_options():
    game = Ratjack()
    assert make_heuristic.styles == ("careful", "aggressive")
    assert make_heuristic(game).style == "careful"
    with pytest.raises(ConfigError):
        make_heuristic(game, style="sneaky")
    with pytest.raises(ConfigError):
        make_heuristic(game, depth=3)
