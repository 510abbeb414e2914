"""Luck share, weaker-wins and the skill trace on toy games with known answers."""

from __future__ import annotations

import math

import polars as pl
import pytest

from analyses.feel import luck, measures
from analyses.feel.skill import games_needed, skill_trace
from analyses.studies.ladder import flattens_after
from simcore.engine.run.dataset import read_table
from strategies.ladder import FAMILY_ORDER
from tests.analyses.feel.toys import sweep

COIN_BUDGETS = (2, 4, 8, 16)
RACE_BUDGETS = (1, 2, 4, 8, 16, 32)


def _value(table: pl.DataFrame, measure: str, group: str | None = None) -> dict:
    rows = table.filter(pl.col("measure") == measure)
    if group is not None:
        rows = rows.filter(pl.col("group") == group)
    assert rows.height == 1, rows
    return rows.to_dicts()[0]


@pytest.fixture(scope="module")
def coin(tmp_path_factory):
    # the seed alone decides every round's point: three line-ups replay the same 300 seeds
    lineups = [["random", "random"], ["random", "mcts:iterations=8"], ["greedy", "random"]]
    return sweep(tmp_path_factory.mktemp("coin"), "coin", "coin_rounds", lineups, games=300)


@pytest.fixture(scope="module")
def race(tmp_path_factory, monkeypatch_module):
    # no chance, deterministic players: the one that takes the top every turn always wins
    lineups = [["highest", "lowest"], ["lowest", "highest"], ["highest", "highest"]]
    return sweep(tmp_path_factory.mktemp("race"), "race", "race", lineups, games=60)


@pytest.fixture(scope="module")
def monkeypatch_module():
    mp = pytest.MonkeyPatch()
    # the fixture players' place on the skill ladder (unknown families sit at 1.5)
    mp.setitem(FAMILY_ORDER, "lowest", 0.0)
    mp.setitem(FAMILY_ORDER, "highest", 3.0)
    yield mp
    mp.undo()


def test_coin_flip_luck_share_is_one(coin):
    got = _value(measures(coin), "luck_share")
    # residuals differ across line-ups only by their (cell, seat) means, 0.5 +- sampling
    assert got["estimate"] > 0.97 and got["hi"] >= 0.99 and got["n"] == 300


def test_coin_flip_weaker_player_wins_half(coin):
    table = measures(coin)
    for group in ("c001", "c002"):  # random vs mcts; greedy vs random
        got = _value(table, "weaker_wins", group)
        assert got["lo"] < 0.5 < got["hi"], got
    assert _value(table, "weaker_wins", "all cells")["lo"] < 0.5


def test_deterministic_game_luck_share_is_zero_and_better_always_wins(race, monkeypatch_module):
    table = measures(race)
    assert _value(table, "luck_share")["estimate"] == 0.0
    for group in ("c000", "c001"):
        assert _value(table, "weaker_wins", group)["estimate"] == 0.0
    ahead = _value(table, "ahead_rate", "highest vs lowest")
    assert ahead["estimate"] == 1.0
    assert _value(table, "games_needed", "highest vs lowest")["estimate"] == 1.0


def test_components_of_known_tables():
    import numpy as np

    # seeds x line-ups: only the line-up matters -> all skill; only the seed -> all luck
    skill = np.tile([0.0, 0.5, 1.0], (4, 1))
    assert luck.components(skill)[1:] == (0.0, 0.0) and luck.share_of_luck([skill]) == 0.0
    deal = np.tile([[0.0], [1.0], [0.0], [1.0]], (1, 3))
    assert luck.components(deal)[0] == 0.0 and luck.share_of_luck([deal]) == 1.0
    assert math.isnan(luck.share_of_luck([np.zeros((4, 3))]))  # no variance: no answer


def test_games_needed():
    assert games_needed(0.5) == math.inf and games_needed(0.4) == math.inf
    assert games_needed(1.0) == 1.0 and games_needed(0.96) == 1.0
    # 0.6 per game: a best-of-n needs about (1.645 * 0.49 / 0.1)^2 = 65 games
    n = games_needed(0.6)
    assert n % 2 == 1 and 55 <= n <= 75


def _trace(run: str, budgets: tuple[int, ...]) -> pl.DataFrame:
    table = skill_trace(read_table(run, "seats")).sort("budget")
    assert table["budget"].to_list() == list(budgets)
    return table


def test_skill_trace_is_flat_on_the_coin_flip_game(tmp_path):
    lineups = [[f"mcts:iterations={k}", "random"] for k in COIN_BUDGETS]
    run = sweep(tmp_path, "coin-ladder", "coin_rounds", lineups, games=200)
    table = _trace(run, COIN_BUDGETS)
    assert flattens_after(table) == COIN_BUDGETS[0]  # no budget beats the lowest
    # the seed decides every game, so every budget wins the very same games
    assert table["rate"].n_unique() == 1 and table.to_dicts()[0]["to_top"] == 0.0


def test_skill_trace_rises_on_the_race_game(tmp_path):
    lineups = [[f"mcts:iterations={k}", "random"] for k in RACE_BUDGETS]
    run = sweep(tmp_path, "race-ladder", "race", lineups, games=200)
    table = _trace(run, RACE_BUDGETS)
    rates = table["rate"].to_list()
    low = table.to_dicts()[0]
    assert low["to_top_lo"] > 0.1, table  # the top budget wins clearly more than the lowest
    assert rates[-1] > 0.9 and rates[0] < rates[-1]
