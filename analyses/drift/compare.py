"""Game-by-game comparison of a drift check with its baseline (same seeds, same game indices).

The baseline may hold more games than the check replays (the suite's ``baseline_factor``): the
first ``n`` baseline games share the check's seeds, the rest only add precision. Per metric:

- every replayed game identical: **identical** (nothing to test);
- otherwise the change is estimated as the current mean minus a weighted baseline mean, the
  weight on the paired games chosen from their correlation with the current ones (a change
  that kept the random stream, e.g. a policy tweak, is measured game by game; one that drew a
  new stream, e.g. another shuffle order, uses every baseline game). ``mode`` names which,
  from the correlation ``r`` it saw;
- **within tolerance** when the 90% interval lies inside ±tolerance (equivalence: two one-sided
  tests at 5%, TOST);
- otherwise **DRIFT** when the change is shown to exceed half the tolerance (one-sided test at
  4%) and is estimated at 80% of the tolerance or more: a change of half the tolerance is
  flagged in at most 5% of checks, one of the full tolerance in at least 80% when the suite is
  sized for it (``expected_power``; simulated with changes injected decision by decision in
  ``tests/analyses/drift/test_drift_oc.py``);
- otherwise **changed, size unclear**: the data cannot say whether the change is under the
  tolerance or beyond half of it.

A two-sided test of "no change", Holm-corrected over the suite (``p_holm``), says whether the
metric changed at all; it does not decide the status.
"""

from __future__ import annotations

import math

import numpy as np
import polars as pl
import scipy.stats as sps

from analyses.drift.metrics import metric
from analyses.stats.intervals import holm

PAIRING_THRESHOLD = 0.1  # correlation above which a change is called paired (same stream)
Z95 = 1.6448536269514722  # one-sided 95%: the 90% interval, for "within tolerance"
# One-sided 4% for "beyond half the tolerance": at exactly half the tolerance a new-stream
# change is flagged 4% of the time, which leaves the promised 5% a margin for the normal
# approximation and for a metric whose spread is larger than the baseline's.
Z_DRIFT = 1.7506860712521692
# ... and estimated at 80% of the tolerance or more: precisely measured changes between half and
# 80% of the tolerance are "size unclear" or within it, not DRIFT. At the suite's sizes this
# costs no power at the tolerance (it binds only where the power there is above 88%).
DRIFT_ESTIMATE = 0.8
IDENTICAL, WITHIN, UNCLEAR, DRIFT = (
    "identical",
    "within tolerance",
    "changed, size unclear",
    "DRIFT",
)


def compare_check(
    name: str,
    metrics: list[str],
    base: pl.DataFrame,
    now: pl.DataFrame,
    tolerances: dict[str, float] | None = None,
) -> list[dict]:
    """Rows (one per metric) comparing the current per-game frame with the baseline's; the
    baseline's first ``now.height`` games must have the current games' seeds."""
    if base.height < now.height:
        raise ValueError(
            f"{name}: the baseline holds {base.height} games, the check "
            f"{now.height} (suite changed?)"
        )
    if base["seed"].head(now.height).to_list() != now["seed"].to_list():
        raise ValueError(f"{name}: the baseline holds other seeds (suite changed?)")
    same_game = _same_games(base.head(now.height), now)
    rows = []
    for mname in metrics:
        m = metric(mname)
        b, a = m.extract(base), m.extract(now)
        tol = m.tolerance(float(np.mean(b)), (tolerances or {}).get(mname))
        rows.append(_test(name, mname, b, a, tol, same_game))
    return rows


def _same_games(base: pl.DataFrame, now: pl.DataFrame) -> np.ndarray:
    cols = [
        c
        for c in ("turns", "ended_by", "slot0_win", "score", "first_player_win")
        if c in base.columns
    ]
    same = np.ones(base.height, dtype=bool)
    for c in cols:
        same &= (base[c] == now[c]).fill_null(False).to_numpy()
    return same


def estimate(b: np.ndarray, a: np.ndarray) -> tuple[float, float, float]:
    """(change, standard error, correlation) of current values ``a`` (n games) against
    baseline values ``b`` whose first n games replay ``a``'s seeds.

    The baseline mean weighs its paired games by ``w`` and the others by ``1 - w``; ``w`` is
    the variance-minimising weight given the paired covariance (``w = n / m``, the plain
    baseline mean, for unrelated games; near 1, the paired difference, for a change that kept
    the random stream).
    """
    n, m = len(a), len(b)
    bp, rest = b[:n], b[n:]
    var_b = float(b.var(ddof=1))
    cov = float(np.cov(a, bp, ddof=1)[0, 1]) if n > 1 else 0.0
    if m > n:
        k = m - n
        w = (var_b / k + cov / n) / (var_b * (1 / n + 1 / k)) if var_b > 0 else 1.0
        w = min(1.0, max(0.0, w))
        base_mean = w * float(bp.mean()) + (1 - w) * float(rest.mean())
        var = (float(a.var(ddof=1)) + w * w * var_b - 2 * w * cov) / n
        var += (1 - w) ** 2 * var_b / k
    else:
        base_mean, var = float(bp.mean()), float((a - bp).var(ddof=1)) / n
    r = cov / math.sqrt(float(a.var(ddof=1)) * float(bp.var(ddof=1))) if cov else 0.0
    return float(a.mean()) - base_mean, math.sqrt(max(var, 0.0)), r


def _test(check: str, name: str, b: np.ndarray, a: np.ndarray, tol: float, same: np.ndarray):
    n, m = len(a), len(b)
    row = {
        "check": check,
        "metric": name,
        "games": n,
        "baseline_games": m,
        "baseline": float(b.mean()),
        "tolerance": tol,
        "changed_games": int((~same).sum()),
        "expected_power": expected_power(float(b.std(ddof=1)) if m > 1 else 0.0, n, m, tol),
    }
    if np.array_equal(a, b[:n]):
        return {
            **row,
            "baseline": float(a.mean()),
            "now": float(a.mean()),
            "diff": 0.0,
            "mode": "identical",
            "r": 1.0,
            "se": 0.0,
            "lo": 0.0,
            "hi": 0.0,
            "p_value": None,
        }
    diff, se, r = estimate(b, a)
    mode = "paired" if r > PAIRING_THRESHOLD else "unpaired (new random stream)"
    p = float(2 * sps.norm.sf(abs(diff) / se)) if se > 0 else (0.0 if diff else 1.0)
    # ``baseline`` is the baseline mean the change is measured from (its paired games weighted
    # as the estimate weighs them), so that now - baseline is the difference shown
    now = float(a.mean())
    return {
        **row,
        "baseline": now - diff,
        "now": now,
        "diff": diff,
        "mode": mode,
        "r": r,
        "se": se,
        "lo": diff - Z95 * se,
        "hi": diff + Z95 * se,
        "p_value": p,
    }


def expected_power(sd: float, n: int, m: int, tol: float) -> float:
    """Chance that a change of exactly ``tol`` that draws a new random stream is DRIFT, for a
    metric of per-game SD ``sd``, ``n`` current and ``m`` baseline games (normal model)."""
    se = sd * math.sqrt(1 / n + 1 / m)
    if se == 0:
        return 1.0
    line = max(tol / 2 + Z_DRIFT * se, DRIFT_ESTIMATE * tol, tol - Z95 * se)
    return float(sps.norm.sf(line - tol, scale=se))


def status(diff: float, se: float, tol: float, mode: str) -> str:
    """The status of one metric (module docstring)."""
    if mode == "identical":
        return IDENTICAL
    if abs(diff) + Z95 * se < tol:
        return WITHIN
    if abs(diff) - Z_DRIFT * se > tol / 2 and abs(diff) >= DRIFT_ESTIMATE * tol:
        return DRIFT
    return UNCLEAR


def judge(rows: list[dict], alpha: float) -> pl.DataFrame:
    """Statuses, and Holm over the rows that could differ for "did it change at all"."""
    table = pl.DataFrame(rows, infer_schema_length=None)
    adjusted = holm(table["p_value"].cast(pl.Float64).fill_null(np.nan).to_numpy())
    statuses = [
        status(r["diff"], r["se"], r["tolerance"], r["mode"]) for r in table.iter_rows(named=True)
    ]
    return table.with_columns(
        p_holm=pl.Series(adjusted, dtype=pl.Float64),
        changed=pl.Series(adjusted < alpha, dtype=pl.Boolean),
        status=pl.Series(statuses, dtype=pl.String),
    )
