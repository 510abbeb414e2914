"""Run names cannot escape ``--out``; bad output folders are one-line errors (exit 2)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from simcore.core.errors import ConfigError, RunDirError
from simcore.engine.sweep.config import build_config
from simcore.engine.sweep.sweep import run_sweep

HOSTILE = ["../../x", "..", ".", "/tmp/abs", "a/b", "x\ny", "tab\there", "-flag", ".hidden",
           "a..b", "x" * 121, "nul\x00"]  # fmt: skip


def _raw(name: str) -> dict:
    return {
        "name": name,
        "game": "ratjack",
        "players": 2,
        "games": 4,
        "policies": ["random", "random"],
    }


@pytest.mark.parametrize("name", HOSTILE)
def test_hostile_run_names_are_bad_input(name):
    with pytest.raises(ConfigError, match="run name"):
        build_config(_raw(name))


@pytest.mark.parametrize("name", ["demo-ratjack", "cards_v2.1", "A1"])
def test_plain_names_are_accepted(name):
    assert build_config(_raw(name)).name == name


def test_hostile_name_on_the_command_line_exits_2_in_one_line(tmp_path):
    cmd = [
        sys.executable,
        "-m",
        "boardlab.cli",
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
        "..",
        "--out",
        str(tmp_path / "out"),
        "--quiet",
    ]
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "manifest.json").exists() and not (tmp_path / "games").exists()


def test_symlinked_run_dir_pointing_outside_is_refused(tmp_path):
    out, elsewhere = tmp_path / "out", tmp_path / "elsewhere"
    out.mkdir()
    elsewhere.mkdir()
    (out / "run").symlink_to(elsewhere)
    with pytest.raises(RunDirError, match="outside"):
        run_sweep(build_config(_raw("run")), out, quiet=True)


def test_out_that_is_a_file_is_refused(tmp_path):
    (tmp_path / "file").write_text("x")
    with pytest.raises(RunDirError, match="is a file"):
        run_sweep(build_config(_raw("run")), tmp_path / "file", quiet=True)


def test_unwritable_out_is_refused(tmp_path):
    # a folder under a file cannot be created (read-only folders behave alike for non-root)
    (tmp_path / "file").write_text("x")
    with pytest.raises(RunDirError, match="cannot write"):
        run_sweep(build_config(_raw("run")), tmp_path / "file" / "sub", quiet=True)
