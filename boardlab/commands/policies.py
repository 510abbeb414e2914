"""``boardlab policies [GAME]``: the policy names, and a game's heuristic styles."""

from __future__ import annotations

import argparse

HELP = "list policies (and a game's heuristic styles)"
EXAMPLES = """examples:
  boardlab policies
  boardlab policies --game rats_of_wistar"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The flags of ``boardlab policies``."""
    from simcore.engine.sweep.config import add_allow_import, add_game_flag

    add_game_flag(parser, required=False, text="a game id: also list its styles and action classes")
    add_allow_import(parser)


def run(args: argparse.Namespace) -> int:
    """Print the policy names (and the styles of a game's heuristic)."""
    from simcore.core import registry
    from simcore.engine.sweep.config import game_of
    from strategies.registry import describe_policies

    game_id = game_of(args, "policies", required=False)
    game = registry.make_game(game_id) if game_id is not None else None
    for row in describe_policies(game):
        print(f"{row['name']:<28} {row['doc']}")
    catalogue = game.action_class_catalogue() if game is not None else None
    if catalogue and game is not None:
        print(f"\naction classes of {game.spec.id} (restricted play: any policy with forbid=A+B)")
        for name, meaning in catalogue.items():
            print(f"  {name:<26} {meaning}")
    return 0
