"""``boardlab demo``: flags and the run (sweeps, reports, index)."""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from reports.demo.run import DEFAULT_CARD_GAMES, DEFAULT_GAMES, run_demo
from simcore.core.errors import ConfigError
from simcore.core.native import build_line
from simcore.engine.sweep.config import add_n_jobs, check_n_jobs


def add_demo_arguments(p: argparse.ArgumentParser) -> None:
    """Flags of ``boardlab demo``."""
    p.add_argument("--out", default="boardlab-demo", help="folder for runs and reports")
    p.add_argument(
        "--games",
        type=int,
        default=DEFAULT_GAMES,
        help=f"games per cell of each game's sweep (default {DEFAULT_GAMES})",
    )
    p.add_argument(
        "--card-games",
        type=int,
        default=DEFAULT_CARD_GAMES,
        help="games per cell of the Ratjack card sweeps; 0 skips them "
        f"(default {DEFAULT_CARD_GAMES})",
    )
    add_n_jobs(p)
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
