"""A sweep's own CPU per game, with the games taken out: every game is a canned record.

    python benchmarks/sweep_own_cost.py [--game ID ...] [--games 3800] [--repeats 5]

``simcore.chunks.play_game`` is replaced by a function that hands back one of 64 records
played beforehand (random self-play, 2 players), so what a 1-worker sweep then spends is its
own work: the chunk's rows, the Arrow conversion and Parquet write, the run directory's
records, and its fixed start-up. ``run_chunk`` is timed alone as well (the worker's part).
Medians of ``--repeats`` runs, process CPU. Against ``boardlab bench``'s sweep overhead, which
divides by real games, this names the cost a faster game cannot hide. Run it with another tree
first on ``PYTHONPATH`` (and ``python -P``) to compare builds.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from typing import Any

import simcore.chunks as chunk_module
from simcore import registry
from simcore.bench import selfplay_config
from simcore.chunks import Chunk, run_chunk
from simcore.rng import game_seed
from simcore.runner import play_game
from simcore.sweep import run_sweep
from strategies.registry import make_policy

CANNED = 64  # records replayed in turn


def canned_play(game_id: str) -> Any:
    """A stand-in for ``play_game`` that returns pre-played records of ``game_id`` in turn."""
    game = registry.make_game(game_id)
    policies = [make_policy("random", game), make_policy("random", game)]
    records = [play_game(game, 2, policies, game_seed(1, i)) for i in range(CANNED)]
    count = [0]

    def play(*_args: Any, **_kwargs: Any) -> Any:
        count[0] += 1
        return records[count[0] % CANNED]

    return play


def own_cost(game_id: str, games: int, repeats: int) -> dict[str, Any]:
    """Microseconds of CPU per game: the whole sweep and ``run_chunk`` alone."""
    cfg = selfplay_config(game_id, "random", games, "own-cost")
    saved = chunk_module.play_game
    chunk_module.play_game = canned_play(game_id)
    try:

        def sweep() -> float:
            with tempfile.TemporaryDirectory() as tmp:
                start = time.process_time()
                run_sweep(cfg, tmp, n_jobs=1, quiet=True)
                return time.process_time() - start

        def chunk() -> float:
            start = time.process_time()
            run_chunk(cfg, Chunk(0, 0, games))
            return time.process_time() - start

        sweep()  # warm-up: imports and caches belong to neither figure
        whole = statistics.median(sweep() for _ in range(repeats))
        rows = statistics.median(chunk() for _ in range(repeats))
    finally:
        chunk_module.play_game = saved
    return {"game": game_id, "games": games,
            "sweep_us_per_game": round(1e6 * whole / games, 2),
            "run_chunk_us_per_game": round(1e6 * rows / games, 2)}  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    """Print each game's own-cost figures."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", action="append", choices=registry.names(registry.GAME_GROUP))
    p.add_argument("--games", type=int, default=3800)
    p.add_argument("--repeats", type=int, default=5)
    args = p.parse_args(argv)
    if args.games < 1 or args.repeats < 1:
        p.error("--games and --repeats must be at least 1")
    for game_id in args.game or registry.names(registry.GAME_GROUP):
        r = own_cost(game_id, args.games, args.repeats)
        print(f"{game_id:16s} sweep {r['sweep_us_per_game']:7.2f} us/game  "
              f"run_chunk {r['run_chunk_us_per_game']:6.2f} us/game")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
