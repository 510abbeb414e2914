"""Ratjack speed: 2-player full games per second on one core.

Usage: ``python benchmarks/ratjack_speed.py [--games N] [--profile]``. Prints random-vs-random,
heuristic-vs-heuristic and heuristic-vs-random rates (games/s); ``--profile`` runs the random
line-up under pyinstrument.
"""

from __future__ import annotations

import argparse
import time

from simcore.games.ratjack import Ratjack
from simcore.runner import play_game
from strategies.registry import make_policy


def rate(specs: list[str], n_games: int, seed0: int = 0) -> str:
    """Games per second for the line-up ``specs``: per CPU second and per wall second.

    CPU time is the fairer per-core figure on a shared machine (wall time includes waiting
    for a core).
    """
    game = Ratjack()
    policies = [make_policy(s, game) for s in specs]
    wall, cpu = time.perf_counter(), time.process_time()
    for i in range(n_games):
        play_game(game, len(policies), policies, seed0 + i)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return f"{n_games / cpu:8.1f} games/s per CPU second ({n_games / wall:.1f} wall)"


def main() -> None:
    """Print the benchmark lines."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000, help="random games to time")
    parser.add_argument("--profile", action="store_true", help="profile random play")
    args = parser.parse_args()
    if args.profile:
        from pyinstrument import Profiler

        profiler = Profiler()
        profiler.start()
        rate(["random", "random"], args.games)
        profiler.stop()
        print(profiler.output_text(unicode=False, color=False))
        return
    print(f"random vs random:       {rate(['random', 'random'], args.games)}")
    n_heur = max(20, args.games // 40)
    print(f"heuristic vs heuristic: {rate(['heuristic', 'heuristic'], n_heur)}")
    print(f"heuristic vs random:    {rate(['heuristic', 'random'], n_heur)}")
    aggr = "heuristic:style=aggressive"
    print(f"aggressive vs random:   {rate([aggr, 'random'], n_heur)}")


if __name__ == "__main__":
    main()
