"""benchmarks/two_trees.py: two trees' games and speed compared, and its refusals."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _two_trees():
    spec = importlib.util.spec_from_file_location("two_trees", ROOT / "benchmarks" / "two_trees.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _copy_tree(dest: Path) -> Path:
    for package in ("simcore", "strategies", "analyses", "reports"):
        shutil.copytree(
            ROOT / package, dest / package, ignore=shutil.ignore_patterns("__pycache__")
        )
    return dest


def test_a_tree_against_itself_is_identical(capsys):
    assert (
        _two_trees().main(["same-games", str(ROOT), str(ROOT), "--game", "ratjack", "--games", "2"])
        == 0
    )
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 5 and all(" yes " in line for line in out[1:])


def test_a_tree_that_plays_differently_is_caught(tmp_path, capsys):
    # a copy whose random policy always takes the first legal action: the lines with a random
    # seat differ, the others do not (and each side ran its own code, not the installed one)
    other = _copy_tree(tmp_path / "other")
    policy = other / "strategies" / "random_policy.py"
    text = policy.read_text()
    policy.write_text(text.replace("actions[randbelow(rng, len(actions))]", "actions[0]"))
    assert "actions[0]" in policy.read_text()
    rows = tmp_path / "rows.json"
    args = [str(ROOT), str(other), "--game", "ratjack", "--games", "2", "--json", str(rows)]
    assert _two_trees().main(["same-games", *args]) == 1
    found = {tuple(r["policies"]): r["identical"] for r in json.loads(rows.read_text())}
    assert {p: same for p, same in found.items() if "random" in p} == {
        p: False for p in found if "random" in p
    }
    assert all(same for p, same in found.items() if "random" not in p)
    assert " NO " in capsys.readouterr().out


def test_a_tree_without_the_project_is_one_line_exit_2(tmp_path, capsys):
    # an empty directory: the run either fails to import the project or, where the project is
    # installed, imports the installed tree; both are refused in one line
    assert _two_trees().main(["same-games", str(tmp_path), str(ROOT), "--game", "ratjack"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"two_trees: {tmp_path}: ratjack ")
    assert " failed: " in err or " imported the code of " in err


def test_a_failing_run_is_named_in_one_line(monkeypatch, capsys, tmp_path):
    module = _two_trees()
    error = "ModuleNotFoundError: No module named 'simcore'"
    failed = subprocess.CompletedProcess([], 1, stdout="", stderr=f"Traceback\n{error}\n")
    monkeypatch.setattr(module.subprocess, "run", lambda *a, **k: failed)
    assert module.main(["same-games", str(tmp_path), str(ROOT), "--game", "ratjack"]) == 2
    assert capsys.readouterr().err.strip() == f"two_trees: {tmp_path}: ratjack failed: {error}"


def test_a_run_that_imported_another_tree_is_refused(monkeypatch, capsys, tmp_path):
    module = _two_trees()
    report = json.dumps({"tree": str(ROOT), "hashes": []})
    done = subprocess.CompletedProcess([], 0, stdout=report + "\n", stderr="")
    monkeypatch.setattr(module.subprocess, "run", lambda *a, **k: done)
    assert module.main(["same-games", str(tmp_path), str(ROOT), "--game", "ratjack"]) == 2
    assert "imported the code of" in capsys.readouterr().err


def test_bad_arguments_exit_2(capsys):
    module = _two_trees()
    assert module.main(["same-games", str(ROOT), str(ROOT), "--games", "0"]) == 2
    assert module.main(["same-games", str(ROOT), str(ROOT), "--game", "chess"]) == 2
    err = capsys.readouterr().err
    assert "--games must be at least 1" in err and "unknown game 'chess'" in err


def test_speed_measures_both_trees_interleaved(tmp_path, capsys):
    rows = tmp_path / "rows.json"
    args = [
        "speed",
        str(ROOT),
        str(ROOT),
        "--game",
        "ratjack",
        "--spec",
        "random",
        "--seconds",
        "0.2",
        "--rounds",
        "2",
        "--json",
        str(rows),
    ]
    assert _two_trees().main(args) == 0
    (row,) = json.loads(rows.read_text())
    assert row["game"] == "ratjack" and row["policy"] == "random"
    assert row["old_games_per_s"] > 0 and row["new_games_per_s"] > 0 and row["ratio"] > 0
    assert capsys.readouterr().out.startswith("ratjack")


def test_speed_in_cpu_time_times_a_fixed_number_of_games(tmp_path, capsys):
    rows = tmp_path / "rows.json"
    args = [
        "speed",
        str(ROOT),
        str(ROOT),
        "--game",
        "ratjack",
        "--spec",
        "random",
        "--cpu",
        "--seconds",
        "0.2",
        "--rounds",
        "2",
        "--json",
        str(rows),
    ]
    assert _two_trees().main(args) == 0
    (row,) = json.loads(rows.read_text())
    assert row["games"] >= 3 and row["old_games_per_s"] > 0 and row["new_games_per_s"] > 0
    low, high = row["round_ratios"]  # two rounds: the ratio of the medians (means) lies between
    assert 0 < low - 0.001 <= row["ratio"] <= high + 0.001
    assert capsys.readouterr().out.startswith("ratjack")


def test_speed_refuses_bad_rounds_and_seconds(capsys):
    module = _two_trees()
    assert module.main(["speed", str(ROOT), str(ROOT), "--rounds", "0"]) == 2
    assert module.main(["speed", str(ROOT), str(ROOT), "--seconds", "nan"]) == 2
    assert capsys.readouterr().err.count("two_trees: --rounds must be at least 1") == 2


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("valgrind") is None, reason="valgrind not installed")
def test_instructions_count_the_same_tree_alike_and_catch_planted_work(tmp_path, capsys):
    # A copy whose random policy also sums 0..999 at every decision: the same games, thousands
    # more instructions a game. A tree against itself counts alike within a tenth of a percent
    # (hashing fixed); the planted tree is well below 1.
    other = _copy_tree(tmp_path / "other")
    policy = other / "strategies" / "random_policy.py"
    text = policy.read_text()
    policy.write_text(
        text.replace(
            "actions = state.legal_actions()",
            "actions = state.legal_actions()\n        sum(range(1000))",
        )
    )
    assert "sum(range(1000))" in policy.read_text()
    rows = tmp_path / "rows.json"
    base = ["--game", "ratjack", "--spec", "random", "--games", "3", "--json", str(rows)]
    assert _two_trees().main(["instructions", str(ROOT), str(ROOT), *base]) == 0
    (same,) = json.loads(rows.read_text())
    assert same["games"] == 3 and same["old_instructions"] > 100_000
    assert abs(same["ratio"] - 1) <= 0.001
    assert _two_trees().main(["instructions", str(ROOT), str(other), *base]) == 0
    (planted,) = json.loads(rows.read_text())
    assert planted["ratio"] < 0.8 and planted["new_instructions"] > planted["old_instructions"]
    assert capsys.readouterr().out.startswith("ratjack")


def test_instructions_without_valgrind_is_one_line_exit_2(monkeypatch, capsys):
    module = _two_trees()
    monkeypatch.setattr(module.shutil, "which", lambda name: None)
    assert module.main(["instructions", str(ROOT), str(ROOT), "--game", "ratjack"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "valgrind is not installed" in err


def test_instructions_refuse_zero_games(capsys):
    assert _two_trees().main(["instructions", str(ROOT), str(ROOT), "--games", "0"]) == 2
    assert "--games must be at least 1" in capsys.readouterr().err
