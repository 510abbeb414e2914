"""The ``boardlab`` command (DESIGN §6): the composition root of all layers.

Exit codes: 0 success, 1 a check failed (drift), 2 bad input, 70 internal error, 74 an I/O
error such as a full disk (finished chunks are kept: rerun with --resume), 75 a worker process
died or the Dask cluster was lost (likewise), 130 interrupted.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import sys
import traceback
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from simcore.config import check_n_jobs, parse_param_flags
from simcore.errors import BoardlabError, ConfigError, WorkerLostError

EXIT_OK, EXIT_CHECK_FAILED, EXIT_BAD_INPUT, EXIT_INTERNAL, EXIT_INTERRUPTED = 0, 1, 2, 70, 130
EXIT_WORKER_LOST = 75  # EX_TEMPFAIL: try again (with --resume)
EXIT_IO = 74  # EX_IOERR: the disk is full or failed; finished chunks are kept
EXIT_CODES_HELP = """exit codes:
  0    success
  1    a check failed (drift)
  2    bad input (one line naming the problem)
  70   internal error (--debug shows the traceback)
  74   I/O error (e.g. disk full): finished chunks are kept, free space and --resume
  75   a worker process died or the Dask cluster was lost: finished chunks are kept, --resume
  130  interrupted: finished chunks are kept, --resume"""
INTERRUPTED = "boardlab: interrupted (finished chunks are kept; rerun with --resume)"


class _Parser(argparse.ArgumentParser):
    """argparse that reports bad arguments as one line with exit code 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise ConfigError(f"{self.prog}: {message}")


def _add_seat_flags(p: argparse.ArgumentParser) -> None:
    from simcore.config import add_allow_import

    add_allow_import(p)
    p.add_argument("--players", type=int, help="number of seats")
    p.add_argument("--policies", help="comma-separated plain policy names, one per seat")
    p.add_argument(
        "--policy", action="append", help="one policy spec per seat (repeat once per seat)"
    )
    p.add_argument("--seed", type=int, help="seed (default 0)")
    p.add_argument("--param", action="append", metavar="KEY=VALUE", help="rule parameter")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser of every subcommand; given ``command``, the later layers' commands
    other than it get no arguments (adding them imports their layer: drift imports scipy, and
    importing everything cost ~1 s of every invocation, even ``--help``)."""
    parser = _Parser(
        prog="boardlab",
        description="Board-game balance analysis by simulation.",
        epilog=EXIT_CODES_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--debug", action="store_true", help="show tracebacks")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    sub.add_parser("games", help="list the registered games and their parameters")
    p = sub.add_parser("policies", help="list policies (and a game's heuristic styles)")
    p.add_argument("game", nargs="?")
    from simcore.config import add_allow_import

    add_allow_import(p)
    p = sub.add_parser("play", help="play one game and print the result (or a --trace)")
    p.add_argument("game")
    _add_seat_flags(p)
    p.add_argument("--trace", action="store_true", help="print every decision and its effects "
                   "as the seat that acted sees it")  # fmt: skip
    p.add_argument("--reveal", action="store_true",
                   help="with --trace: the analyst's view, hidden cards named")  # fmt: skip
    p = sub.add_parser("sweep", help="run a sweep into a Parquet run directory")
    p.add_argument("config", nargs="?", help="sweep TOML file (flags override it)")
    p.add_argument("--game")
    _add_seat_flags(p)
    p.add_argument("--games", type=int, help="games per cell")
    p.add_argument("--name", help="run name (directory under --out)")
    p.add_argument("--out", default="runs", help="parent directory of run directories")
    p.add_argument("--n-jobs", type=int, default=1, help="worker processes (-1: all cores)")
    p.add_argument("--chunk-size", type=int, help="games per task and part file")
    p.add_argument("--backend", default="loky", choices=["loky", "dask"])
    p.add_argument("--scheduler", help="Dask scheduler address for --backend dask")
    p.add_argument("--worker-wait", type=float, metavar="SECONDS",
                   help="with dask: exit 75 after this long with no worker (60)")  # fmt: skip
    p.add_argument("--resume", action="store_true", help="continue an interrupted run")
    p.add_argument("--record-actions", action="store_true", help="also write the actions table")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--plan", action="store_true",
                   help="play a 100-game pilot per cell and print what the sweep's games buy "
                        "and cost instead of running it (targets: boardlab plan)")  # fmt: skip
    p.add_argument("--precision", type=float, metavar="POINTS",
                   help="add batches until every headline worth is found or known to within "
                        "± POINTS of win share (--games: the most per cell)")  # fmt: skip
    p.add_argument("--batch", type=int, default=100, help="games per cell per --precision batch")
    for name, (adder, _) in _EXTRA_COMMANDS.items():
        extra = sub.add_parser(name, help=_EXTRA_HELP[name])
        if command is None or command == name:
            adder(extra)
    return parser


def _command_of(argv: Sequence[str]) -> str:
    """The subcommand named in ``argv`` ('' if none): its first word that is not an option
    (the only top-level option, ``--debug``, takes no value)."""
    return next((a for a in argv if not a.startswith("-")), "")


def cmd_games(args: argparse.Namespace) -> int:
    """Print every registered game with its parameters."""
    from simcore import registry
    from simcore.limits import limits_text, param_range

    for gid in registry.game_ids():
        try:
            game = registry.make_game(gid)
        except Exception as exc:  # a broken plug-in must not hide the others
            print(f"{gid}: cannot load ({type(exc).__name__}: {exc})")
            continue
        s = game.spec
        hidden = "hidden information" if s.hidden_information else "perfect information"
        print(f"{s.id} v{s.version}: {s.min_players}-{s.max_players} players, {hidden}")
        print(f"    {s.description}")
        for row in game.describe_params():
            mark = " [A]" if row.get("assumption") else ""
            shown = f"{json.dumps(row['value'])}{mark}{param_range(row)}"
            print(f"    {row['name']} = {shown}  {row['doc']}")
    print(limits_text())
    return EXIT_OK


def cmd_policies(args: argparse.Namespace) -> int:
    """Print the policy names (and the styles of a game's heuristic)."""
    from simcore import registry
    from strategies.registry import describe_policies

    game = registry.make_game(args.game) if args.game is not None else None
    for row in describe_policies(game):
        print(f"{row['name']:<28} {row['doc']}")
    catalogue = game.action_class_catalogue() if game is not None else None
    if catalogue:
        print(f"\naction classes of {game.spec.id} (restricted play: any policy with forbid=A+B)")
        for name, meaning in catalogue.items():
            print(f"  {name:<26} {meaning}")
    return EXIT_OK


def _seats(args: argparse.Namespace, game: Any) -> tuple[int, list[str]]:
    """Players and one policy spec per seat from ``--players`` / ``--policies`` / ``--policy``,
    the count checked against the game before anything is built from it."""
    from simcore.config import split_policy_flags

    if args.players is not None:  # before it sizes anything: 10^20 seats is no list
        game.check_players(args.players)
    specs = split_policy_flags(args.policies, args.policy)
    players = args.players if args.players is not None else len(specs or ())
    players = players or game.spec.min_players
    game.check_players(players)
    specs = specs or ["random"] * players
    if len(specs) != players:
        raise ConfigError(f"{len(specs)} policy spec(s) for --players {players}: give one per seat")
    return players, specs


def cmd_play(args: argparse.Namespace) -> int:
    """Play one game; print the result or the whole trace."""
    from simcore import registry
    from simcore.api import ranks
    from simcore.config import check_seed
    from simcore.runner import play_game
    from simcore.trace import trace_game
    from strategies.registry import make_policy

    if args.reveal and not args.trace:
        raise ConfigError("--reveal shows hidden cards in a trace: use it with --trace")
    game = registry.make_game(args.game, parse_param_flags(args.param))
    players, specs = _seats(args, game)
    seed = check_seed("--seed", args.seed or 0)
    policies = [make_policy(s, game) for s in specs]
    if args.trace:
        print("\n".join(trace_game(game, players, policies, seed, reveal=args.reveal)))
        return EXIT_OK
    record = play_game(game, players, policies, seed, policy_names=specs)
    g = record.game
    print(f"{game.spec.id}: {players} players, seed {seed}, {g['turns']} turns, ended by "
          f"{g['ended_by']}")  # fmt: skip
    scores = [s["score"] for s in record.seats]
    for row, rank in zip(record.seats, ranks(scores), strict=True):
        print(f"  seat {row['seat']} {row['policy']:<24} score {row['score']:g}  rank {rank}  "
              f"win share {row['win_share']:.3g}")  # fmt: skip
    return EXIT_OK


def sweep_config_from_args(args: argparse.Namespace) -> Any:
    """Merge a sweep file with CLI flags (flags win) and validate."""
    from simcore.config import build_config, load_toml, resolve_paths, split_policy_flags

    raw: dict[str, Any] = load_toml(args.config) if args.config else {}
    if args.config:
        raw = resolve_paths(raw, Path(args.config).resolve().parent)
    source = args.config or "command line"
    for key in ("game", "players", "games", "seed", "name", "chunk_size"):
        value = getattr(args, key, None)
        if value is not None:
            raw[key] = value
    specs = split_policy_flags(args.policies, args.policy)
    if specs:
        raw["policies"] = specs
    flag_params = parse_param_flags(args.param) if args.param else {}
    if flag_params:
        raw["params"] = {**raw.get("params", {}), **flag_params}
    if args.record_actions:
        raw["record_actions"] = True
    fixed = list(flag_params)  # what the flags set, which the file's grid must not vary
    if specs:
        fixed.append("policies")
    if args.players is not None:
        fixed.append("players")
    _drop_grid_keys(raw, fixed)
    return build_config(raw, source=source)


def _drop_grid_keys(raw: dict[str, Any], keys: list[str]) -> None:
    """Flags fix what the file's grid varies; otherwise the grid's values would win silently
    (``--policy`` on a file with a ``policies`` grid ran the file's line-ups)."""
    grid = raw.get("grid")
    if not isinstance(grid, dict):
        return
    for key in keys:
        grid.pop(key, None)
    if not grid:
        del raw["grid"]


def _worker_wait(args: argparse.Namespace) -> float:
    """``--worker-wait`` (dask only) or its default."""
    from simcore.dask_backend import WORKER_WAIT_SECONDS

    if args.worker_wait is None:
        return WORKER_WAIT_SECONDS
    if args.backend != "dask":
        backend = args.backend
        raise ConfigError(f"--worker-wait is only used with --backend dask (backend {backend!r})")
    return args.worker_wait


def cmd_sweep(args: argparse.Namespace) -> int:
    """Run or resume a sweep."""
    from simcore.sweep import run_sweep

    cfg = sweep_config_from_args(args)
    check_n_jobs(args.n_jobs)
    if args.plan:
        from analyses.plan import plan_sweep

        print(f"{args.config or cfg.name}:\n{plan_sweep(cfg, args.n_jobs)}")
        return EXIT_OK
    if args.precision is not None:  # batches to a precision: the analyses layer decides
        from analyses.sweep_precision import cmd_precision

        return cmd_precision(cfg, args)
    result = run_sweep(
        cfg, args.out, n_jobs=args.n_jobs, chunk_size=args.chunk_size, backend=args.backend,
        scheduler=args.scheduler, resume=args.resume, quiet=args.quiet,
        worker_wait=_worker_wait(args),
    )  # fmt: skip
    print(
        f"{result.run_dir}: {result.games_total} games "
        f"({result.games_run} run now in {result.seconds:.1f} s{_pace(result)})"
    )
    return EXIT_OK


def _pace(result: Any) -> str:
    """ ", N games/s" for fast sweeps, ", N s per game" for slow ones (search players)."""
    if result.games_run <= 0 or result.seconds <= 0:
        return ""
    rate = result.games_run / result.seconds
    return f", {rate:.0f} games/s" if rate >= 1 else f", {1 / rate:.1f} s per game"


_COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "games": cmd_games,
    "policies": cmd_policies,
    "play": cmd_play,
    "sweep": cmd_sweep,
}
# Later layers (analyses, reports, bench, demo) add subcommands here: name -> (add_args, run).
_EXTRA_COMMANDS: dict[str, tuple[Callable[[argparse.ArgumentParser], None], str]] = {}
_EXTRA_HELP: dict[str, str] = {}


def _register_extra_commands() -> None:
    try:
        from simcore import cli_extra
    except ImportError:
        return
    for name, (help_text, adder, target) in cli_extra.COMMANDS.items():
        _EXTRA_COMMANDS[name] = (adder, target)
        _EXTRA_HELP[name] = help_text


def _dispatch(args: argparse.Namespace) -> int:
    from simcore import registry

    allowed = getattr(args, "allow_import", False) or _allowed_by_env()
    with registry.imports_allowed(allowed):
        if args.command in _COMMANDS:
            return _COMMANDS[args.command](args)
        module_fn = _EXTRA_COMMANDS[args.command][1]
        module_name, _, fn_name = module_fn.partition(":")
        import importlib

        return getattr(importlib.import_module(module_name), fn_name)(args)


def _allowed_by_env() -> bool:
    """``BOARDLAB_ALLOW_IMPORT=1``: the user's own setting, like ``--allow-import``."""
    from simcore.config import ALLOW_IMPORT_ENV

    value = os.environ.get(ALLOW_IMPORT_ENV, "")
    if value not in ("", "0", "1"):
        raise ConfigError(f"{ALLOW_IMPORT_ENV}={value!r}: expected 1 (allow) or 0")
    return value == "1"


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``boardlab`` console script."""
    argv = list(sys.argv[1:] if argv is None else argv)
    debug = "--debug" in argv
    command = _command_of(argv)
    # joblib warns on stderr about an interrupted sweep's tasks (finished ones dropped, running
    # ones cancelled; which one depends on timing): the one line below says what happened
    warnings.filterwarnings("ignore", message=r".*tasks have been successfully executed")
    warnings.filterwarnings("ignore", message=r".*tasks which were still being processed")
    try:
        _register_extra_commands()
        args = build_parser(command).parse_args(argv)
        return _dispatch(args)
    except BoardlabError as exc:
        if debug:
            traceback.print_exc()
        print(f"boardlab: error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except WorkerLostError as exc:
        print(f"boardlab: {exc}; finished chunks are kept: rerun with --resume", file=sys.stderr)
        return EXIT_WORKER_LOST
    except KeyboardInterrupt:
        print(INTERRUPTED, file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        return EXIT_OK
    except OSError as exc:  # a full disk, a failing one, a folder gone mid-run
        if debug:
            traceback.print_exc()
        print(f"boardlab: I/O error: {_os_error(exc)}{_resume_hint(command)}", file=sys.stderr)
        return EXIT_IO
    except Exception as exc:
        if debug:
            traceback.print_exc()
        print(f"boardlab: internal error: {type(exc).__name__}: {exc} "
              "(run with --debug for the traceback)", file=sys.stderr)  # fmt: skip
        return EXIT_INTERNAL


def _os_error(exc: OSError) -> str:
    """``No space left on device: 'runs/x/games/part-....parquet'`` in one line."""
    text = exc.strerror or str(exc) or type(exc).__name__
    return f"{text}: {str(exc.filename)!r}" if exc.filename else text


def _resume_hint(command: str) -> str:
    if command in ("sweep", "demo"):
        return "; finished chunks are kept: free space, then rerun with --resume"
    return ""


def _exit_interrupted(signum: int, frame: Any) -> None:
    """Ctrl-C once ``main`` has returned (joining worker threads, running exit handlers): the
    same one line and exit 130 at once, not a traceback from ``threading._shutdown``."""
    with contextlib.suppress(Exception):  # a closed or broken stdout must not stop the exit
        sys.stdout.flush()
    os.write(2, (INTERRUPTED + "\n").encode())
    os._exit(EXIT_INTERRUPTED)


def entry() -> int:
    """The console script: ``main`` with Ctrl-C at any moment ending in one line and 130."""
    # A Ctrl-C while the interpreter shuts down ends the process at once (below); loky's
    # resource tracker, a child process, then frees the workers' semaphores itself and would
    # say so on stderr as "leaked" objects: the interruption is already said in one line.
    quiet = "ignore:resource_tracker:UserWarning"
    os.environ["PYTHONWARNINGS"] = ",".join(filter(None, [os.environ.get("PYTHONWARNINGS"), quiet]))
    try:
        code = main()
    except KeyboardInterrupt:  # between main's handlers (e.g. while printing an error)
        print(INTERRUPTED, file=sys.stderr)
        code = EXIT_INTERRUPTED
    # From here to the process's end (interpreter shutdown joins threads and runs atexit
    # handlers: loky's, Dask's) a Ctrl-C exits at once with the same line.
    signal.signal(signal.SIGINT, _exit_interrupted)
    return code


if __name__ == "__main__":
    sys.exit(entry())
