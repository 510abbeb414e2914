"""Every action of one seeded 2-player game between policy specs (for same-games tests)."""

from __future__ import annotations

import random
from typing import Any

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


def first_decision(game: Game, players: int, seed: int, wanted: Any) -> tuple[Any, int]:
    """The state and action of the first legal action ``wanted(state, action)`` accepts in one
    seeded random game (``AssertionError`` when the game ends first)."""
    from simcore.core.rng import policy_stream

    policy = make_policy("random", game)
    state, rngs = game.new_state(players, seed), [policy_stream(seed, s) for s in range(players)]
    while not state.is_terminal():
        for action in state.legal_actions():
            if wanted(state, action):
                return state, action
        seat = state.current_player
        state.apply(policy.act(state, rngs[seat]))
    raise AssertionError("no decision offered such an action")
