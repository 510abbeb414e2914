"""Information-set Monte Carlo tree search: the strong player of every balance analysis.

Spec: ``"mcts:iterations=400,c=0.7,rollout=random,horizon=0,reward=win,widen=0"`` (``time_ms=...``
adds a wall-clock budget and makes the policy non-deterministic).
"""

from strategies.mcts.bench import measure, sample_positions
from strategies.mcts.config import MctsConfig
from strategies.mcts.policy import MctsPolicy, make_mcts
from strategies.mcts.search import Node, Stats, search

__all__ = [
    "MctsConfig",
    "MctsPolicy",
    "Node",
    "Stats",
    "make_mcts",
    "measure",
    "sample_positions",
    "search",
]
