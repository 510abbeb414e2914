"""Every game records who moved first and who started each round (issue: the real first player).

The records are checked against the actions table: the start player of a round is the seat of
the round's first turn action (Ratjack: the first action after the face-down set-up choices;
Rats of Wistar: the round's first worker placement). Lord of Worlds keeps one turn order, so
its record is the seat that takes the first turn after set-up.
"""

from __future__ import annotations

import random

import polars as pl
import pytest

from simcore.core import registry
from simcore.core.api import START_COLUMNS
from simcore.engine.sweep.config import build_config
from simcore.engine.sweep.sweep import run_sweep
from simcore.games.lord_of_worlds.codes import P_START


def _sweep(tmp_path, game: str, players: int, games: int) -> tuple[pl.DataFrame, pl.DataFrame]:
    raw = {
        "name": game,
        "game": game,
        "players": players,
        "games": games,
        "seed": 3,
        "policies": ["random"] * players,
        "record_actions": True,
    }
    run = run_sweep(build_config(raw), tmp_path, quiet=True).run_dir
    return (
        pl.read_parquet(run / "games" / "*.parquet"),
        pl.read_parquet(run / "actions" / "*.parquet"),
    )


def _starts(games: pl.DataFrame) -> dict[int, list[int]]:
    return {
        g: [int(x) for x in r.split("|")]
        for g, r in games.select("game_index", "round_starts").rows()
    }


@pytest.mark.parametrize("game", ["ratjack", "lord_of_worlds", "rats_of_wistar"])
def test_every_game_declares_the_start_columns(game):
    assert START_COLUMNS.items() <= registry.make_game(game).game_columns.items()


@pytest.mark.parametrize("players", [2, 4])
def test_ratjack_round_starts_match_the_first_turn_of_each_round(tmp_path, players):
    games, actions = _sweep(tmp_path, "ratjack", players, 30)
    turns = actions.filter(~pl.col("label").str.starts_with("set "))
    first = turns.group_by("game_index", "round").agg(pl.col("seat").sort_by("step").first())
    seen = {(g, r): s for g, r, s in first.rows()}
    for g, starts in _starts(games).items():
        assert [seen[(g, r + 1)] for r in range(len(starts))] == starts
    # The first player is random per game: seat 1 does not always move first.
    assert games["first_player"].n_unique() == players
    assert (
        games["first_player"] == games["round_starts"].str.split("|").list.first().cast(int)
    ).all()


def test_rats_of_wistar_round_starts_match_the_first_placement(tmp_path):
    games, actions = _sweep(tmp_path, "rats_of_wistar", 3, 6)
    places = actions.filter(pl.col("kind") == "place")
    first = places.group_by("game_index", "round").agg(pl.col("seat").sort_by("step").first())
    seen = {(g, r): s for g, r, s in first.rows()}
    for g, starts in _starts(games).items():
        assert len(starts) == 5
        assert [seen[(g, r + 1)] for r in range(len(starts))] == starts


def test_lord_of_worlds_first_player_takes_the_first_turn():
    game = registry.make_game("lord_of_worlds")
    rng = random.Random(5)
    firsts = set()
    for seed in range(12):
        state = game.new_state(3, seed)
        while state.phase < P_START:  # set-up: the portal, then the opening reveals
            state.apply(rng.choice(state.legal_actions()))
        mover = state.current_player  # the first turn after set-up
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        record = state.outcome()["game"]
        firsts.add(record["first_player"])
        assert record["first_player"] == mover
        assert record["round_starts"] == str(mover)
    assert len(firsts) > 1
