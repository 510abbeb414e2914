"""Ctrl-C at any moment of a sweep, interpreter shutdown included, is exit 130 and one line.

A terminal's Ctrl-C sends SIGINT to the whole process group (the sweep and its loky workers),
so the tests do the same. The moments: spread over the run, and right after the sweep has
printed its result, while the interpreter joins worker threads and runs exit handlers (where a
Ctrl-C printed "Exception ignored in threading._shutdown" and exited 0).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from boardlab.cli import INTERRUPTED
from tests.conftest import kill_env

pytestmark = pytest.mark.faults  # Ctrl-C at chosen moments: timing, run serially by .ci/run

SWEEP = ["sweep", "--game", "ratjack", "--players", "2", "--policies", "random,random",
         "--games", "6000", "--chunk-size", "50", "--n-jobs", "2", "--name", "c",
         "--quiet"]  # fmt: skip


def start(tmp_path) -> subprocess.Popen:
    cmd = [sys.executable, "-m", "boardlab.cli", *SWEEP, "--out", str(tmp_path)]
    return subprocess.Popen(
        cmd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=kill_env(),
        start_new_session=True,
    )


def wait_until_running(proc: subprocess.Popen, run_dir, timeout: float = 60.0) -> None:
    """Wait for the run folder: a Ctrl-C before Python has imported boardlab is Python's own."""
    deadline = time.monotonic() + timeout
    while not run_dir.exists():
        if proc.poll() is not None or time.monotonic() > deadline:
            pytest.fail(f"the sweep never created {run_dir} (exit {proc.poll()})")
        time.sleep(0.02)


def interrupt(proc: subprocess.Popen) -> tuple[str, str]:
    os.killpg(proc.pid, signal.SIGINT)
    return proc.communicate(timeout=120)


def assert_interrupted(proc: subprocess.Popen, err: str) -> None:
    assert proc.returncode == 130, (proc.returncode, err[-2000:])
    assert err.strip().splitlines() == [INTERRUPTED], err[-2000:]


@pytest.mark.parametrize(
    "delay",
    [
        0.3,
        1.5,
        pytest.param(0.8, marks=pytest.mark.slow),
        pytest.param(2.2, marks=pytest.mark.slow),
    ],
)
def test_ctrl_c_while_running_is_130_and_one_line(tmp_path, delay):
    proc = start(tmp_path)
    wait_until_running(proc, tmp_path / "c")
    time.sleep(delay)
    if proc.poll() is not None:
        pytest.fail(f"the sweep ended within {delay} s; make it longer")
    out, err = interrupt(proc)
    if proc.returncode == 0 and "games" in out:  # it ended between the check and the signal
        pytest.skip("the sweep finished just before the signal")
    assert_interrupted(proc, err)


@pytest.mark.parametrize(
    "attempt", [0, *(pytest.param(i, marks=pytest.mark.slow) for i in range(1, 6))]
)
def test_ctrl_c_during_interpreter_shutdown_is_130_and_one_line(tmp_path, attempt):
    proc = start(tmp_path)
    line = proc.stdout.readline()  # printed once the sweep is done, before the shutdown
    assert "games" in line, line
    _, err = interrupt(proc)
    if proc.returncode == 0:  # the interpreter had finished: the run is complete, nothing said
        assert err == "", err[-2000:]
        return
    assert_interrupted(proc, err)
