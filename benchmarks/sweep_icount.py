"""A sweep's own work per game as counted instructions, split into worker and parent.

    python benchmarks/sweep_icount.py OLD_TREE NEW_TREE [--game ID ...] [--games 1000 3000]
        [--json OUT]

``boardlab bench``'s overhead figure times a 1-worker sweep against a bare play loop; on a
busy machine two runs of it differ by about a point, as much as most changes to the sweep.
Here each tree runs random self-play (``--spec`` is not used) three ways under cachegrind, at
two sizes so that start-up and imports cancel: a bare ``play_game`` loop, the same games through
``run_chunk`` (the worker: rows, columns) and a whole 1-worker sweep (plus the parent: Arrow
conversion, Parquet encoding, writes). Per game, worker = chunk - bare and parent = sweep -
chunk, each also as a percentage of the bare game. Games come in 1,000-game chunks, the size
the bench's sweeps get. Two things that follow the clock, not the work, are held still:
OpenBLAS runs one thread (its idle thread's spinning otherwise adds a random ±7,000
instructions a game), and the timed write is off (``BOARDLAB_SAVE_SECONDS``), so that every
run writes its rows once at the end, however much valgrind slows it (about 50x: a timed write
every 2 s would write 25 parts where the bench's sweep writes one).
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from icount import NO_VALGRIND, IcountError, cachegrind  # the sibling scripts
from interleaved import GAMES, refuse, two_tree_parser, write_rows

CHUNK = 1000
PROBE = """
import sys, tempfile
from simcore import registry
from simcore.chunks import Chunk, run_chunk
from simcore.rng import game_seed
from simcore.runner import play_game
from simcore.scaling import selfplay_config
from simcore.sweep import run_sweep
from strategies.registry import make_policy
import pyarrow.parquet, polars  # imported by every mode, so that they cancel
mode, game_id, n, chunk = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
game = registry.make_game(game_id)
policies = [make_policy("random", game), make_policy("random", game)]
cfg = selfplay_config(game_id, "random", n, "icount")
if mode == "sweep":
    with tempfile.TemporaryDirectory() as tmp:
        run_sweep(cfg, tmp, n_jobs=1, quiet=True, chunk_size=chunk)
elif mode == "chunk":
    for start in range(0, n, chunk):
        run_chunk(cfg, Chunk(0, start, min(n, start + chunk)))
else:
    for i in range(n):
        play_game(game, 2, policies if i % 2 == 0 else policies[::-1], game_seed(1, i))
"""
MODES = ("bare", "chunk", "sweep")


def instructions(tree: Path, mode: str, game: str, games: int) -> int:
    """Instructions of one probe run in ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0",
           "OPENBLAS_NUM_THREADS": "1", "BOARDLAB_SAVE_SECONDS": "3600"}  # fmt: skip
    probe = [sys.executable, "-c", PROBE, mode, game]
    command, warm_up = [*probe, str(games), str(CHUNK)], [*probe, "1", str(CHUNK)]
    return cachegrind(tree, command, warm_up, env, f"{game} {mode}")[0]


def split(tree: Path, game: str, small: int, large: int) -> dict[str, float]:
    """Per game: the bare game, the worker's and the parent's own instructions."""
    per = {m: (instructions(tree, m, game, large) - instructions(tree, m, game, small))
           / (large - small) for m in MODES}  # fmt: skip
    bare, worker, parent = per["bare"], per["chunk"] - per["bare"], per["sweep"] - per["chunk"]
    return {"game_kinstr": round(bare / 1e3, 1), "worker_instr": round(worker),
            "parent_instr": round(parent), "worker_pct": round(100 * worker / bare, 2),
            "parent_pct": round(100 * parent / bare, 2),
            "total_pct": round(100 * (worker + parent) / bare, 2)}  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    """Print one row per (tree, game): the game's instructions and the sweep's own, split."""
    p = two_tree_parser(__doc__.splitlines()[0])
    p.add_argument("--games", type=int, nargs=2, default=[1000, 3000], metavar=("SMALL", "LARGE"))
    args = p.parse_args(argv)
    if shutil.which("valgrind") is None:
        return refuse("sweep_icount", NO_VALGRIND)
    small, large = args.games
    if not 0 < small < large:
        return refuse("sweep_icount", f"--games needs 0 < SMALL < LARGE, not {small} {large}")
    print(f"{'tree':<6}{'game':<16}{'game kI':>9}{'worker I':>10}{'parent I':>10}{'total %':>9}")
    rows = []
    for game in args.game or GAMES:
        for label, tree in (("old", args.old), ("new", args.new)):
            try:
                row = {"tree": label, "game": game, **split(tree, game, small, large)}
            except IcountError as exc:
                return refuse("sweep_icount", str(exc))
            rows.append(row)
            print(f"{label:<6}{game:<16}{row['game_kinstr']:>9.0f}{row['worker_instr']:>10}"
                  f"{row['parent_instr']:>10}{row['total_pct']:>9.2f}", flush=True)  # fmt: skip
    write_rows(args.json, rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
