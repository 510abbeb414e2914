"""Pairwise policy win-rate matrix and Bradley-Terry ratings.

Each game is broken into pairwise comparisons between seats held by *different* policies: the
better-placed seat wins the comparison, equal places are a tie worth half a win to each side
(the usual convention; a Davidson tie model would be the refinement). The place is the rank
on score, except that a tie for first which the rules' tie-break decided goes to its winner,
as the win shares do (else a pair's head-to-head rate and its win rate would disagree). The
comparisons of one game, and the games that replay one seed in several cells, are correlated:
head-to-head intervals and perfect-record bounds take the seed as the unit.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import polars as pl
from scipy.sparse.csgraph import connected_components
from scipy.stats import norm

from analyses.stats.intervals import clustered_rate
from analyses.stats.runs import Source, as_lazy, require_columns
from analyses.studies.common import game_keys

ELO = 400.0 / np.log(10.0)  # Elo points per unit of log-strength


def with_places(seats: pl.LazyFrame) -> pl.LazyFrame:
    """``seats`` with a ``place`` to compare like ``rank`` (lower is better): 2·rank, one less
    for the seat a tie-break made the winner among those tied for first (older runs without
    ``tiebreak``: 2·rank)."""
    place = 2 * pl.col("rank")
    if "tiebreak" in seats.collect_schema().names():
        place = place - (pl.col("tiebreak") == 1).cast(pl.Int64)
    return seats.with_columns(place.alias("place"))


def _pairs_per_seed(source: Source) -> pl.DataFrame:
    """Ordered pairs (``policy``, ``opponent``) per seed: comparisons, wins (ties half), ties.

    Game i of every cell replays seed i (of its run), so a seed's games form one cluster.
    """
    seats = as_lazy(source, "seats")
    require_columns(seats, ("cell", "game_index", "seat", "policy", "rank"), "pairwise matrix")
    keys = game_keys(seats)
    seed = [k for k in keys if k != "cell"]
    left = with_places(seats).select(*keys, "seat", "policy", "place")
    pairs = left.join(left, on=keys, suffix="_o").filter(pl.col("policy") != pl.col("policy_o"))
    return (
        pairs.group_by("policy", "policy_o", *seed)
        .agg(
            comparisons=pl.len(),
            wins=(pl.col("place") < pl.col("place_o")).sum().cast(pl.Float64)
            + 0.5 * (pl.col("place") == pl.col("place_o")).sum(),
            ties=(pl.col("place") == pl.col("place_o")).sum(),
        )
        .rename({"policy_o": "opponent"})
        .collect()
    )


def pairwise_results(source: Source) -> pl.DataFrame:
    """Ordered pairs (``policy``, ``opponent``): comparisons, wins (ties count half), ties and
    ``seeds``, the number of seeds in which the pair met (the independent units)."""
    return (
        _pairs_per_seed(source)
        .group_by("policy", "opponent")
        .agg(pl.col("comparisons", "wins", "ties").sum(), seeds=pl.len())
        .sort("policy", "opponent")
    )


def win_matrix(source: Source, conf: float = 0.95) -> pl.DataFrame:
    """Tidy pairwise win-rate matrix: rate of ``policy`` against ``opponent`` with a
    seed-clustered interval (the comparisons of one game, and the games of one seed across
    cells, are correlated: :func:`analyses.stats.intervals.clustered_rate`)."""
    per_seed = _pairs_per_seed(source)
    rows = []
    for (pol, opp), part in per_seed.group_by(["policy", "opponent"], maintain_order=True):
        wins, n = part["wins"].to_numpy(), part["comparisons"].to_numpy()
        est = clustered_rate(wins, n, np.arange(part.height), conf)
        rows.append(
            {
                "policy": pol,
                "opponent": opp,
                "comparisons": int(n.sum()),
                "wins": float(wins.sum()),
                "ties": int(part["ties"].sum()),
                "seeds": part.height,
                "rate": est.rate,
                "lo": est.lo,
                "hi": est.hi,
            }
        )
    schema = {
        "policy": pl.String,
        "opponent": pl.String,
        "comparisons": pl.Int64,
        "wins": pl.Float64,
        "ties": pl.Int64,
        "seeds": pl.Int64,
        "rate": pl.Float64,
        "lo": pl.Float64,
        "hi": pl.Float64,
    }
    return pl.DataFrame(rows, schema=schema).sort("policy", "opponent")


@dataclass(frozen=True)
class BTFit:
    """Bradley-Terry fit: log-strengths (sum zero), their standard errors, iterations used."""

    theta: np.ndarray
    se: np.ndarray
    iterations: int


def bradley_terry(
    wins: np.ndarray, prior: float = 1.0, tol: float = 1e-10, max_iter: int = 100_000
) -> BTFit:
    """Fit Bradley-Terry by Hunter's MM algorithm; ``wins[i, j]`` = wins of i over j.

    ``prior`` adds that many virtual comparisons, split evenly, to every pair that actually
    met, which keeps strengths finite when a policy never lost. With ``prior=0`` the MLE must
    exist (the win graph strongly connected), else ValueError.
    """
    w = np.asarray(wins, dtype=float)
    k = w.shape[0]
    if w.shape != (k, k) or (w < 0).any():
        raise ValueError("wins must be a square non-negative matrix")
    met = (w + w.T) > 0
    np.fill_diagonal(met, False)
    if connected_components(met, directed=False)[0] > 1:
        raise ValueError("policies form separate groups that never met: ratings not comparable")
    w = w + np.where(met, prior / 2.0, 0.0)
    np.fill_diagonal(w, 0.0)
    if prior == 0 and connected_components(w > 0, directed=True, connection="strong")[0] > 1:
        raise ValueError("a policy never lost (or never won): use prior > 0")
    n = w + w.T
    total = w.sum(axis=1)
    p = np.ones(k)
    iterations = 0
    while iterations < max_iter:
        iterations += 1
        denom = (n / (p[:, None] + p[None, :])).sum(axis=1)
        new = total / denom
        new /= np.exp(np.log(new).mean())
        step = np.max(np.abs(np.log(new) - np.log(p)))
        p = new
        if step < tol:
            break
    theta = np.log(p)
    return BTFit(theta=theta, se=_standard_errors(theta, n), iterations=iterations)


def _standard_errors(theta: np.ndarray, n: np.ndarray) -> np.ndarray:
    # Fisher information of the log-strengths; its pseudo-inverse is the covariance under
    # the sum-zero constraint (the information matrix is a graph Laplacian).
    pi = 1.0 / (1.0 + np.exp(theta[None, :] - theta[:, None]))
    info = -n * pi * (1.0 - pi)
    np.fill_diagonal(info, 0.0)
    np.fill_diagonal(info, -info.sum(axis=1))
    cov = np.linalg.pinv(info)
    return np.sqrt(np.clip(np.diag(cov), 0.0, None))


def perfect_records(matrix: pl.DataFrame, conf: float = 0.95) -> pl.DataFrame:
    """Pairs where ``policy`` won every comparison with ``opponent``: the record and the
    one-sided ``conf`` lower bound of the Elo gap, with seeds as the unit.

    The comparisons of one seed (two per game with two seats each way, the same seed in several
    cells) are correlated, so they are not independent trials. A seed won in full happens with
    probability at most the per-comparison win rate p, and k such seeds out of k bound p from
    below by ``(1 - conf)^(1/k)`` whatever the correlation within a seed. (Counting comparisons
    instead overstated the bound by 120-240 Elo.) A point rating from a perfect record depends
    only on the prior, so reports give this bound.
    """
    units = matrix["seeds" if "seeds" in matrix.columns else "comparisons"]
    rows = []
    table = matrix.select("policy", "opponent", "comparisons", "wins")
    for (pol, opp, n, wins), k in zip(table.rows(), units, strict=True):
        if n > 0 and wins >= n:
            p_lo = (1.0 - conf) ** (1.0 / k)
            rows.append(
                {
                    "policy": pol,
                    "opponent": opp,
                    "comparisons": int(n),
                    "seeds": int(k),
                    "elo_at_least": 400.0 * np.log10(p_lo / (1.0 - p_lo)),
                }
            )
    return pl.DataFrame(rows) if rows else pl.DataFrame()


def rating_groups(
    matrix: pl.DataFrame, perfect: pl.DataFrame | None, order: Iterable[str] = ()
) -> dict[str, int]:
    """Policy -> group number; ratings compare only within a group.

    Groups are numbered by their first policy in ``order`` (strongest first, say), then by
    size and name.

    Groups are joined by pairs that met without a perfect record: across a perfect record the
    gap is only bounded, so ratings on its two sides share no scale. Empty when one group.
    """
    bounded = set()
    if perfect is not None and not perfect.is_empty():
        bounded = {frozenset(p) for p in perfect.select("policy", "opponent").rows()}
    names = sorted(set(matrix["policy"]) | set(matrix["opponent"]))
    index = {n: i for i, n in enumerate(names)}
    met = np.zeros((len(names), len(names)), dtype=bool)
    for pol, opp in matrix.select("policy", "opponent").rows():
        if frozenset((pol, opp)) not in bounded:
            met[index[pol], index[opp]] = met[index[opp], index[pol]] = True
    count, label = connected_components(met, directed=False)
    if count < 2:
        return {}
    sizes = np.bincount(label)
    rank = {n: i for i, n in enumerate(order)}
    first = [
        min(rank.get(names[i], len(rank)) for i in np.flatnonzero(label == g)) for g in range(count)
    ]
    ordered = sorted(
        range(count), key=lambda g: (first[g], -sizes[g], min(np.flatnonzero(label == g)))
    )
    number = {g: k for k, g in enumerate(ordered)}
    return {n: number[label[i]] for n, i in index.items()}


def game_pair_wins(source: Source, names: Sequence[str]) -> np.ndarray:
    """Per seed, the pairwise wins matrix ``[seed, i, j]`` (ties half), for resampling.

    Game i of every cell replays seed i, so the games of one seed across cells form one
    cluster: resampling clusters keeps both the within-game and the across-cell correlation.
    """
    seats = with_places(as_lazy(source, "seats"))
    frame = seats.select("cell", "game_index", "seat", "policy", "place").collect()
    index = {n: i for i, n in enumerate(names)}
    seeds = {k: g for g, k in enumerate(frame["game_index"].unique(maintain_order=True))}
    out = np.zeros((len(seeds), len(names), len(names)))
    by_game: dict[tuple[str, int], list[tuple[int, int]]] = {}
    for cell, gi, _, pol, rank in frame.rows():
        if pol in index:  # a policy only ever in self-play meets no other: nothing to rate
            by_game.setdefault((cell, gi), []).append((index[pol], rank))
    for (_, gi), rows in by_game.items():
        g = seeds[gi]
        for i, ri in rows:
            for j, rj in rows:
                if i != j:
                    out[g, i, j] += 1.0 if ri < rj else 0.5 if ri == rj else 0.0
    return out


def bootstrap_intervals(
    per_game: np.ndarray, prior: float, conf: float, resamples: int = 200, seed: int = 0
) -> tuple[np.ndarray, np.ndarray]:
    """Percentile intervals of the log-strengths, resampling whole games (their pairwise
    comparisons are correlated when a game has three or more seats)."""
    rng = np.random.default_rng(seed)
    g = per_game.shape[0]
    thetas = np.full((resamples, per_game.shape[1]), np.nan)
    for b in range(resamples):
        counts = np.bincount(rng.integers(0, g, g), minlength=g).astype(float)
        try:
            thetas[b] = bradley_terry(np.tensordot(counts, per_game, axes=1), prior=prior).theta
        except ValueError:  # a resample in which some policies never met: no common scale
            continue
    alpha = 1.0 - conf
    return (
        np.nanquantile(thetas, alpha / 2, axis=0),
        np.nanquantile(thetas, 1 - alpha / 2, axis=0),
    )


def policy_ratings(
    source: Source | pl.DataFrame,
    prior: float = 1.0,
    conf: float = 0.95,
    order: Sequence[str] | None = None,
    clustered: bool | None = None,
) -> pl.DataFrame:
    """Bradley-Terry ratings per policy on the Elo scale (mean 0) with intervals.

    ``source`` is a run / seats table or the output of :func:`pairwise_results`. ``expected``
    is the predicted win rate against an average policy. With a seats table whose games have
    three or more seats or that holds several cells (which replay the same seeds), or with
    ``clustered=True``, intervals come from resampling seeds (each seed's games together);
    otherwise from the Fisher information (comparisons independent). ``interval`` names which.
    """
    if isinstance(source, pl.DataFrame) and "opponent" in source.columns:
        results = source
    else:
        results = pairwise_results(source)
    if results.is_empty():
        return pl.DataFrame()
    names = list(order) if order else sorted(set(results["policy"]) | set(results["opponent"]))
    index = {name: i for i, name in enumerate(names)}
    wins = np.zeros((len(names), len(names)))
    for pol, opp, w in results.select("policy", "opponent", "wins").rows():
        wins[index[pol], index[opp]] += w
    fit = bradley_terry(wins, prior=prior)
    z = float(norm.ppf(0.5 + conf / 2))
    lo, hi = fit.theta - z * fit.se, fit.theta + z * fit.se
    method = "fisher"
    if not (isinstance(source, pl.DataFrame) and "opponent" in source.columns):
        if clustered is None:
            seats = as_lazy(source, "seats")
            shape = (
                seats.group_by("cell", "game_index")
                .len()
                .select(pl.col("len").max(), pl.col("cell").n_unique())
            )
            most_seats, cells = shape.collect().row(0)
            clustered = most_seats > 2 or cells > 1
        if clustered:
            lo, hi = bootstrap_intervals(game_pair_wins(source, names), prior, conf)
            method = "seeds resampled"
    comparisons = (wins + wins.T).sum(axis=1)
    df = pl.DataFrame(
        {
            "policy": names,
            "comparisons": comparisons,
            "wins": wins.sum(axis=1),
            "theta": fit.theta,
            "rating": ELO * fit.theta,
            "se": ELO * fit.se,
            "lo": ELO * lo,
            "hi": ELO * hi,
            "interval": [method] * len(names),
            "expected": 1.0 / (1.0 + np.exp(-fit.theta)),
        }
    )
    return df.sort("rating", descending=True)
