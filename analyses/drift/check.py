"""Win-rate drift: rerun a fixed-seed suite and compare slot-0 win rates with a baseline.

The simulators are deterministic, so unchanged code reproduces the baseline exactly; a change
in rules, policies or seeds moves the numbers. A move is flagged as **drift** when a two-sided
two-proportion test rejects equality at ``alpha`` after Holm correction over the suite, so
harmless reshuffles (e.g. a refactor that draws cards in another order) pass while real
strength or balance changes fail CI.
"""

from __future__ import annotations

import json
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl
import scipy.stats as sps

from analyses.stats import holm, wilson_interval
from simcore.config import build_config, load_toml
from simcore.errors import ConfigError

PACKAGE_DIR = Path(__file__).parent
DEFAULT_SUITE = PACKAGE_DIR / "suite.toml"
DEFAULT_BASELINE = PACKAGE_DIR / "baseline.json"


@dataclass
class Measured:
    """Slot-0 wins, games and mean game length of one suite entry."""

    name: str
    wins: float
    games: int
    mean_turns: float


def load_suite(path: str | Path) -> tuple[list[dict[str, Any]], float]:
    """The suite's sweep configs (validated) and its alpha."""
    raw = load_toml(path)
    checks = raw.get("check")
    if not isinstance(checks, list) or not checks:
        raise ConfigError(f"{path}: needs at least one [[check]] table")
    alpha = raw.get("alpha", 0.01)
    if not isinstance(alpha, float) or not 0 < alpha < 1:
        raise ConfigError(f"{path}: 'alpha' must be a number in (0, 1), got {alpha!r}")
    names = [c.get("name") for c in checks]
    if len(set(names)) != len(names) or not all(isinstance(n, str) for n in names):
        raise ConfigError(f"{path}: every [[check]] needs a unique 'name'")
    for check in checks:
        build_config(check, source=f"{path} [{check['name']}]")
    return checks, alpha


def measure(checks: list[dict[str, Any]], n_jobs: int = 1) -> list[Measured]:
    """Run every suite entry and measure slot 0's win share."""
    from simcore.dataset import read_table
    from simcore.sweep import run_sweep

    out = []
    with tempfile.TemporaryDirectory() as tmp:
        for check in checks:
            result = run_sweep(build_config(check), tmp, n_jobs=n_jobs, quiet=True)
            seats = read_table(result.run_dir, "seats").filter(pl.col("slot") == 0)
            games = read_table(result.run_dir, "games")
            out.append(Measured(check["name"], float(seats["win_share"].sum()), games.height,
                                float(games["turns"].mean())))  # fmt: skip
    return out


def compare(current: list[Measured], baseline: dict[str, Any], alpha: float) -> pl.DataFrame:
    """One row per entry: baseline and current rates, intervals, Holm-adjusted p, drift flag."""
    rows = []
    for m in current:
        base = baseline.get("checks", {}).get(m.name)
        rate = m.wins / m.games
        lo, hi = wilson_interval(m.wins, m.games)
        row = {"check": m.name, "games": m.games, "rate": rate, "lo": lo, "hi": hi,
               "base_rate": float("nan"), "p_value": float("nan"), "status": "new"}  # fmt: skip
        if base is not None:
            row["base_rate"] = base["wins"] / base["games"]
            row["p_value"] = two_proportion_p(m.wins, m.games, base["wins"], base["games"])
            same = base["wins"] == m.wins and base["games"] == m.games
            row["status"] = "identical" if same else "changed"
        rows.append(row)
    table = pl.DataFrame(rows)
    adjusted = holm(np.nan_to_num(table["p_value"].to_numpy(), nan=1.0))
    return table.with_columns(p_holm=pl.Series(adjusted)).with_columns(
        status=pl.when(pl.col("p_holm") < alpha).then(pl.lit("DRIFT")).otherwise(pl.col("status"))
    )


def two_proportion_p(w1: float, n1: int, w2: float, n2: int) -> float:
    """Two-sided pooled z-test p-value that two win rates are equal."""
    pooled = (w1 + w2) / (n1 + n2)
    se = np.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    if se == 0:
        return 1.0 if w1 / n1 == w2 / n2 else 0.0
    return float(2 * sps.norm.sf(abs(w1 / n1 - w2 / n2) / se))


def baseline_from(measured: list[Measured]) -> dict[str, Any]:
    """The JSON baseline of a measurement."""
    return {"checks": {m.name: {"wins": m.wins, "games": m.games, "mean_turns": m.mean_turns}
                       for m in measured}}  # fmt: skip


def load_baseline(path: str | Path) -> dict[str, Any]:
    """A baseline file; ``ConfigError`` if missing or unreadable."""
    path = Path(path)
    if not path.is_file():
        raise ConfigError(f"no drift baseline at {path}; run `boardlab drift update` first")
    try:
        return json.loads(path.read_text())
    except json.JSONDecodeError as exc:
        raise ConfigError(f"{path}: baseline is not valid JSON ({exc})") from None


def format_table(table: pl.DataFrame) -> str:
    """Plain-text table for the terminal."""
    lines = [f"{'check':<40} {'games':>6} {'baseline':>9} {'now':>7} {'95% interval':>15} "
             f"{'p (Holm)':>9}  status"]  # fmt: skip
    for r in table.iter_rows(named=True):
        base = "-" if np.isnan(r["base_rate"]) else f"{100 * r['base_rate']:.1f}%"
        lines.append(
            f"{r['check']:<40} {r['games']:>6} {base:>9} {100 * r['rate']:>6.1f}% "
            f"{100 * r['lo']:>6.1f}–{100 * r['hi']:.1f}% {r['p_holm']:>9.3g}  {r['status']}"
        )
    return "\n".join(lines)


def add_arguments(p: Any) -> None:
    """Flags of ``boardlab drift``."""
    p.add_argument("action", choices=["check", "update"])
    p.add_argument("--suite", default=str(DEFAULT_SUITE), help="suite TOML")
    p.add_argument("--baseline", default=str(DEFAULT_BASELINE), help="baseline JSON")
    p.add_argument("--n-jobs", type=int, default=1, help="worker processes")


def cmd_drift(args: Any) -> int:
    """``drift check`` (exit 1 on drift) or ``drift update`` (rewrite the baseline)."""
    checks, alpha = load_suite(args.suite)
    baseline = load_baseline(args.baseline) if args.action == "check" else {}
    measured = measure(checks, args.n_jobs)
    table = compare(measured, baseline, alpha)
    print(format_table(table))
    if args.action == "update":
        Path(args.baseline).write_text(json.dumps(baseline_from(measured), indent=1) + "\n")
        print(f"baseline written to {args.baseline}")
        return 0
    drifted = table.filter(pl.col("status") == "DRIFT").height
    missing = table.filter(pl.col("status") == "new").height
    print(f"{drifted} drifted, {missing} without baseline, alpha {alpha} (Holm)")
    return 1 if drifted else 0
