"""Sweeps: determinism across workers and chunking, resume, run-directory safety."""

from __future__ import annotations

import json
import time

import polars as pl
import pytest
from polars.testing import assert_frame_equal

from simcore.core.errors import RunDirError
from simcore.engine.run.dataset import TIMING_COLUMNS, read_table
from simcore.engine.sweep.config import build_config
from simcore.engine.sweep.sweep import run_sweep
from tests.conftest import DUEL


def duel_config(name: str, games: int = 300, **extra) -> object:
    """A two-cell Duel sweep (grid over a rule parameter), actions recorded."""
    raw = {
        "name": name,
        "game": DUEL,
        "players": 2,
        "games": games,
        "seed": 42,
        "policies": ["random", "random"],
        "grid": {"bonus_card": [0, 8]},
        "record_actions": True,
        **extra,
    }
    return build_config(raw, allow_import=True)


def tables(run_dir) -> dict[str, pl.DataFrame]:
    """The three tables without run name and timing columns."""
    out = {}
    for name in ("games", "seats", "actions"):
        frame = read_table(run_dir, name).drop("run")
        out[name] = frame.drop([c for c in TIMING_COLUMNS if c in frame.columns])
    return out


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    out = tmp_path_factory.mktemp("ref")
    result = run_sweep(duel_config("ref"), out, n_jobs=1, chunk_size=1000, quiet=True)
    return tables(result.run_dir)


@pytest.mark.parametrize(("n_jobs", "chunk_size"), [(1, 37), (2, 50), (2, 300)])
def test_tables_identical_for_any_workers_and_chunking(tmp_path, reference, n_jobs, chunk_size):
    result = run_sweep(duel_config("x"), tmp_path, n_jobs=n_jobs, chunk_size=chunk_size, quiet=True)
    got = tables(result.run_dir)
    for name in reference:
        assert_frame_equal(got[name], reference[name])


def test_every_game_index_once_per_cell(reference):
    games = reference["games"]
    assert games.height == 600
    counts = games.group_by("cell").agg(pl.col("game_index").n_unique())
    assert counts["game_index"].to_list() == [300, 300]


def test_common_random_numbers_and_seat_rotation(reference):
    games = reference["games"]
    by_cell = {c: g.sort("game_index") for c, g in games.group_by("cell", maintain_order=True)}
    (a,), (b,) = [[v] for v in by_cell.values()]
    assert a["seed"].to_list() == b["seed"].to_list()
    assert a["rotation"].to_list()[:4] == [0, 1, 0, 1]
    assert set(games["var_bonus_card"].unique()) == {0, 8}


def test_manifest_records_chunks_and_config(tmp_path):
    result = run_sweep(duel_config("m"), tmp_path, chunk_size=100, quiet=True)
    manifest = json.loads((result.run_dir / "manifest.json").read_text())
    assert manifest["complete"] is True
    assert len(manifest["chunks"]) == 6
    assert manifest["config"]["seed"] == 42 and manifest["game"] == "duel"
    assert [c["variant"] for c in manifest["cells"]] == [{"bonus_card": 0}, {"bonus_card": 8}]
    assert all(
        p["rows"] > 0 and len(p["sha256"]) == 64
        for c in manifest["chunks"].values()
        for p in c["parts"].values()
    )


def test_pandas_and_polars_read_the_run(tmp_path):
    import pandas as pd

    result = run_sweep(duel_config("p", games=50), tmp_path, chunk_size=20, quiet=True)
    frame = pd.read_parquet(result.run_dir / "seats")
    assert len(frame) == 200
    lazy = pl.scan_parquet(str(result.run_dir / "seats" / "*.parquet"))
    assert lazy.select(pl.len()).collect().item() == 200


def test_refuses_other_config_in_existing_run_dir(tmp_path):
    run_sweep(duel_config("same", games=20), tmp_path, quiet=True)
    with pytest.raises(RunDirError, match="holds another config"):
        run_sweep(duel_config("same", games=30), tmp_path, resume=True, quiet=True)


def test_existing_run_needs_resume(tmp_path):
    run_sweep(duel_config("again", games=20), tmp_path, quiet=True)
    with pytest.raises(RunDirError, match="--resume"):
        run_sweep(duel_config("again", games=20), tmp_path, quiet=True)
    result = run_sweep(duel_config("again", games=20), tmp_path, resume=True, quiet=True)
    assert result.games_run == 0


def test_corrupted_part_is_reported(tmp_path):
    result = run_sweep(duel_config("bad", games=40), tmp_path, chunk_size=20, quiet=True)
    part = sorted((result.run_dir / "seats").glob("*.parquet"))[0]
    part.write_bytes(b"garbage")
    with pytest.raises(RunDirError, match="corrupted"):
        run_sweep(duel_config("bad", games=40), tmp_path, resume=True, quiet=True)


def test_time_budget_policies_are_recorded_as_non_deterministic(tmp_path):
    pytest.importorskip("strategies.mcts")
    cfg = build_config(
        {
            "name": "t",
            "game": DUEL,
            "players": 2,
            "games": 2,
            "seed": 1,
            "policies": ["mcts:iterations=0,time_ms=5", "random"],
        },
        allow_import=True,
    )
    result = run_sweep(cfg, tmp_path, quiet=True)
    manifest = json.loads((result.run_dir / "manifest.json").read_text())
    assert manifest["execution"]["deterministic"] is False
    plain = run_sweep(duel_config("d", games=2), tmp_path, quiet=True)
    assert json.loads((plain.run_dir / "manifest.json").read_text())["execution"]["deterministic"]


def test_mcts_sweep_identical_across_workers(tmp_path):
    pytest.importorskip("strategies.mcts")
    raw = {
        "game": DUEL,
        "players": 2,
        "games": 24,
        "seed": 9,
        "record_actions": True,
        "policies": ["mcts:iterations=30", "random"],
    }
    one = run_sweep(
        build_config({**raw, "name": "m1"}, allow_import=True),
        tmp_path,
        n_jobs=1,
        chunk_size=24,
        quiet=True,
    )
    two = run_sweep(
        build_config({**raw, "name": "m2"}, allow_import=True),
        tmp_path,
        n_jobs=2,
        chunk_size=5,
        quiet=True,
    )
    for name, frame in tables(one.run_dir).items():
        assert_frame_equal(tables(two.run_dir)[name], frame)


def test_small_chunks_do_not_rewrite_the_manifest_per_chunk(tmp_path, monkeypatch):
    # chunk size 1 used to rewrite (and fsync) the whole manifest after every chunk: quadratic.
    from simcore.engine.run import dataset

    writes = []
    real = dataset.atomic_write_json
    monkeypatch.setattr(dataset, "atomic_write_json", lambda p, o: (writes.append(p), real(p, o)))
    result = run_sweep(duel_config("tiny", games=300), tmp_path, chunk_size=1, quiet=True)
    manifest = json.loads((result.run_dir / "manifest.json").read_text())
    assert len(manifest["chunks"]) == 600 and manifest["complete"]
    assert len(writes) < 30, f"{len(writes)} manifest writes for 600 chunks"


def test_small_chunks_share_batched_parts(tmp_path):
    # One Parquet write per chunk cost ~1.2 ms per table in the parent; finished chunks are now
    # buffered and written together, so 600 one-game chunks make a handful of parts.
    result = run_sweep(duel_config("batched", games=300), tmp_path, chunk_size=1, quiet=True)
    parts = list((result.run_dir / "seats").glob("*.parquet"))
    assert 1 <= len(parts) < 30, f"{len(parts)} parts for 600 chunks"
    assert tables(result.run_dir)["seats"].height == 1200
    assert not (result.run_dir / "chunks.jsonl").exists(), "the log is folded into the manifest"


def test_chunk_log_is_merged_and_a_torn_line_ignored(tmp_path, monkeypatch):
    from simcore.engine.run.dataset import CHUNK_LOG, load_manifest
    from simcore.engine.sweep import sweep

    monkeypatch.setattr(sweep, "FLUSH_ROWS", 1)  # every chunk its own part and log line
    result = run_sweep(duel_config("log", games=40), tmp_path, chunk_size=20, quiet=True)
    run = result.run_dir
    manifest = json.loads((run / "manifest.json").read_text())
    chunks = manifest["chunks"]
    assert len({c["parts"]["games"]["file"] for c in chunks.values()}) == 4
    # A sweep killed during its second log append: the second line is torn.
    first, second, *_ = sorted(chunks)
    (run / "manifest.json").write_text(json.dumps({**manifest, "chunks": {}, "complete": False}))
    torn = json.dumps({second: chunks[second]})[:-7]
    (run / CHUNK_LOG).write_text(json.dumps({first: chunks[first]}) + "\n" + torn)
    assert list(load_manifest(run)["chunks"]) == [first]
    resumed = run_sweep(duel_config("log", games=40), tmp_path, resume=True, quiet=True)
    assert resumed.games_run == 60  # the torn line's three chunks are played again
    assert json.loads((run / "manifest.json").read_text())["complete"]
    assert tables(run)["games"].height == 80


@pytest.mark.parametrize(
    ("games", "jobs", "cells", "expected"),
    [(200, 16, 1, 2), (200, 2, 1, 13), (1_000_000, 2, 1, 1000), (20, 2, 10, 13), (3, 64, 1, 1)],
)
def test_auto_chunk_size_keeps_every_worker_busy(games, jobs, cells, expected):
    from simcore.engine.sweep.config import auto_chunk_size

    size = auto_chunk_size(games, jobs, cells)
    assert size == expected
    assert -(-games // size) * cells >= min(jobs, games * cells)  # no idle worker


def test_tables_do_not_depend_on_how_chunks_are_batched_into_parts(tmp_path, monkeypatch):
    from simcore.engine.sweep import sweep

    batched = run_sweep(duel_config("b", games=120), tmp_path / "a", chunk_size=7, quiet=True)
    monkeypatch.setattr(sweep, "FLUSH_ROWS", 1)  # one part per chunk, as before batching
    single = run_sweep(duel_config("b", games=120), tmp_path / "s", chunk_size=7, quiet=True)
    assert len(list((single.run_dir / "games").glob("*.parquet"))) == 36
    for name, frame in tables(single.run_dir).items():
        assert_frame_equal(tables(batched.run_dir)[name], frame)


def _search_ladder(name: str) -> object:
    """A cheap cell and a cell with a searching seat, 64 games each."""
    return build_config(
        {
            "name": name,
            "game": DUEL,
            "players": 2,
            "games": 64,
            "seed": 3,
            "policies": ["random", "random"],
            "grid": {"policies": [["random", "random"], ["mcts:iterations=4", "random"]]},
        },
        allow_import=True,
    )


def test_cells_with_a_search_get_smaller_automatic_chunks(tmp_path, reference):
    # auto size: 128 games / (8 chunks x 1 worker) = 16; the search cell gets 16 // 8 = 2
    result = run_sweep(_search_ladder("auto"), tmp_path, n_jobs=1, quiet=True)
    manifest = json.loads((result.run_dir / "manifest.json").read_text())
    assert manifest["execution"]["chunk_sizes"] == [16, 2]
    assert sorted(k for k in manifest["chunks"] if k.startswith("c001/"))[:2] == [
        "c001/000000000",
        "c001/000000002",
    ]
    assert manifest["complete"] is True
    fixed = run_sweep(_search_ladder("fixed"), tmp_path, n_jobs=1, chunk_size=64, quiet=True)
    assert json.loads((fixed.run_dir / "manifest.json").read_text())["execution"][
        "chunk_sizes"
    ] == [64, 64]
    for name, frame in tables(fixed.run_dir).items():
        assert_frame_equal(tables(result.run_dir)[name], frame)


def test_a_run_from_before_per_cell_sizes_resumes(tmp_path):
    # manifests written before ``chunk_sizes`` existed hold one ``chunk_size`` for every cell
    cfg = duel_config("old", games=40)
    run_sweep(cfg, tmp_path, n_jobs=1, chunk_size=10, quiet=True)
    path = tmp_path / "old" / "manifest.json"
    manifest = json.loads(path.read_text())
    del manifest["execution"]["chunk_sizes"]
    path.write_text(json.dumps(manifest))
    assert run_sweep(cfg, tmp_path, resume=True, quiet=True).games_run == 0
    manifest["chunks"], manifest["complete"] = {}, False  # as if killed before any chunk
    path.write_text(json.dumps(manifest))
    result = run_sweep(cfg, tmp_path, n_jobs=1, resume=True, quiet=True)
    assert result.games_run == 80
    manifest = json.loads(path.read_text())
    assert manifest["complete"] is True
    assert sorted(k for k in manifest["chunks"] if k.startswith("c000/")) == [
        f"c000/{start:09d}" for start in (0, 10, 20, 30)
    ]
    ref = run_sweep(duel_config("ref40", games=40), tmp_path, chunk_size=40, quiet=True)
    for name, frame in tables(ref.run_dir).items():
        assert_frame_equal(tables(result.run_dir)[name], frame)


def test_a_finished_chunk_is_written_while_the_next_one_still_runs(tmp_path, monkeypatch):
    # The buffer used to be written only when another chunk arrived: behind a slow (search)
    # chunk a finished one waited for its whole run, and a hard kill would have lost it.
    from simcore.engine.run.dataset import read_chunk_log
    from simcore.engine.sweep import sweep

    real, seen = sweep.run_chunk, []

    def slow_second(cfg, chunk):
        if (chunk.cell, chunk.start) == (0, 10):  # the chunk after the first one
            time.sleep(4 * sweep.SAVE_SECONDS)
            seen.extend(read_chunk_log(tmp_path / "idle"))
        return real(cfg, chunk)

    run_sweep(duel_config("warm", games=20), tmp_path, quiet=True)  # imports: chunk 1 is quick
    monkeypatch.setattr(sweep, "SAVE_SECONDS", 1.0)  # chunk 1 lands well inside the window
    monkeypatch.setattr(sweep, "run_chunk", slow_second)
    run_sweep(duel_config("idle", games=20), tmp_path, n_jobs=1, chunk_size=10, quiet=True)
    assert "c000/000000000" in seen


def test_the_write_interval_comes_from_the_environment_and_bad_values_are_refused(monkeypatch):
    from simcore.core.errors import ConfigError
    from simcore.engine.sweep import sweep

    monkeypatch.delenv(sweep.SAVE_ENV, raising=False)
    assert sweep.save_seconds() == sweep.SAVE_SECONDS == 2.0
    monkeypatch.setenv(sweep.SAVE_ENV, "0.25")
    assert sweep.save_seconds() == 0.25
    for bad in ("0", "-1", "nan", "soon", "1e9"):
        monkeypatch.setenv(sweep.SAVE_ENV, bad)
        with pytest.raises(ConfigError, match=sweep.SAVE_ENV):
            sweep.save_seconds()


def test_a_bad_write_interval_is_one_line_and_exit_2_before_any_output(tmp_path):
    import subprocess
    import sys

    from tests.conftest import cli_env

    cmd = [
        sys.executable,
        "-m",
        "boardlab.cli",
        "sweep",
        "--game",
        DUEL,
        "--allow-import",
        "--players",
        "2",
        "--policies",
        "random,random",
        "--games",
        "4",
        "--out",
        str(tmp_path),
        "--name",
        "bad",
        "--quiet",
    ]
    env = {**cli_env(), "BOARDLAB_SAVE_SECONDS": "soon"}
    done = subprocess.run(cmd, env=env, capture_output=True, text=True)
    assert done.returncode == 2, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "BOARDLAB_SAVE_SECONDS" in done.stderr
    assert not (tmp_path / "bad").exists()
