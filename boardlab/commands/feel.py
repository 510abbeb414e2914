"""``boardlab feel``: its flags and its work live in ``analyses.feel.preset``.

That module is imported only when this command runs: importing every feature cost ~1 s of each
invocation, ``--help`` included.
"""

from __future__ import annotations

import argparse

HELP = "a short preset run: luck and skill, drama, kingmaking, decision load of a game"
EXAMPLES = """examples:
  boardlab feel --game ratjack --players 3
  boardlab feel --game lord_of_worlds --param variant=strategic --n-jobs -1"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The flags of ``boardlab feel``."""
    from analyses.feel.preset import add_arguments as add_flags

    add_flags(parser)


def run(args: argparse.Namespace) -> int:
    """Run ``boardlab feel`` with its parsed flags; returns the exit code."""
    from analyses.feel.preset import cmd_feel as run_command

    return run_command(args)
