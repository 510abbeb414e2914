"""``boardlab report``: flags and the run (one report, or several and an index page)."""

from __future__ import annotations

import argparse

from reports.studies.batch import build_reports

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
