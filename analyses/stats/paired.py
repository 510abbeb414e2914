"""Paired comparisons of cells on common-random-number games (DESIGN §3, §7).

The same ``game_index`` in two cells of one sweep starts from the same seed, so the per-game
difference of an outcome cancels most of the luck of the deal; the analysis works on those
differences (t interval, bootstrap interval, sign-flip test) and corrects many comparisons
with Holm.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import polars as pl

from analyses.stats.intervals import holm, paired_difference
from analyses.stats.power import Moves, moves, paired_detectable
from analyses.stats.runs import Source, as_lazy, require_columns

PAIR_KEYS = ("cell", "game_index")


def seat_outcome(
    source: Source,
    value: str = "win_share",
    *,
    slot: int | None = None,
    seat: int | None = None,
    policy: str | None = None,
) -> pl.DataFrame:
    """Per-game outcome of the selected seats: columns ``cell``, ``game_index``, ``value``.

    Select by line-up ``slot`` (the usual choice: the same policy in both cells), by ``seat``
    or by ``policy``; several matching seats of one game are averaged.
    """
    seats = as_lazy(source, "seats")
    require_columns(seats, (*PAIR_KEYS, value), "seat outcome")
    for name, wanted in (("slot", slot), ("seat", seat), ("policy", policy)):
        if wanted is not None:
            require_columns(seats, (name,), "seat outcome")
            seats = seats.filter(pl.col(name) == wanted)
    keys = [k for k in ("run", *PAIR_KEYS) if k in seats.collect_schema().names()]
    return (
        seats.group_by(keys).agg(value=pl.col(value).cast(pl.Float64).mean()).sort(keys).collect()
    )


def game_outcome(source: Source, value: str = "turns") -> pl.DataFrame:
    """Per-game outcome from the games table: columns ``cell``, ``game_index``, ``value``."""
    games = as_lazy(source, "games")
    require_columns(games, (*PAIR_KEYS, value), "game outcome")
    extra = [c for c in ("run", "seed") if c in games.collect_schema().names()]
    return (
        games.select(*extra, *PAIR_KEYS, value=pl.col(value).cast(pl.Float64))
        .sort(list(PAIR_KEYS))
        .collect()
    )


def _pairs(values: pl.DataFrame, cell_a: str, cell_b: str) -> pl.DataFrame:
    a = values.filter(pl.col("cell") == cell_a)
    b = values.filter(pl.col("cell") == cell_b)
    for cell, part in ((cell_a, a), (cell_b, b)):
        if part.is_empty():
            raise ValueError(f"no games for cell {cell!r}")
        if part["game_index"].n_unique() != part.height:
            raise ValueError(f"cell {cell!r} has several rows per game_index (filter by run?)")
    joined = a.join(b, on="game_index", suffix="_b")
    if "seed" in joined.columns and (joined["seed"] != joined["seed_b"]).any():
        raise ValueError(f"cells {cell_a} and {cell_b} do not share seeds: not a paired design")
    return joined


def paired_comparison(
    values: pl.DataFrame,
    cell_a: str,
    cell_b: str,
    conf: float = 0.95,
    n_resamples: int = 2000,
    seed: int = 0,
) -> pl.DataFrame:
    """One row: mean of (b - a) over games played in both cells, t and resampling intervals.

    ``values`` comes from :func:`seat_outcome` or :func:`game_outcome`. Games present in only
    one cell are dropped and counted in ``unpaired``.
    """
    joined = _pairs(values, cell_a, cell_b)
    va = joined["value"].to_numpy()
    vb = joined["value_b"].to_numpy()
    res = paired_difference(vb - va, conf=conf, n_resamples=n_resamples, seed=seed)
    mv = moves(va, vb)
    n_a = values.filter(pl.col("cell") == cell_a).height
    n_b = values.filter(pl.col("cell") == cell_b).height
    return pl.DataFrame(
        {
            "cell_a": [cell_a],
            "cell_b": [cell_b],
            "pairs": [res.n],
            "unpaired": [n_a + n_b - 2 * res.n],
            "mean_a": [float(va.mean()) if len(va) else float("nan")],
            "mean_b": [float(vb.mean()) if len(vb) else float("nan")],
            "diff": [res.mean_diff],
            "se": [res.se],
            "lo": [res.t_lo],
            "hi": [res.t_hi],
            "p_value": [res.t_p],
            "boot_lo": [res.boot_lo],
            "boot_hi": [res.boot_hi],
            "perm_p": [res.perm_p],
            "moved": [mv.share],
            "step_abs": [mv.step_abs],
            "step_sq": [mv.step_sq],
        }
    )


def compare_pairs(
    values: pl.DataFrame,
    pairs: Sequence[tuple[str, str]],
    conf: float = 0.95,
    n_resamples: int = 2000,
    seed: int = 0,
    alpha: float = 0.05,
) -> pl.DataFrame:
    """Paired comparison of each ``(cell_a, cell_b)``, Holm-corrected across all pairs.

    ``p_holm`` adjusts the t-test p-values and ``significant`` marks those below ``alpha``
    after adjustment. Each comparison's resampling uses seed ``seed + i``.
    """
    rows = [
        paired_comparison(values, a, b, conf, n_resamples, seed + i)
        for i, (a, b) in enumerate(pairs)
    ]
    if not rows:
        return pl.DataFrame()
    df = pl.concat(rows)
    return with_holm(df, alpha)


def test_family(df: pl.DataFrame, alpha: float = 0.05) -> pl.DataFrame:
    """Holm over the comparisons of ``df`` that can differ, with what each could detect.

    A comparison identical in every paired game (``se`` and ``diff`` both 0) is ``fixed``: its
    ``p_value`` becomes null and it leaves the family. ``mde`` is the true difference a test at
    Holm's strictest level (alpha / family size) detects with 80% power, by the model of moved
    games in :mod:`analyses.stats.power` (not from the observed standard error alone: a shift must
    move games, and an identical comparison still states a size).
    """
    fixed = (pl.col("se") == 0) & (pl.col("diff") == 0)
    df = df.with_columns(fixed=fixed, p_value=pl.when(fixed).then(None).otherwise("p_value"))
    df = with_holm(df, alpha)
    family = max(1, int(df["p_value"].is_not_null().sum()))
    return df.with_columns(
        mde=pl.Series(detectable_sizes(df, alpha / family), dtype=pl.Float64),
        significant=pl.col("significant").fill_null(False),
    )


def detectable_sizes(df: pl.DataFrame, alpha: float, power: float = 0.8) -> list[float]:
    """Per comparison of ``paired_comparison`` rows: the shift a level-``alpha`` test detects
    with ``power`` (:func:`analyses.stats.power.paired_detectable`)."""
    cols = ("pairs", "moved", "step_abs", "step_sq")
    return [
        paired_detectable(int(n), Moves(q, s1, s2), alpha, power)
        for n, q, s1, s2 in df.select(cols).rows()
    ]


def with_holm(df: pl.DataFrame, alpha: float = 0.05) -> pl.DataFrame:
    """Add ``p_holm`` (Holm-adjusted ``p_value``) and ``significant`` columns."""
    adjusted = holm(df["p_value"].to_numpy())
    return df.with_columns(
        p_holm=pl.Series(adjusted, dtype=pl.Float64),
        significant=pl.Series(adjusted < alpha, dtype=pl.Boolean),
    )


def compare_cells(
    values: pl.DataFrame,
    baseline: str,
    cells: Sequence[str] | None = None,
    conf: float = 0.95,
    n_resamples: int = 2000,
    seed: int = 0,
    alpha: float = 0.05,
) -> pl.DataFrame:
    """Paired comparison of every other cell (or ``cells``) against ``baseline``, Holm-corrected."""
    if cells is None:
        cells = sorted(c for c in values["cell"].unique().to_list() if c != baseline)
    return compare_pairs(values, [(baseline, c) for c in cells], conf, n_resamples, seed, alpha)


NOT_RULES = ("policies", "players")  # grid keys that are not rule variants


def variant_pairs(manifest: Mapping[str, Any]) -> list[tuple[str, str, str]]:
    """``(key, baseline cell, cell)`` for each cell differing from a baseline in one grid key.

    The baseline of a key is its first listed value; the baseline cell agrees with the cell on
    every other grid key, so the comparison isolates that one rule change.
    """
    grid = manifest.get("config", {}).get("grid", {}) or {}
    keys = [k for k, v in grid.items() if k not in NOT_RULES and len(v) > 1]
    cells = manifest.get("cells", [])

    def signature(variant: Mapping[str, Any], skip: str) -> str:
        """The cell's grid values except ``skip``, as a comparable string."""
        return json.dumps({k: v for k, v in variant.items() if k != skip}, sort_keys=True)

    out = []
    for key in keys:
        first = json.dumps(grid[key][0], sort_keys=True)
        base = {
            signature(c["variant"], key): c["cell"]
            for c in cells
            if json.dumps(c["variant"].get(key), sort_keys=True) == first
        }
        for c in cells:
            if json.dumps(c["variant"].get(key), sort_keys=True) == first:
                continue
            b = base.get(signature(c["variant"], key))
            if b is not None:
                out.append((key, b, c["cell"]))
    return out
