"""Shipped Ratjack sweep files: generated ones match card_sweep; all run with `boardlab sweep`."""

from __future__ import annotations

import re
import tomllib

import pytest

from analyses.plan.pilot import make_plan
from analyses.studies.ratjack_cards import card_sweep
from analyses.sweeps import (
    CARD_FILES,
    CARD_GAMES,
    CARD_SEED,
    card_sweep_text,
    plan_header,
    recorded_pilot,
    shipped,
    sweep_path,
)
from simcore.core import registry
from simcore.engine.sweep.config import build_config, load_toml
from tests.conftest import run_cli

SHIPPED = ["lord_of_worlds_fitted_vs_chains.toml", "lord_of_worlds_fitted_vs_mcts.toml",
           "lord_of_worlds_fitted_vs_mcts_3p.toml",
           "lord_of_worlds_fitted_vs_mcts_4p.toml",
           "lord_of_worlds_fitted_vs_mcts_more.toml",
           "lord_of_worlds_fitted_vs_mcts_more2.toml", "lord_of_worlds_ladder.toml",
           "lord_of_worlds_ladder_3p.toml", "lord_of_worlds_ladder_4p.toml",
           "lord_of_worlds_mcts_target.toml", "lord_of_worlds_skill_ladder.toml",
           "lord_of_worlds_variants.toml", "lord_of_worlds_variants_2p.toml",
           "lord_of_worlds_variants_4p.toml", "lord_of_worlds_variants_fitted.toml",
           "lord_of_worlds_variants_skill.toml", "ratjack_cards_rat.toml",
           "ratjack_cards_weasel_raccoon.toml", "ratjack_fitted_vs_heuristic.toml",
           "ratjack_fitted_vs_mcts.toml", "ratjack_fitted_vs_mcts_3p.toml",
           "ratjack_fitted_vs_mcts_4p.toml", "ratjack_fitted_vs_mcts_more.toml",
           "ratjack_fitted_vs_mcts_more2.toml", "ratjack_ladder.toml",
           "ratjack_ladder_3p.toml", "ratjack_ladder_4p.toml",
           "ratjack_mcts_target.toml", "ratjack_skill_ladder.toml",
           "ratjack_skill_ladder_3p.toml", "ratjack_skill_ladder_4p.toml",
           "ratjack_whatif.toml", "rats_of_wistar_fitted_vs_explorer.toml",
           "rats_of_wistar_fitted_vs_mcts.toml",
           "rats_of_wistar_fitted_vs_mcts_3p.toml",
           "rats_of_wistar_fitted_vs_mcts_4p.toml", "rats_of_wistar_ladder.toml",
           "rats_of_wistar_ladder_3p.toml", "rats_of_wistar_ladder_4p.toml",
           "rats_of_wistar_mcts_target.toml", "rats_of_wistar_skill_ladder.toml",
           "rats_of_wistar_wheel_2p.toml", "rats_of_wistar_wheel_2p_explorer.toml",
           "rats_of_wistar_wheel_2p_fitted.toml", "rats_of_wistar_wheel_3p.toml",
           "rats_of_wistar_wheel_3p_fitted.toml", "rats_of_wistar_wheel_4p.toml",
           "rats_of_wistar_wheel_4p_fitted.toml",
           "rats_of_wistar_wheel_spaces_2p.toml"]  # fmt: skip


def test_the_shipped_sweeps():
    assert shipped() == SHIPPED


@pytest.mark.parametrize("family", sorted(CARD_FILES))
def test_card_sweep_files_are_what_card_sweep_produces(family):
    path = sweep_path(CARD_FILES[family])
    text = path.read_text()
    assert text == card_sweep_text(family), "rerun `python -m analyses.sweeps`"
    assert tomllib.loads(text) == card_sweep(family, games=CARD_GAMES, seed=CARD_SEED)


SEARCHES = ("ladder", "mcts_target", "variants_skill", "vs_mcts")  # files with MCTS cells


@pytest.mark.parametrize("name", SHIPPED)
def test_each_file_states_its_plan(name):
    # every header states the games and CPU as `boardlab plan` computes them
    text = sweep_path(name).read_text()
    raw = tomllib.loads(text)
    comment = " ".join(" ".join(line[2:] for line in text.splitlines() if line[:2] == "# ").split())
    n_cells = len(build_config(raw).cells())
    assert re.search(r"Planned (with|as) `boardlab plan`", comment), name
    assert re.search(rf"{raw['games']:,} games per cell x {n_cells} cells? = ", comment)
    assert f"= {raw['games'] * n_cells:,} games" in comment
    assert re.search(r"CPU (minutes|hours)|under a CPU minute", comment)


@pytest.mark.parametrize("name", sorted(CARD_FILES.values()))
def test_card_sweeps_are_planned_from_a_recorded_pilot(name):
    pilot = recorded_pilot(name)
    assert pilot is not None and pilot.games >= 100 and pilot.measured_spread
    plan = make_plan(pilot, CARD_GAMES)
    # 2,000 games per cell: each effect's worth within about +-2 points (95%)
    assert max(plan.half_widths) < 0.022


@pytest.mark.skipif(
    "ratjack" not in registry.loadable_game_ids(with_heuristic=True),
    reason="ratjack game or heuristic not available",
)
@pytest.mark.parametrize(
    "name",
    # MCTS cells cost 5-45 s even at one game: those files run in the slow suite
    [
        pytest.param(n, marks=pytest.mark.slow) if any(k in n for k in SEARCHES) else n
        for n in SHIPPED
    ],
)
def test_each_file_runs_with_boardlab_sweep(name, tmp_path):
    path = sweep_path(name)
    build_config(load_toml(path))  # the full-size config is valid as shipped
    result = run_cli("sweep", str(path), "--games", "1", "--out", str(tmp_path), "--quiet")
    assert result.returncode == 0, result.stderr
    run = tmp_path / tomllib.loads(path.read_text())["name"]
    assert (run / "manifest.json").is_file() and list((run / "seats").glob("*.parquet"))


def test_the_hand_written_whatif_header_carries_its_current_plan():
    # ratjack_whatif.toml is written by hand: its plan lines must still be what `boardlab plan`
    # computes from the recorded pilot (re-paste them after recording a new pilot)
    text = sweep_path("ratjack_whatif.toml").read_text()
    raw = tomllib.loads(text)
    for line in plan_header("ratjack_whatif.toml", raw["games"]):
        assert f"# {line}\n" in text
