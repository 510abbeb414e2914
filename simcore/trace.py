"""Readable game traces for ``boardlab play --trace`` and golden-trace tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from simcore.api import Game, ranks
from simcore.rng import policy_stream


def trace_game(game: Game, n_players: int, policies: Sequence[Any], seed: int) -> list[str]:
    """Play one game and return its narrative: every decision, what followed, the result."""
    state = game.new_state(n_players, seed)
    state.enable_trace()
    rngs = [policy_stream(seed, seat) for seat in range(n_players)]
    names = [p.name for p in policies]
    lines = [f"# {game.spec.id} v{game.spec.version}, {n_players} players, seed {seed}"]
    lines += [f"# seat {i}: {name}" for i, name in enumerate(names)]
    lines += state.trace_lines()
    while not state.is_terminal():
        seat = state.current_player
        action = policies[seat].act(state, rngs[seat])
        lines.append(f"seat {seat} ({names[seat]}): {state.action_label(action)}")
        state.apply(action)
        lines += ["    " + line for line in state.trace_lines()]
    view = state.render()
    if view:
        lines += ["", *view.splitlines()]
    lines.append("")
    scores, shares = state.scores(), state.returns()
    for seat, (score, rank) in enumerate(zip(scores, ranks(scores), strict=True)):
        lines.append(
            f"result seat {seat} ({names[seat]}): score {score:g}, rank {rank}, "
            f"win share {shares[seat]:.3g}"
        )
    out = state.outcome()
    lines.append(f"ended by {out['ended_by']} after {out['turns']} turns")
    return lines
