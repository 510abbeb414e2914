"""``boardlab playtest``: its flags and its work live in ``reports.playtest.cli``."""

from __future__ import annotations

import argparse

HELP = "play a game yourself against the bots in the browser; the games land in a run folder"
EXAMPLES = """examples:
  boardlab playtest --game ratjack --seat human --seat heuristic:style=fitted
  boardlab playtest --game rats_of_wistar --seat human --seat human --seat heuristic --games 2
  boardlab playtest --run ratjack-playtest --resume"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The flags of ``boardlab playtest``."""
    from reports.playtest.cli import add_playtest_arguments as add_flags

    add_flags(parser)


def run(args: argparse.Namespace) -> int:
    """Run ``boardlab playtest`` with its parsed flags; returns the exit code."""
    from reports.playtest.cli import cmd_playtest as run_command

    return run_command(args)
