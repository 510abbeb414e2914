"""Cluster faults on a real Dask scheduler and workers (separate processes, killed with SIGKILL).

Losing the only worker or the scheduler stops the sweep within seconds with one line and exit 75;
finished chunks are kept and ``--resume`` on a new cluster yields tables identical to a local run.
Losing one of two workers is not a fault: Dask re-runs its chunk elsewhere, same tables.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from polars.testing import assert_frame_equal

from simcore.engine.sweep.config import build_config
from simcore.engine.sweep.sweep import run_sweep
from tests.conftest import cli_env, finished_chunks, kill_env
from tests.simcore.engine.sweep.test_sweep import tables

pytest.importorskip("dask.distributed")

GAMES, CHUNK = 600, 25  # heuristic Ratjack: about 0.25 s a chunk, 24 chunks
RAW = {"name": "dk", "game": "ratjack", "players": 2, "games": GAMES, "seed": 7,
       "policies": ["heuristic", "heuristic"]}  # fmt: skip


class Cluster:
    """A scheduler and workers as process groups of their own, so a test can SIGKILL them."""

    def __init__(self) -> None:
        self.address = f"tcp://127.0.0.1:{_free_port()}"
        self.scheduler = self._spawn(
            "scheduler", "--host", "127.0.0.1", "--port", self.address.rsplit(":", 1)[1]
        )
        self.workers: list[subprocess.Popen] = []

    def add_worker(self) -> subprocess.Popen:
        """Start one single-threaded worker (with its nanny)."""
        worker = self._spawn("worker", self.address, "--nworkers", "1", "--nthreads", "1")
        self.workers.append(worker)
        return worker

    def _spawn(self, role: str, *args: str) -> subprocess.Popen:
        cmd = [sys.executable, "-m", "distributed.cli.dask_" + role, *args, "--no-dashboard"]
        return subprocess.Popen(
            cmd,
            env=cli_env(),
            start_new_session=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )

    def close(self) -> None:
        """SIGKILL everything still running."""
        for proc in [*self.workers, self.scheduler]:
            kill(proc)


def kill(proc: subprocess.Popen) -> None:
    """SIGKILL a process and everything in its group (a worker's nanny and its child)."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def cluster():
    c = Cluster()
    try:
        yield c
    finally:
        c.close()


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    out = tmp_path_factory.mktemp("local")
    return tables(run_sweep(build_config(RAW), out, chunk_size=100, quiet=True).run_dir)


def sweep_cmd(out: Path, address: str, wait: float, *extra: str) -> list[str]:
    return [
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
        str(GAMES),
        "--seed",
        "7",
        "--name",
        "dk",
        "--out",
        str(out),
        "--chunk-size",
        str(CHUNK),
        "--backend",
        "dask",
        "--scheduler",
        address,
        "--worker-wait",
        str(wait),
        "--quiet",
        *extra,
    ]


def start_and_wait_for_chunks(cmd: list[str], run_dir: Path, count: int) -> subprocess.Popen:
    """Start the sweep; return once ``count`` chunks are listed (chunks, not part files: one
    part holds every chunk of a buffered write, so a part count lags the sweep's progress)."""
    proc = subprocess.Popen(
        cmd, env=kill_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    deadline = time.monotonic() + 120
    while finished_chunks(run_dir) < count and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert proc.poll() is None, f"the sweep ended early: {proc.communicate()}"
    return proc


def assert_lost(proc: subprocess.Popen, words: str, within: float) -> None:
    """The sweep exits 75 within ``within`` seconds, with one line naming the fault."""
    start = time.monotonic()
    _out, err = proc.communicate(timeout=within)
    assert proc.returncode == 75, err
    assert time.monotonic() - start < within
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert words in lines[0] and "--resume" in lines[0]


def resume_and_compare(out: Path, cluster: Cluster, reference) -> None:
    run_dir = out / "dk"
    manifest = json.loads((run_dir / "manifest.json").read_text())
    assert not manifest["complete"] and manifest["chunks"], "finished chunks must be kept"
    done = subprocess.run(
        sweep_cmd(out, cluster.address, 60, "--resume"),
        env=cli_env(),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    got = tables(run_dir)
    for name, frame in reference.items():
        assert_frame_equal(got[name], frame)


@pytest.mark.faults  # a worker killed mid-run: timing, run serially by .ci/run
def test_losing_the_only_worker_exits_75_and_resume_completes(tmp_path, cluster, reference):
    cluster.add_worker()
    proc = start_and_wait_for_chunks(sweep_cmd(tmp_path, cluster.address, 3), tmp_path / "dk", 2)
    kill(cluster.workers[0])
    assert_lost(proc, "no worker for 3 s", within=120)  # seconds when idle; CI may be loaded
    cluster.add_worker()
    resume_and_compare(tmp_path, cluster, reference)


@pytest.mark.slow
def test_losing_the_scheduler_exits_75_and_resume_completes(tmp_path, reference):
    first = Cluster()
    try:
        first.add_worker()
        proc = start_and_wait_for_chunks(sweep_cmd(tmp_path, first.address, 3), tmp_path / "dk", 2)
        kill(first.scheduler)
        assert_lost(proc, "lost the connection to the Dask scheduler", within=60)
    finally:
        first.close()
    second = Cluster()
    try:
        second.add_worker()
        resume_and_compare(tmp_path, second, reference)
    finally:
        second.close()


@pytest.mark.slow
def test_losing_one_of_two_workers_is_not_a_fault(tmp_path, cluster, reference):
    cluster.add_worker()
    cluster.add_worker()
    proc = start_and_wait_for_chunks(sweep_cmd(tmp_path, cluster.address, 30), tmp_path / "dk", 2)
    kill(cluster.workers[0])
    _, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, err
    got = tables(tmp_path / "dk")
    for name, frame in reference.items():
        assert_frame_equal(got[name], frame)


@pytest.mark.slow  # the client tries for its full 10 s connect timeout
def test_unreachable_scheduler_is_bad_input(tmp_path):
    cmd = sweep_cmd(tmp_path, f"tcp://127.0.0.1:{_free_port()}", 3)
    done = subprocess.run(cmd, env=cli_env(), capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "cannot connect" in done.stderr
    assert not (tmp_path / "dk").exists()
