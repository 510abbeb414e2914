"""``boardlab games``: every registered game with its parameters and the input limits."""

from __future__ import annotations

import argparse
import json

HELP = "list the registered games and their parameters"
EXAMPLES = """examples:
  boardlab games"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``boardlab games`` takes no flags."""


def run(args: argparse.Namespace) -> int:
    """Print every registered game with its parameters."""
    from simcore.core import registry
    from simcore.engine.sweep.limits import limits_text, param_range

    for gid in registry.game_ids():
        try:
            game = registry.make_game(gid)
        except Exception as exc:  # a broken plug-in must not hide the others
            print(f"{gid}: cannot load ({type(exc).__name__}: {exc})")
            continue
        s = game.spec
        hidden = "hidden information" if s.hidden_information else "perfect information"
        print(f"{s.id} v{s.version}: {s.min_players}-{s.max_players} players, {hidden}")
        print(f"    {s.description}")
        for row in game.describe_params():
            mark = " [A]" if row.get("assumption") else ""
            shown = f"{json.dumps(row['value'])}{mark}{param_range(row)}"
            print(f"    {row['name']} = {shown}  {row['doc']}")
    print(limits_text())
    return 0
