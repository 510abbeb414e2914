"""``boardlab report`` and ``boardlab demo``."""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from reports.batch import build_reports
from reports.demo import DEFAULT_CARD_GAMES, DEFAULT_GAMES, run_demo
from simcore.config import check_n_jobs
from simcore.errors import ConfigError
from simcore.native import build_line

KINDS = ("auto", "generic", "ratjack-cards")


def add_report_arguments(p: argparse.ArgumentParser) -> None:
    """Flags of ``boardlab report``."""
    p.add_argument("runs", nargs="+", metavar="RUN_DIR", help="run directories")
    p.add_argument("--out", help="HTML file (one report) or folder (several + index.html)")
    p.add_argument("--kind", default="auto", choices=KINDS, help="report type")


def cmd_report(args: argparse.Namespace) -> int:
    """Build reports from run directories."""
    entries = build_reports(args.runs, args.out, args.kind)
    for entry in entries:
        print(entry["path"])
    return 0


def add_demo_arguments(p: argparse.ArgumentParser) -> None:
    """Flags of ``boardlab demo``."""
    p.add_argument("--out", default="boardlab-demo", help="folder for runs and reports")
    p.add_argument(
        "--games",
        type=int,
        default=DEFAULT_GAMES,
        help=f"games per cell of each game's sweep (default {DEFAULT_GAMES})",
    )
    p.add_argument("--card-games", type=int, default=DEFAULT_CARD_GAMES,
                   help="games per cell of the Ratjack card sweeps; 0 skips them "
                   f"(default {DEFAULT_CARD_GAMES})")  # fmt: skip
    p.add_argument("--n-jobs", type=int, default=-1, help="worker processes (-1: all cores)")
    p.add_argument("--quiet", action="store_true", help="no progress bars")


def cmd_demo(args: argparse.Namespace) -> int:
    """Short sweeps of every game, their reports and an index page."""
    if args.games <= 0:
        raise ConfigError(f"--games must be a positive integer, got {args.games}")
    if args.card_games < 0:
        raise ConfigError(f"--card-games must be 0 or a positive integer, got {args.card_games}")
    check_n_jobs(args.n_jobs)
    if not args.quiet:
        print(build_line(), flush=True)  # which build plays: the demo's time depends on it
    start = time.perf_counter()
    index = run_demo(Path(args.out), args.games, args.n_jobs, args.quiet, args.card_games)
    print(f"demo finished in {time.perf_counter() - start:.0f} s; open {index.resolve()}")
    return 0
