"""Turn-order advantage from the recorded start player (not from seat numbers).

Position 1 is the seat that took the game's first turn (``games.first_player``), position 2 the
next seat in turn order, and so on. In every game boardlab ships the first player is random per
game, so "seat 1" is not the first player. The estimate is stratified by line-up slot (a mean
over slots of each slot's rate), so a strong policy that happened to start more often cannot
pass for a turn-order effect, within a cell and pooled over cells alike. Pooled over cells that
replay the same seeds, games of one seed are one cluster
(:func:`analyses.stats.intervals.stratified_rate`).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import polars as pl
from scipy.stats import t as t_dist

from analyses.stats.intervals import holm, stratified_rate
from analyses.stats.power import rate_detectable


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
        rows += _position_block(part, n, conf, clustered=False, extra={"cell": cell})
    return pl.DataFrame(rows).sort("cell", "position") if rows else pl.DataFrame()


def pooled_first_player(
    games: pl.DataFrame, seats: pl.DataFrame, cells: Sequence[str], conf: float = 0.95
) -> pl.DataFrame:
    """Position rates pooled over ``cells`` (one line-up, one player count each), slot-stratified
    like the per-cell rates, with seed-clustered intervals (cells replay the same seeds)."""
    data = with_positions(games, seats).filter(pl.col("cell").is_in(list(cells)))
    rows = []
    for (n,), part in data.group_by(["n_players"], maintain_order=True):
        rows += _position_block(part, n, conf, clustered=True, extra={})
    return pl.DataFrame(rows) if rows else pl.DataFrame()


def _position_block(part: pl.DataFrame, n: int, conf: float, clustered: bool, extra: dict):
    """The rows of every position of one player count; Holm over the positions (not with two
    players, where "position 1 wins more" and "position 2 wins less" are one hypothesis)."""
    slot_rates = dict(part.group_by("slot").agg(pl.col("win_share").mean()).rows())
    key = "seed" if "seed" in part.columns else "game_index"
    by_position = part.partition_by("position", as_dict=True)
    block = [
        _position_row(by_position[(p,)], n, conf, slot_rates, key if clustered else None)
        for p in range(1, n + 1)
    ]
    adjusted = [r["p_value"] for r in block] if n == 2 else holm([r["p_value"] for r in block])
    return [
        {**extra, "n_players": n, "position": p, **row, "p_holm": float(adj)}
        for p, (row, adj) in enumerate(zip(block, adjusted, strict=True), start=1)
    ]


def _position_row(
    part: pl.DataFrame, n: int, conf: float, slot_rates: dict, cluster: str | None
) -> dict:
    """Slot-stratified rate of one position (a single-policy line-up has one stratum).

    Under "turn order does not matter" a slot wins from every position at its overall rate
    ``slot_rates[slot]``; those rates set the null standard error (a 93%-vs-7% line-up has
    far less room for chance than an even one). Pooled over cells, the null standard error
    keeps the observed design effect of the seeds.
    """
    fair = 1.0 / n
    slots = part["slot"].to_numpy() if part["policy"].n_unique() > 1 else np.zeros(part.height)
    clusters = part[cluster].to_numpy() if cluster else None
    est = stratified_rate(part["win_share"].to_numpy(), slots, clusters, conf)
    counts = np.unique(slots, return_counts=True)
    q = np.array([slot_rates[s] if len(counts[0]) > 1 else fair for s in counts[0]])
    se0 = float(np.sqrt(np.sum(q * (1 - q) / counts[1]))) / len(q)
    if cluster and est.binomial_se > 0 and est.se > est.binomial_se:  # seeds shared by cells
        se0 *= est.se / est.binomial_se
    p_value = _p_from_se(est.rate - fair, se0, est.df)
    extra = {"seeds": est.clusters, "cells": part["cell"].n_unique()} if cluster else {}
    return {
        "games": est.games,
        **extra,
        "rate": est.rate,
        "lo": est.lo,
        "hi": est.hi,
        "fair": fair,
        "diff": est.rate - fair,
        "p_value": p_value,
        "mde": rate_detectable(fair, se0),
    }


def _p_from_se(diff: float, se: float, df: float = float("inf")) -> float:
    return float(2 * t_dist.sf(abs(diff) / se, df)) if se > 0 else float("nan")
