"""``boardlab plan``: its flags and its work live in ``analyses.plan.pilot``.

That module is imported only when this command runs: importing every feature cost ~1 s of each
invocation, ``--help`` included.
"""

from __future__ import annotations

import argparse

HELP = "a short pilot of a sweep, then the games per cell a precision needs and its CPU"
EXAMPLES = """examples:
  boardlab plan analyses/sweeps/lord_of_worlds_variants.toml --detect 3
  boardlab plan analyses/sweeps/ratjack_ladder.toml --from-run runs/ratjack-ladder --half-width 2"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The flags of ``boardlab plan``."""
    from analyses.plan.pilot import add_arguments as add_flags

    add_flags(parser)


def run(args: argparse.Namespace) -> int:
    """Run ``boardlab plan`` with its parsed flags; returns the exit code."""
    from analyses.plan.pilot import cmd_plan as run_command

    return run_command(args)
