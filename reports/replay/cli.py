"""``boardlab replay RUN --game-index I [--cell C] [--out FILE] [--reveal]``."""

from __future__ import annotations

import argparse
from pathlib import Path


def add_replay_arguments(p: argparse.ArgumentParser) -> None:
    """Flags of ``boardlab replay``."""
    p.add_argument("run", metavar="RUN_DIR", help="run directory")
    p.add_argument(
        "--game-index",
        type=int,
        required=True,
        metavar="I",
        help="the game's index in its cell (0 = the first)",
    )
    p.add_argument(
        "--cell", metavar="C", help="cell id (c000, ...); needed when the run has several"
    )
    p.add_argument("--out", metavar="FOLDER", help="folder for the page (default: here)")
    p.add_argument(
        "--name", metavar="FILE.html", help="the page's file name (<run>-<cell>-game<I>.html)"
    )
    p.add_argument(
        "--reveal",
        action="store_true",
        help="the analyst's view: hidden cards shown (the page says so)",
    )


def default_name(run: str, cell: str, index: int, reveal: bool) -> str:
    """``<run>-<cell>-game<I>.html`` (``-reveal`` for the analyst's view)."""
    return f"{run}-{cell}-game{index}{'-reveal' if reveal else ''}.html"


def cmd_replay(args: argparse.Namespace) -> int:
    """Rebuild one recorded game, check it against the record, write its page."""
    from analyses.replay.rebuild import load_replay
    from reports.replay.page import write_replay
    from simcore.engine.run.outputs import (
        check_no_links,
        check_output_file,
        check_output_folder,
        folder_and_name,
    )
    from simcore.engine.run.verify import load_checked

    folder, name = folder_and_name(args.out, args.name)
    folder = folder or "."
    if name is not None:
        check_output_file(Path(folder) / name, "--out", make_folder=True)
    else:
        check_output_folder(folder, "--out")
    load_checked(args.run)  # the whole run, as a report checks it: names, parts, schemas
    replay = load_replay(args.run, args.game_index, args.cell, reveal=args.reveal)
    name = name or default_name(replay.run, replay.cell, replay.game_index, args.reveal)
    out = check_no_links(folder, Path(folder) / name, "--out")
    write_replay(replay, out)
    view = "analyst view (--reveal)" if args.reveal else "seat view"
    print(f"{out}: {len(replay.steps)} decisions, {view}; the rebuilt game ends as recorded")
    return 0
