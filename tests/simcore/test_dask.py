"""The dask backend runs the same sweep on a real (local) Dask scheduler with identical tables."""

from __future__ import annotations

import os

import pytest
from polars.testing import assert_frame_equal

from simcore.errors import ConfigError
from simcore.sweep import run_sweep
from tests.conftest import cli_env
from tests.simcore.test_sweep import duel_config, tables

distributed = pytest.importorskip("dask.distributed")


@pytest.fixture(scope="module")
def scheduler():
    # Worker processes inherit the environment: they must import the tests' fixture game.
    old = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = cli_env()["PYTHONPATH"]
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    try:
        yield cluster.scheduler_address
    finally:
        cluster.close()
        if old is None:
            os.environ.pop("PYTHONPATH", None)
        else:
            os.environ["PYTHONPATH"] = old


def test_dask_backend_matches_local(tmp_path, scheduler):
    local = run_sweep(duel_config("local", games=200), tmp_path / "a", chunk_size=64, quiet=True)
    remote = run_sweep(
        duel_config("local", games=200), tmp_path / "b", chunk_size=30, backend="dask",
        scheduler=scheduler, quiet=True,
    )  # fmt: skip
    expected, got = tables(local.run_dir), tables(remote.run_dir)
    for name in expected:
        assert_frame_equal(got[name], expected[name])


def test_dask_chunks_are_sized_for_the_clusters_workers(tmp_path, scheduler):
    import json

    from simcore.config import auto_chunk_size

    result = run_sweep(duel_config("sized", games=200), tmp_path, backend="dask",
                       scheduler=scheduler, quiet=True)  # fmt: skip
    manifest = json.loads((result.run_dir / "manifest.json").read_text())
    # two cells of 200 games on the fixture's 2 one-thread workers: 25-game chunks
    assert manifest["execution"]["chunk_size"] == auto_chunk_size(200, 2, 2) == 25


def test_workers_that_run_the_sampling_profiler_get_a_one_line_note(tmp_path, scheduler, capsys):
    run_sweep(duel_config("noted", games=20), tmp_path, backend="dask", scheduler=scheduler)
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "2 Dask worker(s)" in err[0]
    assert "DASK_CONFIG=simcore/dask_worker.yaml" in err[0]


def test_dask_without_scheduler_is_bad_input(tmp_path):
    with pytest.raises(ConfigError, match="--scheduler"):
        run_sweep(duel_config("d", games=5), tmp_path, backend="dask", quiet=True)
    assert not (tmp_path / "d").exists()


def test_a_cluster_that_cannot_say_whether_it_profiles_gets_no_note():
    from simcore.dask_backend import _profiling_workers

    class Client:
        def run(self, fn):
            raise OSError("worker gone while asked")

    assert _profiling_workers(Client()) == 0
