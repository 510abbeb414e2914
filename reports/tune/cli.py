"""``boardlab tune CONFIG``: run the search, verify, write ``tune.json``, the report and the
"A vs B" comparison of each verified finalist against the current version."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from reports.kit.files import write_report
from reports.tune.page import compare_file, render, summary_lines
from reports.tune.words import REPORT


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Arguments of ``boardlab tune``."""
    from simcore.engine.sweep.config import add_allow_import, add_n_jobs

    p.add_argument("config", help="tune file (TOML): game, line-up, [[target]], [[space]]")
    p.add_argument("--out", default="runs", help="parent folder of the search's run folder")
    add_n_jobs(p)
    p.add_argument(
        "--storage",
        metavar="URL",
        help="Optuna RDB storage shared by several processes or machines, e.g. "
        "postgresql://user:pass@host/db (default: SQLite in the run folder)",
    )
    p.add_argument("--resume", action="store_true", help="continue an interrupted search")
    p.add_argument("--quiet", action="store_true", help="no progress lines")
    add_allow_import(p)


def cmd_tune(args: argparse.Namespace) -> int:
    """Run the search, verify, write ``tune.json`` and ``report.html``; print the verdict."""
    import os

    from analyses.tune.config import load_tune
    from analyses.tune.run import run_tune
    from simcore.engine.sweep.config import ALLOW_IMPORT_ENV, check_n_jobs

    check_n_jobs(args.n_jobs)
    n_jobs = (os.cpu_count() or 1) if args.n_jobs == -1 else args.n_jobs
    allow = args.allow_import or os.environ.get(ALLOW_IMPORT_ENV) == "1"
    tc = load_tune(args.config, allow_import=allow)

    def say(text: str) -> None:
        if not args.quiet:
            print(text, file=sys.stderr, flush=True)

    result = run_tune(tc, Path(args.out), args.storage, n_jobs, args.resume, say)
    run_dir = Path(args.out) / tc.name
    write_comparisons(result, run_dir)
    write_measured_comparison(result, run_dir)
    write_report(render(result), run_dir / REPORT)  # replaces a planted link, never follows it
    for line in summary_lines(result):
        print(line)
    print(f"report: {run_dir / REPORT}")
    return 0


def write_comparisons(result: dict[str, Any], run_dir: Path) -> list[Path]:
    """The "A vs B" report of each verified finalist against the current version (from the
    verification runs in the run folder)."""
    from analyses.tune.fresh import load_comparison
    from reports.compare.page import compare_report

    written = []
    for f in result["verification"]["finalists"]:
        target = run_dir / compare_file(f["slot"])
        label = Path(f["runs"][1]).name if f.get("runs") else None  # a simplified trial's run
        comparison = load_comparison(run_dir, f["slot"], label=label)
        written.append(write_report(compare_report(comparison), target))
    return written


def write_measured_comparison(result: dict[str, Any], run_dir: Path) -> Path | None:
    """The "A vs B" report of the recommendation against the current version on the games that
    measured it, when those are not the games that chose it (else None)."""
    from analyses.tune.fresh import load_comparison
    from reports.compare.page import compare_report

    shown = result["verification"].get("measured")
    if not shown or shown["same_games"]:
        return None
    comparison = load_comparison(run_dir, shown["slot"], measure=True)
    return write_report(compare_report(comparison), run_dir / compare_file(shown["slot"], True))
