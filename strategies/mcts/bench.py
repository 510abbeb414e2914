"""``measure``: MCTS speed and time split on a few positions of a game (for ``boardlab bench``)."""

from __future__ import annotations

from typing import Any

from simcore.core import registry
from simcore.core.api import Game
from simcore.core.rng import policy_stream
from strategies.mcts.policy import make_mcts
from strategies.mcts.search import Stats
from strategies.random_policy import RandomPolicy


def measure(
    game: Game | str,
    n_players: int,
    iterations: int = 400,
    seed: int = 0,
    *,
    positions: int = 5,
    rollout: str = "random",
) -> dict[str, Any]:
    """Search ``positions`` positions of a random game with ``iterations`` each; report speed.

    Returns iterations per second and the share of search time spent in determinizations,
    rollouts and the tree itself (selection, expansion, in-tree moves, backup).
    """
    if isinstance(game, str):
        made: Game = registry.make_game(game)
        game = made
    game.check_players(n_players)
    policy = make_mcts(game, iterations=iterations, rollout=rollout)
    stats = Stats()
    searched = 0
    for state in sample_positions(game, n_players, seed, positions):
        policy.search_action(state, policy_stream(seed, searched), stats)
        searched += 1
    total = stats.total or 1e-12
    return {
        "game": game.spec.id,
        "n_players": n_players,
        "iterations": iterations,
        "positions": searched,
        "seconds": stats.total,
        "iterations_per_s": stats.iterations / total,
        "determinize_share": stats.determinize / total,
        "rollout_share": stats.rollout / total,
        "tree_share": stats.tree / total,
    }


def sample_positions(game: Game, n_players: int, seed: int, count: int) -> list[Any]:
    """Up to ``count`` non-terminal positions with a real choice, spread over one random game."""
    state = game.new_state(n_players, seed)
    rng = policy_stream(seed, 0)
    mover = RandomPolicy()
    seen = []
    while not state.is_terminal():
        if len(state.legal_actions()) > 1:
            seen.append(state.clone())
        state.apply(mover.act(state, rng))
    if not seen:
        return []
    stride = max(1, len(seen) // count)
    return seen[::stride][:count]
