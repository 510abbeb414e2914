"""A search whose disk fills (the study database cannot grow) is exit 74 in one line with the
--resume hint, never an internal error, and the resume ends with the uninterrupted result."""

from __future__ import annotations

import json
import resource
import signal
import subprocess
import sys

import pytest

from analyses.tune.run import run_tune
from tests.analyses.tune.helpers import finished, tilted, tilted_raw, write_toml
from tests.boardlab.crafted import assert_one_line
from tests.conftest import cli_env

LIMIT = 80 * 1024  # bytes: the study database outgrows this within the first batches


def _limited() -> None:
    """In the child: no file grows past ``LIMIT`` (EFBIG, not a signal)."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (LIMIT, LIMIT))


@pytest.mark.faults  # an injected write failure mid-search: .ci/run runs it alone
def test_a_full_disk_during_a_search_is_exit_74_and_resume_completes(tmp_path):
    raw = tilted_raw(trials=12, batch=3, rungs=[50], verify_games=100, verify_top=1)
    path = write_toml(tmp_path / "tilted.toml", raw)
    cmd = [sys.executable, "-m", "boardlab.cli", "tune", str(path), "--out",
           str(tmp_path / "runs"), "--allow-import", "--quiet"]  # fmt: skip
    failed = subprocess.run(cmd, env=cli_env(), capture_output=True, text=True, preexec_fn=_limited)
    assert_one_line(failed, 74, "boardlab: I/O error: disk I/O error")
    assert "rerun with --resume" in failed.stderr
    resumed = subprocess.run([*cmd, "--resume"], env=cli_env(), capture_output=True, text=True)
    assert resumed.returncode == 0, resumed.stderr
    result = json.loads((tmp_path / "runs" / "tilted" / "tune.json").read_text())
    whole = run_tune(
        tilted(trials=12, batch=3, rungs=[50], verify_games=100, verify_top=1),
        tmp_path / "whole",
        None,
        1,
        False,
        lambda _: None,
    )
    assert finished(result) == finished(whole)
