"""``boardlab bench``: baseline comparison, bad baselines, and the scaling model's arithmetic."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from simcore.core.native import build_line
from simcore.engine.sweep.bench import build_note, compare
from simcore.engine.sweep.scaling import Costs, efficiency, predict
from tests.conftest import run_cli


def test_compare_matches_figures_by_game_players_and_policy():
    old = {
        "speed": [
            {"game": "g", "players": 2, "policy": "random", "games_per_s": 100.0},
            {"game": "g", "players": 3, "policy": "random", "games_per_s": 50.0},
        ],
        "parallel": [{"game": "g", "policy": "heuristic", "efficiency": 0.8}],
    }
    new = {
        "speed": [
            {"game": "g", "players": 2, "policy": "random", "games_per_s": 150.0},
            {"game": "h", "players": 2, "policy": "random", "games_per_s": 9.0},
        ],
        "parallel": [{"game": "g", "policy": "heuristic", "efficiency": 0.9}],
    }
    rows = compare(new, old)
    assert [(r["id"], r["figure"], r["ratio"]) for r in rows] == [
        ("g 2 random", "games_per_s", 1.5),
        ("g heuristic", "efficiency", 1.125),
    ]


@pytest.mark.slow  # two full bench runs (~20 s)
def test_bench_compare_prints_ratios(tmp_path):
    out = tmp_path / "base.json"
    first = run_cli("bench", "--game", "ratjack", "--seconds", "0.1", "--json", str(out))
    assert first.returncode == 0, first.stderr
    again = run_cli("bench", "--game", "ratjack", "--seconds", "0.1", "--compare", str(out))
    assert again.returncode == 0, again.stderr
    assert "ratio = now / baseline" in again.stdout and "games_per_s" in again.stdout
    assert again.stdout.splitlines()[0] == build_line()  # the build that measured, and why


def test_bench_refuses_bad_baselines_before_measuring(tmp_path):
    (tmp_path / "bad.json").write_text(json.dumps({"hello": 1}))
    (tmp_path / "torn.json").write_text('{"speed": [')
    for name in ("bad.json", "torn.json", "missing.json"):
        bad = run_cli("bench", "--game", "ratjack", "--compare", str(tmp_path / name))
        assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1, bad.stderr
        assert "--compare" in bad.stderr and "Traceback" not in bad.stderr


def test_scaling_model_is_perfect_without_serial_work():
    costs = Costs(game=0.01, row=0.0, write=0.0, start=0.0)
    assert predict(costs, 1600, 100, 1) == pytest.approx(16.0)
    assert efficiency(costs, 1600, 100, 16) == pytest.approx(1.0)
    # 17 chunks on 16 workers: a second wave for one chunk halves the efficiency
    assert efficiency(costs, 1700, 100, 16) == pytest.approx(17 / 32)


def test_scaling_model_is_parent_bound_when_workers_outpace_the_parent():
    costs = Costs(game=0.001, row=0.0001, write=0.0, start=0.0)  # parent: 10% of a game
    # 64 workers finish 64 games per game-time; the parent handles only 10 of them
    assert predict(costs, 64_000, 100, 64) == pytest.approx(64_000 * 0.0001)
    assert efficiency(costs, 64_000, 100, 64) < 0.2 < efficiency(costs, 64_000, 100, 8)


def test_scaling_check_runs_each_worker_count_twice_in_abba_order(monkeypatch):
    import simcore.engine.sweep.scaling as scaling

    calls = []
    # the machine slows down steadily: 1 worker 10 s then 14 s, 2 workers 6 s then 6 s
    walls = iter([(10.0, 9.5), (6.0, 10.8), (6.0, 10.2), (14.0, 13.0)])

    def fake_sweep(game, spec, games, chunk, jobs):
        calls.append(jobs)
        return next(walls)

    monkeypatch.setattr(scaling, "timed_sweep", fake_sweep)
    monkeypatch.setattr(scaling, "measure", lambda *a: Costs(0.01, 0.0, 0.0, 0.0))
    row = scaling.check("ratjack", "random", 100, 10)
    assert calls == [1, 2, 2, 1]
    assert (row["t1_measured"], row["t2_measured"]) == (12.0, 6.0)
    assert row["e2_measured"] == 1.0
    assert row["e2_busy"] == pytest.approx((10.8 / 12 + 10.2 / 12) / 2, abs=1e-3)


def test_timed_sweep_reports_the_games_own_seconds_inside_the_wall_time():
    from simcore.engine.sweep.scaling import timed_sweep

    wall, played = timed_sweep("ratjack", "random", 60, 10, 1)
    assert 0 < played <= wall


def test_scaling_module_refuses_bad_arguments_with_exit_2_and_no_traceback():
    for args in (["nogame", "random", "10", "5"], ["ratjack", "random", "0", "5"]):
        bad = subprocess.run(
            [sys.executable, "-m", "simcore.engine.sweep.scaling", *args],
            capture_output=True,
            text=True,
        )
        assert bad.returncode == 2 and "Traceback" not in bad.stderr, bad.stderr
        assert (
            bad.stderr.strip().splitlines()[-1].startswith("python -m simcore.engine.sweep.scaling")
        )


@pytest.mark.slow  # starts a real 2-worker Dask cluster (~5 s)
def test_dask_efficiency_times_a_sweep_on_a_real_local_cluster():
    pytest.importorskip("dask.distributed")
    from simcore.engine.sweep.bench import dask_seconds

    timed = dask_seconds("ratjack", "random", 60, 10)
    assert timed is not None
    wall, played = timed
    assert 0 < wall < 60 and 0 < played <= 2 * wall  # two workers play at most 2 s a second


@pytest.mark.slow  # starts a real 2-worker Dask cluster (~5 s)
def test_bench_cluster_workers_run_without_the_sampling_profiler():
    pytest.importorskip("dask.distributed")
    from dask.distributed import Client

    from simcore.engine.sweep.bench import local_cluster
    from simcore.engine.sweep.dask_backend import probe

    def profiling(dask_worker):
        return "profile" in dask_worker.periodic_callbacks

    with local_cluster(2) as cluster, Client(cluster) as client:
        assert list(client.run(profiling).values()) == [False, False]
        assert probe(cluster.scheduler_address) == (2, 0)  # no note for such a cluster
    # the default (what the recipe's environment variable turns off) does sample
    with Client(n_workers=1, threads_per_worker=1, dashboard_address=None) as client:
        assert list(client.run(profiling).values()) == [True]


def test_the_recipes_dask_config_file_reaches_a_dask_process(tmp_path):
    pytest.importorskip("dask")
    from simcore.engine.sweep.bench import DASK_WORKER_CONFIG, dask_worker_settings

    settings = dask_worker_settings()
    assert settings["distributed.worker.profile.enabled"] is False
    code = "import dask, json; print(json.dumps({k: dask.config.get(k) for k in %r}))"
    env = {**os.environ, "DASK_CONFIG": str(DASK_WORKER_CONFIG)}
    out = subprocess.run(
        [sys.executable, "-c", code % list(settings)],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert json.loads(out) == settings


@pytest.mark.slow  # a short full bench (~5 s)
def test_a_dask_cluster_that_cannot_start_keeps_the_other_figures(monkeypatch):
    import simcore.engine.sweep.bench as bench
    import simcore.engine.sweep.scaling

    def broken(*args, **kwargs):
        raise RuntimeError("Nanny failed to start.")

    monkeypatch.setattr(bench, "dask_seconds", broken)
    monkeypatch.setattr(
        simcore.engine.sweep.scaling, "check", lambda *a: {"game": a[0], "t1_measured": 1.0}
    )
    report = bench.run_bench(0.05, True, ["ratjack"])
    assert report["speed"] and report["overhead"]
    failed = "RuntimeError: Nanny failed to start."
    assert report["parallel"] == [{"game": "ratjack", "t1_measured": 1.0, "dask_error": failed}]


def test_sweep_overhead_reports_cpu_and_wall_figures_and_restores_the_sweep():
    import simcore.engine.sweep.chunks
    from simcore.engine.play.runner import play_game
    from simcore.engine.sweep.bench import sweep_overhead

    row = sweep_overhead("ratjack", "random", 30, repeats=1)
    assert {"overhead_pct", "in_run_pct", "cpu_in_run_pct", "faults_per_game"} <= set(row)
    assert all(isinstance(row[k], float) for k in ("in_run_pct", "cpu_in_run_pct"))
    assert row["faults_per_game"] > -1  # a count a game, net of the bare loop's
    assert simcore.engine.sweep.chunks.play_game is play_game  # the timing stand-in is gone again


def test_a_baseline_of_the_other_build_is_named_before_the_ratios():
    pure, compiled = {"build": "pure Python"}, {"build": "compiled: ratjack (14 modules)"}
    assert build_note(pure, {}) is None  # baselines stored before builds were named: pure
    assert build_note(compiled, compiled) is None
    note = build_note(compiled, {"speed": []})
    assert note is not None and "different build (pure Python)" in note
