"""First-player advantage under each value of each varied rule, and the games a cell would
need where the run cannot tell the advantage from the fair share.

Each row pools the cells that play one rule value with one line-up (over the other grid keys'
values: a marginal, as the strategy-shift table pools). The cells replay the same seeds, so
the interval treats a seed as one cluster (:func:`analyses.studies.turn_order.pooled_first_player`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import polars as pl
from scipy.stats import norm

from analyses.stats.intervals import holm
from analyses.studies.turn_order import pooled_first_player

SMALLEST_LEAN = 0.01  # a lean under 1 point is planned for as 1 point (else: no end of games)
ALPHA, POWER = 0.05, 0.8


def first_player_by_value(
    games: pl.DataFrame, seats: pl.DataFrame, manifest: Mapping[str, Any], keys: Sequence[str]
) -> pl.DataFrame:
    """Per (rule key, value, line-up): the first player's pooled win share, its interval, Holm
    p over the table, the shift this run catches (``mde``) and, where the share is not clearly
    off the fair one, ``games_needed`` per cell to catch a true lean of the size measured."""
    variants = {c["cell"]: c.get("variant", {}) for c in manifest.get("cells", [])}
    lineups = dict(games.group_by("cell").agg(pl.col("lineup").first()).rows())
    rows = []
    for key in keys:
        groups: dict[tuple[str, str], list[str]] = {}
        for cell, variant in variants.items():
            if key in variant and cell in lineups:
                groups.setdefault((_text(variant[key]), lineups[cell]), []).append(cell)
        for (value, lineup), cells in groups.items():
            table = pooled_first_player(games, seats, sorted(cells))
            if table.is_empty():
                continue
            first = table.filter(pl.col("position") == 1).to_dicts()[0]
            rows.append({"rule": f"{key}={value}", "lineup": lineup.replace("|", " vs "), **first})
    if not rows:
        return pl.DataFrame()
    out = pl.DataFrame(rows).with_columns(p_holm=pl.Series(holm([r["p_value"] for r in rows])))
    strictest = _holm_scale(len(rows))
    needed = [_games_needed(r, strictest) for r in out.iter_rows(named=True)]
    return out.with_columns(games_needed=pl.Series(needed, dtype=pl.Int64))


def _text(value: Any) -> str:
    return " vs ".join(map(str, value)) if isinstance(value, list) else str(value)


def _holm_scale(tests: int) -> float:
    """How much wider the caught shift is at Holm's strictest level than at 5%."""
    power = float(norm.ppf(POWER))
    return (float(norm.ppf(1 - ALPHA / (2 * tests))) + power) / (
        float(norm.ppf(1 - ALPHA / 2)) + power
    )


def _games_needed(row: Mapping[str, Any], strictest: float) -> int | None:
    """Games per cell to catch the measured lean (at least 1 point) with 80% power at Holm's
    strictest level, from the shift this run catches at 5% (``mde``): that shift shrinks as
    one over the root of the games. A lean not found clearly always needs more games than
    the run has, since its p exceeds Holm's strictest level."""
    if row["p_holm"] < ALPHA or math.isnan(row["mde"]) or not row["seeds"]:
        return None
    lean = max(abs(row["diff"]), SMALLEST_LEAN)
    games = row["seeds"] * (strictest * row["mde"] / lean) ** 2
    return int(math.ceil(games / 100) * 100)
