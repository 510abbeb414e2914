"""Measure the drift check's false-alarm rate and power on real suite games.

    python -m analyses.drift.harness [--suite FILE] [--trials 200] [--n-jobs 2] [--pool DIR]
        [--json FILE]

Each check of the suite is played twice over (a pool of ``2 * games`` games: sweep seeds
``seed`` and ``seed + 1000``). A trial splits every pool at random into two disjoint halves,
the *baseline* and the *current* run, and judges the whole suite as ``drift check`` does:

- **behaviour-neutral change, new random stream**: the halves as they are (same behaviour,
  unrelated games: what a refactor that reorders chance draws produces). Every DRIFT is a false
  alarm; the rate must be at most the family-wise alpha.
- **behaviour-neutral change, same stream**: the current run equals the baseline (identical).
- **injected shift, new stream / same stream**: one metric of one check is shifted by its
  tolerance in the current half (win outcomes flipped at random to move a rate by 3 points;
  lengths and scores scaled by 3%), alone or on the otherwise identical baseline. A trial
  catches it when that metric is DRIFT; the rate is the power at the tolerance.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from analyses.drift.check import DEFAULT_SUITE, load_suite, measure, with_seeds
from analyses.drift.compare import compare_check, judge
from analyses.drift.metrics import metric, seat_column


def pools(
    checks: list[dict[str, Any]], n_jobs: int, folder: Path | None = None
) -> dict[str, pl.DataFrame]:
    """Two independent runs of each check, concatenated (``2 * games`` games per check);
    kept as Parquet in ``folder`` when given (a rerun of the harness reuses them)."""
    if folder is not None and all((folder / f"{c['name']}.parquet").is_file() for c in checks):
        return {c["name"]: pl.read_parquet(folder / f"{c['name']}.parquet") for c in checks}
    second = [{**c, "seed": c["seed"] + 1000, "name": c["name"] + "-2"} for c in checks]
    runs = measure([*checks, *second], n_jobs)
    out = {}
    for c in checks:
        a, b = runs[c["name"]], runs[c["name"] + "-2"]
        b = b.with_columns(game_index=pl.col("game_index") + c["games"])
        out[c["name"]] = pl.concat([a, b])
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)
            out[c["name"]].write_parquet(folder / f"{c['name']}.parquet")
    return out


def shifted(frame: pl.DataFrame, name: str, tol: float, rng: np.random.Generator) -> pl.DataFrame:
    """``frame`` with metric ``name`` moved by ``tol`` (in expectation for shares)."""
    m = metric(name)
    if name.startswith("end:"):  # games end that way more often by tol
        other = (frame["ended_by"] != name[4:]).to_numpy()
        flip = other & (rng.random(frame.height) < tol / max(other.mean(), 1e-9))
        ended = np.where(flip, name[4:], frame["ended_by"].to_numpy())
        return frame.with_columns(pl.Series("ended_by", ended, dtype=pl.String))
    column = seat_column(name) if name.startswith("seat:") else name
    values = frame[column].cast(pl.Float64).to_numpy().copy()
    if m.relative:
        values = values * (1 + tol / max(abs(values.mean()), 1e-9))
    else:  # turn losses into wins until the rate rises by tol in expectation
        losers = values < 0.5
        p = min(1.0, tol / max(losers.mean(), 1e-9))
        values[losers & (rng.random(len(values)) < p)] = 1.0
    return frame.with_columns(pl.Series(column, values))


def trial(
    checks: list[dict[str, Any]], pool: dict[str, pl.DataFrame], alpha: float,
    rng: np.random.Generator, target: tuple[str, str] | None, same_stream: bool,
) -> pl.DataFrame:  # fmt: skip
    """One judged suite comparison (see the module docstring)."""
    rows = []
    for c in checks:
        n = c["games"]
        order = rng.permutation(pool[c["name"]].height)
        frame = pool[c["name"]]
        base = frame[order[:n]].with_columns(game_index=pl.int_range(n))
        now = base if same_stream else frame[order[n : 2 * n]].with_columns(
            game_index=pl.int_range(n))  # fmt: skip
        if target is not None and target[0] == c["name"]:
            tol = metric(target[1]).tolerance(float(metric(target[1]).extract(base).mean()))
            now = shifted(now, target[1], tol, rng)
        base, now = with_seeds(c, base), with_seeds(c, now)
        rows += compare_check(c["name"], c["metrics"], base, now, c.get("tolerance"))
    return judge(rows, alpha)


def rates(
    checks: list[dict[str, Any]], pool: dict[str, pl.DataFrame], alpha: float, trials: int,
    seed: int = 0,
) -> dict[str, Any]:  # fmt: skip
    """False-alarm rates and per-metric power, ``trials`` trials each."""
    rng = np.random.default_rng(seed)
    out: dict[str, Any] = {"trials": trials, "alpha": alpha}
    for stream, same in (("new_stream", False), ("same_stream", True)):
        alarms = sum(
            trial(checks, pool, alpha, rng, None, same)["status"].eq("DRIFT").any()
            for _ in range(trials)
        )
        out[f"false_alarm_{stream}"] = alarms / trials
    power: dict[str, dict[str, float]] = {}
    for c in checks:
        for name in c["metrics"]:
            key = f"{c['name']}/{name}"
            power[key] = {}
            for stream, same in (("new_stream", False), ("same_stream", True)):
                caught = 0
                for _ in range(trials):
                    table = trial(checks, pool, alpha, rng, (c["name"], name), same)
                    hit = table.filter((pl.col("check") == c["name"]) & (pl.col("metric") == name))
                    caught += hit["status"].item() == "DRIFT"
                power[key][stream] = caught / trials
    out["power"] = power
    return out


def main(argv: list[str] | None = None) -> int:
    """Print (and optionally save) the measured rates."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--suite", default=str(DEFAULT_SUITE))
    p.add_argument("--trials", type=int, default=200)
    p.add_argument("--n-jobs", type=int, default=2)
    p.add_argument("--json", help="write the rates here")
    p.add_argument("--pool", type=Path, help="keep (and reuse) the played pools in this folder")
    args = p.parse_args(argv)
    checks, alpha = load_suite(args.suite)
    result = rates(checks, pools(checks, args.n_jobs, args.pool), alpha, args.trials)
    print(json.dumps(result, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
