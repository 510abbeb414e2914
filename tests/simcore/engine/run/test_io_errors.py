"""A write that fails (a full disk, a file-size limit) is exit 74 in one line with the
--resume hint, and the resume, once there is room, ends with the uninterrupted tables."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import tempfile
from pathlib import Path

import pytest

from tests.boardlab.crafted import assert_one_line
from tests.conftest import cli_env, kill_env
from tests.simcore.engine.run.test_run_lock import assert_same_tables, reference  # noqa: F401 (fixture)
from tests.simcore.engine.sweep.test_resume import sweep_args

LIMIT = 16 * 1024  # bytes: the first parts fit, the run does not


def _limited() -> None:
    """In the child: files larger than ``LIMIT`` cannot be written (EFBIG, not a signal)."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (LIMIT, LIMIT))


def test_a_write_that_fails_is_exit_74_and_resume_completes(tmp_path, reference):  # noqa: F811
    args = sweep_args(tmp_path)
    env = {**kill_env(), "PYTHONDONTWRITEBYTECODE": "1"}
    failed = subprocess.run(args, env=env, capture_output=True, text=True, preexec_fn=_limited)
    assert_one_line(failed, 74, "boardlab: I/O error: File too large")
    assert "rerun with --resume" in failed.stderr
    resumed = subprocess.run([*args, "--resume"], env=cli_env(), capture_output=True, text=True)
    assert resumed.returncode == 0, resumed.stderr
    assert_same_tables(tmp_path / "killed", reference)


@pytest.fixture
def small_disk():
    """A 256 KiB tmpfs (root and a kernel that lets this process mount one), unmounted after."""
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    folder = Path(tempfile.mkdtemp(prefix="boardlab-full-"))
    made = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(folder)],
        capture_output=True,
        text=True,
    )
    if made.returncode != 0:
        folder.rmdir()
        pytest.skip(f"cannot mount a tmpfs here: {made.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=False)
        folder.rmdir()


def test_a_full_disk_is_exit_74_and_resume_completes_once_there_is_room(
    small_disk,
    reference,  # noqa: F811
):
    args = sweep_args(small_disk)
    failed = subprocess.run(args, env=kill_env(), capture_output=True, text=True)
    assert_one_line(failed, 74, "boardlab: I/O error: No space left on device")
    assert "free space, then rerun with --resume" in failed.stderr
    grown = subprocess.run(["mount", "-o", "remount,size=64m", str(small_disk)])
    assert grown.returncode == 0
    resumed = subprocess.run([*args, "--resume"], env=cli_env(), capture_output=True, text=True)
    assert resumed.returncode == 0, resumed.stderr
    assert_same_tables(small_disk / "killed", reference)
