"""Cells whose games cannot carry a conclusion: saturated, stalled or constant.

A heuristic that beats random play in every game says nothing about seats; games that all end
at a safety cap say nothing about game length; an outcome that never varies has no interval.
Reports flag such cells in the summary and leave them out of seat, turn-order and length
conclusions.
"""

from __future__ import annotations

from typing import cast

import polars as pl

SATURATION = 0.98  # a policy winning at least this share of a mixed cell's games saturates it
STALL_SHARE = 0.5  # a cell where at least this share of games hit a safety cap is stalled
STALL_REASONS = frozenset({"stall", "round_limit"})  # ``ended_by`` of the games' safety caps


def cell_flags(games: pl.DataFrame, seats: pl.DataFrame) -> pl.DataFrame:
    """One row per cell: ``saturated``, ``stalled``, ``constant_length``, ``constant_scores``,
    ``degenerate`` (any of them), ``reason`` (plain words, empty when none) and which
    conclusions the cell is left out of: ``seat_excluded`` (turn order and seats) and
    ``length_excluded`` (game length)."""
    rows = []
    for (cell,), part in games.group_by(["cell"], maintain_order=True):
        cell_seats = seats.filter(pl.col("cell") == cell)
        saturated = _saturation(cell_seats)
        stall = float(cast(float, part["ended_by"].is_in(list(STALL_REASONS)).mean()))
        constant_length = part["turns"].n_unique() == 1 and part.height > 1
        constant_scores = cell_seats["score"].n_unique() == 1 and part.height > 1
        reasons = []
        if saturated:
            reasons.append(saturated)
        if stall >= STALL_SHARE:
            reasons.append(f"{100 * stall:.0f}% of games stopped at a safety cap")
        if constant_length:
            reasons.append(f"every game lasts {part['turns'][0]} turns")
        if constant_scores:
            reasons.append(f"every seat scores {cell_seats['score'][0]:g} in every game")
        stalled = stall >= STALL_SHARE
        rows.append(
            {
                "cell": cell,
                "games": part.height,
                "saturated": bool(saturated),
                "stall_share": stall,
                "stalled": stalled,
                "constant_length": constant_length,
                "constant_scores": constant_scores,
                "degenerate": bool(reasons),
                "reason": "; ".join(reasons),
                "seat_excluded": bool(saturated) or stalled or constant_scores,
                "length_excluded": stalled or constant_length,
            }
        )
    return pl.DataFrame(rows) if rows else pl.DataFrame(schema={"cell": pl.Utf8})


def _saturation(seats: pl.DataFrame) -> str:
    """Words naming a policy that (nearly) always wins a mixed line-up, else ``""``."""
    if seats["policy"].n_unique() < 2:
        return ""
    per_game = seats.group_by("policy", "game_index").agg(pl.col("win_share").mean())
    rates = per_game.group_by("policy").agg(pl.col("win_share").mean()).sort("policy")
    for policy, rate in rates.rows():
        if rate >= SATURATION:
            return f"{policy} wins {100 * rate:.1f}% of games (saturated)"
    return ""


def usable_cells(flags: pl.DataFrame, *, for_length: bool = False) -> list[str]:
    """Cells that may enter seat / turn-order conclusions (or length ones with ``for_length``)."""
    if flags.is_empty():
        return []
    bad = pl.col("length_excluded" if for_length else "seat_excluded")
    return flags.filter(~bad)["cell"].to_list()
