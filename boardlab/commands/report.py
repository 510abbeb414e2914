"""``boardlab report``: its flags and its work live in ``reports.studies.cli``.

That module is imported only when this command runs: importing every feature cost ~1 s of each
invocation, ``--help`` included.
"""

from __future__ import annotations

import argparse

HELP = "build HTML reports from run directories"
EXAMPLES = """examples:
  boardlab report runs/quick
  boardlab report runs/a runs/b --out reports_out
  boardlab report runs/quick --out reports_out --name quick.html"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The flags of ``boardlab report``."""
    from reports.studies.cli import add_report_arguments as add_flags

    add_flags(parser)


def run(args: argparse.Namespace) -> int:
    """Run ``boardlab report`` with its parsed flags; returns the exit code."""
    from reports.studies.cli import cmd_report as run_command

    return run_command(args)
