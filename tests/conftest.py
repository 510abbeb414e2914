"""Shared test helpers: the fixture game, CLI runner, run-table comparison."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from simcore.core import registry
from tests.fixtures.duel import Duel

ROOT = Path(__file__).resolve().parent.parent
DUEL = "tests.fixtures.duel:Duel"
# A module:Class spec imports code: the CLI runs one only when told the user trusts it.
TRUST = "--allow-import"

registry.register(registry.GAME_GROUP, "duel", Duel)


def pytest_sessionstart(session: pytest.Session) -> None:
    """With ``BOARDLAB_EXPECT_BUILD`` set (the compiled-build test), run only on that build."""
    expected = os.environ.get("BOARDLAB_EXPECT_BUILD")
    if expected:
        from simcore.core.native import build_label

        if build_label() != expected:
            pytest.exit(f"expected build {expected!r}, this is {build_label()!r}", returncode=3)


def cli_env() -> dict[str, str]:
    """Environment in which subprocesses can import the ``tests`` fixtures."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return env


def kill_env() -> dict[str, str]:
    """``cli_env`` for a sweep a test kills mid-run: buffered writes every 0.1 s, not every
    2 s, so that chunks are listed a few at a time and a kill lands mid-run. These sweeps
    last about a second: at 0.5 s the last write, which lists its chunks as the run
    completes, held up to half of them, and 1-5 of the 20 fault-campaign kills a run came
    too late (a kill point is drawn from the first 60% of the chunks)."""
    return {**cli_env(), "BOARDLAB_SAVE_SECONDS": "0.1"}


def finished_chunks(run_dir: Path) -> int:
    """Chunks a (possibly running) sweep has listed: the manifest plus its chunk log."""
    from simcore.engine.run.dataset import MANIFEST, RunDirError, load_manifest

    try:
        return len(load_manifest(run_dir)["chunks"]) if (run_dir / MANIFEST).exists() else 0
    except (RunDirError, FileNotFoundError):  # the manifest is being replaced right now
        return 0


def run_cli(
    *args: str, cwd: Path | None = None, timeout: float = 300
) -> subprocess.CompletedProcess:
    """Run ``boardlab ARGS`` in a subprocess and capture its output."""
    return subprocess.run(
        [sys.executable, "-m", "boardlab.cli", *args],
        cwd=cwd,
        env=cli_env(),
        capture_output=True,
        text=True,
        timeout=timeout,
    )


@pytest.fixture
def duel() -> Duel:
    """The fixture game with default params."""
    return Duel()
