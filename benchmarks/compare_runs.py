"""Paired comparison of two runs that replay the same seeds (e.g. before/after a rules change).

    python benchmarks/compare_runs.py RUN_BEFORE RUN_AFTER

Games are paired by ``game_index`` (same seed in both runs) and seats by ``seat``. For every seat
the win rate before/after and the paired difference with a 95% t-interval over games; the same
for the mean score per game and for game length. Only meaningful when both runs used the same
sweep seed, line-up and player count (checked).
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import polars as pl
from scipy import stats

from simcore.dataset import read_table


def paired(before: np.ndarray, after: np.ndarray) -> tuple[float, float, float, float, float]:
    """(mean before, mean after, difference, low, high) with a 95% t-interval."""
    d = after - before
    n = len(d)
    se = d.std(ddof=1) / np.sqrt(n) if n > 1 else float("nan")
    half = stats.t.ppf(0.975, n - 1) * se if n > 1 and se > 0 else 0.0
    return (
        float(before.mean()),
        float(after.mean()),
        float(d.mean()),
        d.mean() - half,
        d.mean() + half,
    )


def compare(run_a: Path, run_b: Path) -> str:
    """The comparison table as text."""
    ga, gb = (read_table(r, "games").sort("game_index") for r in (run_a, run_b))
    sa, sb = (read_table(r, "seats") for r in (run_a, run_b))
    for key in ("seed", "n_players", "lineup"):
        if ga[key].to_list() != gb[key].to_list():
            raise SystemExit(f"runs differ in {key!r}: not a paired comparison")
    joined = sa.join(sb, on=["game_index", "seat"], suffix="_b").sort(["game_index", "seat"])
    lines = [f"{ga['game'][0]} {ga['n_players'][0]}p, {ga.height} games, line-up {ga['lineup'][0]}"]
    lines.append(f"{'measure':<22}{'before':>9}{'after':>9}{'change':>9}   95% interval")
    for seat in sorted(joined["seat"].unique().to_list()):
        rows = joined.filter(pl.col("seat") == seat)
        stat = paired(rows["win_share"].to_numpy(), rows["win_share_b"].to_numpy())
        lines.append(_row(f"seat {seat} win rate", stat, 100))
    per_game = joined.group_by("game_index").agg(pl.col("score").mean(), pl.col("score_b").mean())
    per_game = per_game.sort("game_index")
    lines.append(
        _row("mean score", paired(per_game["score"].to_numpy(), per_game["score_b"].to_numpy()))
    )
    lines.append(_row("turns", paired(ga["turns"].to_numpy() * 1.0, gb["turns"].to_numpy() * 1.0)))
    same = int(
        (sa.sort(["game_index", "seat"])["score"] == sb.sort(["game_index", "seat"])["score"]).sum()
    )
    lines.append(f"identical seat scores: {same} of {sa.height}")
    return "\n".join(lines)


def _row(name: str, stat: tuple[float, ...], scale: float = 1.0) -> str:
    a, b, d, lo, hi = (x * scale for x in stat)
    unit = " pts" if scale == 100 else ""
    return f"{name:<22}{a:>9.2f}{b:>9.2f}{d:>+9.2f}   {lo:+.2f} to {hi:+.2f}{unit}"


def main() -> None:
    """Command line: two run directories."""
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    print(compare(Path(sys.argv[1]), Path(sys.argv[2])))


if __name__ == "__main__":
    main()
