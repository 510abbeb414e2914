"""Heuristic policies: options, strength against random play, restricted play."""

from __future__ import annotations

import pytest

from analyses.stats.intervals import wilson_interval
from simcore.core.errors import ConfigError
from simcore.engine.check.conformance import head_to_head
from simcore.engine.play.runner import play_game
from strategies.heuristics.lord_of_worlds import make_heuristic
from strategies.registry import make_policy

from .helpers import game


def test_styles_and_options():
    g = game()
    assert make_heuristic.styles == ("chains", "architect", "fitted")
    assert make_heuristic(g).name == "heuristic:style=chains"
    assert make_policy("heuristic:style=architect", g).style == "architect"
    with pytest.raises(ConfigError, match="style"):
        make_heuristic(g, style="greedy")
    with pytest.raises(ConfigError, match="depth"):
        make_heuristic(g, depth=3)


@pytest.mark.parametrize("style", ["chains", "architect", "fitted"])
@pytest.mark.parametrize("variant", ["standard", "strategic"])
def test_heuristic_beats_random(style, variant):
    # 2 players, 12 seeds x both seatings; 95% Wilson lower bound of the win share > 0.5
    g = game(variant=variant)
    wins, n = head_to_head(g, 2, f"heuristic:style={style}", "random", 24, 1000)
    low, _ = wilson_interval(wins, n)
    assert low > 0.5, (wins, n)


def test_heuristic_in_three_player_game_scores_most():
    g = game()
    hero, rnd = make_policy("heuristic", g), make_policy("random", g)
    wins = 0.0
    for seed in range(6):
        seat = seed % 3
        lineup = [rnd, rnd, rnd]
        lineup[seat] = hero
        wins += play_game(g, 3, lineup, seed).seats[seat]["win_share"]
    assert wins >= 5


def test_heuristic_respects_restrictions():
    g = game()
    free = make_policy("heuristic", g)
    banned = make_policy("heuristic:forbid=collect/colored", g)
    colored = [0, 0]
    for seed in range(4):
        colored[0] += play_game(g, 2, [free, free], seed).seats[0]["pts_colored_hex"]
        colored[1] += play_game(g, 2, [banned, free], seed).seats[0]["pts_colored_hex"]
    assert colored[0] > 0 and colored[1] == 0
