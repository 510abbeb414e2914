"""``boardlab replay``: its flags and its work live in ``reports.replay.cli``.

That module is imported only when this command runs: importing every feature cost ~1 s of each
invocation, ``--help`` included.
"""

from __future__ import annotations

import argparse

HELP = "one recorded game as an HTML page to step through (each seat's view)"
EXAMPLES = """examples:
  boardlab replay runs/quick --game-index 17
  boardlab replay runs/quick --game-index 3 --cell c001 --out pages --reveal"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The flags of ``boardlab replay``."""
    from reports.replay.cli import add_replay_arguments as add_flags

    add_flags(parser)


def run(args: argparse.Namespace) -> int:
    """Run ``boardlab replay`` with its parsed flags; returns the exit code."""
    from reports.replay.cli import cmd_replay as run_command

    return run_command(args)
