"""SIGKILL of a sweep's parent process: its loky workers exit promptly (no orphans)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import finished_chunks, kill_env

pytestmark = pytest.mark.faults  # kills and Ctrl-C mid-run: timing, run serially by .ci/run


def _children(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                out.append(int(entry.name))
    return out


def _is_worker(pid: int) -> bool:
    try:
        return "LokyProcess" in Path(f"/proc/{pid}/cmdline").read_text(errors="ignore")
    except OSError:
        return False


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc (Linux)")
def test_workers_exit_when_the_parent_is_killed(tmp_path):
    # Slow chunks (heuristic Ratjack, 200 games per chunk) keep the workers busy for minutes.
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
        "heuristic,heuristic",
        "--games",
        "4000",
        "--chunk-size",
        "200",
        "--n-jobs",
        "2",
        "--out",
        str(tmp_path),
        "--quiet",
    ]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers: list[int] = []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and len(workers) < 2:
        time.sleep(0.5)
        workers = [p for p in _children(proc.pid) if _is_worker(p)]
    assert workers, "no loky worker started"
    # A worker arms its lifeline on its first chunk. A fixed wait was not enough on a loaded
    # machine; 3 CPU-seconds a worker is past its imports and inside a chunk of 200 games.
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and min(map(_cpu_seconds, workers)) < 3.0:
        time.sleep(0.2)
    assert min(map(_cpu_seconds, workers)) >= 3.0, "the workers never started a chunk"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(_alive(w) for w in workers):
        time.sleep(0.2)
    left = [w for w in workers if _alive(w)]
    for w in left:
        os.kill(w, signal.SIGKILL)
    assert not left, f"workers {left} outlived their parent by 10 s"


# About 3 s on 2 workers in 30 chunks: a random Ratjack sweep of 3,000 games was over in
# 1.6 s, so after the third chunk was listed (writes were batched every 0.5 s in kill tests then)
# the kill or Ctrl-C sometimes landed after the last chunk and the sweep exited 0.
SLOW_SWEEP = ["--policies", "heuristic,heuristic", "--games", "600", "--chunk-size", "20"]


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc (Linux)")
def test_a_killed_worker_is_one_line_exit_75_and_resume_finishes(tmp_path):
    import json

    cmd = [
        sys.executable,
        "-m",
        "boardlab.cli",
        "sweep",
        "--game",
        "ratjack",
        "--players",
        "2",
        *SLOW_SWEEP,
        "--n-jobs",
        "2",
        "--name",
        "w",
        "--out",
        str(tmp_path),
        "--quiet",
    ]
    proc = subprocess.Popen(
        cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=kill_env()
    )
    manifest = tmp_path / "w" / "manifest.json"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # wait for a few finished chunks
        time.sleep(0.2)
        if finished_chunks(manifest.parent) >= 3:
            break
    workers = [p for p in _children(proc.pid) if _is_worker(p)]
    assert workers
    os.kill(workers[0], signal.SIGKILL)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 75, err
    assert len(err.strip().splitlines()) == 1 and "--resume" in err
    assert json.loads(manifest.read_text())["chunks"]  # finished chunks are kept (and listed)
    done = subprocess.run([*cmd, "--resume"], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(manifest.read_text())["complete"]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_keeps_finished_chunks_exit_130_and_resume_finishes(tmp_path, jobs):
    import json

    cmd = [
        sys.executable,
        "-m",
        "boardlab.cli",
        "sweep",
        "--game",
        "ratjack",
        "--players",
        "2",
        *SLOW_SWEEP,
        "--n-jobs",
        jobs,
        "--name",
        "c",
        "--out",
        str(tmp_path),
        "--quiet",
    ]
    proc = subprocess.Popen(
        cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=kill_env()
    )
    manifest = tmp_path / "c" / "manifest.json"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        time.sleep(0.1)
        if finished_chunks(manifest.parent) >= 3:
            break
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "--resume" in err and "Traceback" not in err
    assert json.loads(manifest.read_text())["chunks"]
    done = subprocess.run([*cmd, "--resume"], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(manifest.read_text())["complete"]
