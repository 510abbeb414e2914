"""``boardlab sweep``: a sweep file and flags, validated, run (or resumed) into a run folder."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from boardlab.commands.seats import add_seat_flags
from simcore.core.errors import ConfigError
from simcore.engine.sweep.config import add_n_jobs

HELP = "run a sweep into a Parquet run directory"
EXAMPLES = """examples:
  boardlab sweep analyses/sweeps/ratjack_ladder.toml --n-jobs -1
  boardlab sweep --game ratjack --players 2 --policies heuristic,random --games 200 --name quick
  boardlab sweep analyses/sweeps/ratjack_ladder.toml --resume"""


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The flags of ``boardlab sweep``."""
    p.add_argument("config", nargs="?", help="sweep TOML file (flags override it)")
    p.add_argument("--game", help="game id (boardlab games); overrides the file's")
    add_seat_flags(p)
    p.add_argument("--games", type=int, help="games per cell")
    p.add_argument("--name", help="run name (directory under --out)")
    p.add_argument("--out", default="runs", help="folder of the run folders (default runs)")
    add_n_jobs(p)
    p.add_argument("--chunk-size", type=int, help="games per task and part file")
    p.add_argument("--backend", default="loky", choices=["loky", "dask"], help="where chunks run")
    p.add_argument("--scheduler", help="Dask scheduler address for --backend dask")
    p.add_argument(
        "--worker-wait",
        type=float,
        metavar="SECONDS",
        help="with dask: exit 75 after this long with no worker (60)",
    )
    p.add_argument("--resume", action="store_true", help="continue an interrupted run")
    p.add_argument("--record-actions", action="store_true", help="also write the actions table")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument(
        "--plan",
        action="store_true",
        help="play a 100-game pilot per cell and print what the sweep's games buy "
        "and cost instead of running it (targets: boardlab plan)",
    )
    p.add_argument(
        "--precision",
        type=float,
        metavar="POINTS",
        help="add batches until every headline worth is found or known to within "
        "± POINTS of win share (--games: the most per cell)",
    )
    p.add_argument("--batch", type=int, default=100, help="games per cell per --precision batch")


def sweep_config_from_args(args: argparse.Namespace) -> Any:
    """Merge a sweep file with CLI flags (flags win) and validate."""
    from simcore.engine.sweep.config import (
        build_config,
        load_toml,
        parse_param_flags,
        resolve_paths,
        split_policy_flags,
    )

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
    from simcore.engine.sweep.dask_backend import WORKER_WAIT_SECONDS

    if args.worker_wait is None:
        return WORKER_WAIT_SECONDS
    if args.backend != "dask":
        backend = args.backend
        raise ConfigError(f"--worker-wait is only used with --backend dask (backend {backend!r})")
    return float(args.worker_wait)


def run(args: argparse.Namespace) -> int:
    """Run or resume a sweep."""
    from simcore.engine.sweep.config import check_n_jobs
    from simcore.engine.sweep.sweep import run_sweep

    cfg = sweep_config_from_args(args)
    check_n_jobs(args.n_jobs)
    if args.plan:
        from analyses.plan.pilot import plan_sweep

        print(f"{args.config or cfg.name}:\n{plan_sweep(cfg, args.n_jobs)}")
        return 0
    if args.precision is not None:  # batches to a precision: the analyses layer decides
        from analyses.compare.precision import cmd_precision

        return int(cmd_precision(cfg, args))
    result = run_sweep(
        cfg,
        args.out,
        n_jobs=args.n_jobs,
        chunk_size=args.chunk_size,
        backend=args.backend,
        scheduler=args.scheduler,
        resume=args.resume,
        quiet=args.quiet,
        worker_wait=_worker_wait(args),
    )
    print(
        f"{result.run_dir}: {result.games_total} games "
        f"({result.games_run} run now in {result.seconds:.1f} s{pace(result)})"
    )
    return 0


def pace(result: Any) -> str:
    """ ", N games/s" for fast sweeps, ", N s per game" for slow ones (search players)."""
    if result.games_run <= 0 or result.seconds <= 0:
        return ""
    rate = result.games_run / result.seconds
    return f", {rate:.0f} games/s" if rate >= 1 else f", {1 / rate:.1f} s per game"
