"""One writer per run folder: a second sweep or resume of a folder being written exits 2
naming the writer's PID and host; a lock left by a killed writer is taken over by --resume."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import time
from pathlib import Path

import pytest
from polars.testing import assert_frame_equal

from simcore.core.errors import RunDirError
from simcore.engine.run.dataset import verify_run
from simcore.engine.run.lock import HOLDER_FILE, LOCK_FILE, RunLock, describe_holder
from simcore.engine.sweep.sweep import run_sweep
from tests.boardlab.crafted import assert_one_line, snapshot
from tests.conftest import cli_env, finished_chunks, kill_env
from tests.simcore.engine.sweep.test_resume import GAMES, sweep_args
from tests.simcore.engine.sweep.test_sweep import duel_config, tables


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    out = tmp_path_factory.mktemp("reference")
    return tables(
        run_sweep(duel_config("ref", games=GAMES), out, chunk_size=1000, quiet=True).run_dir
    )


def wait_for_holder(run_dir: Path, proc: subprocess.Popen, deadline: float = 60) -> dict:
    """The holder note of the writer ``proc`` once it has written it."""
    end = time.monotonic() + deadline
    while time.monotonic() < end and proc.poll() is None:
        try:
            holder = json.loads((run_dir / HOLDER_FILE).read_text())
            if holder["pid"] == proc.pid:
                return holder
        except (OSError, ValueError, KeyError):
            pass
        time.sleep(0.01)
    raise AssertionError("the writer never held the lock")


def assert_same_tables(run_dir: Path, expected: dict) -> None:
    verify_run(run_dir)
    got = tables(run_dir)
    for name, frame in expected.items():
        assert_frame_equal(got[name], frame)


def second_writer_refused(args: list[str], run_dir: Path, writer: subprocess.Popen) -> None:
    """Run ``args`` while ``writer`` holds the lock: exit 2 naming its PID and host."""
    holder = wait_for_holder(run_dir, writer)
    second = subprocess.run(args, env=cli_env(), capture_output=True, text=True)
    assert writer.poll() is None, "the first writer ended before the second one was tried"
    assert_one_line(
        second, 2, f"is being written by PID {holder['pid']} on host {socket.gethostname()}"
    )


def test_two_identical_sweeps_one_writes_the_other_exits_2(tmp_path, reference):
    args = sweep_args(tmp_path)
    first = subprocess.Popen(args, env=kill_env())
    second_writer_refused(args, tmp_path / "killed", first)
    assert first.wait() == 0
    assert_same_tables(tmp_path / "killed", reference)
    assert not (tmp_path / "killed" / HOLDER_FILE).exists()


def test_a_lock_left_by_a_killed_writer_is_taken_over_by_resume(tmp_path, reference):
    args = sweep_args(tmp_path)
    run_dir = tmp_path / "killed"
    writer = subprocess.Popen(args, env=kill_env())
    wait_for_holder(run_dir, writer)
    while finished_chunks(run_dir) < 5 and writer.poll() is None:
        time.sleep(0.01)
    writer.send_signal(signal.SIGKILL)  # killed while it holds the lock
    writer.wait()
    stale = json.loads((run_dir / HOLDER_FILE).read_text())
    assert stale["pid"] == writer.pid and (run_dir / LOCK_FILE).exists()
    second = subprocess.Popen([*args, "--resume"], env=kill_env())
    second_writer_refused([*args, "--resume"], run_dir, second)  # the new holder is named
    assert second.wait() == 0
    assert_same_tables(run_dir, reference)


def test_a_refused_writer_leaves_the_run_as_it_was(tmp_path):
    run = run_sweep(duel_config("held", games=20), tmp_path, quiet=True).run_dir
    before = snapshot(run)
    with RunLock(run):
        held = snapshot(run)
        with pytest.raises(RunDirError, match=r"is being written by PID \d+ on host"):
            run_sweep(duel_config("held", games=20), tmp_path, resume=True, quiet=True)
        assert snapshot(run) == held
    assert snapshot(run) == {**before, LOCK_FILE: held[LOCK_FILE]}


def test_an_unreadable_holder_note_still_refuses_in_one_line(tmp_path):
    (tmp_path / HOLDER_FILE).write_text("{not json\nsecond line")
    assert describe_holder(tmp_path) == "another process (its PID is not recorded yet)"
    (tmp_path / HOLDER_FILE).write_text(json.dumps({"pid": 7, "host": "h\nx", "since": "s"}))
    assert describe_holder(tmp_path) == "PID 7 on host hx (since s)"


@pytest.mark.parametrize("host", ["this", "elsewhere"])
def test_a_stale_note_naming_a_live_process_does_not_block_a_resume(tmp_path, host):
    # a killed writer's note whose PID now belongs to another process, or a run folder copied
    # from a machine where its writer was killed: the lock is free, so the resume goes on
    cfg = duel_config("stale", games=20)
    run = run_sweep(cfg, tmp_path, quiet=True).run_dir
    doc = json.loads((run / "manifest.json").read_text())
    doc["chunks"] = dict(sorted(doc["chunks"].items())[:0])  # nothing finished yet
    doc["complete"] = False
    (run / "manifest.json").write_text(json.dumps(doc))
    name = socket.gethostname() if host == "this" else "another-machine"
    (run / HOLDER_FILE).write_text(json.dumps({"pid": 1, "host": name, "since": "then"}))
    assert run_sweep(cfg, tmp_path, resume=True, quiet=True).games_run == 40
    assert not (run / HOLDER_FILE).exists()
