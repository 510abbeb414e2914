"""CPU per game of a player against a rival, and the rival against itself, on the same seeds.

    python benchmarks/player_cpu.py GAME SPEC [--rival heuristic] [--games 10] [--seed 0]

Plays ``--games`` 2-player games of SPEC against RIVAL (seats alternating, game seeds as a
sweep with ``--seed`` derives them) and the same games of RIVAL against itself, and prints the
CPU time (``time.process_time``, both seats) per game of each and their ratio. CPU time, not
wall time: on a shared machine wall time measures the other users.
"""

from __future__ import annotations

import argparse
import sys
import time

from simcore.core import registry
from simcore.core.errors import ConfigError
from simcore.core.rng import game_seed
from simcore.engine.play.runner import play_game
from strategies.registry import make_policy


def cpu_per_game(game_id: str, specs: list[str], games: int, seed: int) -> tuple[float, float]:
    """(CPU seconds per game, win share of ``specs[0]``), seats alternating game by game."""
    game = registry.make_game(game_id)
    spent, won = 0.0, 0.0
    for index in range(games):
        lineup = [make_policy(spec, game) for spec in specs]  # fresh players: no carried state
        order = lineup if index % 2 == 0 else lineup[::-1]
        start = time.process_time()
        record = play_game(game, 2, order, game_seed(seed, index))
        spent += time.process_time() - start
        won += record.seats[0 if index % 2 == 0 else 1]["win_share"]
    return spent / games, won / games


def main(argv: list[str] | None = None) -> int:
    """Print the two CPU figures and their ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("spec")
    parser.add_argument("--rival", default="heuristic")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    try:
        player, share = cpu_per_game(args.game, [args.spec, args.rival], args.games, args.seed)
        rival, _ = cpu_per_game(args.game, [args.rival, args.rival], args.games, args.seed)
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(
        f"{args.game}: {args.spec} vs {args.rival}, {args.games} games: "
        f"{player:.3f} CPU s per game (win share {share:.2f}); {args.rival} vs itself "
        f"{rival:.4f} s; ratio {player / max(rival, 1e-9):,.0f}x"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
