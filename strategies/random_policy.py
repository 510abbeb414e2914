"""Uniformly random play."""

from __future__ import annotations

import random

from simcore.core.api import Game, State
from simcore.core.rng import randbelow
from strategies.base import check_options


class RandomPolicy:
    """Picks a legal action uniformly at random."""

    name = "random"

    def act(self, state: State, rng: random.Random) -> int:
        """A uniformly random legal action."""
        actions = state.legal_actions()
        return actions[randbelow(rng, len(actions))]


def make_random(game: Game, **options: object) -> RandomPolicy:
    """Uniformly random legal actions (baseline opponent)."""
    check_options("random", dict(options), {})
    return RandomPolicy()
