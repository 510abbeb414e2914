"""Grid cells that are the same game: found, merged, and said once.

A grid can hold cells whose rule values differ only in a rule that cannot matter there (in
Lord of Worlds the value-set table is off in the standard variant, so ``standard + doubling``
plays exactly the games of ``standard + linear15``). Shown apart, every table would list each
such pair twice. Two cells are identical when they have the same line-up and every game, seat
by seat, has the same outcome and statistics (common random numbers make this exact).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import polars as pl

from analyses.stats.paired import NOT_RULES

# Columns that differ between identical cells by construction (names, labels, timing).
NOT_OUTCOMES = {"run", "cell", "wall_ms", "params_hash", "policy_time_ms"}


@dataclass(frozen=True)
class Merge:
    """``dropped`` plays exactly the games of ``kept``; ``change`` is the rule values that
    differ (``value_set_table=doubling instead of linear15``), ``where`` the shared ones."""

    dropped: str
    kept: str
    change: str
    where: str
    variant: Mapping[str, Any] = field(default_factory=dict)  # the dropped cell's grid values


def identical_cells(
    games: pl.DataFrame, seats: pl.DataFrame, manifest: Mapping[str, Any]
) -> list[Merge]:
    """Each cell whose games repeat an earlier cell's (same line-up), with that cell."""
    cells = manifest.get("cells", [])
    seen: dict[str, str] = {}
    out = []
    for c in cells:
        key = _fingerprint(games, seats, c)
        if key is None:
            continue
        twin = next((x for x in cells if x["cell"] == seen.get(key)), None)
        merge = _merge(c, twin) if twin is not None else None
        if merge is not None and merge.change:  # only a rule value can be said not to matter
            out.append(merge)
        else:
            seen.setdefault(key, c["cell"])
    return out


def _fingerprint(games: pl.DataFrame, seats: pl.DataFrame, cell: Mapping[str, Any]):
    """A digest of the cell's line-up and every game's outcomes (None for a cell with none)."""
    g = games.filter(pl.col("cell") == cell["cell"])
    if g.is_empty():
        return None
    s = seats.filter(pl.col("cell") == cell["cell"])
    keys = (cell.get("variant") or {}).keys()
    variant = {*keys, *(f"var_{k}" for k in keys)}  # the games table holds both spellings
    digest = hashlib.sha256(json.dumps(cell.get("policies", []), default=str).encode())
    for frame, keys in ((g, ["game_index"]), (s, ["game_index", "seat"])):
        cols = sorted(c for c in frame.columns if c not in NOT_OUTCOMES and c not in variant)
        digest.update(frame.select(cols).sort(keys).write_csv().encode())
    return digest.hexdigest()


def _merge(dropped: Mapping[str, Any], kept: Mapping[str, Any]) -> Merge:
    a, b = dropped.get("variant") or {}, kept.get("variant") or {}
    diff = [
        f"{k}={_show(a.get(k))} instead of {_show(b.get(k))}"
        for k in a
        if a[k] != b.get(k) and k not in NOT_RULES
    ]
    same = [f"{k}={_show(v)}" for k, v in a.items() if b.get(k) == v and k != "policies"]
    return Merge(dropped["cell"], kept["cell"], " and ".join(diff), ", ".join(same), dict(a))


def _show(value: Any) -> str:
    return " vs ".join(map(str, value)) if isinstance(value, list) else str(value)


def merge_sentences(merges: Sequence[Merge]) -> list[str]:
    """One sentence per rule change that left games identical, naming where."""
    by_change: dict[str, list[Merge]] = {}
    for m in merges:
        by_change.setdefault(m.change, []).append(m)
    out = []
    for change, group in by_change.items():
        wheres = sorted({m.where for m in group})
        conditions = [w.split(", ") for w in wheres]
        shared = [w for w in conditions[0] if all(w in c for c in conditions)]
        scope = f" whenever {', '.join(shared)}" if shared else ""
        out.append(
            f"{change} plays exactly the same games{scope} ({len(group)} cell"
            f"{'s' if len(group) > 1 else ''}): the rule cannot matter there, so those "
            "cells are shown once, under the first value, and left out of the "
            "comparisons."
        )
    return out


def restore(seats: pl.DataFrame, merges: Sequence[Merge]) -> pl.DataFrame:
    """``seats`` with each dropped cell back as a copy of its twin's rows, for analyses that
    pool by rule value (a rule value must keep every cell it was played in)."""
    copies = [
        seats.filter(pl.col("cell") == m.kept).with_columns(cell=pl.lit(m.dropped)) for m in merges
    ]
    return pl.concat([seats, *copies]) if copies else seats


def drop_cells(
    games: pl.DataFrame, seats: pl.DataFrame, manifest: Mapping[str, Any], merges: Sequence[Merge]
) -> tuple[pl.DataFrame, pl.DataFrame, dict[str, Any]]:
    """The tables and manifest without the dropped cells."""
    gone = [m.dropped for m in merges]
    if not gone:
        return games, seats, dict(manifest)
    kept_cells = [c for c in manifest.get("cells", []) if c["cell"] not in gone]
    return (
        games.filter(~pl.col("cell").is_in(gone)),
        seats.filter(~pl.col("cell").is_in(gone)),
        {**manifest, "cells": kept_cells},
    )
