"""The seat flags ``play`` and ``sweep`` share: players, one policy per seat, seed, rules."""

from __future__ import annotations

import argparse
from typing import Any

from simcore.core.errors import ConfigError


def add_seat_flags(p: argparse.ArgumentParser) -> None:
    """``--players``, ``--policies``/``--policy``, ``--seed``, ``--param`` and
    ``--allow-import``."""
    from simcore.engine.sweep.config import add_allow_import

    add_allow_import(p)
    p.add_argument("--players", type=int, help="number of seats")
    p.add_argument("--policies", help="comma-separated plain policy names, one per seat")
    p.add_argument(
        "--policy", action="append", help="one policy spec per seat (repeat once per seat)"
    )
    p.add_argument("--seed", type=int, help="seed (default 0)")
    p.add_argument("--param", action="append", metavar="KEY=VALUE", help="rule parameter")


def seats(args: argparse.Namespace, game: Any) -> tuple[int, list[str]]:
    """Players and one policy spec per seat from ``--players`` / ``--policies`` / ``--policy``,
    the count checked against the game before anything is built from it."""
    from simcore.engine.sweep.config import split_policy_flags

    if args.players is not None:  # before it sizes anything: 10^20 seats is no list
        game.check_players(args.players)
    specs = split_policy_flags(args.policies, args.policy)
    players = args.players if args.players is not None else len(specs or ())
    players = players or game.spec.min_players
    game.check_players(players)
    specs = specs or ["random"] * players
    if len(specs) != players:
        raise ConfigError(f"{len(specs)} policy spec(s) for --players {players}: give one per seat")
    return players, specs
