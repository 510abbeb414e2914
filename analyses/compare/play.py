"""Play the two sides of a comparison, at a fixed size or batch by batch to a precision.

Each side is an ordinary sweep run under ``<out>/runs`` (manifest, chunk log, resume): a
killed comparison reruns with ``--resume`` and keeps every finished chunk. Under
``--precision`` both runs grow one batch at a time (the same games per cell on both sides) and
the comparison is recomputed after each batch from the games below it; a resumed run replays
those looks from its data, so it stops where an uninterrupted run would have.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from analyses.compare.changes import ComparisonResult, compare_versions, load_side
from analyses.stats.sequential import STOP_CAP, STOP_DECIDED, Schedule
from simcore.engine.sweep.config import SweepConfig, auto_chunk_size


@dataclass
class PlayedSide:
    """A side's name and run folder (played now, resumed, or given as a finished run)."""

    name: str
    run_dir: Path
    config: SweepConfig | None  # None: a finished run given as the side


def batch_chunk_size(batch: int, n_jobs: int, cells: int) -> int:
    """The largest chunk size that divides ``batch`` and is at most the automatic size, so
    every batch ends on a chunk boundary."""
    auto = auto_chunk_size(batch, n_jobs, cells)
    return max(d for d in range(1, auto + 1) if batch % d == 0)


def play(
    cfg: SweepConfig,
    out: Path,
    *,
    n_jobs: int,
    resume: bool,
    quiet: bool,
    limit: int | None = None,
    chunk_size: int | None = None,
    extra: dict | None = None,
) -> Path:
    """Run (or resume) one side's sweep; return its run folder."""
    from simcore.engine.sweep.sweep import run_sweep

    result = run_sweep(
        cfg,
        out,
        n_jobs=n_jobs,
        resume=resume,
        quiet=True,
        limit=limit,
        chunk_size=chunk_size,
        extra=extra,
    )
    if not quiet:
        done = limit if limit is not None else cfg.games
        print(
            f"  {cfg.name}: {done:,} games per cell ({result.games_run:,} played now, "
            f"{result.seconds:.1f} s)",
            flush=True,
        )
    return result.run_dir


def compare_fixed(
    sides: Sequence[PlayedSide],
    out: Path,
    *,
    n_jobs: int,
    resume: bool,
    quiet: bool,
    paired_games: bool = True,
) -> ComparisonResult:
    """Play what is not played yet, then compare every game of both runs."""
    dirs = [
        s.run_dir
        if s.config is None
        else play(s.config, out, n_jobs=n_jobs, resume=resume, quiet=quiet)
        for s in sides
    ]
    data = [load_side(s.name, d) for s, d in zip(sides, dirs, strict=True)]
    return compare_versions(data[0], data[1], paired_games=paired_games)


def compare_by_precision(
    sides: Sequence[PlayedSide],
    out: Path,
    schedule: Schedule,
    *,
    n_jobs: int,
    resume: bool,
    quiet: bool,
) -> ComparisonResult:
    """Batch by batch on both sides until every headline is decided or within the precision
    (or the game limit); the result carries how many games and why it stopped."""
    cells = len(sides[0].config.cells()) if sides[0].config else 1
    chunk = batch_chunk_size(schedule.batch, n_jobs, cells)
    dirs = [Path()] * len(sides)

    def play_to(games: int, again: bool) -> None:
        for i, s in enumerate(sides):
            assert s.config is not None  # every side plays (a finished run cannot add batches)
            dirs[i] = play(
                s.config,
                out,
                n_jobs=n_jobs,
                resume=resume or again,
                quiet=quiet,
                limit=games,
                chunk_size=chunk,
            )

    def evaluate(games: int) -> ComparisonResult:
        data = [load_side(s.name, d, limit=games) for s, d in zip(sides, dirs, strict=True)]
        return compare_versions(data[0], data[1], schedule=schedule)

    result, _, stop = precision_loop(schedule, play_to, evaluate, lambda r: r.headlines_settled())
    result.stop = stop
    return result


def precision_loop(
    schedule: Schedule,
    play_to: Callable[[int, bool], None],
    evaluate: Callable[[int], Any],
    is_settled: Callable[[Any], bool],
) -> tuple[Any, int, str]:
    """The shared batch loop: play to each look, evaluate, stop when settled; returns the
    last evaluation, the games per cell and why it stopped."""
    last = None
    for k, games in enumerate(schedule.looks()):
        play_to(games, k > 0)
        last = evaluate(games)
        if is_settled(last):
            return last, games, STOP_DECIDED
    return last, schedule.cap, STOP_CAP
