"""The ``mcts`` policy object and its factory."""

from __future__ import annotations

import random
from typing import Any

from simcore.api import Game, State
from strategies.mcts.config import RECOMMENDED, MctsConfig
from strategies.mcts.search import Stats, best_action, search
from strategies.registry import make_policy


class MctsPolicy:
    """SO-ISMCTS for the acting seat; reads hidden information only through ``determinize``."""

    def __init__(
        self, config: MctsConfig, rollout_policy: Any = None, prior_policy: Any = None
    ) -> None:
        self.config = config
        self.rollout_policy = rollout_policy
        self.prior_policy = prior_policy
        self.name = config.spec()

    @property
    def deterministic(self) -> bool:
        """True when the choice depends only on the state's information set and the rng."""
        return self.config.deterministic

    def act(self, state: State, rng: random.Random) -> int:
        """The most visited root action after the search."""
        return self.search_action(state, rng, None)

    def search_action(self, state: State, rng: random.Random, stats: Stats | None) -> int:
        """Like ``act``; fills ``stats`` with the time split when given."""
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]  # nothing to decide: skip the search
        root = search(state, rng, self.config, self.rollout_policy, stats, self.prior_policy)
        return best_action(root, state.current_player, actions)

    def __repr__(self) -> str:
        return f"MctsPolicy({self.name!r})"


def make_mcts(game: Game, **options: Any) -> MctsPolicy:
    """Information-set MCTS (options: iterations, time_ms, c, rollout, horizon, reward, widen,
    prior).

    Options not given take the game's recommended settings (``RECOMMENDED``), then the global
    defaults; the policy's name spells out every setting that differs from the global defaults.
    """
    config = MctsConfig.from_options({**RECOMMENDED.get(game.spec.id, {}), **options})
    rollout = None
    if config.rollout != "random":
        rollout = make_policy(config.rollout, game)
    prior = make_policy(config.prior, game) if config.widen > 0 else None
    return MctsPolicy(config, rollout, prior)
