"""MCTS speed per registered game: iterations/s and where the search time goes.

    python benchmarks/mcts_speed.py [--iterations 400] [--positions 5] [--seed 0] [--players 2]

Games that do not import yet are listed as skipped. Fixture games need the repository root
on the path: ``PYTHONPATH=. python benchmarks/mcts_speed.py --games tests.fixtures.duel:Duel``.
The tree share is everything except determinizations and rollouts
(selection, expansion, in-tree moves, backup).
"""

from __future__ import annotations

import argparse
import sys

from simcore.core import registry
from strategies.mcts import measure


def main(argv: list[str] | None = None) -> int:
    """Print one row per game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=400)
    parser.add_argument("--positions", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--rollout", default="random")
    parser.add_argument("--games", nargs="*", help="game ids or module:Class (default: all)")
    args = parser.parse_args(argv)
    header = f"{'game':<20}{'players':>8}{'iter/s':>10}{'determinize':>13}{'rollout':>9}{'tree':>7}"
    print(header)
    for game_id in args.games or registry.game_ids():
        try:
            game = registry.make_game(game_id)
        except Exception as exc:  # games land in parallel; report and go on
            print(f"{game_id:<20}skipped: {type(exc).__name__}: {exc}")
            continue
        n = max(game.spec.min_players, min(args.players, game.spec.max_players))
        r = measure(
            game, n, args.iterations, args.seed, positions=args.positions, rollout=args.rollout
        )
        print(
            f"{game.spec.id:<20}{n:>8}{r['iterations_per_s']:>10.0f}{r['determinize_share']:>13.1%}"
            f"{r['rollout_share']:>9.1%}{r['tree_share']:>7.1%}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
