"""Run reader and common analyses on hand-built tables and synthetic runs."""

from __future__ import annotations

import math

import numpy as np
import polars as pl
import pytest

from analyses.stats import runs as data
from analyses.stats.intervals import wilson_interval
from analyses.studies import common
from simcore.core.errors import RunDirError
from tests.analyses.synthetic import Cell, write_run


def seats_frame(rows: list[tuple]) -> pl.DataFrame:
    """Rows of (cell, game_index, seat, policy, score, rank, win_share)."""
    cols = ("cell", "game_index", "seat", "policy", "score", "rank", "win_share")
    return pl.DataFrame([dict(zip(cols, r, strict=True)) for r in rows])


# Three 2-player games of A vs B; game 2 is a tie (shares 0.5 / 0.5).
#   game 0: A (seat 0) wins        game 1: B (seat 0) wins        game 2: tie
SMALL = seats_frame(
    [
        ("c0", 0, 0, "A", 3, 1, 1.0),
        ("c0", 0, 1, "B", 1, 2, 0.0),
        ("c0", 1, 0, "B", 4, 1, 1.0),
        ("c0", 1, 1, "A", 2, 2, 0.0),
        ("c0", 2, 0, "A", 2, 1, 0.5),
        ("c0", 2, 1, "B", 2, 1, 0.5),
    ]
)


def test_win_rates_by_policy_hand_computed():
    df = common.win_rates(SMALL, by="policy")
    a = df.filter(pl.col("policy") == "A").row(0, named=True)
    assert a["games"] == 3 and a["wins"] == 1.5 and a["rate"] == 0.5 and a["fair"] == 0.5
    assert (a["lo"], a["hi"]) == pytest.approx(wilson_interval(1.5, 3))


def test_win_rates_by_seat_hand_computed():
    df = common.win_rates(SMALL, by="seat")
    assert df["wins"].to_list() == [2.5, 0.5] and df["games"].to_list() == [3, 3]


def test_policy_in_two_seats_counts_one_trial_per_game():
    # 3-player game, A holds two seats: per-game success is the mean share of A's seats.
    #   game 0: A wins (seat 0)  -> A's seats 1.0 and 0.0 -> 0.5 ; B 0
    #   game 1: B wins           -> A 0.0 ; B 1.0
    frame = seats_frame(
        [
            ("c", 0, 0, "A", 5, 1, 1.0),
            ("c", 0, 1, "A", 1, 3, 0.0),
            ("c", 0, 2, "B", 2, 2, 0.0),
            ("c", 1, 0, "A", 1, 2, 0.0),
            ("c", 1, 1, "A", 1, 2, 0.0),
            ("c", 1, 2, "B", 3, 1, 1.0),
        ]
    )
    df = common.win_rates(frame, by="policy").sort("policy")
    assert df["games"].to_list() == [2, 2]
    assert df["wins"].to_list() == [0.5, 1.0]
    assert df["seats_per_game"].to_list() == [2.0, 1.0]
    assert df["fair"].to_list() == pytest.approx([1 / 3, 1 / 3])


@pytest.fixture(scope="module")
def biased(tmp_path_factory):
    """2000 games of random vs random with a first-seat bonus of 0.4 (win prob 0.5987)."""
    root = tmp_path_factory.mktemp("biased")
    return write_run(root, [Cell("c000", ["random", "random"])], games=2000, seat_bias=(0.4, 0))


def test_seat_advantage_recovers_the_bias(biased):
    df = common.seat_advantage(biased)
    seat0 = df.filter(pl.col("seat") == 0).row(0, named=True)
    truth = math.exp(0.4) / (math.exp(0.4) + 1)
    assert seat0["lo"] < truth < seat0["hi"]
    assert seat0["p_holm"] < 1e-6 and seat0["chi2_p"] < 1e-6
    assert df["diff"].sum() == pytest.approx(0.0)


def test_no_seat_effect_without_bias(tmp_path):
    run = write_run(tmp_path, [Cell("c000", ["random"] * 3)], games=900, n_players=3)
    df = common.seat_advantage(run)
    assert df.height == 3 and df["fair"].to_list() == pytest.approx([1 / 3] * 3)
    assert (df["p_holm"] > 0.05).all() and df["chi2_p"][0] > 0.05
    # Holm within the cell: the adjusted p-values are at least the raw ones.
    assert (df["p_holm"] >= df["p_value"]).all()


def test_skill_gap_uses_the_ladder(tmp_path):
    cells = [
        Cell("c000", ["random", "heuristic"], strengths={"heuristic": 1.0}),
        Cell(
            "c001",
            ["mcts:iterations=10", "heuristic"],
            strengths={"heuristic": 1.0, "mcts:iterations=10": 1.0},
        ),
        Cell("c002", ["random", "random"]),
    ]
    run = write_run(tmp_path, cells, games=400)
    df = common.skill_gap(run).sort("cell")
    assert df["cell"].to_list() == ["c000", "c001"]  # one policy only: no gap to measure
    assert df["stronger"].to_list() == ["heuristic", "mcts:iterations=10"]
    truth = math.exp(1.0) / (math.exp(1.0) + 1)
    first = df.row(0, named=True)
    assert first["lo"] < truth < first["hi"] and first["p_holm"] < 1e-6
    # Equal strengths: the expected-stronger MCTS is not clearly better.
    assert df.row(1, named=True)["p_holm"] > 0.01


def test_distributions_match_numpy(biased):
    games = data.scan(biased, "games").collect()
    df = common.game_lengths(biased)
    row = df.row(0, named=True)
    turns = games["turns"].to_numpy()
    assert row["n"] == 2000 and row["q50"] == np.quantile(turns, 0.5)
    assert row["q05"] == np.quantile(turns, 0.05) and row["max"] == turns.max()
    scores = common.score_distribution(biased)
    assert scores["n"].sum() == 4000 and scores["policy"].to_list() == ["random"]


def test_end_reasons_and_seat_columns(biased):
    ends = common.end_reasons(biased)
    assert ends["share"].sum() == pytest.approx(1.0) and ends["count"].sum() == 2000
    means = common.seat_column_means(biased)
    assert means.columns == ["cell", "policy", "n", "cards_played"]
    assert means["cards_played"][0] == pytest.approx(5.5)


def test_reader_errors(tmp_path, biased):
    with pytest.raises(RunDirError, match="not found"):
        data.scan(tmp_path / "missing", "games")
    with pytest.raises(RunDirError, match="record_actions"):
        data.scan(biased, "actions")
    with pytest.raises(RunDirError, match="unknown table"):
        data.scan(biased, "moves")
    assert data.has_table(biased, "seats") and not data.has_table(biased, "actions")
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "manifest.json").write_text("{ not json")
    with pytest.raises(RunDirError, match="corrupted"):
        data.load_manifest(bad)


def test_scan_is_lazy_and_reads_every_part(biased):
    frame = data.scan(biased, "seats")
    assert isinstance(frame, pl.LazyFrame)
    assert frame.select(pl.len()).collect().item() == 4000


def test_cell_labels():
    manifest = {
        "cells": [
            {"cell": "c000", "variant": {"policies": ["a", "b"], "deck": "small"}},
            {"cell": "c001", "variant": {}, "policies": ["x", "y"]},
        ]
    }
    assert data.cell_labels(manifest) == {"c000": "a vs b · deck=small", "c001": "x vs y"}
    table = data.cell_table(manifest)
    assert table["label"].to_list() == ["a vs b · deck=small", "x vs y"]


def test_cell_labels_count_a_run_of_three_or_more_equal_seats():
    lineups = [["m", "h", "h", "h"], ["h", "h"], ["m", "h", "h"], ["h", "h", "h", "m"]]
    manifest = {"cells": [{"cell": f"c{i}", "policies": p} for i, p in enumerate(lineups)]}
    assert list(data.cell_labels(manifest).values()) == [
        "m vs 3 × h",
        "h vs h",
        "m vs h vs h",
        "3 × h vs m",
    ]


def test_seat_rates_of_a_mixed_lineup_are_slot_stratified(tmp_path):
    # 3 players, a strong A against two B, 301 games: the rotation puts A in seat 1 once more
    # than in the others, which a plain seat share would read as a seat effect. Stratified, a
    # seat's rate is the mean of its rates with each slot in it; no seat bias is built in.
    run = write_run(
        tmp_path, [Cell("c0", ["A", "B", "B"], strengths={"A": 2.0})], games=301, n_players=3
    )
    df = common.seat_advantage(run).sort("seat")
    seats = data.scan(run, "seats").collect()
    mine = seats.filter(pl.col("seat") == 0).group_by("slot").agg(pl.col("win_share").mean())
    assert df["rate"][0] == pytest.approx(mine["win_share"].mean())
    assert (df["lo"] < df["rate"]).all() and (df["rate"] < df["hi"]).all()
    assert (df["p_holm"] > 0.05).all()
