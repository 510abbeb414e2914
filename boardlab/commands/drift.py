"""``boardlab drift``: its flags and its work live in ``analyses.drift.cli``.

That module is imported only when this command runs: importing every feature cost ~1 s of each
invocation, ``--help`` included.
"""

from __future__ import annotations

import argparse

HELP = "check (exit 1) or update the win-rate drift baseline"
EXAMPLES = """examples:
  boardlab drift check --n-jobs -1
  boardlab drift update --message "rat 7 now swaps"
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The flags of ``boardlab drift``."""
    from analyses.drift.cli import add_arguments as add_flags

    add_flags(parser)


def run(args: argparse.Namespace) -> int:
    """Run ``boardlab drift`` with its parsed flags; returns the exit code."""
    from analyses.drift.cli import cmd_drift as run_command

    return run_command(args)
