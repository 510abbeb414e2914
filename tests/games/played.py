"""Every action of one seeded 2-player game between policy specs (for same-games tests)."""

from __future__ import annotations

import random

from simcore.core.api import Game
from strategies.registry import make_policy


def played_actions(game: Game, specs: list[str], seed: int) -> list[int]:
    """Every action of one 2-player game of ``specs`` (fresh players, the seat's own rng)."""
    players = [make_policy(spec, game) for spec in specs]
    state, rngs = game.new_state(2, seed), [random.Random(seed + i) for i in range(2)]
    played = []
    while state.current_player >= 0:
        seat = state.current_player
        action = players[seat].act(state, rngs[seat])
        played.append(action)
        state.apply(action)
    return played
