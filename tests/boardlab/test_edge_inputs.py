"""Bad input at the edges: one clear line and exit 2, never a traceback (exit 70)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from simcore.core.errors import ConfigError
from simcore.engine.sweep.config import MAX_GAMES, build_config
from strategies.mcts.config import MAX_ITERATIONS, MctsConfig


def _cli(*args: str, cwd=None) -> subprocess.CompletedProcess:
    cmd = [sys.executable, "-m", "boardlab.cli", *args]
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
    proc = _cli(
        "play",
        "--game",
        "ratjack",
        "--players",
        "2",
        "--policy",
        "mcts:c=nan",
        "--policy",
        "random",
        "--seed",
        "1",
    )
    _one_line_exit_2(proc, "finite")


def test_absurd_mcts_budget_is_refused_with_an_estimate():
    with pytest.raises(ConfigError, match="hours per move"):
        MctsConfig.from_options({"iterations": MAX_ITERATIONS + 1})


def test_absurd_game_count_is_refused_before_planning():
    raw = {
        "name": "big",
        "game": "ratjack",
        "players": 2,
        "games": 10**12,
        "policies": ["random", "random"],
    }
    with pytest.raises(ConfigError, match=f"at most {MAX_GAMES:,}"):
        build_config(raw)


@pytest.mark.parametrize("key", ["cells", "chunks", "schemas"])
def test_manifest_missing_a_key_is_a_run_dir_error(tmp_path, key):
    proc = _cli(
        "sweep",
        "--game",
        "ratjack",
        "--players",
        "2",
        "--policies",
        "random,random",
        "--games",
        "4",
        "--name",
        "r",
        "--out",
        str(tmp_path),
        "--quiet",
    )
    assert proc.returncode == 0, proc.stderr
    path = tmp_path / "r" / "manifest.json"
    manifest = json.loads(path.read_text())
    del manifest[key]
    path.write_text(json.dumps(manifest))
    _one_line_exit_2(
        _cli("report", str(tmp_path / "r"), "--out", str(tmp_path), "--name", "x.html"),
        "incomplete",
    )


def test_directory_as_sweep_file(tmp_path):
    _one_line_exit_2(_cli("sweep", str(tmp_path)), "is a directory")


def test_scheduler_without_dask_backend(tmp_path):
    proc = _cli(
        "sweep",
        "--game",
        "ratjack",
        "--players",
        "2",
        "--policies",
        "random,random",
        "--games",
        "4",
        "--out",
        str(tmp_path),
        "--scheduler",
        "tcp://127.0.0.1:1",
        "--quiet",
    )
    _one_line_exit_2(proc, "--scheduler")


@pytest.mark.parametrize(
    ("flags", "words"),
    [
        (["--worker-wait", "5"], "--worker-wait is only used with --backend dask"),
        (
            ["--backend", "dask", "--scheduler", "tcp://127.0.0.1:1", "--worker-wait", "0"],
            "--worker-wait must be a positive",
        ),
        (
            ["--backend", "dask", "--scheduler", "tcp://127.0.0.1:1", "--worker-wait", "nan"],
            "--worker-wait must be a positive",
        ),
    ],
)
def test_bad_worker_wait(tmp_path, flags, words):
    proc = _cli(
        "sweep",
        "--game",
        "ratjack",
        "--players",
        "2",
        "--policies",
        "random,random",
        "--games",
        "4",
        "--out",
        str(tmp_path),
        "--quiet",
        *flags,
    )
    _one_line_exit_2(proc, words)
    assert not list(tmp_path.iterdir())


def test_report_of_a_run_naming_an_unknown_game(tmp_path):
    proc = _cli(
        "sweep",
        "--game",
        "ratjack",
        "--players",
        "2",
        "--policies",
        "random,random",
        "--games",
        "4",
        "--name",
        "r",
        "--out",
        str(tmp_path),
        "--quiet",
    )
    assert proc.returncode == 0, proc.stderr
    path = tmp_path / "r" / "manifest.json"
    manifest = json.loads(path.read_text())
    path.write_text(json.dumps({**manifest, "game": "nosuchgame"}))  # a hand-edited manifest
    _one_line_exit_2(
        _cli("report", str(tmp_path / "r"), "--out", str(tmp_path), "--name", "x.html"),
        "nosuchgame",
    )
    manifest["config"]["game"] = manifest["game"] = "nosuchgame"  # a game not installed here
    path.write_text(json.dumps(manifest))
    _one_line_exit_2(
        _cli("report", str(tmp_path / "r"), "--out", str(tmp_path), "--name", "x.html"),
        "'nosuchgame' is not a registered game",
    )
    assert not (tmp_path / "x.html").exists()


def test_content_error_names_path_entry_and_parameter(tmp_path):
    import shutil

    from simcore.games.rats_of_wistar.content import DATA_DIR

    bad = tmp_path / "content"
    shutil.copytree(DATA_DIR, bad)
    farm = bad / "farm.toml"
    farm.write_text(farm.read_text().replace('"G1", "G2", "G3", "C1", "C2"]', '"G1", "G9"]'))
    proc = _cli(
        "sweep",
        "--game",
        "rats_of_wistar",
        "--players",
        "2",
        "--policies",
        "random,random",
        "--games",
        "4",
        "--param",
        f"content_dir={bad}",
        "--out",
        str(tmp_path / "runs"),
        "--quiet",
    )
    _one_line_exit_2(proc, str(farm))
    assert "mission_slots.players2" in proc.stderr and "content_dir=" in proc.stderr
