"""Many machines on one study: two processes share a real PostgreSQL server and get the same
study (and verification) as one process with SQLite."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from analyses.tune.run import run_tune
from tests.analyses.tune.helpers import finished, tilted, tilted_raw, write_toml
from tests.analyses.tune.pg_server import pg_bin, postgres
from tests.conftest import cli_env


def _folders(factory, batch: int):
    """The server's folder, a work folder and the search file (16 trials in ``batch``es)."""
    if pg_bin("initdb") is None:
        pytest.fail("PostgreSQL is not installed (.ci/run installs the Debian package)")
    folder, work = factory.mktemp("pg"), factory.mktemp("work")
    return folder, work, write_toml(work / "tilted.toml", tilted_raw(trials=16, batch=batch))


@pytest.mark.slow
def test_two_processes_on_postgresql_give_the_sqlite_study(tmp_path_factory):
    folder, work, path = _folders(tmp_path_factory, batch=4)
    with postgres(folder) as url:
        procs = [
            subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "boardlab.cli",
                    "tune",
                    str(path),
                    "--out",
                    str(work / f"p{i}"),
                    "--allow-import",
                    "--quiet",
                    "--storage",
                    url,
                ],
                env=cli_env(),
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for i in range(2)
        ]
        outs = [p.communicate(timeout=900) for p in procs]
        for p, (_, err) in zip(procs, outs, strict=True):
            assert p.returncode == 0, err
        shared = [
            json.loads((work / f"p{i}" / "tilted" / "tune.json").read_text()) for i in range(2)
        ]
        import optuna

        study = optuna.load_study(study_name="tilted", storage=url)
        states = [
            t.user_attrs.get("slot")
            for t in study.trials
            if t.state.is_finished() and t.state.name in ("COMPLETE", "PRUNED")
        ]
    assert sorted(states) == list(range(16))  # each slot played once, by one of the two
    alone = run_tune(tilted(trials=16, batch=4), work / "sqlite", None, 1, False, lambda _: None)
    for res in shared:
        assert finished(res) == finished(alone)
        assert res["verification"] == alone["verification"]


@pytest.mark.slow
def test_a_shared_postgresql_study_resumes_after_a_kill(tmp_path_factory):
    # the study is data (issue 63): the second process rebuilds the sampler from the stored
    # trials alone, and the search ends as an uninterrupted one
    import signal
    import time

    folder, work, path = _folders(tmp_path_factory, batch=2)
    with postgres(folder) as url:
        cmd = [sys.executable, "-m", "boardlab.cli", "tune", str(path), "--allow-import",
               "--quiet", "--storage", url]  # fmt: skip
        first = subprocess.Popen([*cmd, "--out", str(work / "p0")], env=cli_env())
        import optuna

        deadline, done = time.monotonic() + 300, 0
        while time.monotonic() < deadline and first.poll() is None and done < 5:
            try:
                study = optuna.load_study(study_name="tilted", storage=url)
                done = sum(t.state.name in ("COMPLETE", "PRUNED") for t in study.trials)
            except KeyError:  # the study is not created yet
                pass
            time.sleep(0.2)
        first.send_signal(signal.SIGKILL)
        first.wait()
        assert 5 <= done < 16, f"the kill came at {done} finished trials"
        second = subprocess.run(
            [*cmd, "--out", str(work / "p1")], env=cli_env(), capture_output=True, text=True
        )
        assert second.returncode == 0, second.stderr
        resumed = json.loads((work / "p1" / "tilted" / "tune.json").read_text())
    alone = run_tune(tilted(trials=16, batch=2), work / "sqlite", None, 1, False, lambda _: None)
    assert [t["slot"] for t in resumed["trials"]] == list(range(16))
    assert finished(resumed) == finished(alone)
