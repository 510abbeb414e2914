"""Heuristic styles beat random (2 players, seats rotated, fixed seeds, 95% Wilson interval)."""

from __future__ import annotations

import pytest

from analyses.stats import wilson_interval
from simcore.errors import ConfigError
from simcore.games.ratjack import Ratjack
from simcore.testing import head_to_head
from strategies.heuristics.ratjack import make_heuristic


def win_rate(spec: str, n_games: int, seed0: int = 50_000) -> tuple[float, float, float]:
    """Win share of ``spec`` against random with seats rotated; (rate, low, high)."""
    wins, games = head_to_head(Ratjack(), 2, spec, "random", n_games, seed0)
    low, high = wilson_interval(wins, games)
    return wins / games, low, high


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
