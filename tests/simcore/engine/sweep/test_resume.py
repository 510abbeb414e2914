"""A sweep killed with SIGKILL half-way resumes to exactly the uninterrupted tables."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from collections import Counter

import pytest
from polars.testing import assert_frame_equal

from simcore.engine.run.dataset import load_manifest
from simcore.engine.sweep.sweep import run_sweep
from tests.conftest import cli_env, finished_chunks, kill_env
from tests.simcore.engine.sweep.test_sweep import duel_config, tables

GAMES = 6000


def sweep_args(out) -> list[str]:
    cfg = duel_config("killed", games=GAMES)
    toml = out / "killed.toml"
    toml.write_text(
        f'name = "killed"\ngame = "{cfg.game}"\nplayers = 2\ngames = {GAMES}\nseed = 42\n'
        'policies = ["random", "random"]\nrecord_actions = true\n[grid]\nbonus_card = [0, 8]\n'
    )
    return [
        sys.executable,
        "-m",
        "boardlab.cli",
        "sweep",
        str(toml),
        "--allow-import",
        "--out",
        str(out),
        "--chunk-size",
        "100",
        "--quiet",
    ]


@pytest.mark.faults  # SIGKILL mid-run: timing, run serially by .ci/run
def test_sigkill_then_resume_matches_uninterrupted(tmp_path):
    run_dir = tmp_path / "killed"
    proc = subprocess.Popen(sweep_args(tmp_path), env=kill_env())
    deadline = time.monotonic() + 120
    while finished_chunks(run_dir) < 10 and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.02)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    done = finished_chunks(run_dir)
    assert 10 <= done < 120, f"kill landed at {done} of 120 chunks; test needs a mid-run kill"
    # the cells are played in step: the killed run holds games of both, about as many of each
    listed = load_manifest(run_dir)["chunks"].values()
    per_cell = Counter(chunk["cell"] for chunk in listed)
    assert set(per_cell) == {"c000", "c001"} and abs(per_cell["c000"] - per_cell["c001"]) <= 4

    resumed = subprocess.run(
        sweep_args(tmp_path) + ["--resume"], env=cli_env(), capture_output=True, text=True
    )
    assert resumed.returncode == 0, resumed.stderr
    got = tables(run_dir)
    for frame in got.values():
        counts = frame.group_by(["cell", "game_index"]).len()
        assert counts["game_index"].n_unique() == GAMES
    assert got["games"].height == 2 * GAMES

    ref = run_sweep(duel_config("ref", games=GAMES), tmp_path / "ref", chunk_size=1000, quiet=True)
    expected = tables(ref.run_dir)
    for name in expected:
        assert_frame_equal(got[name], expected[name])
