"""How much of the outcome the deal decides, and how often the weaker player wins.

*Luck share*: a property of the game and of a declared range of players, from a crossed
design made for it: the same seeds (common random numbers) played by each of ``L`` line-ups
drawn from the skill ladder (``boardlab feel`` plays all heuristic; greedy + heuristic;
random + heuristic). For each slot ``k`` of the line-ups (the k-th player of each), its win
share in game ``g`` under line-up ``l`` is split, two-way ANOVA without replication, into a
line-up part ``a_l`` (who plays: skill), a seed part ``b_g`` (the deal: luck all line-ups
share) and the rest ``e_gl`` (the deal meeting these players: luck too, including the seat a
rotation gives). With the line-ups fixed and the seeds random,

    luck share = (var(b) + var(e)) / (var(a) + var(b) + var(e)),   var(a) = sum(a_l^2) / L,

the components estimated from their mean squares (``components``), pooled over slots, each
clipped at 0. A coin-flip game reads 1, a deterministic race 0. Its interval resamples seeds
(bootstrap, percentile); ``tests/analyses/feel/test_luck_components.py`` checks it recovers
planted shares. Cells whose per-game results are the same (a line-up listed twice, or two
specs that play alike in 99% of games) count once, so duplicating a cell changes nothing;
the report names the line-ups that span the range.

This is the variance-decomposition reading of Duersch, Lambrecht and Oechssler (2020,
"Measuring skill and chance in games", European Economic Review 127): skill is what the
players explain of the outcome, chance the rest; they take players from a population with
observed ratings, here they are the declared ladder rungs, so the share is for that range.

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


SAME: Final = 0.99  # two cells whose results agree in this share of games are one line-up


class Estimate(TypedDict):
    """An estimate with its 95% interval and its count (``tables.row``'s keyword arguments)."""

    estimate: float
    lo: float
    hi: float
    n: int


def components(table: np.ndarray) -> tuple[float, float, float]:
    """``(var(a), var(b), var(e))`` of a (seeds x line-ups) table: line-ups fixed (their
    effects' mean square), seeds random, from the two-way ANOVA mean squares; each >= 0."""
    g, n_l = table.shape
    if n_l == 1:  # every line-up played alike: the players explain nothing
        return 0.0, float(np.var(table[:, 0], ddof=1)), 0.0
    grand = float(table.mean())
    rows, cols = table.mean(axis=1), table.mean(axis=0)
    ms_e = float(np.sum((table - rows[:, None] - cols[None, :] + grand) ** 2)) / (
        (g - 1) * (n_l - 1)
    )
    ms_g = n_l * float(np.sum((rows - grand) ** 2)) / (g - 1)
    ms_l = g * float(np.sum((cols - grand) ** 2)) / (n_l - 1)
    var_a = max(0.0, (ms_l - ms_e) / g) * (n_l - 1) / n_l
    var_b = max(0.0, (ms_g - ms_e) / n_l)
    return var_a, var_b, ms_e


def share_of_luck(tables: list[np.ndarray]) -> float:
    """Luck share pooled over slots (one seeds x line-ups table each); NaN without variance."""
    parts = np.array([components(t) for t in tables])
    total = float(parts.sum())
    return float(parts[:, 1:].sum() / total) if total > 0 else float("nan")


def lineup_tables(seats: pl.DataFrame) -> tuple[list[np.ndarray], list[str]] | None:
    """Per slot a (seeds x line-ups) table of win shares over the distinct line-ups of the
    most common player count, and the line-ups' names; None with fewer than two cells."""
    n_of = seats.group_by("cell").agg(n=pl.col("seat").n_unique())
    count = n_of.group_by("n").len().sort(["len", "n"], descending=True)
    if count.is_empty() or count["len"][0] < 2:
        return None
    cells = n_of.filter(pl.col("n") == count["n"][0])["cell"].sort().to_list()
    part = seats.filter(pl.col("cell").is_in(cells))
    wide = part.pivot(on="cell", index=["game_index", "slot"], values="win_share").drop_nulls()
    kept = _distinct(wide, cells)
    if wide["game_index"].n_unique() < 3:
        return None
    tables = [
        wide.filter(pl.col("slot") == k).sort("game_index").select(kept).to_numpy()
        for k in sorted(wide["slot"].unique().to_list())
    ]
    return tables, [_lineup_name(part, c) for c in kept]


def _distinct(wide: pl.DataFrame, cells: list[str]) -> list[str]:
    """The cells whose results differ from every earlier kept one in more than 1% of rows
    (one left when every line-up plays alike: then the players explain nothing)."""
    kept: list[str] = []
    for c in cells:
        if all(_agreement(wide[c].to_numpy(), wide[k].to_numpy()) < SAME for k in kept):
            kept.append(c)
    return kept


def _agreement(a: np.ndarray, b: np.ndarray) -> float:
    """Share of rows where two cells' results are the same."""
    return float(np.mean(a == b))


def _lineup_name(seats: pl.DataFrame, cell: str) -> str:
    """'greedy + heuristic x2': a cell's players, each with its count."""
    rows = seats.filter(pl.col("cell") == cell).select("slot", "policy").unique().sort("slot")
    counts: dict[str, int] = {}
    for spec in rows["policy"].to_list():
        counts[spec] = counts.get(spec, 0) + 1
    return " + ".join(f"{s} x{k}" if k > 1 else s for s, k in counts.items())


def luck_share(seats: pl.DataFrame, resamples: int = BOOTSTRAP) -> Estimate:
    """Luck share with a seed-bootstrap 95% interval (``estimate``, ``lo``, ``hi``, ``n``)."""
    found = lineup_tables(seats)
    nan = float("nan")
    if found is None:
        return {"estimate": nan, "lo": nan, "hi": nan, "n": 0}
    tables, _ = found
    est = share_of_luck(tables)
    rng = np.random.default_rng(SEED)
    g = tables[0].shape[0]
    boots = [share_of_luck([t[pick] for t in tables]) for pick in _picks(rng, g, resamples)]
    lo, hi = np.nanquantile(boots, [0.025, 0.975]) if boots else (nan, nan)
    return {"estimate": est, "lo": float(lo), "hi": float(hi), "n": g}


def luck_lineups(seats: pl.DataFrame) -> list[str]:
    """The distinct line-ups the luck share is measured over (the declared range)."""
    found = lineup_tables(seats)
    return found[1] if found else []


def _picks(rng: np.random.Generator, g: int, resamples: int) -> list[np.ndarray]:
    return [rng.integers(0, g, g) for _ in range(resamples)]


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
