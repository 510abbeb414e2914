"""Quick head-to-head of two policy specs, seats alternating, with the CPU time of the first.

    python benchmarks/duel.py GAME SPEC_A SPEC_B GAMES [--seed 7]

Prints one line per game (win shares and scores by seat) and the first spec's win share and
CPU seconds per game (its own moves only). Used for the exploratory tuning rows of
``benchmarks/mcts_tuning.md``; the rows that decide a setting are ``boardlab sweep`` runs.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from simcore import registry
from simcore.rng import game_seed
from strategies.registry import make_policy


def main(argv: list[str] | None = None) -> int:
    """Play the duel and print the summary line."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("game")
    p.add_argument("a")
    p.add_argument("b")
    p.add_argument("games", type=int)
    p.add_argument("--seed", type=int, default=7)
    args = p.parse_args(argv)
    game = registry.make_game(args.game)
    pa, pb = make_policy(args.a, game), make_policy(args.b, game)
    wins = cpu = 0.0
    decisions = 0
    for i in range(args.games):
        seat_a = i % 2
        policies = [pa, pb] if seat_a == 0 else [pb, pa]
        state = game.new_state(2, game_seed(args.seed, i))
        rng = random.Random(game_seed(args.seed + 1, i))
        while state.current_player >= 0:
            player = state.current_player
            start = time.process_time()
            action = policies[player].act(state, rng)
            if player == seat_a:
                cpu += time.process_time() - start
                decisions += 1
            state.apply(action)
        wins += state.returns()[seat_a]
        print(i, state.returns(), state.scores(), flush=True)
    n = args.games
    print(f"{args.game} {args.a} vs {args.b}: {wins}/{n} = {wins / n:.3f}; "
          f"A cpu/game {cpu / n:.2f}s decisions/game {decisions / n:.0f}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
