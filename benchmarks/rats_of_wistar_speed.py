"""Rats of Wistar speed and strength benchmark.

Usage: python benchmarks/rats_of_wistar_speed.py [--games N] [--players 2]
Prints games/s per core for random and heuristic self-play, and the heuristic-vs-random win
rate (seats rotated, fixed seeds) with a 95% Wilson interval, per heuristic style.
"""

from __future__ import annotations

import argparse
import math
import time

from simcore.games.rats_of_wistar import RatsOfWistar
from simcore.runner import play_game
from strategies.heuristics.rats_of_wistar import make_heuristic
from strategies.random_policy import RandomPolicy


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a rate."""
    p = wins / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (centre - spread) / (1 + z * z / n), (centre + spread) / (1 + z * z / n)


def rate(game: RatsOfWistar, players: int, policy, games: int) -> float:
    """Self-play games per second (one core)."""
    start = time.perf_counter()
    for i in range(games):
        play_game(game, players, [policy] * players, 10_000 + i)
    return games / (time.perf_counter() - start)


def versus(game: RatsOfWistar, players: int, hero, games: int) -> tuple[float, float, float]:
    """Win share of ``hero`` against random opponents, its seat rotating."""
    wins = 0.0
    for i in range(games):
        seat = i % players
        lineup = [hero if s == seat else RandomPolicy() for s in range(players)]
        wins += play_game(game, players, lineup, 50_000 + i).seats[seat]["win_share"]
    lo, hi = wilson(wins, games)
    return wins / games, lo, hi


def main() -> None:
    """Run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    game = RatsOfWistar()
    n = args.players
    print(f"rats_of_wistar, {n} players, content {game.content_set} ({game.content_hash})")
    print(f"random    : {rate(game, n, RandomPolicy(), args.games):7.1f} games/s")
    for style in make_heuristic.styles:
        hero = make_heuristic(game, style=style)
        print(f"heuristic {style:9s}: {rate(game, n, hero, args.games):7.1f} games/s")
        share, lo, hi = versus(game, n, hero, args.games)
        print(f"  vs random: win share {share:.3f}  95% CI [{lo:.3f}, {hi:.3f}]")


if __name__ == "__main__":
    main()
