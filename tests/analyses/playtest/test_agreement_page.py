"""The agreement page on real playtest runs: a person's think times read from the run's
``actions.think_ms`` (per class of move and overall; none from a run that kept none), people
without a ladder rung, and a one-game playtest's shares without intervals."""

from __future__ import annotations

import random

import polars as pl

from analyses.playtest.agreement import agreement, think_times
from analyses.playtest.session import RUNS, Session
from analyses.studies.common import skill_gap
from reports.playtest.agreement import agreement_page
from simcore.engine.sweep.config import build_config
from simcore.engine.sweep.sweep import run_sweep


def _played(tmp_path, games: int = 2):
    raw = {"name": "pt", "game": "ratjack", "players": 2, "games": games, "seed": 3,
           "policies": ["human", "heuristic"], "record_actions": True,
           "seat_rotation": False}  # fmt: skip
    session = Session(build_config(raw, source="test"), tmp_path)
    while not session.over:
        seat = session.to_act()
        legal = [a for a, _ in session.legal(seat)]
        session.act(seat, legal[random.Random(session.step).randrange(len(legal))], session.step)
    session.flush()
    return tmp_path / RUNS / "pt"


def test_think_times_are_the_people_s_recorded_ones(tmp_path):
    run = _played(tmp_path)
    table = think_times(agreement(run, ("random",)))
    # read independently: the human seat's actions rows of the run
    seats = pl.read_parquet(run / "seats").select("game_index", "seat", "policy")
    mine = pl.read_parquet(run / "actions").join(seats, on=["game_index", "seat"])
    mine = mine.filter(pl.col("policy") == "human")
    overall = table.filter(pl.col("class") == "all moves").row(0, named=True)
    assert overall["decisions"] == mine.height > 0
    assert overall["median"] == mine["think_ms"].median() / 1000.0
    assert table.filter(pl.col("class") != "all moves")["decisions"].sum() == mine.height
    page = agreement_page(agreement(run, ("random",)), str(run), "ratjack")
    assert "How long you took" in page
    # the page says what a class is and how many of the person's moves have none
    other = (agreement(run, ("random",)).rows["person_class"] == "other").mean()
    assert f"gives no class: {100 * other:.1f}% of your decisions" in page


def test_a_run_without_think_times_shows_none(tmp_path):
    raw = {"name": "s", "game": "ratjack", "players": 2, "games": 3, "seed": 3,
           "policies": ["heuristic", "random"], "record_actions": True,
           "seat_rotation": False}  # fmt: skip
    run = run_sweep(build_config(raw, source="test"), tmp_path, quiet=True).run_dir
    result = agreement(run, ("random",), person=lambda spec: spec == "heuristic")
    assert think_times(result).is_empty()
    assert "How long you took" not in agreement_page(result, str(run), "ratjack")


def test_people_have_no_rung_the_skill_gap_names_whoever_won_more(tmp_path):
    # a person's seat once ranked between heuristic and mcts ("the higher rung"), so a report
    # named the person stronger while the person lost every game
    run = _played(tmp_path)
    seats = pl.read_parquet(run / "seats")
    shares = seats.group_by("policy").agg(pl.col("win_share").mean())
    better = shares.sort("win_share")["policy"][-1]
    assert skill_gap(run)["stronger"].to_list() == [better]


def test_one_game_gives_shares_without_intervals_and_says_so(tmp_path):
    # one game is one cluster: the shares stand, an interval cannot be had ("nan-nan%" once)
    run = _played(tmp_path, games=1)
    page = agreement_page(agreement(run, ("random", "heuristic")), str(run), "ratjack")
    assert "nan" not in page.lower() and "one game: no interval yet" in page
