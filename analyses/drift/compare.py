"""Game-by-game comparison of a drift check with its baseline (same seeds, same game indices).

Per metric the per-game difference ``now - baseline`` is tested:

- every game identical: **identical** (nothing to test);
- otherwise the pairing is used when it helps (the two runs are correlated game by game: the
  change kept the random stream, e.g. a policy tweak), and an unpaired test when it does not
  (correlation <= 0.1: the change drew a new random stream, e.g. another shuffle order). The
  row says which (``mode``) and the correlation it saw;
- Holm over every tested metric of the suite at the family-wise ``alpha``;
- **DRIFT** when the difference is significant and its 95% interval reaches the metric's
  tolerance (a shift that matters is plausible); significant but inside the tolerance is
  **changed (within tolerance)**; not significant is **changed (not significant)**, with the
  shift the check could have detected (80% power) next to it.
"""

from __future__ import annotations

import math

import numpy as np
import polars as pl
import scipy.stats as sps

from analyses.drift.metrics import metric
from analyses.stats import detectable_difference, holm

PAIRING_THRESHOLD = 0.1  # correlation above which the game-by-game pairing is used
Z95 = 1.959963984540054


def compare_check(
    name: str,
    metrics: list[str],
    base: pl.DataFrame,
    now: pl.DataFrame,
    tolerances: dict[str, float] | None = None,
) -> list[dict]:
    """Rows (one per metric) comparing two per-game frames of the same check and seeds."""
    if base["seed"].to_list() != now["seed"].to_list():
        raise ValueError(f"{name}: the baseline holds other seeds (suite changed?)")
    same_game = _same_games(base, now)
    rows = []
    for mname in metrics:
        m = metric(mname)
        b, a = m.extract(base), m.extract(now)
        tol = m.tolerance(float(np.mean(b)), (tolerances or {}).get(mname))
        rows.append(_test(name, mname, b, a, tol, same_game))
    return rows


def _same_games(base: pl.DataFrame, now: pl.DataFrame) -> np.ndarray:
    cols = [c for c in ("turns", "ended_by", "slot0_win", "score", "first_player_win")
            if c in base.columns]  # fmt: skip
    same = np.ones(base.height, dtype=bool)
    for c in cols:
        same &= (base[c] == now[c]).fill_null(False).to_numpy()
    return same


def _test(check: str, name: str, b: np.ndarray, a: np.ndarray, tol: float, same: np.ndarray):
    n = len(b)
    d = a - b
    diff = float(d.mean())
    row = {"check": check, "metric": name, "games": n, "baseline": float(b.mean()),
           "now": diff + float(b.mean()), "diff": diff, "tolerance": tol,
           "changed_games": int((~same).sum()),
           "worst_se": math.sqrt(2 * float(b.var(ddof=1)) / n) if n > 1 else math.nan}  # fmt: skip
    if not d.any():
        return {**row, "mode": "identical", "r": 1.0, "se": 0.0, "lo": 0.0, "hi": 0.0,
                "p_value": None}  # fmt: skip
    r = _correlation(b, a)
    if r > PAIRING_THRESHOLD:
        mode, se = "paired", float(d.std(ddof=1)) / math.sqrt(n)
    else:
        mode = "unpaired (new random stream)"
        se = math.sqrt(float(b.var(ddof=1)) / n + float(a.var(ddof=1)) / n)
    p = float(2 * sps.norm.sf(abs(diff) / se)) if se > 0 else (0.0 if diff else 1.0)
    return {**row, "mode": mode, "r": r, "se": se, "lo": diff - Z95 * se,
            "hi": diff + Z95 * se, "p_value": p}  # fmt: skip


def _correlation(b: np.ndarray, a: np.ndarray) -> float:
    if b.std() == 0 or a.std() == 0:
        return 0.0
    return float(np.corrcoef(b, a)[0, 1])


def judge(rows: list[dict], alpha: float) -> pl.DataFrame:
    """Holm over the tested rows, statuses, and each row's detectable shift."""
    table = pl.DataFrame(rows, infer_schema_length=None)
    tested = table["p_value"].is_not_null().to_numpy()
    family = max(1, int(tested.sum()))
    p = np.where(tested, table["p_value"].fill_null(1.0).to_numpy(), 1.0)
    adjusted = np.where(tested, holm(p), np.nan)
    z = detectable_difference(1.0, alpha / family)
    zw = detectable_difference(1.0, alpha / max(1, table.height))
    table = table.with_columns(
        p_holm=pl.Series(adjusted, dtype=pl.Float64),
        mde=pl.col("se") * z,
        # what the check detects with 80% power even if a change draws a new random stream
        worst_mde=pl.col("worst_se") * zw,
    )
    statuses = []
    for r in table.iter_rows(named=True):
        if r["mode"] == "identical":
            statuses.append("identical")
        elif r["p_holm"] < alpha:
            reach = max(abs(r["lo"]), abs(r["hi"]))
            statuses.append("DRIFT" if reach >= r["tolerance"] else "changed (within tolerance)")
        else:
            statuses.append("changed (not significant)")
    return table.with_columns(status=pl.Series(statuses, dtype=pl.String))
