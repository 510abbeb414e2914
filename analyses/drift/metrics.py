"""The balance signature a drift check monitors: per-game values and their tolerances.

Every metric turns one suite game into one number, so a check compares the baseline and the
current run game by game (same seed, same game index). A tolerance is the smallest shift that
matters to a designer: 3 win-rate points for rates and end-reason shares, 3% of the baseline
mean for lengths, scores and score margins.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import polars as pl

from simcore.core.errors import ConfigError

RATE_TOLERANCE = 0.03  # absolute, in win-share units (3 points)
RELATIVE_TOLERANCE = 0.03  # 3% of the baseline mean


@dataclass(frozen=True)
class Metric:
    """One monitored quantity of a check."""

    name: str
    describe: str
    relative: bool  # tolerance relative to the baseline mean (else absolute)
    extract: Callable[[pl.DataFrame], np.ndarray]  # per-game frame -> one value per game

    def tolerance(self, baseline_mean: float, override: float | None = None) -> float:
        """The smallest shift that matters, in the metric's units."""
        base = (
            override
            if override is not None
            else (RELATIVE_TOLERANCE if self.relative else RATE_TOLERANCE)
        )
        return base * max(abs(baseline_mean), 1e-9) if self.relative else base


def _col(name: str) -> Callable[[pl.DataFrame], np.ndarray]:
    def extract(frame: pl.DataFrame) -> np.ndarray:
        values = frame[name].cast(pl.Float64)
        if values.null_count():
            raise ConfigError(
                f"drift metric {name!r} needs a value in every game (does the "
                "game record its start player?)"
            )
        return values.to_numpy()

    return extract


def _end(reason: str) -> Callable[[pl.DataFrame], np.ndarray]:
    return lambda frame: (frame["ended_by"] == reason).cast(pl.Float64).to_numpy()


METRICS: dict[str, Metric] = {
    "slot0_win": Metric("slot0_win", "win share of the line-up's first policy", False,
                        _col("slot0_win")),
    "slot0_margin": Metric("slot0_margin", "score of the first policy minus the others' mean",
                           True, _col("slot0_margin")),
    "first_player_win": Metric("first_player_win", "win share of the player who started",
                               False, _col("first_player_win")),
    "turns": Metric("turns", "game length in turns", True, _col("turns")),
    "score": Metric("score", "mean score per seat", True, _col("score")),
}  # fmt: skip


def metric(name: str) -> Metric:
    """A metric by name; ``end:<reason>`` is the share of games that ended that way and
    ``seat:<column>`` the mean of a seat column over the seats (e.g. a score component)."""
    if name.startswith("seat:") and len(name) > 5:
        column = seat_column(name)
        return Metric(name, f"mean {name[5:]} per seat", True, _col(column))
    if name.startswith("end:") and len(name) > 4:
        reason = name[4:]
        return Metric(name, f"share of games ended by {reason!r}", False, _end(reason))
    if name not in METRICS:
        raise ConfigError(
            f"unknown drift metric {name!r}; known: {', '.join(METRICS)}, end:<reason>"
        )
    return METRICS[name]


def seat_column(name: str) -> str:
    """The per-game column a ``seat:<column>`` metric reads."""
    return "seat_" + name[5:]


def per_game(
    games: pl.DataFrame, seats: pl.DataFrame, seat_columns: tuple[str, ...] = ()
) -> pl.DataFrame:
    """One row per game: what every metric reads (sorted by game index); ``seat_columns``
    adds the per-game mean of those seat columns (``seat_<column>``)."""
    missing = [c for c in seat_columns if c not in seats.columns]
    if missing:
        raise ConfigError(
            f"drift metric seat:{missing[0]}: the game records no seat column {missing[0]!r}"
        )
    by_game = seats.group_by("game_index").agg(
        pl.col("win_share").filter(pl.col("slot") == 0).mean().alias("slot0_win"),
        pl.col("score").filter(pl.col("slot") == 0).mean().alias("slot0_score"),
        pl.col("score").filter(pl.col("slot") != 0).mean().alias("others"),
        pl.col("score").mean().alias("score"),
        *[pl.col(c).cast(pl.Float64).mean().alias(f"seat_{c}") for c in seat_columns],
    )
    if "first_player" not in games.columns:  # a game that does not record its start player
        games = games.with_columns(first_player=pl.lit(-1, dtype=pl.Int64))
    first = seats.join(games.select("game_index", "first_player"), on="game_index").filter(
        pl.col("seat") == pl.col("first_player")
    )
    first = first.group_by("game_index").agg(first_player_win=pl.col("win_share").first())
    cols = ["game_index", "seed", "rotation", "turns", "ended_by", "first_player"]
    return (
        games.select(cols)
        .join(by_game, on="game_index")
        .join(first, on="game_index", how="left")
        .with_columns(slot0_margin=pl.col("slot0_score") - pl.col("others"))
        .drop("slot0_score", "others")
        .sort("game_index")
    )
