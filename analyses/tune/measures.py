"""A candidate's measures, with intervals, from its games and seats tables (in memory).

The tables hold one baseline cell (the line-up as given) and, for measures with items, one
cell per item in which slot 0 may not use it; the same ``game_index`` replays the same seed in
every cell, so an item's worth is a paired difference per game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np
import polars as pl
from scipy import stats as sps

from analyses.tune.targets import Target

BASE = "c000"  # the baseline cell of every candidate's config


@dataclass(frozen=True)
class Estimate:
    """One measured value of a target (an item of it, or ``""``) with its interval."""

    item: str
    value: float
    lo: float
    hi: float
    n: int


def mean_interval(x: np.ndarray, conf: float) -> tuple[float, float, float]:
    """Mean and t interval of ``x`` (a point when it has one value or no spread)."""
    n = len(x)
    m = float(np.mean(x)) if n else float("nan")
    sd = float(np.std(x, ddof=1)) if n > 1 else 0.0
    if n < 2 or sd == 0.0:
        return m, m, m
    half = float(sps.t.ppf(0.5 + conf / 2, n - 1)) * sd / np.sqrt(n)
    return m, m - half, m + half


def per_game(
    target: Target, games: pl.DataFrame, seats: pl.DataFrame, cells: Mapping[str, str], item: str
) -> pl.DataFrame:
    """``game_index``, ``value``: the target's per-game quantity (whose mean is the measure);
    not defined for ``value_set_share`` (a ratio)."""
    base_seats = seats.filter(pl.col("cell") == BASE)
    if target.measure == "mean_turns":
        g = games.filter(pl.col("cell") == BASE)
        return g.select("game_index", value=pl.col("turns").cast(pl.Float64)).sort("game_index")
    if target.measure == "win_rate":
        return _slot0(base_seats)
    if target.measure == "first_player_advantage":
        g = games.filter(pl.col("cell") == BASE).select("game_index", "first_player", "n_players")
        s = base_seats.join(g, on="game_index").filter(pl.col("seat") == pl.col("first_player"))
        return s.select(
            "game_index", value=100.0 * (pl.col("win_share") - 1.0 / pl.col("n_players"))
        ).sort("game_index")
    if target.measure in ("effect_worth", "section_worth"):
        other = seats.filter(pl.col("cell") == cells[item])
        a, b = _slot0(base_seats), _slot0(other)
        joined = a.join(b, on="game_index", suffix="_r")
        return joined.select("game_index", value=pl.col("value") - pl.col("value_r"))
    raise ValueError(f"{target.measure} has no per-game value")


def _slot0(seats: pl.DataFrame) -> pl.DataFrame:
    s = seats.filter(pl.col("slot") == 0)
    return s.select("game_index", value=100.0 * pl.col("win_share").cast(pl.Float64)).sort(
        "game_index"
    )


def estimate(
    target: Target,
    games: pl.DataFrame,
    seats: pl.DataFrame,
    cells: Mapping[str, str],
    conf: float,
) -> list[Estimate]:
    """The target's estimate (one per item) with ``conf`` intervals."""
    if target.measure == "value_set_share":
        return [_share(seats.filter(pl.col("cell") == BASE), conf)]
    out = []
    for item in target.items or ("",):
        x = per_game(target, games, seats, cells, item)["value"].to_numpy()
        m, lo, hi = mean_interval(x, conf)
        out.append(Estimate(item, m, lo, hi, len(x)))
    return out


def _share(seats: pl.DataFrame, conf: float) -> Estimate:
    """Share of points from value sets (ratio of sums, delta-method interval over games)."""
    per = seats.group_by("game_index").agg(
        v=pl.col("pts_value_sets").cast(pl.Float64).sum(), s=pl.col("score").sum()
    )
    v, s = per["v"].to_numpy(), per["s"].to_numpy()
    n = len(v)
    if n == 0 or s.sum() == 0:
        return Estimate("", float("nan"), float("nan"), float("nan"), n)
    r = v.sum() / s.sum()
    resid = (v - r * s) / s.mean()
    se = float(np.std(resid, ddof=1) / np.sqrt(n)) if n > 1 else 0.0
    half = float(sps.norm.ppf(0.5 + conf / 2)) * se
    return Estimate("", 100 * r, 100 * (r - half), 100 * (r + half), n)


def miss(target: Target, estimates: list[Estimate]) -> float:
    """How far the target is missed: summed over items, by the point estimates."""
    return float(sum(target.miss(e.value) for e in estimates))
