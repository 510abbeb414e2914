"""``boardlab play --game GAME``: one game, its result or its whole trace."""

from __future__ import annotations

import argparse

from boardlab.commands.seats import add_seat_flags, seats
from simcore.core.errors import ConfigError
from simcore.engine.sweep.config import add_game_flag, game_of

HELP = "play one game and print the result (or a --trace)"
EXAMPLES = """examples:
  boardlab play --game ratjack --players 2 --policies heuristic,random
  boardlab play --game lord_of_worlds --policy heuristic --policy mcts:iterations=200 --trace"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The flags of ``boardlab play``."""
    add_game_flag(parser)
    add_seat_flags(parser)
    parser.add_argument(
        "--trace",
        action="store_true",
        help="print every decision and its effects as the seat that acted sees it",
    )
    parser.add_argument(
        "--reveal", action="store_true", help="with --trace: the analyst's view, hidden cards named"
    )


def run(args: argparse.Namespace) -> int:
    """Play one game; print the result or the whole trace."""
    from simcore.core import registry
    from simcore.core.api import ranks
    from simcore.engine.check.trace import trace_game
    from simcore.engine.play.runner import play_game
    from simcore.engine.sweep.config import check_seed, parse_param_flags
    from strategies.registry import make_policy

    if args.reveal and not args.trace:
        raise ConfigError("--reveal shows hidden cards in a trace: use it with --trace")
    game_id = game_of(args, "play")
    assert game_id is not None  # required=True: game_of raised otherwise
    game = registry.make_game(game_id, parse_param_flags(args.param))
    players, specs = seats(args, game)
    seed = check_seed("--seed", args.seed or 0)
    policies = [make_policy(s, game) for s in specs]
    if args.trace:
        print("\n".join(trace_game(game, players, policies, seed, reveal=args.reveal)))
        return 0
    record = play_game(game, players, policies, seed, policy_names=specs)
    g = record.game
    ended = f"{g['turns']} turns, ended by {g['ended_by']}"
    print(f"{game.spec.id}: {players} players, seed {seed}, {ended}")
    scores = [s["score"] for s in record.seats]
    for row, rank in zip(record.seats, ranks(scores), strict=True):
        print(
            f"  seat {row['seat']} {row['policy']:<24} score {row['score']:g}  rank {rank}  "
            f"win share {row['win_share']:.3g}"
        )
    return 0
