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


def rate(specs: list[str], n_games: int, seed0: int = 0) -> float:
    """Games per second for the line-up ``specs``."""
    game = Ratjack()
    policies = [make_policy(s, game) for s in specs]
    start = time.perf_counter()
    for i in range(n_games):
        play_game(game, len(policies), policies, seed0 + i)
    return n_games / (time.perf_counter() - start)


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
    print(f"random vs random:       {rate(['random', 'random'], args.games):8.1f} games/s")
    n_heur = max(20, args.games // 40)
    print(f"heuristic vs heuristic: {rate(['heuristic', 'heuristic'], n_heur):8.1f} games/s")
    print(f"heuristic vs random:    {rate(['heuristic', 'random'], n_heur):8.1f} games/s")
    aggr = "heuristic:style=aggressive"
    print(f"aggressive vs random:   {rate([aggr, 'random'], n_heur):8.1f} games/s")


if __name__ == "__main__":
    main()
