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
    """Run ``boardlab feel``: print the measures, write the same numbers as a page beside the
    run, and say where both are."""
    from pathlib import Path

    from analyses.feel.preset import feel_table
    from analyses.feel.text import format_table
    from reports.feel.page import feel_page
    from reports.kit.files import write_report
    from simcore.engine.run.outputs import file_in

    table, run_dir, title, subtitle = feel_table(args)
    print(format_table(table, markdown=args.markdown))
    page = file_in(Path(args.out), run_dir.name, ".html", "feel page")
    write_report(feel_page(table, title, subtitle, str(run_dir)), page)
    print(f"run: {run_dir}\npage: {page}")
    return 0
