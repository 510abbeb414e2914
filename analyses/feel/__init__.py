"""How the game feels: luck and skill, drama and pace, kingmaking and decision load.

``measures(run)`` returns one table (``group``, ``measure``, ``estimate``, ``lo``, ``hi``,
``n``) with a 95% interval on every row; ``change(a, b)`` pairs two runs (or cells) game by
game on their common seeds and returns the change of each per-game measure. ``MEASURES``
names and defines every measure (README "How the game plays"). The definitions are in
``drama``, ``luck``, ``skill`` and ``replay``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

import numpy as np
import polars as pl

from analyses.feel import luck
from analyses.feel.tables import MEASURES, per_game_values, row
from analyses.stats.intervals import clustered_mean, clustered_rate, paired_difference

__all__ = ["MEASURES", "change", "frames", "measures", "per_game_values"]

Frames = dict[str, pl.DataFrame]
RUN: Final = "all cells"  # the group of measures taken across the cells of a run
# per game, for ``change`` only (the table reports ``weaker_wins``)
PAIRED_ONLY: Final = frozenset({"weaker_ahead"})


def frames(source: str | Path | Mapping[str, pl.DataFrame]) -> Frames:
    """``games``, ``seats`` and (when recorded) ``progress`` of a run directory, or the
    frames given (a mapping of table name to frame)."""
    if isinstance(source, Mapping):
        return {k: (v.collect() if isinstance(v, pl.LazyFrame) else v) for k, v in source.items()}
    from analyses.stats.runs import has_table, scan

    out = {t: scan(source, t).collect() for t in ("games", "seats")}
    if has_table(source, "progress"):
        out["progress"] = scan(source, "progress").collect()
    return out


def measures(
    source: str | Path | Mapping[str, pl.DataFrame], *, luck_resamples: int = 400
) -> pl.DataFrame:
    """Every measure the run's tables support, per cell (and across cells where seeds are
    shared), each with a 95% interval."""
    data = frames(source)
    games, seats = data["games"], data["seats"]
    per_game = per_game_values(data)
    rows: list[dict[str, Any]] = []
    for (cell,), part in per_game.group_by("cell", maintain_order=True):
        rows += _cell_rows(cell, part)
    for (cell,), part in seats.group_by("cell", maintain_order=True):
        est = luck.weaker_wins(part)
        if est["n"]:
            rows.append(row(cell, "weaker_wins", **est))
    if games["cell"].n_unique() > 1:
        lineups = "; ".join(luck.luck_lineups(seats))
        group = f"line-ups {lineups}" if lineups else RUN
        rows.append(row(group, "luck_share", **luck.luck_share(seats, luck_resamples)))
        rows.append(row(RUN, "weaker_wins", **luck.weaker_wins(seats)))
    rows += _skill_rows(seats)
    return pl.DataFrame(rows, schema=_SCHEMA).filter(pl.col("n") > 0)


_SCHEMA = {"group": pl.String, "measure": pl.String, "estimate": pl.Float64, "lo": pl.Float64,
           "hi": pl.Float64, "n": pl.Int64}  # fmt: skip


def _cell_rows(cell: str, part: pl.DataFrame) -> list[dict[str, Any]]:
    """Means (t intervals) and rates (Wilson) of the per-game measures of one cell."""
    out = []
    idx = part["game_index"].to_numpy()
    for name, spec in MEASURES.items():
        if spec.kind not in ("mean", "rate") or name not in part.columns or name in PAIRED_ONLY:
            continue
        values = part.select(name, "game_index").drop_nulls().drop_nans()
        if values.height < 2:
            continue
        v, c = values[name].cast(pl.Float64).to_numpy(), values["game_index"].to_numpy()
        if spec.kind == "rate":
            est = clustered_rate(v, np.ones(len(v)), c)
            out.append(row(cell, name, est.rate, est.lo, est.hi, est.clusters))
        else:
            mean, lo, hi = clustered_mean(v, c)
            # every one of these is >= 0: a t interval reaching below is cut at 0
            out.append(row(cell, name, mean, max(lo, 0.0), hi, len(v)))
    turns = part["turns"].cast(pl.Float64).to_numpy()
    if len(turns) > 2:
        out.append(row(cell, "length_spread", *_sd_interval(turns), len(idx)))
    return out


def _sd_interval(values: np.ndarray, resamples: int = 1000) -> tuple[float, float, float]:
    """Standard deviation with a bootstrap percentile 95% interval."""
    rng = np.random.default_rng(luck.SEED)
    picks = rng.integers(0, len(values), (resamples, len(values)))
    boots = values[picks].std(axis=1, ddof=1)
    lo, hi = np.quantile(boots, [0.025, 0.975])
    return float(values.std(ddof=1)), float(lo), float(hi)


def _skill_rows(seats: pl.DataFrame) -> list[dict[str, Any]]:
    from analyses.feel.skill import head_to_head

    out = []
    for r in head_to_head(seats).iter_rows(named=True):
        group = f"{r['better']} vs {r['weaker']}"
        out.append(row(group, "ahead_rate", r["ahead"], r["lo"], r["hi"], r["games"]))
        out.append(
            row(
                group, "games_needed", r["games_needed"], r["needed_lo"], r["needed_hi"], r["games"]
            )
        )
    return out


def change(
    a: str | Path | Mapping[str, pl.DataFrame],
    b: str | Path | Mapping[str, pl.DataFrame],
    *,
    cell_a: str | None = None,
    cell_b: str | None = None,
) -> pl.DataFrame:
    """Change of each per-game measure from ``a`` to ``b``, paired game by game on the seeds
    both played: ``measure``, ``a``, ``b``, ``diff`` (b - a), ``lo``, ``hi`` (t interval over
    the seeds' mean differences), ``p_value``, ``pairs``, ``seeds``. Cells are paired by id
    (or ``cell_a`` with ``cell_b``)."""
    va, vb = per_game_values(frames(a)), per_game_values(frames(b))
    if cell_a is not None:
        va = va.filter(pl.col("cell") == cell_a).with_columns(cell=pl.lit(cell_b or cell_a))
    if cell_b is not None:
        vb = vb.filter(pl.col("cell") == cell_b)
    joined = va.join(vb, on=["cell", "game_index"], suffix="_b")
    if "seed" in joined.columns and (joined["seed"] != joined["seed_b"]).any():
        raise ValueError("the two sides do not share seeds: not a paired design")
    seed = "seed" if "seed" in joined.columns else "game_index"
    rows = []
    for name, spec in MEASURES.items():
        if spec.kind not in ("mean", "rate") or name not in joined.columns:
            continue
        pair = joined.select(seed, name, f"{name}_b").drop_nulls().drop_nans()
        if pair[seed].n_unique() < 2:
            continue
        x = pair[name].cast(pl.Float64).to_numpy()
        y = pair[f"{name}_b"].cast(pl.Float64).to_numpy()
        # The cells of a study replay the same seeds, so their games are not independent
        # pairs: the change is tested on one mean difference per seed (pooling the cells as
        # independent flagged 4 of 5 measures in an A-vs-A comparison).
        by_seed = (
            pair.with_columns(
                d=pl.col(f"{name}_b").cast(pl.Float64) - pl.col(name).cast(pl.Float64)
            )
            .group_by(seed)
            .agg(pl.col("d").mean())
        )
        res = paired_difference(by_seed["d"].to_numpy(), n_resamples=200)
        rows.append(
            {
                "measure": name,
                "a": float(x.mean()),
                "b": float(y.mean()),
                "diff": res.mean_diff,
                "lo": res.t_lo,
                "hi": res.t_hi,
                "p_value": res.t_p,
                "pairs": pair.height,
                "seeds": res.n,
            }
        )
    return pl.DataFrame(rows)
