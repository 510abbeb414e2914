"""Shipped Ratjack sweep files: generated ones match card_sweep; all run with `boardlab sweep`."""

from __future__ import annotations

import re
import tomllib

import pytest

from analyses.ratjack_cards import card_sweep
from analyses.stats import games_for_half_width, half_width
from analyses.sweeps import (
    CARD_FILES,
    CARD_GAMES,
    CARD_SEED,
    PILOT,
    card_sweep_text,
    shipped,
    sweep_path,
)
from simcore import registry
from simcore.config import build_config, load_toml
from tests.conftest import run_cli

SHIPPED = ["lord_of_worlds_ladder.toml", "lord_of_worlds_ladder_3p.toml",
           "lord_of_worlds_ladder_4p.toml", "lord_of_worlds_mcts_target.toml",
           "lord_of_worlds_skill_ladder.toml", "lord_of_worlds_variants.toml",
           "lord_of_worlds_variants_2p.toml", "lord_of_worlds_variants_4p.toml",
           "lord_of_worlds_variants_skill.toml", "ratjack_cards_rat.toml",
           "ratjack_cards_weasel_raccoon.toml", "ratjack_ladder.toml", "ratjack_ladder_3p.toml",
           "ratjack_ladder_4p.toml", "ratjack_mcts_target.toml", "ratjack_skill_ladder.toml",
           "ratjack_skill_ladder_3p.toml", "ratjack_skill_ladder_4p.toml",
           "ratjack_whatif.toml", "rats_of_wistar_ladder.toml", "rats_of_wistar_ladder_3p.toml",
           "rats_of_wistar_ladder_4p.toml", "rats_of_wistar_mcts_target.toml",
           "rats_of_wistar_skill_ladder.toml", "rats_of_wistar_wheel_2p.toml",
           "rats_of_wistar_wheel_3p.toml", "rats_of_wistar_wheel_4p.toml",
           "rats_of_wistar_wheel_spaces_2p.toml"]  # fmt: skip


def test_the_shipped_sweeps():
    assert shipped() == SHIPPED


@pytest.mark.parametrize("family", sorted(CARD_FILES))
def test_card_sweep_files_are_what_card_sweep_produces(family):
    path = sweep_path(CARD_FILES[family])
    text = path.read_text()
    assert text == card_sweep_text(family), "rerun `python -m analyses.sweeps`"
    assert tomllib.loads(text) == card_sweep(family, games=CARD_GAMES, seed=CARD_SEED)


# player ladders and MCTS targets: tests/analyses/test_studies.py
STUDIES = [n for n in SHIPPED if "ladder" not in n and "mcts_target" not in n]
SEARCHES = ("ladder", "mcts_target", "variants_skill")  # files with MCTS cells


@pytest.mark.parametrize("name", STUDIES)
def test_each_file_states_its_game_count_and_interval(name):
    text = sweep_path(name).read_text()
    raw = tomllib.loads(text)
    stated = re.search(r"^# Games: (\d+) per cell x (\d+) cells", text, re.M)
    assert stated, "the header must state the game counts"
    assert int(stated.group(1)) == raw["games"]
    n_cells = len(build_config(raw).cells())
    assert int(stated.group(2)) == n_cells
    assert f"= {raw['games'] * n_cells:,} games" in text
    assert "95% interval half-width: t(0.975, n-1) * SD / sqrt(n)" in text
    assert "pilot run" in text


@pytest.mark.parametrize("family", sorted(PILOT))
def test_stated_half_widths_follow_from_the_pilot_sd(family):
    text = sweep_path(CARD_FILES[family]).read_text()
    lo, hi = (100 * half_width(sd, CARD_GAMES) for sd in PILOT[family]["sd"])
    assert f"half-width {lo:.1f} to {hi:.1f} win-rate points" in text
    # The worst-case half-width is what the chosen game count buys: about 2 points.
    assert hi < 2.2
    assert games_for_half_width(PILOT[family]["sd"][1], 0.022) <= CARD_GAMES


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
