"""``boardlab feel``, the shipped feel sweeps, and ``change`` between two versions."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from analyses.feel import change
from analyses.feel.preset import SWEEP_DIR, lineups, shipped_sweeps
from simcore.engine.sweep.config import build_config, load_toml
from tests.analyses.feel.toys import sweep
from tests.conftest import run_cli


def test_shipped_feel_sweeps_are_the_generator_output():
    files = shipped_sweeps()
    assert len(files) == 12  # 3 games x 3 player counts, Lord of Worlds in two variants
    for name, text in files.items():
        assert (SWEEP_DIR / name).read_text() == text, f"regenerate {name}"
        build_config(load_toml(SWEEP_DIR / name), source=name)  # a valid sweep


def test_lineups_share_seeds_and_step_down_the_ladder():
    assert lineups(3) == [
        ["heuristic"] * 3,
        ["greedy", "heuristic", "heuristic"],
        ["random", "heuristic", "heuristic"],
    ]


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--game", "nosuchgame"], "nosuchgame"),
        (["--game", "ratjack", "--players", "9"], "players"),
        (["--game", "ratjack", "--param", "no_such_rule=1"], "no_such_rule"),
        (["--game", "ratjack", "--games", "1"], "--games"),
        (["--game", "ratjack", "--replay-games", "-1"], "--replay-games"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(tmp_path, args, needle):
    done = run_cli("feel", *args, "--out", str(tmp_path), "--quiet", timeout=120)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0] and "Traceback" not in done.stderr


def test_feel_prints_the_measures(tmp_path):
    done = run_cli(
        "feel",
        "--game",
        "ratjack",
        "--players",
        "3",
        "--games",
        "8",
        "--replay-games",
        "2",
        "--out",
        str(tmp_path),
        "--quiet",
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    for measure in (
        "lead_changes",
        "luck_share",
        "weaker_wins",
        "games_needed",
        "forced",
        "kingmaking",
    ):
        assert measure in done.stdout
    assert "heuristic x3" in done.stdout  # line-ups by name, not cell id


def test_change_pairs_games_by_seed(tmp_path):
    # the same seeds under two rule versions: lead changes go from 2 to 5 in every game
    a = sweep(tmp_path, "a", "seesaw", [["random", "random"]], 10, params={"swaps": 2})
    b = sweep(tmp_path, "b", "seesaw", [["random", "random"]], 10, params={"swaps": 5})
    got = change(a, b).filter(pl.col("measure") == "lead_changes").row(0, named=True)
    assert (got["a"], got["b"], got["diff"], got["lo"], got["hi"]) == (2, 5, 3, 3, 3)
    assert got["pairs"] == 10


def test_feel_writes_a_page_with_the_terminal_numbers_and_says_where(tmp_path):
    import re

    flags = ["--games", "8", "--replay-games", "2", "--out", str(tmp_path), "--quiet"]
    done = run_cli("feel", "--game", "ratjack", "--players", "3", *flags, timeout=300)
    assert done.returncode == 0, done.stderr
    run = re.search(r"^run: (.+)$", done.stdout, re.M).group(1)
    page = re.search(r"^page: (.+)$", done.stdout, re.M).group(1)
    assert (Path(run) / "manifest.json").is_file()
    text = Path(page).read_text()
    # every interval the terminal printed is on the page, as printed
    printed = re.findall(r"\S+ \(\S+ to \S+\)", done.stdout)
    assert printed and all(iv.replace("&", "&amp;") in text for iv in printed)
