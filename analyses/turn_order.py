"""Turn-order advantage from the recorded start player (not from seat numbers).

Position 1 is the seat that took the game's first turn (``games.first_player``), position 2 the
next seat in turn order, and so on. In every game boardlab ships the first player is random per
game, so "seat 1" is not the first player. Within one cell the estimate is stratified by line-up
slot (a mean over slots of each slot's rate), so a strong policy that happened to start more
often cannot pass for a turn-order effect. Pooled over cells that replay the same seeds, games
of one seed are one cluster (:func:`analyses.stats.clustered_rate`).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import polars as pl
from scipy.stats import norm

from analyses.stats import clustered_rate, detectable_difference, holm, wilson_interval


def with_positions(games: pl.DataFrame, seats: pl.DataFrame) -> pl.DataFrame:
    """Seats with ``position`` (1 = first player), ``n_players`` and ``seed`` from the games."""
    if "first_player" not in games.columns:
        raise ValueError(
            "this run has no first_player column (made before start players were recorded): "
            "turn-order advantage cannot be measured from seat numbers"
        )
    wanted = ("cell", "game_index", "first_player", "n_players", "seed")
    cols = [c for c in wanted if c in games.columns]
    joined = seats.join(games.select(cols), on=["cell", "game_index"], how="inner")
    return joined.with_columns(
        position=(pl.col("seat") - pl.col("first_player")) % pl.col("n_players") + 1
    )


def first_player_advantage(
    games: pl.DataFrame, seats: pl.DataFrame, cells: Sequence[str] | None = None, conf: float = 0.95
) -> pl.DataFrame:
    """Per cell and turn-order position: win share, 95% interval, test against 1/n (Holm over
    the positions of a cell) and ``mde``, the smallest shift the test would catch (80% power)."""
    data = with_positions(games, seats)
    if cells is not None:
        data = data.filter(pl.col("cell").is_in(list(cells)))
    rows = []
    for (cell, n), part in data.group_by(["cell", "n_players"], maintain_order=True):
        by_position = part.partition_by("position", as_dict=True)
        slot_rates = dict(part.group_by("slot").agg(pl.col("win_share").mean()).rows())
        block = [_position_row(by_position[(p,)], n, conf, slot_rates) for p in range(1, n + 1)]
        adjusted = [r["p_value"] for r in block] if n == 2 else holm([r["p_value"] for r in block])
        for p, (row, adj) in enumerate(zip(block, adjusted, strict=True), start=1):
            rows.append({"cell": cell, "n_players": n, "position": p, **row, "p_holm": float(adj)})
    return pl.DataFrame(rows).sort("cell", "position") if rows else pl.DataFrame()


def _position_row(part: pl.DataFrame, n: int, conf: float, slot_rates: dict) -> dict:
    """Slot-stratified rate of one position in one cell.

    Under "turn order does not matter" a slot wins from every position at its overall rate
    ``slot_rates[slot]``; those rates set the null standard error (a 93%-vs-7% line-up has
    far less room for chance than an even one).
    """
    fair = 1.0 / n
    strata = part.group_by("slot").agg(wins=pl.col("win_share").sum(), games=pl.len())
    wins, count = strata["wins"].to_numpy(), strata["games"].to_numpy().astype(float)
    q = np.array([slot_rates[s] for s in strata["slot"]])
    k = len(count)
    games = int(count.sum())
    se0 = float(np.sqrt(np.sum(q * (1 - q) / count)) / k)
    if part["policy"].n_unique() <= 1 or k == 1:
        rate = float(wins.sum() / count.sum())
        lo, hi = wilson_interval(wins.sum(), count.sum(), conf)
        se0 = float(np.sqrt(fair * (1 - fair) / count.sum()))
    else:  # mixed line-up: average the slots' rates, each slot equally
        rates = wins / count
        rate = float(rates.mean())
        se = float(np.sqrt(np.sum(rates * (1 - rates) / count)) / k)
        z = float(norm.ppf(0.5 + conf / 2))
        lo, hi = max(0.0, rate - z * se), min(1.0, rate + z * se)
    p_value = _p_from_se(rate - fair, se0)
    return {"games": games, "rate": rate, "lo": lo, "hi": hi, "fair": fair,
            "diff": rate - fair, "p_value": p_value, "mde": detectable_difference(se0)}  # fmt: skip


def pooled_first_player(
    games: pl.DataFrame, seats: pl.DataFrame, cells: Sequence[str], conf: float = 0.95
) -> pl.DataFrame:
    """Position rates pooled over ``cells`` (one player count each), seed-clustered intervals."""
    data = with_positions(games, seats).filter(pl.col("cell").is_in(list(cells)))
    key = "seed" if "seed" in data.columns else "game_index"
    rows = []
    for (n,), part in data.group_by(["n_players"], maintain_order=True):
        fair = 1.0 / n
        for p in range(1, n + 1):
            sub = part.filter(pl.col("position") == p)
            shares = sub["win_share"].to_numpy()
            est = clustered_rate(shares, np.ones(len(shares)), sub[key].to_numpy(), conf)
            rows.append({"n_players": n, "position": p, "games": est.n, "seeds": est.clusters,
                         "cells": sub["cell"].n_unique(), "rate": est.rate, "lo": est.lo,
                         "hi": est.hi, "fair": fair, "diff": est.rate - fair,
                         "p_value": _p_from_se(est.rate - fair, est.se),
                         "mde": detectable_difference(est.se)})  # fmt: skip
    return pl.DataFrame(rows) if rows else pl.DataFrame()


def _p_from_se(diff: float, se: float) -> float:
    return float(2 * norm.sf(abs(diff) / se)) if se > 0 else float("nan")
