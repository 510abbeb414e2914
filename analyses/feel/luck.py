"""How much of the outcome the deal decides, and how often the weaker player wins.

*Luck share*: the cells of a run replay the same seeds (common random numbers), so one seed
is played by several line-ups. A seat's result (its win share) minus the mean result of its
policy at that seat in that line-up is what the line-up does not explain; the luck share is
the intraclass correlation of that residual across the line-ups that played the same seed
(one-way ANOVA, groups = (seed, seat), ICC(1) clipped to [0, 1]): 1 when the deal alone decides
who wins, 0 when nothing about the seed moves the result. Policy streams are drawn from the
game seed, so a random policy's dice count as luck. It needs at least two cells with the same
player count; the interval resamples seeds (bootstrap, percentile).

*Weaker wins*: over every pair of seats in a game whose policies differ in strength (the skill
ladder random < greedy < heuristic < mcts, then by MCTS iterations), the share of pairs in
which the weaker seat ends with the larger win share (equal shares count half). With two
players that is the weaker player's win rate.
"""

from __future__ import annotations

from typing import Final, TypedDict

import numpy as np
import polars as pl

from analyses.stats.intervals import clustered_rate

BOOTSTRAP: Final = 400
SEED: Final = 2024


def strength(spec: str) -> tuple[float, int]:
    """Ladder position of a policy spec: family rank, then MCTS iterations."""
    from analyses.studies.ladder import mcts_budget
    from strategies.ladder import rank

    try:
        budget = mcts_budget(spec)
    except Exception:  # a spec the registry cannot parse still has a family rank
        budget = None
    return rank(spec), budget[1] if budget else 0


def _residuals(seats: pl.DataFrame) -> pl.DataFrame:
    """Per (cell, game, seat): the win share minus its (cell, slot, rotation) mean."""
    games_rot = ["cell", "slot", "seat"]
    return seats.with_columns(
        resid=pl.col("win_share") - pl.col("win_share").mean().over(games_rot)
    ).select("cell", "game_index", "seat", "resid")


def icc(values: np.ndarray) -> float:
    """ICC(1) of a (groups x members) array, clipped to [0, 1]; 0 without any variance."""
    g, k = values.shape
    if g < 2 or k < 2:
        return float("nan")
    means = values.mean(axis=1)
    msb = k * float(np.sum((means - values.mean()) ** 2)) / (g - 1)
    msw = float(np.sum((values - means[:, None]) ** 2)) / (g * (k - 1))
    if msb + (k - 1) * msw <= 0:
        return 0.0
    return float(min(1.0, max(0.0, (msb - msw) / (msb + (k - 1) * msw))))


def luck_matrix(seats: pl.DataFrame) -> tuple[np.ndarray, np.ndarray] | None:
    """(groups x cells residual array, the seed of each group) over the cells of the most
    common player count; None with fewer than two such cells."""
    n_of = seats.group_by("cell").agg(n=pl.col("seat").n_unique())
    count = n_of.group_by("n").len().sort(["len", "n"], descending=True)
    if count.is_empty() or count["len"][0] < 2:
        return None
    cells = n_of.filter(pl.col("n") == count["n"][0])["cell"].sort().to_list()
    res = _residuals(seats.filter(pl.col("cell").is_in(cells)))
    wide = res.pivot(on="cell", index=["game_index", "seat"], values="resid").drop_nulls()
    if wide.height < 2:
        return None
    return wide.select(cells).to_numpy(), wide["game_index"].to_numpy()


class Estimate(TypedDict):
    """An estimate with its 95% interval and its count (``tables.row``'s keyword arguments)."""

    estimate: float
    lo: float
    hi: float
    n: int


def luck_share(seats: pl.DataFrame, resamples: int = BOOTSTRAP) -> Estimate:
    """Luck share with a seed-bootstrap 95% interval (``estimate``, ``lo``, ``hi``, ``n``)."""
    found = luck_matrix(seats)
    nan = float("nan")
    if found is None:
        return {"estimate": nan, "lo": nan, "hi": nan, "n": 0}
    values, seeds = found
    est = icc(values)
    uniq, idx = np.unique(seeds, return_inverse=True)
    members = [np.flatnonzero(idx == j) for j in range(len(uniq))]
    rng = np.random.default_rng(SEED)
    boots = []
    for _ in range(resamples):
        pick = rng.integers(0, len(uniq), len(uniq))
        boots.append(icc(values[np.concatenate([members[j] for j in pick])]))
    lo, hi = np.nanquantile(boots, [0.025, 0.975]) if boots else (nan, nan)
    return {"estimate": est, "lo": float(lo), "hi": float(hi), "n": len(uniq)}


def weaker_pairs(seats: pl.DataFrame) -> pl.DataFrame:
    """Per game and pair of seats of unequal strength: ``weaker_ahead`` (1, 0.5 or 0)."""
    keyed = seats.select("cell", "game_index", "seat", "policy", "win_share")
    specs = keyed["policy"].unique().to_list()
    levels = sorted({strength(s) for s in specs})
    ranks = pl.DataFrame(
        {"policy": specs, "strength": [levels.index(strength(s)) for s in specs]},
        schema={"policy": pl.String, "strength": pl.Int64},
    )
    keyed = keyed.join(ranks, on="policy")
    pairs = keyed.join(keyed, on=["cell", "game_index"], suffix="_s").filter(
        pl.col("strength") < pl.col("strength_s")
    )
    ahead = (pl.col("win_share") > pl.col("win_share_s")).cast(pl.Float64) + 0.5 * (
        pl.col("win_share") == pl.col("win_share_s")
    ).cast(pl.Float64)
    return pairs.select("cell", "game_index", weaker_ahead=ahead)


def weaker_wins(seats: pl.DataFrame) -> Estimate:
    """How often the weaker player comes out ahead, seed-clustered 95% interval."""
    pairs = weaker_pairs(seats)
    nan = float("nan")
    if pairs.height < 2:
        return {"estimate": nan, "lo": nan, "hi": nan, "n": pairs.height}
    est = clustered_rate(
        pairs["weaker_ahead"].to_numpy(), np.ones(pairs.height), pairs["game_index"].to_numpy()
    )
    return {"estimate": est.rate, "lo": est.lo, "hi": est.hi, "n": est.clusters}
