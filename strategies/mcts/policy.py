"""The ``mcts`` policy object and its factory."""

from __future__ import annotations

import random
from typing import Any

from simcore.core.api import Game, State
from simcore.core.errors import ConfigError
from strategies.mcts.config import RECOMMENDED, MctsConfig
from strategies.mcts.search import Node, Stats, best_action, search
from strategies.registry import check_classes, make_policy
from strategies.restricted import class_forbid


class MctsPolicy:
    """SO-ISMCTS for the acting seat; reads hidden information only through ``determinize``."""

    search = True  # seconds per game: sweeps give its cells smaller chunks

    def __init__(
        self, config: MctsConfig, rollout_policy: Any = None, prior_policy: Any = None
    ) -> None:
        self.config = config
        self.rollout_policy = rollout_policy
        self.prior_policy = prior_policy
        self._deferred = class_forbid(config.defer.split("+")) if config.defer else None
        self._focus = class_forbid(config.focus.split("+")) if config.focus else None
        self.name = config.spec()
        # seat -> (that seat's rng, fingerprint of the state expected next, subtree to reuse)
        self._kept: dict[int, tuple[random.Random, tuple, Node]] = {}

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
        seat = state.current_player
        kept = self._reused_root(state, rng) if self.config.reuse else None
        if len(actions) == 1 or self._defers(state, actions):
            # nothing to decide, or a decision left to the prior: skip the search
            action = actions[0] if len(actions) == 1 else self.prior_policy.act(state, rng)
            if kept is not None:
                self._keep(state, rng, kept, action)
            return action
        root = search(state, rng, self.config, self.rollout_policy, stats, self.prior_policy, kept)
        action = best_action(root, seat, actions)
        if self.config.reuse:
            self._keep(state, rng, root, action)
        return action

    def _defers(self, state: State, actions: list[int]) -> bool:
        """Every legal action is of a deferred class (option ``defer``), or none is of a
        focus class (option ``focus``)."""
        deferred, focus = self._deferred, self._focus
        if focus is not None and not any(focus(state, a) for a in actions):
            return True
        return deferred is not None and all(deferred(state, a) for a in actions)

    def _reused_root(self, state: State, rng: random.Random) -> Node | None:
        """The subtree kept for this seat if ``state`` is exactly the one it was kept for.

        Identity of the seat's rng (one per game and seat) plus an exact state fingerprint
        make reuse independent of which games a worker played before: same game, same moves.
        """
        entry = self._kept.pop(state.current_player, None)
        if entry is None or entry[0] is not rng or entry[1] != state.fingerprint():
            return None
        return entry[2]

    def _keep(self, state: State, rng: random.Random, root: Node, action: int) -> None:
        """Keep ``action``'s subtree if the same seat decides again right after it."""
        child = root.children.get(action)
        if child is None or not child.visits:
            return
        after = state.clone()
        after.apply(action)
        if after.current_player == state.current_player:
            self._kept[state.current_player] = (rng, after.fingerprint(), child)

    def __repr__(self) -> str:
        return f"MctsPolicy({self.name!r})"


class _Unguarded:
    """A play-out policy that plays its wrapped heuristic's ``act_unguarded``."""

    def __init__(self, policy: Any) -> None:
        self.act = policy.act_unguarded
        self.name = f"{policy.name} (unguarded)"


def _unguarded(policy: Any, name: str) -> _Unguarded:
    """``policy`` without its end-of-game guard; ConfigError if it has none."""
    if not hasattr(policy, "act_unguarded"):
        raise ConfigError(
            f"policy 'mcts': option 'guard=0' needs a play-out policy with an end-of-game guard; "
            f"{name!r} has none for this game"
        )
    return _Unguarded(policy)


def make_mcts(game: Game, **options: Any) -> MctsPolicy:
    """Information-set MCTS (options: iterations, time_ms, c, rollout, horizon, reward, widen,
    prior, reuse, guard, defer, focus).

    Options not given take the game's recommended settings (``RECOMMENDED``), then the global
    defaults; the policy's name spells out every setting that differs from the global defaults.
    """
    config = MctsConfig.from_options({**RECOMMENDED.get(game.spec.id, {}), **options})
    rollout = None
    if config.rollout != "random":
        rollout = make_policy(config.rollout, game)
        if not config.guard:
            rollout = _unguarded(rollout, config.rollout)
    for key in ("defer", "focus"):
        if getattr(config, key):
            classes = getattr(config, key)
            check_classes(game, classes.split("+"), f"mcts:{key}={classes}")
    needs_prior = config.widen > 0 or config.defer or config.focus
    prior = make_policy(config.prior, game) if needs_prior else None
    if prior is None and "prior" in options:  # unused here, but a typo must not pass silently
        make_policy(config.prior, game)
    return MctsPolicy(config, rollout, prior)
