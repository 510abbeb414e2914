"""The dask backend runs the same sweep on a real (local) Dask scheduler with identical tables."""

from __future__ import annotations

import os

import pytest
from polars.testing import assert_frame_equal

from simcore.core.errors import ConfigError
from simcore.engine.sweep.sweep import run_sweep
from tests.conftest import cli_env
from tests.simcore.engine.sweep.test_sweep import duel_config, tables

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
        duel_config("local", games=200),
        tmp_path / "b",
        chunk_size=30,
        backend="dask",
        scheduler=scheduler,
        quiet=True,
    )
    expected, got = tables(local.run_dir), tables(remote.run_dir)
    for name in expected:
        assert_frame_equal(got[name], expected[name])


def test_dask_chunks_are_sized_for_the_clusters_workers(tmp_path, scheduler):
    import json

    from simcore.engine.sweep.config import auto_chunk_size

    result = run_sweep(
        duel_config("sized", games=200), tmp_path, backend="dask", scheduler=scheduler, quiet=True
    )
    manifest = json.loads((result.run_dir / "manifest.json").read_text())
    # two cells of 200 games on the fixture's 2 one-thread workers: 25-game chunks
    assert manifest["execution"]["chunk_size"] == auto_chunk_size(200, 2, 2) == 25


def test_workers_that_run_the_sampling_profiler_get_a_one_line_note(tmp_path, scheduler, capsys):
    run_sweep(duel_config("noted", games=20), tmp_path, backend="dask", scheduler=scheduler)
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "2 Dask worker(s)" in err[0]
    assert "DASK_CONFIG=simcore/engine/sweep/dask_worker.yaml" in err[0]


def test_dask_without_scheduler_is_bad_input(tmp_path):
    with pytest.raises(ConfigError, match="--scheduler"):
        run_sweep(duel_config("d", games=5), tmp_path, backend="dask", quiet=True)
    assert not (tmp_path / "d").exists()


def test_a_cluster_that_cannot_say_whether_it_profiles_gets_no_note():
    from simcore.engine.sweep.dask_backend import _profiling_workers

    class Client:
        def run(self, fn):
            raise OSError("worker gone while asked")

    assert _profiling_workers(Client()) == 0


class _LostResult:
    """A finished future whose data died with its worker: ``result`` never returns in time."""

    def __init__(self, answer_after: int | None) -> None:
        self.answer_after, self.timeouts = answer_after, []

    def result(self, timeout=None):
        assert timeout is not None, "a result fetch without a timeout can wait forever"
        self.timeouts.append(timeout)
        if self.answer_after is not None and len(self.timeouts) > self.answer_after:
            return "rows"
        raise TimeoutError


class _Cluster:
    def __init__(self, workers: int) -> None:
        self.workers = workers

    def nthreads(self):
        return {f"w{i}": 1 for i in range(self.workers)}


def test_fetching_a_result_whose_worker_died_ends_as_a_lost_worker(monkeypatch):
    from simcore.core.errors import WorkerLostError
    from simcore.engine.sweep import dask_backend

    monkeypatch.setattr(dask_backend, "POLL_SECONDS", 0.01)
    future = _LostResult(answer_after=None)
    with pytest.raises(WorkerLostError, match=r"no worker for 0\.05 s"):
        dask_backend._fetch(_Cluster(0), future, "tcp://x:1", worker_wait=0.05)
    assert len(future.timeouts) >= 2


def test_fetching_waits_while_a_worker_reruns_the_chunk():
    from simcore.engine.sweep import dask_backend

    future = _LostResult(answer_after=3)
    assert dask_backend._fetch(_Cluster(1), future, "tcp://x:1", worker_wait=0.05) == "rows"
    # each try waits longer: a result slower to transfer than one poll still arrives
    assert future.timeouts == [1.0, 2.0, 4.0, 8.0]


def test_a_gather_that_ends_with_the_client_logs_nothing_and_other_errors_still_log(caplog):
    import asyncio
    import logging

    from simcore.engine.sweep import dask_backend

    class AllExit(Exception):  # the name Dask's gather uses to stop waiting
        pass

    dask_backend._drop_gather_exits()
    dask_backend._drop_gather_exits()  # once per process, however often a sweep starts
    logger = logging.getLogger("asyncio")
    assert sum(isinstance(f, dask_backend._GatherExitFilter) for f in logger.filters) == 1
    loop = asyncio.new_event_loop()
    try:
        with caplog.at_level(logging.ERROR, logger="asyncio"):
            for exc in (AllExit(), OSError("a real fault")):
                context = {"message": "Task exception was never retrieved", "exception": exc}
                loop.default_exception_handler(context)
    finally:
        loop.close()
    assert [r.exc_info[1].__class__.__name__ for r in caplog.records] == ["OSError"]
