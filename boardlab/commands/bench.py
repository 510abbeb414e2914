"""``boardlab bench``: its flags and its work live in ``simcore.engine.sweep.bench``.

That module is imported only when this command runs: importing every feature cost ~1 s of each
invocation, ``--help`` included.
"""

from __future__ import annotations

import argparse

HELP = "measure simulator speed, sweep overhead, parallel efficiency"
EXAMPLES = """examples:
  boardlab bench
  boardlab bench --game ratjack --json bench.json --compare benchmarks/bench_baseline.json"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The flags of ``boardlab bench``."""
    from simcore.engine.sweep.bench import add_arguments as add_flags

    add_flags(parser)


def run(args: argparse.Namespace) -> int:
    """Run ``boardlab bench`` with its parsed flags; returns the exit code."""
    from simcore.engine.sweep.bench import cmd_bench as run_command

    return run_command(args)
