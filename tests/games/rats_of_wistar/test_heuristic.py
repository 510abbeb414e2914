"""Heuristics beat random (95% Wilson interval above 50%, seats rotated, fixed seeds)."""

from __future__ import annotations

import pytest

from analyses.stats import wilson_interval
from simcore.games.rats_of_wistar import RatsOfWistar
from simcore.testing import head_to_head
from strategies.heuristics.rats_of_wistar import make_heuristic

GAME = RatsOfWistar()


@pytest.mark.parametrize("style", ["engine", "explorer"])
def test_heuristic_beats_random(style: str) -> None:
    wins, games = head_to_head(GAME, 2, make_heuristic(GAME, style=style), "random", 40, 20_000)
    assert wilson_interval(wins, games)[0] > 0.5, wins
