"""A real code change for the drift tests: the Ratjack heuristic with other evaluation weights.

``tests.analyses.tweaked_ratjack:heuristic:close=1.0`` is the shipped heuristic (the careful
style) with one weight changed, exactly what editing ``strategies/data/ratjack_styles.toml``
would do; workers build it from the spec, so nothing is patched.
"""

from __future__ import annotations

from dataclasses import replace

from simcore.core.api import Game
from strategies.heuristics.ratjack import RatjackHeuristic


def heuristic(game: Game, **weights: float) -> RatjackHeuristic:
    """The careful heuristic with ``weights`` (fields of ``Weights``) replaced."""
    policy = RatjackHeuristic("careful")
    policy.w = replace(policy.w, **{k: float(v) for k, v in weights.items()})
    return policy
