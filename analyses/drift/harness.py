"""Measure the drift check's operating characteristic on real suite games.

    python -m analyses.drift.harness [--suite FILE] [--baseline FILE] [--trials 200]
        [--touched 0.2] [--n-jobs 2] [--pool DIR] [--json FILE]

Each check's pool is its recorded baseline (``baseline_factor * games`` games) plus ``2 *
games`` more played from another sweep seed. A trial judges a check as ``drift check`` does:

- **behaviour-neutral change, new random stream**: a baseline and a current run drawn from the
  pool without overlap (what a refactor that reorders chance draws produces). Every DRIFT is a
  false alarm.
- **injected change of half / the full tolerance**: a share ``touched`` of the current games
  is played out differently (a change alters a decision in them, so they go another way): each
  is replaced by a pool game that neither run uses, drawn with weights tilted so the metric
  moves by the wanted amount (a share's games are drawn with the shifted rate). *Same stream*:
  the current run is the baseline's replayed games with that change; *new stream*: other games
  with it. The rate at which the metric is DRIFT is the flag rate; it must be at most 5% at
  half the tolerance and at least 80% at the tolerance.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from analyses.drift.check import (
    DEFAULT_BASELINE,
    DEFAULT_SUITE,
    load_baseline,
    load_suite,
    measure,
    with_seeds,
)
from analyses.drift.compare import DRIFT, compare_check, judge
from analyses.drift.metrics import metric, seat_column

SHIFTS = (0.5, 1.0)  # injected changes, in tolerances


def pools(
    checks: list[dict[str, Any]],
    baseline: dict[str, Any],
    n_jobs: int,
    folder: Path | None = None,
) -> dict[str, pl.DataFrame]:
    """Per check: its baseline games, then ``2 * games`` more from sweep seed + 1000 (kept as
    Parquet in ``folder`` when given, and reused from there)."""
    if folder is not None and all((folder / f"{c['name']}.parquet").is_file() for c in checks):
        return {c["name"]: pl.read_parquet(folder / f"{c['name']}.parquet") for c in checks}
    extra = [
        {**c, "seed": c["seed"] + 1000, "name": c["name"] + "-2", "games": 2 * c["games"]}
        for c in checks
    ]
    runs = measure(extra, n_jobs)
    out = {}
    for c in checks:
        base = pl.DataFrame(baseline["checks"][c["name"]]["columns"])
        more = runs[c["name"] + "-2"].select(base.columns)
        more = more.with_columns(game_index=pl.col("game_index") + base.height)
        out[c["name"]] = pl.concat([base, more.cast(base.schema)])
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)
            out[c["name"]].write_parquet(folder / f"{c['name']}.parquet")
    return out


def _column(name: str) -> str:
    if name.startswith("end:"):
        return "ended_by"
    return seat_column(name) if name.startswith("seat:") else name


def inject(
    current: pl.DataFrame,
    spare: pl.DataFrame,
    name: str,
    delta: float,
    touched: float,
    rng: np.random.Generator,
    reference: float,
) -> pl.DataFrame:
    """``current`` with a share ``touched`` of its games replaced by ``spare`` games drawn so
    that metric ``name`` moves by ``delta`` in expectation; ``reference`` is the metric's mean
    over the whole pool. (The replacements aim at it plus the shift, not at the replaced games'
    own mean: that would keep those games' noise in the run on top of the new games'.)"""
    m = metric(name)
    hit = np.flatnonzero(rng.random(current.height) < touched)
    values = m.extract(spare)
    target = reference + delta * current.height / max(len(hit), 1)
    if name.startswith("end:") and values.std() == 0:  # the end never happens: label games
        rows = spare[rng.integers(0, spare.height, len(hit))]
        label = rng.random(len(hit)) < target
        ended = np.where(label, name[4:], rows["ended_by"].to_numpy())
        rows = rows.with_columns(pl.Series("ended_by", ended, dtype=pl.String))
    else:
        weights = _tilt(values, target)
        rows = spare[rng.choice(spare.height, size=len(hit), p=weights)]
    own = [c for c in ("game_index", "seed", "rotation") if c in current.columns]
    rows = rows.drop(own, strict=False).with_columns(current.select(own)[hit])
    out = current.with_row_index("_row").filter(~pl.col("_row").is_in(hit.tolist()))
    replaced = rows.with_columns(_row=pl.Series(hit, dtype=pl.UInt32)).select(out.columns)
    return pl.concat([out, replaced.cast(out.schema)]).sort("_row").drop("_row")


def _tilt(values: np.ndarray, target: float) -> np.ndarray:
    """Weights proportional to exp(lam * value) whose weighted mean is ``target``."""
    scale = float(values.std()) or 1.0
    z = (values - values.mean()) / scale

    def mean(lam: float) -> float:
        w = np.exp(lam * z - np.max(lam * z))
        return float(np.sum(w * values) / np.sum(w))

    lo, hi = -50.0, 50.0
    if not mean(lo) <= target <= mean(hi):
        raise ValueError(f"no reweighting of these games reaches a mean of {target:.4g}")
    for _ in range(100):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if mean(mid) < target else (lo, mid)
    w = np.exp(lo * z - np.max(lo * z))
    return w / w.sum()


def trial(
    check: dict[str, Any],
    pool: pl.DataFrame,
    alpha: float,
    rng: np.random.Generator,
    target: tuple[str, float] | None,
    same_stream: bool,
    touched: float,
) -> pl.DataFrame:
    """One judged comparison of ``check`` (see the module docstring)."""
    n, m = check["games"], check["games"] * check["baseline_factor"]
    order = rng.permutation(pool.height)
    base = pool[order[:m]].with_columns(game_index=pl.int_range(m))
    now = base.head(n) if same_stream else pool[order[m : m + n]]
    now = now.with_columns(game_index=pl.int_range(n))
    if target is not None:
        name, shift = target
        tol = metric(name).tolerance(float(metric(name).extract(base).mean()))
        spare = pool[order[m + (0 if same_stream else n) :]]
        reference = float(metric(name).extract(pool).mean())
        now = inject(now, spare, name, shift * tol, touched, rng, reference)
    base, now = with_seeds(check, base), with_seeds(check, now)
    rows = compare_check(check["name"], check["metrics"], base, now, check.get("tolerance"))
    return judge(rows, alpha)


def rates(
    checks: list[dict[str, Any]],
    pool: dict[str, pl.DataFrame],
    alpha: float,
    trials: int,
    seed: int = 0,
    touched: float = 0.2,
) -> dict[str, Any]:
    """False-alarm rate of the suite and per-metric flag rates at half and the full tolerance."""
    rng = np.random.default_rng(seed)
    out: dict[str, Any] = {"trials": trials, "alpha": alpha, "touched": touched}
    alarms = 0
    for _ in range(trials):
        alarms += any(
            (trial(c, pool[c["name"]], alpha, rng, None, False, touched)["status"] == DRIFT).any()
            for c in checks
        )
    out["false_alarm_new_stream"] = alarms / trials
    flags: dict[str, dict[str, float]] = {}
    for c in checks:
        for name in c["metrics"]:
            key = flags.setdefault(f"{c['name']}/{name}", {})
            for stream, same in (("same_stream", True), ("new_stream", False)):
                for shift in SHIFTS:
                    hits = _flags(
                        c, pool[c["name"]], alpha, rng, (name, shift), same, touched, trials
                    )
                    key[f"{stream}_{shift:g}_tol"] = hits / trials
    out["flag_rate"] = flags
    return out


def _flags(check, pool, alpha, rng, target, same_stream, touched, trials) -> int:
    """In how many of ``trials`` injected changes the target metric is DRIFT."""
    hits = 0
    for _ in range(trials):
        table = trial(check, pool, alpha, rng, target, same_stream, touched)
        hits += table.filter(pl.col("metric") == target[0])["status"].item() == DRIFT
    return hits


def main(argv: list[str] | None = None) -> int:
    """Print (and optionally save) the measured rates."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--suite", default=str(DEFAULT_SUITE))
    p.add_argument("--baseline", default=str(DEFAULT_BASELINE))
    p.add_argument("--trials", type=int, default=200)
    p.add_argument("--touched", type=float, default=0.2, help="share of games a change alters")
    p.add_argument("--n-jobs", type=int, default=2)
    p.add_argument("--json", help="write the rates here")
    p.add_argument("--pool", type=Path, help="keep (and reuse) the played pools in this folder")
    args = p.parse_args(argv)
    checks, alpha = load_suite(args.suite)
    pool = pools(checks, load_baseline(args.baseline), args.n_jobs, args.pool)
    result = rates(checks, pool, alpha, args.trials, touched=args.touched)
    print(json.dumps(result, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
