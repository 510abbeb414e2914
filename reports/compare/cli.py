"""``boardlab compare A B``: two versions on one study, one "A vs B" report."""

from __future__ import annotations

import argparse
import math
from dataclasses import replace
from pathlib import Path

from analyses.compare.changes import ComparisonResult
from analyses.compare.play import PlayedSide, compare_by_precision, compare_fixed
from analyses.compare.versions import (
    Side,
    check_pairable,
    read_side,
    run_name_for,
    side_config,
    study_of,
)
from analyses.stats.sequential import Schedule
from simcore.core.errors import ConfigError
from simcore.engine.sweep.config import add_n_jobs, check_n_jobs

DEFAULT_OUT = "compare_out"
DEFAULT_BATCH = 100


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Flags of ``boardlab compare``."""
    from simcore.engine.sweep.config import add_allow_import

    p.add_argument(
        "a", metavar="A", help="version A: a version TOML, a study sweep file or a run directory"
    )
    p.add_argument("b", metavar="B", help="version B (same kinds)")
    p.add_argument("--name-a", help="the name the report gives A (default: from the file)")
    p.add_argument("--name-b", help="the name the report gives B")
    p.add_argument(
        "--study",
        help="the study both versions play: a sweep file or a shipped "
        "study (boardlab compare needs one unless a side is a sweep file or a run)",
    )
    size = p.add_mutually_exclusive_group()
    size.add_argument(
        "--games",
        type=int,
        help="games per cell (default: the study's); with --precision, the most games per cell",
    )
    p.add_argument(
        "--precision",
        type=float,
        metavar="POINTS",
        help="add batches until every headline change is found or known to within "
        "± this many points of win share",
    )
    p.add_argument(
        "--batch",
        type=int,
        default=DEFAULT_BATCH,
        help=f"games per cell in each --precision batch (default {DEFAULT_BATCH})",
    )
    p.add_argument(
        "--unpaired",
        action="store_true",
        help="compare two runs made on different "
        "seeds or players as independent samples (wider intervals)",
    )
    p.add_argument(
        "--players-differ",
        action="store_true",
        help="same game, two players: A and B are sweep files or runs of one study "
        "(rules, seeds, grid, restrictions) that seat other players; compared "
        "game by game",
    )
    p.add_argument(
        "--null",
        action="store_true",
        help="allow two versions that play the same games (an A-vs-A calibration on purpose)",
    )
    p.add_argument("--out", default=DEFAULT_OUT, help="folder for the runs and the report")
    add_n_jobs(p)
    p.add_argument("--resume", action="store_true", help="continue an interrupted comparison")
    p.add_argument("--quiet", action="store_true", help="print only the report's path")
    add_allow_import(p)


def _check_flags(args: argparse.Namespace) -> None:
    check_n_jobs(args.n_jobs)
    if args.games is not None and args.games <= 0:
        raise ConfigError(f"--games must be a positive integer, got {args.games}")
    if args.precision is not None and not (math.isfinite(args.precision) and args.precision > 0):
        raise ConfigError(f"--precision must be a positive number of points, got {args.precision}")


def sides_of(args: argparse.Namespace) -> tuple[list[Side], dict[str, str] | None]:
    """Both sides, with names that tell them apart, and under ``--players-differ`` which
    player of A's replaces which of B's (the sides are then named by their players)."""
    sides = [read_side(args.a, "A", args.name_a), read_side(args.b, "B", args.name_b)]
    players = None
    if args.players_differ:
        sides, players = player_sides(args, sides)
    if sides[0].name == sides[1].name:
        raise ConfigError(
            f"both versions are named {sides[0].name!r}: give --name-a and "
            "--name-b so the report can tell them apart"
        )
    return sides, players


def player_sides(args: argparse.Namespace, sides: list[Side]) -> tuple[list[Side], dict]:
    """``--players-differ``: two sweep files or runs of one study that differ only in their
    players (refused otherwise, one line); the sides renamed by their players unless named."""
    from analyses.compare.players import check_same_rules, player_names, substitution

    if args.unpaired or args.study:
        flag = "--unpaired" if args.unpaired else "--study"
        raise ConfigError(
            f"--players-differ pairs two studies game by game; {flag} does not "
            "apply (each side is its own sweep file or run)"
        )
    for side in sides:
        if side.kind == "version":
            raise ConfigError(
                f"{side.source}: a version file changes rules, not players; "
                "--players-differ needs two sweep files or runs"
            )
    names = (sides[0].name, sides[1].name)
    configs = [
        s.finished()[1]["config"] if s.kind == "run" else s.sweep().identity() for s in sides
    ]
    players = substitution(configs[0], configs[1], names)
    check_same_rules(_rules_of(sides[0]), _rules_of(sides[1]), names)
    defaults = player_names(players) or names
    given = (args.name_a, args.name_b)
    return [
        replace(s, name=g or d) for s, g, d in zip(sides, given, defaults, strict=True)
    ], players


def _rules_of(side: Side) -> dict:
    """What a side's games are played with: a run's manifest, or the installed game's version
    for a sweep file played now."""
    if side.kind == "run":
        return dict(side.finished()[1])
    from simcore.core import registry

    return {"game_version": registry.make_game(side.sweep().game).spec.version}


def played_sides(args: argparse.Namespace, sides: list[Side]) -> list[PlayedSide]:
    """What each side plays (a config) or is (a finished run), checked to pair up."""
    names = (sides[0].name, sides[1].name)
    if all(s.kind == "run" for s in sides):
        if args.precision is not None or args.games is not None:
            raise ConfigError(
                "two finished runs cannot add games: --precision and --games "
                "need a side that is a version or study file"
            )
        if not args.players_differ:  # --players-differ checked them (player_sides)
            check_pairable(
                sides[0].finished()[1]["config"],
                sides[1].finished()[1]["config"],
                names,
                args.unpaired,
            )
        return [PlayedSide(s.name, s.finished()[0], None) for s in sides]
    if args.unpaired:
        raise ConfigError(
            "--unpaired is for two finished runs; versions played here share the study's seeds"
        )
    if args.players_differ:
        return [_played_as_is(args, side) for side in sides]
    study = study_of(args.study, sides)
    out = []
    for side in sides:
        if side.kind == "run":
            if args.precision is not None:
                raise ConfigError(
                    f"{side.source}: a finished run cannot add batches for "
                    "--precision; give its version file instead"
                )
            run_dir, manifest = side.finished()
            check_pairable(manifest["config"], study.identity(), names, False)
            out.append(PlayedSide(side.name, run_dir, None))
            continue
        cfg = side_config(side, study, run_name_for(side.label, side.name), args.games)
        check_pairable(cfg.identity(), study.identity(), names, False)
        out.append(PlayedSide(side.name, Path(args.out) / "runs" / cfg.name, cfg))
    _refuse_identical(args, sides, out)
    return out


def _refuse_identical(args: argparse.Namespace, sides: list[Side], out: list[PlayedSide]) -> None:
    """Exit 2 before any game when both versions play the same games (unless ``--null``)."""
    from analyses.compare.identical import same_games

    a, b = out[0].config, out[1].config
    if args.null or a is None or b is None or not same_games(a, b):
        return
    raise ConfigError(
        f"versions {sides[0].name!r} ({sides[0].source}) and {sides[1].name!r} "
        f"({sides[1].source}) play the same games: same rules, content and players, so "
        "every change would be 0; change something in B, or pass --null to measure an "
        "A-vs-A calibration on purpose"
    )


def _played_as_is(args: argparse.Namespace, side: Side) -> PlayedSide:
    """A side of ``--players-differ``: a run as it is, or its own sweep file played."""
    if side.kind == "run":
        if args.precision is not None:
            raise ConfigError(
                f"{side.source}: a finished run cannot add batches for "
                "--precision; give its sweep file instead"
            )
        return PlayedSide(side.name, side.finished()[0], None)
    cfg = side_config(side, side.sweep(), run_name_for(side.label, side.name), args.games)
    return PlayedSide(side.name, Path(args.out) / "runs" / cfg.name, cfg)


def run_compare(args: argparse.Namespace) -> tuple[ComparisonResult, Path]:
    """Play, compare and write the report; return the result and the report's path."""
    from reports.compare.page import compare_report
    from reports.compare.players import players_report
    from reports.kit.files import write_report
    from simcore.engine.run.outputs import check_no_links, check_output_folder, file_in

    _check_flags(args)
    named, players = sides_of(args)
    sides = played_sides(args, named)
    out = check_output_folder(args.out, "--out")
    runs = check_no_links(out, out / "runs", "--out")
    if args.precision is not None:
        first = sides[0].config or sides[1].config
        assert first is not None  # played_sides refused two finished runs with --precision
        try:
            schedule = Schedule(args.precision / 100, args.batch, args.games or first.games)
        except ValueError as exc:
            raise ConfigError(str(exc)) from None
        result = compare_by_precision(
            sides, runs, schedule, n_jobs=args.n_jobs, resume=args.resume, quiet=args.quiet
        )
    else:
        result = compare_fixed(
            sides,
            runs,
            n_jobs=args.n_jobs,
            resume=args.resume,
            quiet=args.quiet,
            paired_games=not args.unpaired,
        )
    result.players = players
    name = f"{run_name_for('A', result.name_a)[2:]}-vs-{run_name_for('B', result.name_b)[2:]}"
    target = file_in(out, name[:120], ".html", "report file name")
    page = players_report(result) if players is not None else compare_report(result)
    write_report(page, target)
    return result, target


def cmd_compare(args: argparse.Namespace) -> int:
    """``boardlab compare``: print the report's path (and the changes found)."""
    result, target = run_compare(args)
    if not args.quiet:
        found = result.changed.height
        print(
            f"{result.name_a} vs {result.name_b}: {result.games:,} games per cell, "
            f"{found} of {result.table.height} balance measures changed"
        )
    print(target)
    return 0
