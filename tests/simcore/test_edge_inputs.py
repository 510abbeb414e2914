"""Bad input at the edges: one clear line and exit 2, never a traceback (exit 70)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from simcore.config import MAX_GAMES, build_config
from simcore.errors import ConfigError
from strategies.mcts.config import MAX_ITERATIONS, MctsConfig


def _cli(*args: str, cwd=None) -> subprocess.CompletedProcess:
    cmd = [sys.executable, "-m", "simcore.cli", *args]
    return subprocess.run(cmd, capture_output=True, text=True, check=False, cwd=cwd)


def _one_line_exit_2(proc: subprocess.CompletedProcess, needle: str) -> None:
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0] and "Traceback" not in proc.stderr


@pytest.mark.parametrize("key", ["c", "time_ms"])
@pytest.mark.parametrize("value", [float("nan"), float("inf")])
def test_mcts_numeric_options_must_be_finite(key, value):
    with pytest.raises(ConfigError, match=f"'{key}' must be a finite number"):
        MctsConfig.from_options({key: value})


def test_mcts_c_nan_on_the_command_line():
    proc = _cli("play", "ratjack", "--players", "2", "--policy", "mcts:c=nan", "--policy",
                "random", "--seed", "1")  # fmt: skip
    _one_line_exit_2(proc, "finite")


def test_absurd_mcts_budget_is_refused_with_an_estimate():
    with pytest.raises(ConfigError, match="hours per move"):
        MctsConfig.from_options({"iterations": MAX_ITERATIONS + 1})


def test_absurd_game_count_is_refused_before_planning():
    raw = {"name": "big", "game": "ratjack", "players": 2, "games": 10**12,
           "policies": ["random", "random"]}  # fmt: skip
    with pytest.raises(ConfigError, match=f"at most {MAX_GAMES:,}"):
        build_config(raw)


@pytest.mark.parametrize("key", ["cells", "chunks", "schemas"])
def test_manifest_missing_a_key_is_a_run_dir_error(tmp_path, key):
    proc = _cli("sweep", "--game", "ratjack", "--players", "2", "--policies", "random,random",
                "--games", "4", "--name", "r", "--out", str(tmp_path), "--quiet")  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    path = tmp_path / "r" / "manifest.json"
    manifest = json.loads(path.read_text())
    del manifest[key]
    path.write_text(json.dumps(manifest))
    _one_line_exit_2(_cli("report", str(tmp_path / "r"), "--out", str(tmp_path / "x.html")),
                     "incomplete")  # fmt: skip
