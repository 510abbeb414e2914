"""One-step lookahead on the game's own evaluation (TAG's OSLA): the ``greedy`` ladder rung.

Each decision samples the hidden information once (``state.determinize``: only what the seat
observes matters), applies every legal action to a copy of that world and keeps the action whose
result ``heuristic_value(seat)`` rates highest; a finished game counts as its win share. Ties go
to a random one of the best, so the rung is not biased by action order.
"""

from __future__ import annotations

import random

from simcore.core.api import Game, State
from simcore.core.rng import randbelow
from strategies.base import check_options


class GreedyPolicy:
    """Best immediate successor by the game's evaluation."""

    name = "greedy"

    def act(self, state: State, rng: random.Random) -> int:
        """The action whose successor scores highest for the acting seat."""
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        me = state.current_player
        world = state.determinize(me, rng)
        best: list[int] = []
        best_value = -1.0
        for action in actions:
            sim = world.clone()
            sim.apply(action)
            value = sim.returns()[me] if sim.is_terminal() else sim.heuristic_value(me)
            if value > best_value + 1e-12:
                best, best_value = [action], value
            elif value >= best_value - 1e-12:
                best.append(action)
        return best[randbelow(rng, len(best))]


def make_greedy(game: Game, **options: object) -> GreedyPolicy:
    """One-step lookahead on ``heuristic_value`` (ladder rung between random and heuristic)."""
    check_options("greedy", dict(options), {})
    return GreedyPolicy()
