"""kill -9 during a search, then --resume: no finished trial lost or played twice, and the
study equals an uninterrupted one."""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from analyses.tune.run import run_tune
from tests.analyses.tune.helpers import finished, tilted, tilted_raw, write_toml
from tests.conftest import cli_env


def _finished_count(db) -> int:
    try:
        with sqlite3.connect(db, timeout=5) as con:
            return con.execute(
                "select count(*) from trials where state in ('COMPLETE', 'PRUNED')"
            ).fetchone()[0]
    except sqlite3.Error:
        return 0


@pytest.mark.faults  # kill -9 mid-search: timing, run serially by .ci/run
def test_kill_9_then_resume_loses_and_repeats_no_trial(tmp_path):
    raw = tilted_raw(trials=16, batch=2)
    path = write_toml(tmp_path / "tilted.toml", raw)
    out = tmp_path / "runs"
    cmd = [
        sys.executable,
        "-m",
        "boardlab.cli",
        "tune",
        str(path),
        "--out",
        str(out),
        "--allow-import",
        "--quiet",
    ]
    proc = subprocess.Popen(
        cmd, env=cli_env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    db = out / "tilted" / "study.db"
    deadline = time.monotonic() + 120
    while _finished_count(db) < 5 and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    before = _finished_count(db)
    assert 5 <= before < 16, "the kill came after the search had finished"
    again = subprocess.run(cmd, env=cli_env(), capture_output=True, text=True)
    assert again.returncode == 2 and "--resume" in again.stderr  # not without --resume
    done = subprocess.run([*cmd, "--resume"], env=cli_env(), capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    resumed = json.loads((out / "tilted" / "tune.json").read_text())
    slots = [t["slot"] for t in resumed["trials"]]
    assert slots == list(range(16))  # one finished trial per slot: none lost
    with sqlite3.connect(db) as con:
        told = con.execute("select count(*) from trials where state in ('COMPLETE', 'PRUNED')")
        assert told.fetchone()[0] == 16  # none played twice
    whole = run_tune(tilted(trials=16, batch=2), tmp_path / "whole", None, 1, False, lambda _: None)
    assert finished(resumed) == finished(whole)
    assert resumed["verification"] == whole["verification"]
