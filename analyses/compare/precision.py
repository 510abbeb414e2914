"""``boardlab sweep --precision``: a study's headline worths to a stated precision.

The headlines of a run are its worths (restricted play: baseline minus restricted win share of
the restricted slot, paired by seed) or, in a study without restricted play, each cell's first
player's win share against the fair 1/n. The run grows one batch per cell at a time and stops
when every headline's anytime-valid interval (:mod:`analyses.stats.sequential`, Bonferroni over the
headlines) excludes zero or is narrower than the precision. The run's manifest records the
stop under ``precision``; ``boardlab report`` states it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from analyses.compare.changes import load_side
from analyses.compare.measures import measure_values
from analyses.compare.play import batch_chunk_size, play, precision_loop
from analyses.stats.sequential import (
    SHARE_HALF_RANGE,
    STOP_DECIDED,
    Schedule,
    cs_estimate,
    settled,
)
from simcore.core.errors import ConfigError, RunDirError
from simcore.engine.sweep.config import SweepConfig

RECORD = "precision"  # the manifest field


def headline_values(manifest: dict, games: pl.DataFrame, seats: pl.DataFrame) -> dict[str, Any]:
    """Per headline: its words and per-game values (worths, else first player minus 1/n)."""
    measures = measure_values(manifest, games, seats)
    worths = {m.what: v["value"].to_numpy() for m, v in measures.items() if m.group == "Worths"}
    if worths:
        return worths
    out = {}
    n_players = dict(games.group_by("cell").agg(pl.col("n_players").first()).rows())
    for m, v in measures.items():
        if m.key.startswith("first:"):
            fair = 1.0 / n_players[m.key.split(":", 1)[1]]
            out[f"{m.what} minus the fair {100 * fair:.3g}%"] = v["value"].to_numpy() - fair
    return out


def evaluate(run_dir: Path, games: int, schedule: Schedule) -> list[dict[str, Any]]:
    """Every headline's anytime-valid estimate on the games below ``games``."""
    side = load_side("run", run_dir, limit=games)
    values = headline_values(side.manifest, side.games, side.seats)
    each = schedule.alpha / max(1, len(values))
    rows = []
    for what, v in values.items():
        # Worths (baseline minus restricted win share) and win shares minus 1/n lie in [-1, 1].
        est = cs_estimate(v, each, schedule.t_star, SHARE_HALF_RANGE)
        rows.append({"what": what, "games": est.n, "mean": est.mean, "lo": est.lo, "hi": est.hi})
    return rows


def is_settled(rows: list[dict[str, Any]], precision: float) -> bool:
    """Every headline decided or within the precision (an empty family never is)."""
    if not rows:
        return False
    lo, hi = (np.array([r[k] for r in rows]) for k in ("lo", "hi"))
    return bool(settled(lo, hi, precision).all())


def run_precision_sweep(
    cfg: SweepConfig,
    out: str | Path,
    schedule: Schedule,
    *,
    n_jobs: int,
    resume: bool,
    quiet: bool,
) -> tuple[Path, int, str]:
    """Play ``cfg`` batch by batch to ``schedule``; return the run folder, the games per cell
    played and why it stopped (recorded in the manifest)."""
    out = Path(out)
    chunk = batch_chunk_size(schedule.batch, n_jobs, len(cfg.cells()))
    run_dir = out / cfg.name

    def play_to(games: int, again: bool) -> None:
        play(
            cfg,
            out,
            n_jobs=n_jobs,
            resume=resume or again,
            quiet=quiet,
            limit=games,
            chunk_size=chunk,
        )

    def look(games: int) -> list[dict[str, Any]]:
        rows = evaluate(run_dir, games, schedule)
        if not rows:
            raise RunDirError(
                f"{cfg.name}: --precision needs headline comparisons (restricted "
                "play cells, or cells whose games record the first player)"
            )
        return rows

    rows, games, stop = precision_loop(
        schedule, play_to, look, lambda r: is_settled(r, schedule.precision)
    )
    record = {
        "points": 100 * schedule.precision,
        "batch": schedule.batch,
        "max_games": schedule.cap,
        "games": games,
        "stopped": stop,
        "headlines": rows,
    }
    play(
        cfg,
        out,
        n_jobs=n_jobs,
        resume=True,
        quiet=True,
        limit=games,
        chunk_size=chunk,
        extra={RECORD: record},
    )
    return run_dir, games, stop


def read_record(manifest: dict[str, Any], path: Any) -> dict[str, Any] | None:
    """The manifest's ``precision`` record, checked field by field (run data is untrusted)."""
    record = manifest.get(RECORD)
    if record is None:
        return None
    kinds: dict[str, type | tuple[type, ...]] = {
        "points": (int, float),
        "batch": int,
        "max_games": int,
        "games": int,
        "stopped": str,
        "headlines": list,
    }
    if not isinstance(record, dict) or any(
        not isinstance(record.get(k), t) for k, t in kinds.items()
    ):
        raise RunDirError(f"{path}: field 'precision' is not a precision record")
    for row in record["headlines"]:
        ok = (
            isinstance(row, dict)
            and isinstance(row.get("what"), str)
            and all(isinstance(row.get(k), int | float) for k in ("games", "mean", "lo", "hi"))
        )
        if not ok:
            raise RunDirError(f"{path}: field 'precision.headlines' holds a malformed entry")
    return record


def cmd_precision(cfg: SweepConfig, args: Any) -> int:
    """``boardlab sweep --precision``: batches until the study's headline worths are settled."""
    import math

    if not (math.isfinite(args.precision) and args.precision > 0):
        raise ConfigError(f"--precision must be a positive number of points, got {args.precision}")
    if args.backend != "loky" or args.chunk_size is not None:
        raise ConfigError(
            "--precision plays batches on the local backend with chunks that "
            "divide the batch: leave out --backend dask and --chunk-size"
        )
    try:
        schedule = Schedule(args.precision / 100, args.batch, cfg.games)
    except ValueError as exc:
        raise ConfigError(str(exc)) from None
    run_dir, games, stop = run_precision_sweep(
        cfg, args.out, schedule, n_jobs=args.n_jobs, resume=args.resume, quiet=args.quiet
    )
    why = (
        "every headline decided or within the precision"
        if stop == STOP_DECIDED
        else f"reached the limit of {cfg.games:,} games per cell"
    )
    print(f"{run_dir}: {games:,} games per cell ({why})")
    return 0
