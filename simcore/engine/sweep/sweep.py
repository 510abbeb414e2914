"""Run a sweep: config → chunked joblib (or Dask) tasks → Parquet run directory (DESIGN §5).

Workers return column batches; only this (parent) process writes files. Finished chunks are
buffered briefly and written together as one Parquet part per table, then listed (with the
parts' checksums) in an append-only chunk log that the manifest absorbs when it is rewritten,
so an interrupted sweep resumes with no duplicate and no lost game. The workers' side (chunks
and the games they play) is ``simcore.engine.sweep.chunks``.
"""

from __future__ import annotations

import os
import re
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cached_property
from pathlib import Path
from typing import Any

from simcore.core import registry
from simcore.core.errors import ConfigError, RunDirError, WorkerLostError
from simcore.engine.play.rows import Column
from simcore.engine.run import dataset
from simcore.engine.run import trust as rundata
from simcore.engine.run.fingerprint import check_same, fingerprint
from simcore.engine.run.layout import RUN_TABLES, TIMED_ACTION_COLUMNS
from simcore.engine.run.lock import LOCK_NAMES, RunLock, check_not_busy
from simcore.engine.run.outputs import check_no_links
from simcore.engine.run.provenance import content_info, versions
from simcore.engine.run.snapshot import snapshot_content
from simcore.engine.run.verify import verify_parts
from simcore.engine.sweep.batches import BATCH_ROWS, row_batches
from simcore.engine.sweep.chunks import (
    Chunk,
    build_policies,
    plan_chunks,
    run_chunk,
    run_keyed,
    search_chunk_sizes,
)
from simcore.engine.sweep.config import SweepConfig, auto_chunk_size, value_kind
from simcore.engine.sweep.dask_backend import (
    WORKER_WAIT_SECONDS,
    check_dask,
    check_worker_wait,
    execute_dask,
    probe,
    profiler_note,
)
from simcore.engine.sweep.idle_flush import idle_flush
from simcore.engine.sweep.lifeline import sigint_deferred

# Longest time a finished chunk waits in the parent before it is written. Each buffered write
# has a fixed cost (a Parquet writer per column, a file and an fsync per table, a log line):
# about 3-8 ms, 0.6-1.6% of a core at one write per 0.5 s, a quarter of that at one per 2 s.
# A hard kill loses what waits (Ctrl-C and errors write it first), on top of the chunks in
# flight. BOARDLAB_SAVE_SECONDS overrides it.
SAVE_SECONDS = 2.0
SAVE_ENV = "BOARDLAB_SAVE_SECONDS"
FLUSH_ROWS = 200_000  # or this many buffered rows (all tables), whichever comes first
BACKENDS = ("loky", "dask")
__all__ = [
    "BATCH_ROWS",
    "Chunk",
    "Sweep",
    "SweepResult",
    "plan_chunks",
    "row_batches",
    "run_chunk",
    "run_sweep",
]


@dataclass
class SweepResult:
    """What a sweep call did."""

    run_dir: Path
    games_run: int
    games_total: int
    seconds: float


class Sweep:
    """One sweep bound to a run directory."""

    def __init__(self, cfg: SweepConfig, out_dir: str | Path = "runs") -> None:
        self.cfg = cfg
        self.run_dir = Path(out_dir) / cfg.name
        self.cells = cfg.cells()
        self.game = registry.make_game(cfg.game, self.cells[0].params)
        kinds = {k: value_kind(v) for k, v in cfg.grid.items()}
        g = self.game
        timed = cfg.record_actions and any(hasattr(p, "think_ms") for p in self.policies)
        # a seat that times its decisions (a person's): ``think_ms`` on every actions row
        action_columns = {**g.action_columns, **(TIMED_ACTION_COLUMNS if timed else {})}
        self.schemas = dataset.build_schemas(g.game_columns, g.seat_columns, action_columns, kinds)
        self.manifest: dict[str, Any] = {}
        self.buffer: list[tuple[Chunk, dict[str, dict[str, Column]]]] = []
        self.buffered_rows = 0
        self.saved = time.monotonic()  # when the buffer was last written
        self.save_every = save_seconds()
        self.lock = threading.RLock()  # the idle-flush thread writes the buffer too
        self.flush_error: BaseException | None = None
        self.scratch = dataset.IntScratch()  # reused by every write (under the lock)
        self.writer = RunLock(self.run_dir)  # one writer per run folder, from prepare on

    def prepare(self, resume: bool, chunk_size: int | list[int]) -> list[Chunk]:
        """Create or check the run directory and take its writer's lock; return the chunks
        still to run (``chunk_size``: one size, or one per cell; a resumed run keeps the sizes
        it started with). What refuses is checked before the lock (a refused run folder is
        left as it was) and again under it (another writer may have begun in between)."""
        self._check_out()
        self._existing(resume)
        self.writer.acquire()
        try:
            existing = self._existing(resume)
            if existing is not None:
                self.manifest = existing
                check_same(self.manifest.get("fingerprint"), self.fingerprint(), self.run_dir)
                verify_parts(self.run_dir, self.manifest)
                self._remove_unlisted_parts()
            else:
                self.manifest = self._new_manifest(chunk_size)
                self._save_first()
        except BaseException:
            self.writer.release()
            raise
        done = self.manifest["chunks"]
        return [c for c in self._plan() if c.key(self.cells) not in done]

    def _check_out(self) -> None:
        out = self.run_dir.parent
        if out.exists() and not out.is_dir():
            raise RunDirError(f"--out {str(out)!r} is a file, not a folder")
        if self.run_dir.resolve().parent != out.resolve():
            raise RunDirError(f"run directory {self.run_dir} resolves outside --out {out}")
        check_no_links(out, self.run_dir, "--out")  # a planted link would take the parts

    def _existing(self, resume: bool) -> dict[str, Any] | None:
        """The run's checked manifest when ``--resume`` may continue it, None for a new run;
        ``RunDirError`` for a folder this sweep must not write (read-only: writes nothing)."""
        path = self.run_dir / dataset.MANIFEST
        if not path.exists():
            if self.run_dir.is_dir() and any(
                p.name not in LOCK_NAMES for p in self.run_dir.iterdir()
            ):
                raise RunDirError(f"{self.run_dir} exists and is not a boardlab run directory")
            return None
        check_not_busy(self.run_dir)  # a live writer is the first thing to say
        manifest = dataset.load_manifest(self.run_dir)
        if manifest.get("config_hash") != self.cfg.config_hash():
            raise RunDirError(
                f"{self.run_dir} holds another config (hash {manifest.get('config_hash')}"
                f" vs {self.cfg.config_hash()}); use another --out or sweep name"
            )
        if not resume:
            raise RunDirError(f"{self.run_dir} already exists; pass --resume to continue it")
        dataset.require(manifest, path, "execution", "chunks", "tables", "config", "schemas")
        rundata.check_resumable(manifest, path, len(self.cells), self.cfg.games)
        execution = manifest["execution"]
        plan = plan_chunks(self.cfg, execution.get("chunk_sizes") or execution["chunk_size"])
        rundata.check_planned(manifest, path, {c.key(self.cells): c.stop for c in plan})
        return manifest

    def _save_first(self) -> None:
        """The new run's first manifest; a folder that cannot be written is bad input (exit
        2), a full disk an I/O error (exit 74). Content named outside the packaged data is
        copied in first (``simcore.engine.run.snapshot``)."""
        try:
            copies = snapshot_content(self.run_dir, [c["params"] for c in self.manifest["cells"]])
            if copies:
                self.manifest["content_files"] = copies
            self.save()
        except OSError as exc:
            if exc.errno in rundata.IO_ERRNOS:
                raise
            raise RunDirError(
                f"cannot write the run directory {self.run_dir}: {exc.strerror or exc}"
            ) from None

    def _plan(self) -> list[Chunk]:
        """The run's chunks, from the sizes its manifest recorded."""
        execution = self.manifest["execution"]
        return plan_chunks(self.cfg, execution.get("chunk_sizes") or execution["chunk_size"])

    def _remove_unlisted_parts(self) -> None:
        listed = {
            (table, info["file"])
            for chunk in self.manifest["chunks"].values()
            for table, info in chunk["parts"].items()
        }
        for table in dataset.TABLES:
            folder = self.run_dir / table
            for path in folder.glob("*") if folder.is_dir() else []:
                if (table, path.name) not in listed:
                    path.unlink()

    def _new_manifest(self, chunk_size: int | list[int]) -> dict[str, Any]:
        cfg, game = self.cfg, self.game
        sizes = [chunk_size] * len(self.cells) if isinstance(chunk_size, int) else list(chunk_size)
        now = datetime.now(UTC).isoformat(timespec="seconds")
        cells = []
        for cell in self.cells:
            cell_game = registry.make_game(cfg.game, cell.params)
            cells.append(
                {
                    "cell": cell.id,
                    "variant": cell.variant,
                    "players": cell.players,
                    "policies": list(cell.policies),
                    "params": cell_game.params.to_dict(),
                    "params_hash": cell_game.params.params_hash(),
                }
            )
        return {
            "format": dataset.FORMAT,
            "name": cfg.name,
            "game": game.spec.id,
            "game_version": game.spec.version,
            "description": cfg.description,
            "config": {"name": cfg.name, **cfg.identity()},
            "config_hash": cfg.config_hash(),
            "fingerprint": self.fingerprint(),
            "cells": cells,
            "content": content_info(game),
            "versions": versions(),
            "seeds": {
                "sweep_seed": cfg.seed,
                "game_seed": "SeedSequence([sweep_seed, game_index]) -> 63-bit int",
                "policy_stream": "SeedSequence([game_seed, 1, seat])",
                "common_random_numbers": "game_index i has the same seed in every cell",
            },
            "execution": {
                "chunk_size": max(sizes),  # the cheap cells' (older runs record only this)
                "chunk_sizes": sizes,
                "deterministic": self._deterministic(),
            },
            "schemas": {t: dataset.schema_to_json(s) for t, s in self.schemas.items()},
            "tables": [*RUN_TABLES, *(["actions"] if cfg.record_actions else [])],
            "games_per_cell": cfg.games,
            "created": now,
            "updated": now,
            "complete": False,
            "chunks": {},
        }

    def fingerprint(self) -> dict[str, str]:
        """Content hashes of the rule code, data files, policy and engine code (resume check)."""
        return fingerprint(self.game, (cell.params for cell in self.cells))

    @cached_property
    def policies(self) -> list[Any]:
        """One policy per distinct spec of the sweep, built afresh for the checks above: one
        cached by the parent would be the one a later replay of a playtest game in this process
        plays, and a replay plays the policies built during it (``strategies.scripted``)."""
        specs = sorted({spec for cell in self.cells for spec in cell.policies})
        return build_policies(self.cfg, self.game, specs)

    def _deterministic(self) -> bool:
        """False when any policy plays by wall-clock budget (e.g. ``mcts:time_ms=50``)."""
        return all(getattr(p, "deterministic", True) for p in self.policies)

    def record(self, chunk: Chunk, tables: dict[str, dict[str, Column]]) -> int:
        """Buffer a finished chunk; write the buffer when it is due; return the chunk's games."""
        if self.flush_error is not None:
            raise self.flush_error
        with self.lock:
            self.buffer.append((chunk, tables))
            self.buffered_rows += sum(dataset.row_count(t) for t in tables.values())
            if self.buffered_rows >= FLUSH_ROWS or time.monotonic() - self.saved >= self.save_every:
                self.flush()
        return chunk.stop - chunk.start

    def flush_due(self) -> None:
        """Write the buffer once ``save_every`` seconds have passed since the last write (the
        idle flush)."""
        with self.lock:
            if self.buffer and time.monotonic() - self.saved >= self.save_every:
                self.flush()

    def flush(self) -> None:
        """Write the buffered chunks as one part per table, then list them in the chunk log.

        One part for many chunks keeps the parent's cost per chunk small and flat (a Parquet
        write is ~1 ms); the log line is appended only after the parts are on disk, so a kill
        at any point lists no part that is not complete. Chunks still in the buffer at a kill
        (at most ``save_every`` seconds of work) are played again on ``--resume``: same seeds,
        same rows.
        """
        if not self.buffer:
            self.saved = time.monotonic()
            return
        first = self.buffer[0][0].key(self.cells)
        name = f"part-{first.replace('/', '-')}.parquet"
        parts = {}
        for table in self.manifest["tables"]:
            batches = row_batches([tables[table] for _, tables in self.buffer])
            parts[table] = dataset.write_part(
                self.run_dir / table / name, batches, self.schemas[table], self.scratch
            )
        entries = {
            chunk.key(self.cells): {
                "cell": self.cells[chunk.cell].id,
                "start": chunk.start,
                "stop": chunk.stop,
                "parts": parts,
            }
            for chunk, _ in self.buffer
        }
        dataset.append_chunk_log(self.run_dir, entries)
        self.manifest["chunks"].update(entries)
        self.buffer, self.buffered_rows = [], 0
        self.saved = time.monotonic()

    def finish(self) -> None:
        """Write the buffer, then the manifest, marked complete if every chunk is listed."""
        with self.lock:
            self.flush()
            self.manifest["complete"] = len(self.manifest["chunks"]) == len(self._plan())
            self.save()

    def save(self) -> None:
        """Write buffered chunks, then the whole manifest (atomically), then drop the log."""
        with self.lock:
            self.flush()
            self.manifest["updated"] = datetime.now(UTC).isoformat(timespec="seconds")
            dataset.atomic_write_json(self.run_dir / dataset.MANIFEST, self.manifest)
        # After the manifest holds every logged chunk; a kill in between is harmless (the log's
        # entries are already in the manifest and merging them again changes nothing).
        (self.run_dir / dataset.CHUNK_LOG).unlink(missing_ok=True)


def save_seconds() -> float:
    """The buffered-write interval: ``BOARDLAB_SAVE_SECONDS`` if set, else ``SAVE_SECONDS``."""
    raw = os.environ.get(SAVE_ENV)
    if raw is None:
        return SAVE_SECONDS
    try:
        value = float(raw)
    except ValueError:
        value = float("nan")
    if not 0 < value <= 3600:  # also refuses nan
        raise ConfigError(f"{SAVE_ENV}={raw!r}: expected seconds between 0 and 3600, e.g. 0.5")
    return value


def execute(
    cfg: SweepConfig,
    chunks: list[Chunk],
    n_jobs: int,
    backend: str,
    scheduler: str | None,
    worker_wait: float = WORKER_WAIT_SECONDS,
) -> Iterator[tuple[Chunk, dict[str, dict[str, Column]]]]:
    """Yield (chunk, tables) as chunks finish, in any order."""
    check_backend(backend, scheduler)
    if backend == "dask":
        assert scheduler is not None  # check_backend raised otherwise
        yield from execute_dask(run_keyed, [(cfg, c) for c in chunks], scheduler, worker_wait)
    elif n_jobs == 1:
        for chunk in chunks:
            yield chunk, run_chunk(cfg, chunk)
    else:
        from joblib import Parallel, delayed
        from joblib.externals.loky.process_executor import TerminatedWorkerError

        parallel = Parallel(n_jobs=n_jobs, return_as="generator_unordered", batch_size=1)
        tasks = (delayed(run_keyed)(cfg, chunk) for chunk in chunks)
        with sigint_deferred():  # the call starts the workers (and the first tasks)
            results = parallel(tasks)
        try:
            yield from results
        except TerminatedWorkerError as exc:
            found = re.search(r"exit codes of the workers are (\{[^}]*\})", str(exc))
            codes = f" (exit codes {found.group(1)})" if found else ""
            raise WorkerLostError(f"a worker process died{codes}") from None
        except KeyboardInterrupt:
            results.close()  # joblib stops the workers
            _shut_down_workers()
            raise


def _shut_down_workers() -> None:
    """Wait for loky's executor to stop its workers and free its semaphores: left to exit,
    its resource tracker reports them on stderr as leaked (Ctrl-C is one line)."""
    from joblib.externals.loky import reusable_executor

    executor = reusable_executor._executor
    if executor is not None:
        executor.shutdown(wait=True, kill_workers=True)


def check_backend(backend: str, scheduler: str | None) -> None:
    """``ConfigError`` for an unknown backend or a dask backend without its pieces."""
    if backend not in BACKENDS:
        raise ConfigError(f"unknown backend {backend!r}; allowed: {', '.join(BACKENDS)}")
    if backend == "dask":
        check_dask(scheduler)
    elif scheduler:
        raise ConfigError(f"--scheduler is only used with --backend dask (backend {backend!r})")


def run_sweep(
    cfg: SweepConfig,
    out_dir: str | Path = "runs",
    *,
    n_jobs: int = 1,
    chunk_size: int | None = None,
    backend: str = "loky",
    scheduler: str | None = None,
    resume: bool = False,
    quiet: bool = False,
    worker_wait: float = WORKER_WAIT_SECONDS,
    limit: int | None = None,
    extra: dict[str, Any] | None = None,
) -> SweepResult:
    """Run (or resume) a sweep into ``out_dir/<name>``; return what was done.

    ``limit``: play only games below this index in every cell (a batch of ``--precision``;
    chunk boundaries must fall on it); ``extra``: manifest fields to record with the run
    (the ``precision`` record)."""

    if chunk_size is not None and chunk_size <= 0:
        raise ConfigError(f"--chunk-size must be a positive integer, got {chunk_size}")
    check_backend(backend, scheduler)
    check_worker_wait(worker_wait)
    workers = n_jobs
    if backend == "dask":  # chunks are sized for the cluster's workers, not for this machine
        assert scheduler is not None  # check_backend raised otherwise
        threads, profiling = probe(scheduler)
        workers = max(1, threads)
        if profiling and not quiet:
            print(profiler_note(profiling, scheduler), file=sys.stderr)
    with registry.imports_allowed(cfg.allow_import):
        sweep = Sweep(cfg, out_dir)
        fixed = chunk_size or cfg.chunk_size  # a size given by the user applies to every cell
        auto = auto_chunk_size(cfg.games, workers, len(sweep.cells))
        pending = sweep.prepare(resume, fixed or search_chunk_sizes(cfg, auto))
        try:
            if limit is not None:
                pending = _below(sweep, pending, limit)
            if extra:
                sweep.manifest.update(extra)
            return _run(sweep, pending, n_jobs, backend, scheduler, worker_wait, quiet)
        finally:
            sweep.writer.release()


def _below(sweep: Sweep, pending: list[Chunk], limit: int) -> list[Chunk]:
    """The pending chunks of games below ``limit``; a chunk across it is bad input (its
    run was started with chunk sizes that do not divide the batch)."""
    across = [c for c in sweep._plan() if c.start < limit < c.stop]
    if across:
        raise ConfigError(
            f"{sweep.run_dir}: its chunks of {across[0].stop - across[0].start} "
            f"games do not end at game {limit}; start the run anew with a batch "
            "its chunk size divides"
        )
    return [c for c in pending if c.stop <= limit]


def _run(
    sweep: Sweep,
    pending: list[Chunk],
    n_jobs: int,
    backend: str,
    scheduler: str | None,
    worker_wait: float,
    quiet: bool,
) -> SweepResult:
    """Play the pending chunks into the prepared (and locked) run folder."""
    from tqdm import tqdm

    cfg = sweep.cfg
    total = cfg.games * len(sweep.cells)
    todo = sum(c.stop - c.start for c in pending)
    start = time.perf_counter()
    show = not quiet and sys.stderr.isatty()
    with tqdm(
        total=total,
        initial=total - todo,
        unit="game",
        desc=cfg.name,
        disable=not show,
        smoothing=0.1,
        dynamic_ncols=True,
    ) as bar:
        try:
            with idle_flush(sweep, sweep.save_every / 2):
                for chunk, tables in execute(cfg, pending, n_jobs, backend, scheduler, worker_wait):
                    bar.update(sweep.record(chunk, tables))
        except BaseException:
            sweep.save()  # Ctrl-C, a dead worker, any error: every finished chunk is listed
            raise
    sweep.finish()  # writes the buffer and the manifest once
    return SweepResult(sweep.run_dir, todo, total, time.perf_counter() - start)
