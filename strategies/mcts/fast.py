"""``mcts_fast``: information-set MCTS that spends its budget where it matters, for studies.

Each game's plain ``mcts`` settings (``RECOMMENDED``) with the changes below on top; explicit
options override both. Measured strength and CPU per game: docs/performance.md ("Strong
players at study scale").
"""

from __future__ import annotations

from typing import Any

from simcore.api import Game
from strategies.mcts.policy import MctsPolicy, make_mcts

# Per game, on top of RECOMMENDED. A game without an entry plays plain ``mcts``.
FAST: dict[str, dict[str, object]] = {
    # play-outs without the end-of-game guard (the search itself sees how the game ends), cut
    # off after 40 steps; only the turn menu (where to place, quick actions, when to end) is
    # searched, the sub-decisions (payments, part order, cards) follow the heuristic
    "rats_of_wistar": {"guard": 0, "horizon": 40, "focus": "place+end_turn+quick"},
}


def make_mcts_fast(game: Game, **options: Any) -> MctsPolicy:
    """MCTS at study scale: plain ``mcts`` with cheaper play-outs and only the decisions that
    shape the game searched (same options as mcts)."""
    return make_mcts(game, **{**FAST.get(game.spec.id, {}), **options})
