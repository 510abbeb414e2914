"""Restricted-play (ablation) analysis for any game: what an action class is worth to a seat.

Every cell whose line-up forbids action classes to one slot is paired with its baseline: the
cell with the same players, the same rule parameters and the same line-up without that
restriction. Game i of both replays seed i, so the comparison is per game (paired). The
*worth* of a class is baseline minus restricted outcome of the restricted slot: +5 points of
win rate means the slot drops from, say, 50% to 45% when it may not use the class.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

import polars as pl

from analyses.stats import paired
from strategies.base import parse_spec
from strategies.restricted import parse_class

OUTCOMES = ("win_share", "score")


@dataclass(frozen=True)
class AblationPair:
    """A restricted cell, its baseline cell, the restricted slot and what it may not do."""

    cell: str
    baseline: str
    slot: int
    classes: tuple[str, ...]
    players: int


def split_forbid(spec: str) -> tuple[str, list[str]]:
    """``"heuristic:style=x,forbid=a+b"`` → (``"heuristic:style=x"``, ["a", "b"])."""
    name, options = parse_spec(spec)
    forbid = options.pop("forbid", None)
    rest = ",".join(f"{k}={v}" for k, v in options.items())
    base = f"{name}:{rest}" if rest else name
    return base, (str(forbid).split("+") if forbid else [])


def ablation_pairs(manifest: Mapping[str, Any]) -> list[AblationPair]:
    """Restricted cells with their baselines (cells restricting several slots are skipped)."""
    cells = manifest.get("cells", [])
    index: dict[tuple, str] = {}
    for c in cells:
        specs = [split_forbid(p) for p in c.get("policies", [])]
        if not any(f for _, f in specs):
            key = (c.get("players"), c.get("params_hash"), tuple(b for b, _ in specs))
            index.setdefault(key, c["cell"])
    out = []
    for c in cells:
        specs = [split_forbid(p) for p in c.get("policies", [])]
        restricted = [(i, f) for i, (_, f) in enumerate(specs) if f]
        if len(restricted) != 1:
            continue
        key = (c.get("players"), c.get("params_hash"), tuple(b for b, _ in specs))
        if key in index:
            slot, classes = restricted[0]
            players = len(c["policies"])
            out.append(AblationPair(c["cell"], index[key], slot, tuple(classes), players))
    return out


def ablation(
    seats: pl.DataFrame,
    manifest: Mapping[str, Any],
    outcomes: Sequence[str] = OUTCOMES,
    n_resamples: int = 1000,
) -> pl.DataFrame:
    """One row per (restricted cell, outcome): worth (baseline − restricted) of the restricted
    slot's outcome with a paired 95% interval, Holm within each outcome family, the detectable
    worth (80% power at Holm's strictest level) and the slot's forced violations per game."""
    pairs = ablation_pairs(manifest)
    frames = []
    for k, outcome in enumerate(outcomes):
        rows = []
        for i, pair in enumerate(pairs):
            values = paired.seat_outcome(seats, outcome, slot=pair.slot)
            row = paired.paired_comparison(
                values, pair.cell, pair.baseline, n_resamples=n_resamples, seed=1000 * k + i
            )
            rows.append(row.with_columns(**_describe(pair), outcome=pl.lit(outcome)))
        if rows:
            # restricted → baseline as b − a: already "baseline − restricted"
            frames.append(paired.test_family(pl.concat(rows)))
    if not frames:
        return pl.DataFrame()
    table = pl.concat(frames).rename(
        {
            "cell_a": "cell",
            "cell_b": "baseline",
            "diff": "worth",
            "lo": "worth_lo",
            "hi": "worth_hi",
        }
    )
    return table.join(_forced(seats, pairs), on="cell", how="left")


def _describe(pair: AblationPair) -> dict[str, pl.Expr]:
    windows = [parse_class(c) for c in pair.classes]
    rounds = "; ".join(f"{lo}-{hi}" if lo != hi else str(lo) for _, lo, hi in windows if lo)
    return {
        "slot": pl.lit(pair.slot),
        "players": pl.lit(pair.players),
        "restriction": pl.lit("+".join(pair.classes)),
        "classes": pl.lit("+".join(name for name, _, _ in windows)),
        "rounds": pl.lit(rounds or "all"),
    }


def _forced(seats: pl.DataFrame, pairs: list[AblationPair]) -> pl.DataFrame:
    """Mean forced violations per game of each restricted slot."""
    rows = []
    for pair in pairs:
        part = seats.filter((pl.col("cell") == pair.cell) & (pl.col("slot") == pair.slot))
        has = "forced_moves" in part.columns
        mean = float(cast(float, part["forced_moves"].mean())) if has else None
        rows.append({"cell": pair.cell, "forced_per_game": mean})
    return pl.DataFrame(rows, schema={"cell": pl.Utf8, "forced_per_game": pl.Float64})


def per_game_worth(
    seats: pl.DataFrame, manifest: Mapping[str, Any], outcome: str = "win_share"
) -> dict[str, dict[int, float]]:
    """Restricted cell → {game index: baseline − restricted outcome of the restricted slot}:
    the per-game worths behind :func:`ablation`, for paired comparisons between restrictions."""
    out = {}
    for pair in ablation_pairs(manifest):
        values = paired.seat_outcome(seats, outcome, slot=pair.slot)
        base = values.filter(pl.col("cell") == pair.baseline).select("game_index", "value")
        cut = values.filter(pl.col("cell") == pair.cell).select("game_index", "value")
        joined = base.join(cut, on="game_index", suffix="_r")
        worth = (joined["value"] - joined["value_r"]).to_list()
        out[pair.cell] = dict(zip(joined["game_index"].to_list(), worth, strict=True))
    return out


def restriction_words(classes: Sequence[str], describe: Callable[[str], str] = str) -> str:
    """``("place/S1@round1-2",)`` -> "place/S1 in rounds 1–2" (``describe`` names a class by
    what it offers, e.g. its content text)."""
    parts = []
    for name, lo, hi in map(parse_class, classes):
        window = "" if not lo else f" in round {lo}" if lo == hi else f" in rounds {lo}–{hi}"
        parts.append(f"{describe(name)}{window}")
    return " + ".join(parts)
