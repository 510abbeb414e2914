"""Run-level analyses every game shares: win rates, seat advantage, skill gap, distributions.

Every function takes a run directory or a (lazy) polars frame of the relevant table and returns
a tidy ``polars.DataFrame``; matching ``*_findings`` functions in ``analyses.studies.findings``
turn the
tables into sentences.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import polars as pl
from scipy.stats import norm

from analyses.stats.intervals import (
    chi_square_uniform,
    clustered_rate,
    holm,
    proportion_interval,
    proportion_test,
    quantile_summary,
    stratified_rate,
)
from analyses.stats.runs import Source, as_lazy, require_columns
from strategies.ladder import rank
from strategies.scripted import is_human

DEFAULT_QUANTILES = (0.0, 0.05, 0.25, 0.5, 0.75, 0.95, 1.0)


# Expected order of playing strength by policy family, used to name the "stronger" side.
def game_keys(frame: pl.LazyFrame) -> list[str]:
    """Columns identifying one game: ``run`` (when present), ``cell``, ``game_index``."""
    names = frame.collect_schema().names()
    return [k for k in ("run", "cell", "game_index") if k in names]


def seats_with_n(source: Source) -> pl.LazyFrame:
    """The seats table with ``n_players`` derived from the seat rows of each game."""
    seats = as_lazy(source, "seats")
    require_columns(seats, ("cell", "game_index", "seat", "win_share"), "seats analysis")
    if "n_players" in seats.collect_schema().names():
        return seats
    return seats.with_columns(pl.len().over(game_keys(seats)).alias("n_players"))


def _add_intervals(df: pl.DataFrame, conf: float, method: str) -> pl.DataFrame:
    """Add ``rate``, ``lo``, ``hi``, ``fair``, ``p_value`` from ``wins``/``games``/``n_players``."""
    los, his, ps = [], [], []
    for wins, n, k in df.select("wins", "games", "n_players").iter_rows():
        lo, hi = proportion_interval(min(wins, n), n, conf, method)
        los.append(lo)
        his.append(hi)
        ps.append(proportion_test(wins, n, 1.0 / k))
    return df.with_columns(
        rate=pl.col("wins") / pl.col("games"),
        lo=pl.Series(los, dtype=pl.Float64),
        hi=pl.Series(his, dtype=pl.Float64),
        fair=1.0 / pl.col("n_players"),
        p_value=pl.Series(ps, dtype=pl.Float64),
    )


def win_rates(
    source: Source,
    by: str = "policy",
    groups: Sequence[str] = ("cell",),
    conf: float = 0.95,
    method: str = "wilson",
) -> pl.DataFrame:
    """Win rate per policy (``by="policy"``) or per seat (``by="seat"``) with intervals.

    A game is one trial. When a policy fills several seats of one game, its per-game success is
    the mean share of those seats, so ``rate`` is the chance that one given copy wins and the
    interval does not count correlated seats of one game as independent trials.
    """
    if by not in ("policy", "seat", "slot"):
        raise ValueError(f"by must be policy, seat or slot, got {by!r}")
    seats = seats_with_n(source)
    keys = [*groups, "n_players", by]
    per_game_keys = list(dict.fromkeys([*keys, *game_keys(seats)]))
    per_game = seats.group_by(per_game_keys).agg(share=pl.col("win_share").mean(), copies=pl.len())
    df = (
        per_game.group_by(keys)
        .agg(
            games=pl.len(),
            wins=pl.col("share").sum(),
            seats_per_game=pl.col("copies").mean(),
        )
        .sort(keys)
        .collect()
    )
    return _add_intervals(df, conf, method)


def seat_advantage(
    source: Source,
    groups: Sequence[str] = ("cell",),
    conf: float = 0.95,
    method: str = "wilson",
) -> pl.DataFrame:
    """Win share by seat against the fair 1/n, with intervals, per-seat tests and a global test.

    ``p_holm`` corrects the per-seat score tests within each group; ``chi2_p`` is the
    goodness-of-fit test that every seat wins equally often. With seat rotation every line-up
    slot sits in every seat equally often, so policy strength cancels out of the seat effect;
    for a line-up of different policies each seat's rate is also stratified by line-up slot
    (the mean of its rates with each slot in it), which keeps strength out of it when the
    rotation is uneven (games not a multiple of the players) and narrows the interval.
    """
    df = win_rates(source, by="seat", groups=groups, conf=conf, method=method)
    seats = seats_with_n(source)
    has_slots = {"slot", "policy"} <= set(seats.collect_schema().names())
    parts = []
    for key, part in df.group_by([*groups, "n_players"], maintain_order=True):
        if has_slots:
            same = [pl.col(g) == v for g, v in zip(groups, key, strict=False)]
            part = _slot_stratified(part, (seats.filter(*same) if same else seats).collect(), conf)
        stat, p = chi_square_uniform(part["wins"].to_numpy())
        parts.append(
            part.with_columns(
                diff=pl.col("rate") - pl.col("fair"),
                p_holm=pl.Series(_seat_holm(part["p_value"].to_numpy(), part["n_players"][0])),
                chi2=pl.lit(stat),
                chi2_p=pl.lit(p),
            )
        )
    return pl.concat(parts) if parts else df


def _slot_stratified(part: pl.DataFrame, rows: pl.DataFrame, conf: float) -> pl.DataFrame:
    """``part`` (one group's seat rates) with slot-stratified rates when policies differ."""
    rows = rows.filter(pl.col("n_players") == part["n_players"][0])
    if rows["policy"].n_unique() < 2:
        return part
    slot_rate = dict(rows.group_by("slot").agg(pl.col("win_share").mean()).rows())
    fair = 1.0 / part["n_players"][0]
    stats: dict[str, list[float]] = {"rate": [], "lo": [], "hi": [], "p_value": []}
    for seat in part["seat"]:
        mine = rows.filter(pl.col("seat") == seat)
        est = stratified_rate(mine["win_share"].to_numpy(), mine["slot"].to_numpy(), conf=conf)
        slots, counts = np.unique(mine["slot"].to_numpy(), return_counts=True)
        q = np.array([slot_rate[s] for s in slots])
        se0 = float(np.sqrt(np.sum(q * (1 - q) / counts))) / len(q)
        z = (est.rate - fair) / se0 if se0 > 0 else float("nan")
        for name, value in (
            ("rate", est.rate),
            ("lo", est.lo),
            ("hi", est.hi),
            ("p_value", float(2 * norm.sf(abs(z)))),
        ):
            stats[name].append(value)
    return part.with_columns(**{k: pl.Series(v, dtype=pl.Float64) for k, v in stats.items()})


def _seat_holm(p, n_players: int):
    # With two seats, "seat 1 wins more" and "seat 2 wins less" are one hypothesis: no
    # multiplicity to correct for (Holm would double the p-value for nothing).
    return p if n_players == 2 else holm(p)


def _ladder_key(spec: str) -> tuple[float, str]:
    return (rank(spec), spec)


def skill_gap(
    source: Source,
    groups: Sequence[str] = ("cell",),
    conf: float = 0.95,
    method: str = "wilson",
) -> pl.DataFrame:
    """For each group where several policies play: the expected-stronger policy's win rate.

    Policies are ordered random < heuristic < mcts (others in between, then by name); within a
    family the higher observed rate is taken as stronger. ``p_holm`` corrects the tests against
    the fair share across all rows.
    """
    rates = win_rates(source, by="policy", groups=groups, conf=conf, method=method)
    rows = []
    for key, part in rates.group_by(list(groups), maintain_order=True):
        if part.height < 2:
            continue
        ordered = sorted(part.iter_rows(named=True), key=lambda r: _ladder_key(r["policy"]))
        # a person (``human``, boardlab playtest) has no rung: people stand with the top rung
        # and the observed rate names the stronger, as within one family
        bots = [r for r in ordered if not is_human(r["policy"])] or ordered
        top = _ladder_key(bots[-1]["policy"])[0]
        same = [r for r in ordered if _ladder_key(r["policy"])[0] == top or is_human(r["policy"])]
        strongest = max(same, key=lambda r: r["rate"])
        others = [r["policy"] for r in ordered if r is not strongest]
        rows.append(
            {
                **dict(zip(groups, key, strict=True)),
                "stronger": strongest["policy"],
                "weaker": " + ".join(others),
                "n_players": strongest["n_players"],
                "games": strongest["games"],
                "rate": strongest["rate"],
                "lo": strongest["lo"],
                "hi": strongest["hi"],
                "fair": strongest["fair"],
                "p_value": strongest["p_value"],
            }
        )
    if not rows:
        return pl.DataFrame()
    df = pl.DataFrame(rows)
    return df.with_columns(p_holm=pl.Series(holm(df["p_value"].to_numpy())))


def distribution(
    source: Source,
    table: str,
    column: str,
    groups: Sequence[str] = ("cell",),
    qs: tuple[float, ...] = DEFAULT_QUANTILES,
) -> pl.DataFrame:
    """Mean, sd and quantiles of a numeric ``column`` of ``table`` per group."""
    frame = as_lazy(source, table)
    require_columns(frame, (*groups, column), f"distribution of {column}")
    data = frame.select(*groups, column).collect()
    rows = []
    parts = data.group_by(list(groups), maintain_order=True) if groups else [((), data)]
    for key, part in parts:
        values = part[column].drop_nulls().to_numpy().astype(float)
        rows.append(
            {
                **dict(zip(groups, key, strict=True)),
                "metric": column,
                "n": len(values),
                **quantile_summary(values, qs),
            }
        )
    return pl.DataFrame(rows).sort(list(groups)) if rows else pl.DataFrame()


def game_lengths(source: Source, column: str = "turns", groups: Sequence[str] = ("cell",)):
    """Quantiles of game length (``turns`` or ``steps``) per group, from the games table."""
    return distribution(source, "games", column, groups)


def score_distribution(source: Source, groups: Sequence[str] = ("cell", "policy")):
    """Quantiles of final scores per group, from the seats table."""
    return distribution(source, "seats", "score", groups)


def end_reasons(source: Source, groups: Sequence[str] = ("cell",), conf: float = 0.95):
    """How games ended (``ended_by``): count and share per group, with Wilson intervals
    (seed-clustered when ``groups`` is empty and the games span several cells)."""
    games = as_lazy(source, "games")
    require_columns(games, (*groups, "ended_by"), "end reasons")
    df = (
        games.group_by([*groups, "ended_by"])
        .agg(count=pl.len())
        .with_columns(
            games=pl.col("count").sum().over(list(groups)) if groups else pl.col("count").sum()
        )
        .sort([*groups, "count"], descending=[False] * len(groups) + [True])
        .collect()
    )
    bounds = [proportion_interval(c, n, conf) for c, n in df.select("count", "games").iter_rows()]
    cells = games.select(pl.col("cell").n_unique()).collect().item() if not groups else 1
    if cells > 1:  # pooled over cells that replay the same seeds: seed-clustered intervals
        data = games.select("ended_by", "game_index").collect()
        clusters = data["game_index"].to_numpy()
        bounds = []
        for reason in df["ended_by"]:
            hit = (data["ended_by"] == reason).to_numpy().astype(float)
            est = clustered_rate(hit, np.ones(len(hit)), clusters, conf)
            bounds.append((est.lo, est.hi))
    return df.with_columns(
        share=pl.col("count") / pl.col("games"),
        lo=pl.Series([b[0] for b in bounds], dtype=pl.Float64),
        hi=pl.Series([b[1] for b in bounds], dtype=pl.Float64),
    )


STANDARD_SEAT_COLUMNS = frozenset(
    {
        "run",
        "cell",
        "game_index",
        "seat",
        "slot",
        "policy",
        "score",
        "rank",
        "win_share",
        "tiebreak",
        "forced_moves",
    }
)


def seat_column_means(source: Source, groups: Sequence[str] = ("cell", "policy")):
    """Mean of every game-specific numeric seat column per group (score decomposition)."""
    seats = as_lazy(source, "seats")
    schema = seats.collect_schema()
    extra = [
        name
        for name, dtype in schema.items()
        if name not in STANDARD_SEAT_COLUMNS and name not in groups and dtype.is_numeric()
    ]
    if not extra:
        return pl.DataFrame()
    df = seats.group_by(list(groups)).agg(
        n=pl.len(), **{c: pl.col(c).cast(pl.Float64).mean() for c in extra}
    )
    return df.sort(list(groups)).collect()
