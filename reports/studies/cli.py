"""``boardlab report``: flags and the run (one report, or several and an index page)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from reports.studies.batch import DEFAULT_OUT, build_reports
from simcore.engine.run.outputs import folder_and_name

KINDS = ("auto", "generic", "ratjack-cards")


def add_report_arguments(p: argparse.ArgumentParser) -> None:
    """Flags of ``boardlab report``."""
    p.add_argument("runs", nargs="+", metavar="RUN_DIR", help="run directories")
    p.add_argument(
        "--out",
        metavar="FOLDER",
        help=f"folder for the reports and their index page (default {DEFAULT_OUT})",
    )
    p.add_argument(
        "--name",
        metavar="FILE.html",
        help="file name of the one report (default: the run's name); no index page",
    )
    p.add_argument("--kind", default="auto", choices=KINDS, help="report type")


def cmd_report(args: argparse.Namespace) -> int:
    """Build reports from run directories."""
    out, name = folder_and_name(args.out, args.name)
    if name is not None:  # one report under its own name
        out = str(Path(out or DEFAULT_OUT) / name)
    # at a terminal, a line per report and a tick while one is written (stdout: the paths)
    say = _to_stderr if sys.stderr.isatty() else None
    entries = build_reports(args.runs, out, args.kind, say=say)
    for entry in entries:
        print(entry["path"])
    return 0


def _to_stderr(line: str) -> None:
    print(line, file=sys.stderr, flush=True)
