"""Ratjack card values on real (small, seeded) Ratjack runs.

The restricted-play run has three cells over the same 40 seeds: the unrestricted baseline, slot
0 forbidden the raccoon 8 effect, and slot 0 forbidden a rat effect while only the weasel and
raccoon decks are in play — a restriction that can never bite, so its games are identical to
the baseline's (common random numbers) and its worth must be exactly zero.
"""

from __future__ import annotations

import json

import polars as pl
import pytest

from analyses.stats.runs import scan
from analyses.studies.ratjack_cards import (
    card_findings,
    card_sweep,
    effect_columns,
    interventional_values,
    observational_values,
    restriction_cells,
    split_forbid,
    usage,
)
from simcore.core import registry
from simcore.engine.run.dataset import FORMAT
from simcore.engine.sweep.config import build_config
from simcore.engine.sweep.sweep import run_sweep

pytestmark = pytest.mark.skipif(
    "ratjack" not in registry.loadable_game_ids(with_heuristic=True),
    reason="ratjack game or heuristic not available",
)
BASE = ["heuristic", "heuristic"]
RACCOON8 = ["heuristic:forbid=resolve/raccoon/8", "heuristic"]
IDLE = ["heuristic:forbid=resolve/rat/1", "heuristic"]  # no rat deck in play: never bites


def card_run(folder, games: int = 40, name: str = "cards-small", seed: int = 5) -> str:
    """A small restricted-play Ratjack run (weasel + raccoon decks, actions recorded)."""
    raw = {
        "name": name,
        "game": "ratjack",
        "players": 2,
        "games": games,
        "seed": seed,
        "policies": BASE,
        "params": {"decks": ["weasel", "raccoon"]},
        "grid": {"policies": [BASE, RACCOON8, IDLE]},
        "record_actions": True,
    }
    return str(run_sweep(build_config(raw), folder, quiet=True).run_dir)


_SHARED: dict[int, str] = {}


def shared_card_run(tmp_path_factory) -> str:
    """The 40-game run, built once per test session (the card report tests use it too)."""
    key = id(tmp_path_factory)
    if key not in _SHARED:
        _SHARED[key] = card_run(tmp_path_factory.mktemp("cards"), name="cards-a")
    return _SHARED[key]


@pytest.fixture(scope="module")
def run(tmp_path_factory) -> str:
    return shared_card_run(tmp_path_factory)


def fake_run(folder, cells: list[list[str]], params: dict | None = None) -> str:
    """A run directory holding only a manifest: enough for restriction_cells."""
    manifest = {
        "format": FORMAT,
        "name": "fake",
        "cells": [
            {"cell": f"c{i:03d}", "policies": p, "params": params or {}, "params_hash": "h"}
            for i, p in enumerate(cells)
        ],
    }
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "manifest.json").write_text(json.dumps(manifest))
    return str(folder)


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ("heuristic", ("heuristic", [])),
        ("heuristic:forbid=resolve/rat/6", ("heuristic", ["resolve/rat/6"])),
        (
            "heuristic:style=careful,forbid=resolve/rat/6+resolve/weasel/2",
            ("heuristic:style=careful", ["resolve/rat/6", "resolve/weasel/2"]),
        ),
        ("mcts:iterations=400,c=0.7", ("mcts:iterations=400,c=0.7", [])),
        ("random:forbid=resolve/raccoon/12", ("random", ["resolve/raccoon/12"])),
    ],
)
def test_split_forbid(spec, expected):
    assert split_forbid(spec) == expected


def test_restriction_cells_pair_each_forbidden_effect_with_its_baseline(tmp_path):
    run_dir = fake_run(
        tmp_path / "r",
        [
            ["heuristic", "random"],
            ["heuristic:forbid=resolve/rat/6", "random"],
            ["random", "random"],
            ["random:forbid=resolve/weasel/2", "random"],
            ["heuristic", "heuristic:forbid=resolve/rat/6"],  # slot 1 restricted: not a card cell
            ["heuristic:forbid=resolve/rat/6+resolve/rat/7", "random"],  # two effects at once
            ["heuristic:forbid=play/rat", "random"],  # not an effect class
            ["mcts:forbid=resolve/rat/3", "random"],  # no unrestricted mcts line-up to compare
        ],
        params={"decks": ["rat_red", "weasel"]},
    )
    got = [(c.cell, c.baseline, c.family, c.value, c.decks) for c in restriction_cells(run_dir)]
    assert got == [
        ("c001", "c000", "rat", 6, "rat_red + weasel"),
        ("c003", "c002", "weasel", 2, "rat_red + weasel"),
    ]


def test_restriction_cells_of_a_real_run(run):
    cells = restriction_cells(run)
    assert [(c.cell, c.baseline, c.family, c.value) for c in cells] == [
        ("c001", "c000", "raccoon", 8),
        ("c002", "c000", "rat", 1),
    ]
    assert {c.decks for c in cells} == {"weasel + raccoon"}


def test_a_restriction_that_never_bites_is_worth_exactly_zero(run):
    table = interventional_values([run])
    idle = table.filter(pl.col("effect") == "rat 1").row(0, named=True)
    # Same seeds, same play: every one of the 40 paired games is identical.
    assert idle["pairs"] == 40 and idle["changed"] == 0
    assert idle["worth"] == idle["worth_lo"] == idle["worth_hi"] == 0.0
    assert idle["p_holm"] == 1.0 and not idle["significant"]
    assert idle["baseline_rate"] == idle["restricted_rate"]
    assert idle["resolved_share"] == 0.0  # the seats table agrees: never resolved
    assert "-0.0" not in " ".join(card_findings(table, pl.DataFrame()))


def test_interventional_table_matches_a_hand_computed_paired_difference(run):
    table = interventional_values([run])
    assert table["rank"].to_list() == [1, 2]
    assert table["worth"].to_list() == sorted(table["worth"].to_list(), reverse=True)
    seats = scan(run, "seats").filter(pl.col("slot") == 0).collect()
    share = {
        c: seats.filter(pl.col("cell") == c).sort("game_index")["win_share"].to_numpy()
        for c in ("c000", "c001")
    }
    row = table.filter(pl.col("effect") == "raccoon 8").row(0, named=True)
    diff = share["c000"] - share["c001"]
    assert row["worth"] == pytest.approx(diff.mean(), abs=1e-12)
    assert row["changed"] == int((diff != 0).sum())
    assert row["sd"] == pytest.approx(diff.std(ddof=1), rel=1e-9)
    assert row["worth_lo"] < row["worth"] < row["worth_hi"]
    base = seats.filter(pl.col("cell") == "c000")
    assert row["resolved_share"] == pytest.approx((base["res_raccoon_8"] > 0).mean())
    assert row["p_holm"] >= row["p_value"]


def test_observational_values_use_unrestricted_cells_only(run):
    obs = observational_values([run])
    seats = scan(run, "seats").filter(pl.col("cell") == "c000").collect()
    # Only the weasel and raccoon effects can be resolved with these decks.
    assert set(obs["family"].to_list()) <= {"weasel", "raccoon"}
    for row in obs.iter_rows(named=True):
        col = f"res_{row['family']}_{row['value']}"
        used = seats.filter(pl.col(col) > 0)
        assert row["n_with"] == used.height and row["n_without"] == seats.height - used.height
        assert row["rate_with"] == pytest.approx(used["win_share"].mean())
        assert row["lo_with"] <= row["rate_with"] <= row["hi_with"]
        assert row["gap"] == pytest.approx(row["rate_with"] - row["rate_without"])
    assert obs.height >= 12  # most effects come up in 80 seat-games


def test_usage_counts_every_play_of_the_baseline_cell(run):
    use = usage([run])
    actions = scan(run, "actions").filter(pl.col("cell") == "c000").collect()
    plays = actions.filter(pl.col("mode").is_in(["up", "down", "discard_flip"]))
    assert use["plays"].sum() == plays.height > 0
    assert set(use["policy"].to_list()) == {"heuristic"}
    assert set(use["card_deck"].to_list()) == {"weasel", "raccoon"}
    shares = use.group_by("card_deck", "card_value", "policy").agg(pl.col("share").sum())
    assert shares["share"].to_list() == pytest.approx([1.0] * shares.height)
    up = use.filter(pl.col("mode") == "up")["plays"].sum()
    assert up == plays.filter(pl.col("mode") == "up").height


def test_effect_columns_are_in_the_seats_table(run):
    names = scan(run, "seats").collect_schema().names()
    assert len(effect_columns()) == 36 and set(effect_columns()) <= set(names)


def test_card_sweep_builds_a_valid_config():
    raw = card_sweep("weasel_raccoon", games=10, seed=3)
    cfg = build_config(raw)
    assert len(cfg.cells()) == 25 and raw["params"]["decks"] == ["weasel", "raccoon"]
    assert raw["grid"]["policies"][0] == ["heuristic", "heuristic"]
    assert raw["grid"]["policies"][13] == ["heuristic:forbid=resolve/raccoon/1", "heuristic"]
