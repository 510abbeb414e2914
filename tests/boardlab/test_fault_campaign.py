"""Fault campaign (slow): 20 SIGKILLs at random moments, some killed again while resuming;
then 8 cases of concurrent writers and kills while the run's lock is held.

Each case varies workers (1 or 2), chunk size and the kill point (a random number of finished
chunks); a quarter of the cases are killed a second time during the resume. Every case must end
with tables identical to an uninterrupted reference: no row lost, duplicated or changed, and no
worker left behind.
"""

from __future__ import annotations

import json
import random
import signal
import subprocess
import time

import pytest
from polars.testing import assert_frame_equal

from simcore.engine.sweep.sweep import run_sweep
from tests.conftest import cli_env, finished_chunks, kill_env
from tests.simcore.engine.sweep.test_lifeline import _alive, _children
from tests.simcore.engine.sweep.test_resume import GAMES, sweep_args
from tests.simcore.engine.sweep.test_sweep import duel_config, tables

CASES = 20


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    out = tmp_path_factory.mktemp("reference")
    run = run_sweep(duel_config("ref", games=GAMES), out, chunk_size=1000, quiet=True)
    return tables(run.run_dir)


def _complete(run_dir) -> bool:
    try:
        return json.loads((run_dir / "manifest.json").read_text())["complete"]
    except (FileNotFoundError, json.JSONDecodeError):
        return False


def _run_and_kill(args: list[str], run_dir, kill_at: int) -> None:
    """Start the sweep, SIGKILL it once ``kill_at`` chunks are listed; its workers must go.

    Chunks, not part files: one part holds every chunk of a buffered write (0.1 s here), so counting
    parts never reached most kill points and the sweep finished before the kill.
    """
    _kill_when(subprocess.Popen(args, env=kill_env()), run_dir, kill_at)


@pytest.mark.slow
@pytest.mark.parametrize("case", range(CASES))
def test_random_kill_then_resume_matches_uninterrupted(tmp_path, reference, case):
    rng = random.Random(9000 + case)
    jobs, size = rng.choice([1, 2]), rng.choice([25, 50, 100])
    total = 2 * -(-GAMES // size)  # chunks of both cells
    args = sweep_args(tmp_path)
    args[args.index("--chunk-size") + 1] = str(size)
    args += ["--n-jobs", str(jobs)]
    run_dir = tmp_path / "killed"
    _run_and_kill(args, run_dir, rng.randrange(1, int(total * 0.6)))
    assert not _complete(run_dir), "the kill must land mid-run"
    if case % 4 == 0:  # killed again while resuming
        _run_and_kill([*args, "--resume"], run_dir, finished_chunks(run_dir) + rng.randrange(1, 5))
    resumed = subprocess.run([*args, "--resume"], env=cli_env(), capture_output=True, text=True)
    assert resumed.returncode == 0, resumed.stderr
    got = tables(run_dir)
    for name, expected in reference.items():
        assert_frame_equal(got[name], expected)


def _kill_when(proc: subprocess.Popen, run_dir, chunks: int) -> None:
    """SIGKILL ``proc`` (which holds the run's lock) once ``chunks`` chunks are listed."""
    deadline = time.monotonic() + 120
    while finished_chunks(run_dir) < chunks and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.01)
    workers = _children(proc.pid)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    end = time.monotonic() + 10
    while time.monotonic() < end and any(_alive(w) for w in workers):
        time.sleep(0.1)
    assert not [w for w in workers if _alive(w)], "a worker outlived the killed sweep"


@pytest.mark.slow
@pytest.mark.parametrize("case", range(8))
def test_concurrent_writers_and_kills_while_the_lock_is_held(tmp_path, reference, case):
    """A second writer (a sweep or a resume) is refused while the first holds the lock; the
    holder is killed with the lock held; the resume takes the lock over (a concurrent resume
    refused again), is killed too in half of the cases, and the last resume ends with the
    uninterrupted tables."""
    from tests.simcore.engine.run.test_run_lock import second_writer_refused

    rng = random.Random(9500 + case)
    jobs, size = rng.choice([1, 2]), rng.choice([25, 50, 100])
    total = 2 * -(-GAMES // size)
    args = sweep_args(tmp_path)
    args[args.index("--chunk-size") + 1] = str(size)
    args += ["--n-jobs", str(jobs)]
    run_dir = tmp_path / "killed"
    writer = subprocess.Popen(args, env=kill_env())
    second_writer_refused([*args, *rng.choice([[], ["--resume"]])], run_dir, writer)
    _kill_when(writer, run_dir, rng.randrange(1, int(total * 0.6)))
    assert not _complete(run_dir), "the kill must land mid-run"
    assert (run_dir / ".boardlab.writer.json").exists()  # the killed holder's note, stale
    resumer = subprocess.Popen([*args, "--resume"], env=kill_env())
    second_writer_refused([*args, "--resume"], run_dir, resumer)
    if case % 2:
        _kill_when(resumer, run_dir, finished_chunks(run_dir) + rng.randrange(1, 5))
        resumed = subprocess.run([*args, "--resume"], env=cli_env(), capture_output=True, text=True)
        assert resumed.returncode == 0, resumed.stderr
    else:
        assert resumer.wait() == 0
    got = tables(run_dir)
    for name, expected in reference.items():
        assert_frame_equal(got[name], expected)
