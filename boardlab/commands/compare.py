"""``boardlab compare``: its flags and its work live in ``reports.compare.cli``.

That module is imported only when this command runs: importing every feature cost ~1 s of each
invocation, ``--help`` included.
"""

from __future__ import annotations

import argparse

HELP = "play two versions of a game on one study and report what changed (A vs B)"
EXAMPLES = """examples:
  boardlab compare version_a.toml version_b.toml --study ratjack_cards_rat --precision 2
  boardlab compare runs/a runs/b --players-differ"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The flags of ``boardlab compare``."""
    from reports.compare.cli import add_arguments as add_flags

    add_flags(parser)


def run(args: argparse.Namespace) -> int:
    """Run ``boardlab compare`` with its parsed flags; returns the exit code."""
    from reports.compare.cli import cmd_compare as run_command

    return run_command(args)
