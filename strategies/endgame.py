"""End-of-game guard for heuristics whose value function cannot see the final scoring.

When the game may end before the acting seat's turn is over, every legal action is played out on
one sampled world (``state.determinize``: only what the seat observes matters), the rest of the
turn by the policy itself, and the actions that end the game as a loss are struck while another
action keeps the game going or ends it better. A heuristic thus never prefers a certain loss to
a move that keeps it in the game.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

from simcore.core.api import TERMINAL

MAX_STEPS: Final = 500  # decisions one play-out may take (a safety bound)


def play_out(
    act: Callable[[Any, random.Random], int],
    world: Any,
    action: int,
    rng: random.Random,
    own: bool = False,
) -> float | None:
    """Win share of the acting seat if ``action`` and the rest of its turn end the game,
    else None; ``own``: ``world`` is not needed afterwards and is played on, uncopied."""
    me = world.current_player
    sim = world if own else world.clone()
    sim.apply(action)
    steps = 0
    # ``current_player == me`` (a seat, >= 0) already says the game goes on: no is_terminal()
    while sim.current_player == me and steps < MAX_STEPS:
        sim.apply(act(sim, rng))
        steps += 1
    return sim.returns()[me] if sim.current_player == TERMINAL else None


def endgame_filter(
    act: Callable[[Any, random.Random], int], state: Any, rng: random.Random
) -> list[int] | None:
    """The legal actions worth choosing from, or None when no action ends the game this turn.

    Actions that win outright are kept alone; otherwise actions that end in a loss are dropped
    whenever some action keeps the game going or ends it with a share.
    """
    legal = state.legal_actions()
    world = state.determinize(state.current_player, rng)
    # the sampled world is this call's own: the last action plays on it, uncopied
    last = len(legal) - 1
    shares = [play_out(act, world, a, rng, i == last) for i, a in enumerate(legal)]
    if all(x is None for x in shares):
        return None
    wins = [a for a, x in zip(legal, shares, strict=True) if x is not None and x >= 1.0]
    if wins:
        return wins
    not_lost = [a for a, x in zip(legal, shares, strict=True) if x is None or x > 0.0]
    return not_lost or legal
