"""The table of docs/feel.md: every game at 2-4 players (Lord of Worlds in both scoring
variants), one ``boardlab feel`` preset each, printed as markdown rows with the CPU each took.

    python benchmarks/feel_table.py [--out runs/feel-table] [--n-jobs 1]

Each row is the same run as ``boardlab feel --game GAME --players N [--param variant=V]``
(300 games a line-up, 30 replayed games); CPU is user + system seconds of this process and
its workers for the row.
"""

from __future__ import annotations

import argparse
import math
import resource
from typing import Any

import polars as pl

ROWS = [
    ("ratjack", None, 2), ("ratjack", None, 3), ("ratjack", None, 4),
    ("lord_of_worlds", "standard", 2), ("lord_of_worlds", "strategic", 2),
    ("lord_of_worlds", "standard", 3), ("lord_of_worlds", "strategic", 3),
    ("lord_of_worlds", "standard", 4), ("lord_of_worlds", "strategic", 4),
    ("rats_of_wistar", None, 2), ("rats_of_wistar", None, 3), ("rats_of_wistar", None, 4),
]  # fmt: skip
NAMES = {
    "ratjack": "Ratjack",
    "lord_of_worlds": "Lord of Worlds",
    "rats_of_wistar": "Rats of Wistar",
}
HEADER = (
    "|game|players|lead changes|lead change rate|decided at|comebacks|luck share|weaker wins|"
    "kingmaking|games needed (heuristic vs greedy)|forced|legal actions|CPU s|\n"
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
)


def _cpu() -> float:
    own, kids = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def _cell(table: pl.DataFrame, measure: str, group: str | None, percent: bool) -> str:
    rows = table.filter(pl.col("measure") == measure)
    if group is not None:
        rows = rows.filter(pl.col("group").str.starts_with(group))
    if rows.is_empty() or math.isnan(rows["estimate"][0]):
        return "–"
    r = rows.row(0, named=True)
    if measure == "games_needed":
        hi = "∞" if math.isinf(r["hi"]) else f"{r['hi']:.0f}"
        return f"{r['estimate']:.0f} ({r['lo']:.0f}–{hi})"
    if percent:
        return f"{100 * r['estimate']:.1f}% ({100 * r['lo']:.1f}–{100 * r['hi']:.1f})"
    return f"{r['estimate']:.2f} ({r['lo']:.2f}–{r['hi']:.2f})"


def row(game: str, variant: str | None, players: int, out: str, n_jobs: int) -> str:
    """One markdown row: the preset run of ``game`` at ``players``."""
    from analyses.feel.preset import run_preset

    params: dict[str, Any] = {"variant": variant} if variant else {}
    start = _cpu()
    table = run_preset(game, players, params, out=out, n_jobs=n_jobs, quiet=True)
    if n_jobs != 1:
        # worker processes count in RUSAGE_CHILDREN only once they have exited and been
        # waited for: stop joblib's reusable workers so that the row's CPU includes theirs
        from joblib.externals.loky import get_reusable_executor

        get_reusable_executor().shutdown(wait=True)
    cpu = _cpu() - start
    top = "heuristic x"
    name = NAMES[game] + (f" ({variant})" if variant else "")
    cells = [
        _cell(table, "lead_changes", top, False),
        _cell(table, "lead_change_rate", top, False),
        _cell(table, "decided_at", top, True),
        _cell(table, "comeback", top, True),
        _cell(table, "luck_share", "line-ups", True),
        _cell(table, "weaker_wins", "all cells", True),
        _cell(table, "kingmaking", top, True),
        _cell(table, "games_needed", "heuristic vs greedy", False),
        _cell(table, "forced", top, True),
        _cell(table, "legal_actions", top, False),
    ]
    return f"|{name}|{players}|" + "|".join(cells) + f"|{cpu:.0f}|"


def main() -> None:
    """Print the table, a row at a time."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="runs/feel-table")
    parser.add_argument("--n-jobs", type=int, default=1)
    args = parser.parse_args()
    print(HEADER, flush=True)
    for game, variant, players in ROWS:
        print(row(game, variant, players, args.out, args.n_jobs), flush=True)


if __name__ == "__main__":
    main()
