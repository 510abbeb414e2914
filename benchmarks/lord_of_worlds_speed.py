"""Lord of Worlds speed: games per second per core (CPU time) with random and heuristic seats.

Usage: python benchmarks/lord_of_worlds_speed.py [--games N] [--players P] [--variant V]
CPU time (``time.process_time``) is used so a busy machine does not distort the figure much.
"""

from __future__ import annotations

import argparse
import time

from simcore.games.lord_of_worlds import LordOfWorlds
from simcore.runner import play_game
from strategies.registry import make_policy


def games_per_second(
    game: LordOfWorlds, players: int, spec: str, games: int
) -> tuple[float, float]:
    """(games per CPU second, mean decisions per game) for ``spec`` in every seat."""
    policy = make_policy(spec, game)
    lineup = [policy] * players
    steps = 0
    start = time.process_time()
    for seed in range(games):
        steps += play_game(game, players, lineup, seed).game["steps"]
    elapsed = time.process_time() - start
    return games / elapsed, steps / games


def main() -> None:
    """Print one line per policy."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--variant", default="standard")
    args = parser.parse_args()
    game = LordOfWorlds.from_overrides({"variant": args.variant})
    for spec in ("random", "heuristic", "heuristic:style=architect"):
        rate, steps = games_per_second(game, args.players, spec, args.games)
        print(
            f"lord_of_worlds {args.variant} {args.players}p {spec:28s} "
            f"{rate:8.1f} games/s per core  ({steps:.0f} decisions/game)"
        )


if __name__ == "__main__":
    main()
