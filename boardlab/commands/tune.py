"""``boardlab tune``: its flags and its work live in ``reports.tune.cli``.

That module is imported only when this command runs: importing every feature cost ~1 s of each
invocation, ``--help`` included.
"""

from __future__ import annotations

import argparse

HELP = (
    "search rule and content numbers (or policy weights) that meet targets, verified on fresh seeds"
)
EXAMPLES = """examples:
  boardlab tune analyses/tune/searches/ratjack_effects_band.toml --n-jobs -1
  boardlab tune analyses/tune/searches/ratjack_effects_band.toml --resume"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The flags of ``boardlab tune``."""
    from reports.tune.cli import add_arguments as add_flags

    add_flags(parser)


def run(args: argparse.Namespace) -> int:
    """Run ``boardlab tune`` with its parsed flags; returns the exit code."""
    from reports.tune.cli import cmd_tune as run_command

    return run_command(args)
