"""Readable game traces for ``boardlab play --trace`` and golden-trace tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from simcore.core.api import Game, ranks
from simcore.core.rng import policy_stream

SEAT_VIEW = "# each line shows only what the seat that acted can see (--reveal shows every card)"
ANALYST_VIEW = "# analyst view (--reveal): hidden cards are named, no seat saw all of this"


def trace_game(
    game: Game, n_players: int, policies: Sequence[Any], seed: int, *, reveal: bool = False
) -> list[str]:
    """Play one game and return its narrative: every decision, what followed, the result.

    Decisions and narrative are observations (§8 of the specs): each line names only what the
    seat that acted can see. ``reveal`` is the analyst's view: hidden cards are named and the
    final position is shown in full; the header says which view a trace is.
    """
    state = game.new_state(n_players, seed)
    if reveal:
        state.reveal_trace()  # before the narrative starts: the first deal is narrated
    state.enable_trace()
    rngs = [policy_stream(seed, seat) for seat in range(n_players)]
    names = [p.name for p in policies]
    lines = [f"# {game.spec.id} v{game.spec.version}, {n_players} players, seed {seed}"]
    lines.append(ANALYST_VIEW if reveal else SEAT_VIEW)
    lines += [f"# seat {i}: {name}" for i, name in enumerate(names)]
    lines += state.trace_lines()
    while not state.is_terminal():
        seat = state.current_player
        action = policies[seat].act(state, rngs[seat])
        label = state.action_label(action, seat, reveal=reveal)
        lines.append(f"seat {seat} ({names[seat]}): {label}")
        state.apply(action)
        lines += ["    " + line for line in state.trace_lines()]
    view = state.render() if reveal else ""  # the full position holds every hidden card
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
