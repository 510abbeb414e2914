"""Compare two versions of a game on one study: what changed, with paired intervals.

Both runs play the same study on the same seeds with the same players (common random
numbers), so each measure of :mod:`analyses.compare.measures` pairs up game by game and the
change is the mean of B minus A over the paired games: a t interval per measure, Holm across
the whole family. Where nothing changed the comparison states the bound it rules out: the
larger of the interval's reach at the family's Bonferroni level and the change the test
detects with 80% power (:func:`analyses.stats.paired.test_family`), so an identical pair of
versions, whose differences are all zero, still states an honest bound.

Under ``--precision`` (:mod:`analyses.stats.sequential`) each interval is instead an anytime-valid
confidence sequence at the Bonferroni level of the family, valid however many batches were
looked at; ``--unpaired`` (runs on different seeds) uses Welch intervals of two independent
means.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

import numpy as np
import polars as pl
from scipy import stats as sps

from analyses.compare.measures import Measure, measure_values
from analyses.stats import paired
from analyses.stats.intervals import detectable_difference, paired_difference
from analyses.stats.power import moves
from analyses.stats.runs import load_manifest, scan
from analyses.stats.sequential import Schedule, cs_estimate, settled

ALPHA = 0.05
RESAMPLES = 200  # the bootstrap of paired_difference is not shown; keep it cheap


@dataclass
class SideData:
    """One version's run: its name, folder, manifest and tables (games up to a limit)."""

    name: str
    run_dir: Path
    manifest: dict[str, Any]
    games: pl.DataFrame
    seats: pl.DataFrame


def load_side(name: str, run_dir: str | Path, limit: int | None = None) -> SideData:
    """Read a run for a comparison; ``limit``: only games with index below it."""
    manifest = load_manifest(run_dir)
    frames = []
    for table, keys in (
        ("games", ["cell", "game_index"]),
        ("seats", ["cell", "game_index", "seat"]),
    ):
        lazy = scan(run_dir, table)
        if limit is not None:
            lazy = lazy.filter(pl.col("game_index") < limit)
        frames.append(lazy.sort(keys).collect())
    return SideData(name, Path(run_dir), manifest, frames[0], frames[1])


@dataclass
class ComparisonResult:
    """Every measure's change from A to B, and how the sample was chosen."""

    name_a: str
    name_b: str
    table: pl.DataFrame  # one row per measure (see ``compare_versions``)
    paired: bool
    games: int  # games per cell compared (paired: played by both)
    alpha: float = ALPHA
    schedule: Schedule | None = None  # set under --precision
    stop: str | None = None  # why a --precision run stopped (analyses.stats.sequential)
    sides: list[SideData] = field(default_factory=list)
    # --players-differ: A's player spec -> B's (the same game, rules and seeds otherwise)
    players: dict[str, str] | None = None

    @property
    def changed(self) -> pl.DataFrame:
        """The measures whose change is found (Holm, or the sequence excludes zero)."""
        return self.table.filter(pl.col("significant"))

    def headlines_settled(self) -> bool:
        """Every headline decided or within ``--precision`` (False without a schedule)."""
        if self.schedule is None:
            return False
        h = self.table.filter(pl.col("headline"))
        return bool(settled(h["lo"], h["hi"], self.schedule.precision).all())


def compare_versions(
    side_a: SideData,
    side_b: SideData,
    *,
    paired_games: bool = True,
    schedule: Schedule | None = None,
    alpha: float = ALPHA,
) -> ComparisonResult:
    """Every measure of the study, B minus A: paired by game (default) or unpaired, with
    fixed-n intervals or, given a ``schedule``, confidence sequences.

    Table columns: ``key group what unit headline n mean_a mean_b diff se lo hi p_value
    p_holm significant fixed mde bound`` (``bound``: the largest change still consistent with
    the data, stated where no change is found).
    """
    values_a = measure_values(side_a.manifest, side_a.games, side_a.seats)
    values_b = {
        m.key: v for m, v in measure_values(side_b.manifest, side_b.games, side_b.seats).items()
    }
    rows = []
    for measure, va in values_a.items():
        vb = values_b.get(measure.key)
        if vb is None or va.is_empty() or vb.is_empty():
            continue
        row = _paired_row(va, vb) if paired_games else _unpaired_row(va, vb)
        rows.append({**_describe(measure), **row})
    if not rows:
        raise ValueError("the two runs have no measure in common (different studies?)")
    table = pl.DataFrame(rows)
    table = (
        _sequential(table, values_a, values_b, schedule, alpha)
        if schedule
        else _fixed(table, paired_games, alpha)
    )
    games = int(cast(int, table["n"].max()))  # rows is not empty: a number
    return ComparisonResult(
        side_a.name,
        side_b.name,
        table,
        paired_games,
        games,
        alpha,
        schedule,
        sides=[side_a, side_b],
    )


def _describe(m: Measure) -> dict[str, Any]:
    return {"key": m.key, "group": m.group, "what": m.what, "unit": m.unit, "headline": m.headline}


def _paired_row(va: pl.DataFrame, vb: pl.DataFrame) -> dict[str, Any]:
    """Mean of B - A over the games both played, with what the power model needs."""
    joined = va.join(vb, on="game_index", suffix="_b")
    a, b = joined["value"].to_numpy(), joined["value_b"].to_numpy()
    res = paired_difference(b - a, n_resamples=RESAMPLES)
    mv = moves(a, b)
    return {
        "n": res.n,
        "mean_a": float(a.mean()),
        "mean_b": float(b.mean()),
        "diff": res.mean_diff,
        "se": res.se,
        "lo": res.t_lo,
        "hi": res.t_hi,
        "p_value": res.t_p,
        "pairs": res.n,
        "moved": mv.share,
        "step_abs": mv.step_abs,
        "step_sq": mv.step_sq,
    }


def _unpaired_row(va: pl.DataFrame, vb: pl.DataFrame) -> dict[str, Any]:
    """Welch comparison of two independent means (runs on different seeds)."""
    a, b = va["value"].to_numpy(), vb["value"].to_numpy()
    var_a, var_b = np.var(a, ddof=1) / len(a), np.var(b, ddof=1) / len(b)
    se = float(math.sqrt(var_a + var_b))
    diff = float(b.mean() - a.mean())
    df = (var_a + var_b) ** 2 / (var_a**2 / (len(a) - 1) + var_b**2 / (len(b) - 1)) if se else 1.0
    tq = float(sps.t.ppf(1 - ALPHA / 2, df))
    p = float(2 * sps.t.sf(abs(diff) / se, df)) if se else (1.0 if diff == 0 else 0.0)
    return {
        "n": min(len(a), len(b)),
        "mean_a": float(a.mean()),
        "mean_b": float(b.mean()),
        "diff": diff,
        "se": se,
        "lo": diff - tq * se,
        "hi": diff + tq * se,
        "p_value": p,
        "df": df,
    }


def _fixed(table: pl.DataFrame, paired_games: bool, alpha: float) -> pl.DataFrame:
    """Holm across the family; the detectable change and the bound each measure rules out."""
    if paired_games:
        table = paired.test_family(table, alpha)
    else:
        fixed = (pl.col("se") == 0) & (pl.col("diff") == 0)
        table = table.with_columns(
            fixed=fixed, p_value=pl.when(fixed).then(None).otherwise("p_value")
        )
        family = max(1, int(table["p_value"].is_not_null().sum()))
        table = paired.with_holm(table, alpha).with_columns(
            significant=pl.col("significant").fill_null(False),
            mde=pl.Series([detectable_difference(se, alpha / family) for se in table["se"]]),
        )
    family = max(1, int(table["p_value"].is_not_null().sum()))
    df = table["df"] if "df" in table.columns else table["n"] - 1
    tq = sps.t.ppf(1 - alpha / (2 * family), np.maximum(df.to_numpy(), 1))
    reach = np.abs(table["diff"].to_numpy()) + tq * table["se"].fill_nan(0).to_numpy()
    return _with_bound(table, reach)


def _with_bound(table: pl.DataFrame, reach: np.ndarray) -> pl.DataFrame:
    """``bound``: the farther end of the family-level interval, never below the detectable
    change (an identical comparison's interval is a point; a change it cannot see is not)."""
    mde = table["mde"].fill_null(np.nan).to_numpy()
    bound = np.fmax(reach, mde)
    return table.with_columns(bound=pl.Series(bound, dtype=pl.Float64))


def _sequential(
    table: pl.DataFrame,
    values_a: Mapping[Measure, pl.DataFrame],
    values_b: Mapping[str, pl.DataFrame],
    schedule: Schedule,
    alpha: float,
) -> pl.DataFrame:
    """Confidence sequences at alpha / (family size) in place of the fixed-n intervals."""
    family = table.height
    each = alpha / family
    los, his = [], []
    for measure in values_a:
        if measure.key not in set(table["key"]):
            continue
        joined = values_a[measure].join(values_b[measure.key], on="game_index", suffix="_b")
        est = cs_estimate(
            joined["value_b"].to_numpy() - joined["value"].to_numpy(), each, schedule.t_star
        )
        los.append(est.lo)  # never a point: the sequence's variance has a floor
        his.append(est.hi)
    table = paired.test_family(table, alpha)  # for ``fixed`` and ``mde`` (p-values unused)
    lo, hi = np.array(los), np.array(his)
    table = table.with_columns(
        lo=pl.Series(lo),
        hi=pl.Series(hi),
        p_value=None,
        p_holm=None,
        significant=pl.Series((lo > 0) | (hi < 0)),
    )
    return _with_bound(table, np.maximum(np.abs(lo), np.abs(hi)))
