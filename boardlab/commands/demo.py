"""``boardlab demo``: its flags and its work live in ``reports.demo.cli``.

That module is imported only when this command runs: importing every feature cost ~1 s of each
invocation, ``--help`` included.
"""

from __future__ import annotations

import argparse

HELP = "short sweeps of every game, reports and an index page"
EXAMPLES = """examples:
  boardlab demo
  boardlab demo --out boardlab-demo --n-jobs -1"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The flags of ``boardlab demo``."""
    from reports.demo.cli import add_demo_arguments as add_flags

    add_flags(parser)


def run(args: argparse.Namespace) -> int:
    """Run ``boardlab demo`` with its parsed flags; returns the exit code."""
    from reports.demo.cli import cmd_demo as run_command

    return run_command(args)
