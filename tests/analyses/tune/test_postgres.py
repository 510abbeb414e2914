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


@pytest.mark.slow
def test_two_processes_on_postgresql_give_the_sqlite_study(tmp_path_factory):
    if pg_bin("initdb") is None:
        pytest.fail("PostgreSQL is not installed (.ci/run installs the Debian package)")
    folder = tmp_path_factory.mktemp("pg")
    work = tmp_path_factory.mktemp("work")
    path = write_toml(work / "tilted.toml", tilted_raw(trials=16, batch=4))
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
