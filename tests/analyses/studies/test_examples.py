"""analyses.studies.examples: the games picked for a finding show it (checked against the
tables)."""

from __future__ import annotations

import polars as pl
import pytest

from analyses.stats.runs import scan
from analyses.studies.examples import Finding, example_games
from simcore.engine.sweep.config import build_config
from simcore.engine.sweep.sweep import run_sweep


@pytest.fixture(scope="module")
def card_run(tmp_path_factory):
    """Ratjack, slot 0 forbidden rat 7 (and rat 3) against the unrestricted baseline."""
    raw = {
        "name": "cards",
        "game": "ratjack",
        "players": 2,
        "games": 40,
        "seed": 3,
        "policies": ["heuristic", "heuristic"],
        "record_actions": True,
        "grid": {
            "policies": [
                ["heuristic", "heuristic"],
                ["heuristic:forbid=resolve/rat/7", "heuristic"],
                ["heuristic:forbid=resolve/rat/3", "heuristic"],
            ]
        },
    }
    folder = tmp_path_factory.mktemp("examples")
    return run_sweep(build_config(raw), folder, quiet=True).run_dir


def _slot0_share(run, cell: str, index: int) -> float:
    seats = scan(run, "seats").filter(
        (pl.col("cell") == cell) & (pl.col("game_index") == index) & (pl.col("slot") == 0)
    )
    return seats.collect()["win_share"][0]


def test_winner_changed_games_changed(card_run):
    games = example_games(card_run, Finding("winner_changed", "c001", "c000", what="rat 7"), k=3)
    assert 1 <= len(games) <= 3
    for g in games:
        assert g.cell == "c001" and g.baseline == "c000"
        assert _slot0_share(card_run, "c001", g.game_index) != _slot0_share(
            card_run, "c000", g.game_index
        )
        assert "rat 7" in g.why


def test_most_used_counts_the_actions(card_run):
    finding = Finding("most_used", "c000", column="effect", value="rat_7", what="rat 7")
    games = example_games(card_run, finding, k=2)
    actions = scan(card_run, "actions").filter(
        (pl.col("cell") == "c000") & (pl.col("effect") == "rat_7")
    )
    counts = actions.group_by("game_index").len().collect()
    best = counts["len"].max()
    assert games and f"used {best} times" in games[0].why
    top = counts.filter(pl.col("len") == best)["game_index"].min()
    assert games[0].game_index == top  # ties go to the lower index


def test_close_and_decided_games(card_run):
    close = example_games(card_run, Finding("close", "c000"), k=2)
    decided = example_games(card_run, Finding("decided", "c000"), k=2)
    seats = scan(card_run, "seats").filter(pl.col("cell") == "c000").collect()
    gaps = {i: abs(g["score"][0] - g["score"][1]) for (i,), g in seats.group_by(["game_index"])}
    assert gaps[close[0].game_index] == min(gaps.values())
    assert gaps[decided[0].game_index] == max(gaps.values())


def test_unknown_kind_and_missing_pair(card_run):
    with pytest.raises(ValueError, match="unknown finding kind"):
        example_games(card_run, Finding("strongest", "c000"))
    assert example_games(card_run, Finding("winner_changed", "c000", "c001")) == []
    assert example_games(card_run, Finding("close", "c000"), k=0) == []
