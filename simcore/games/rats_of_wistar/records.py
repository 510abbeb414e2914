"""§12 placement records: what a placement yielded and which bonus choices it took.

A placement opens a record; the main action's strength and every bonus choice (also one with a
single option, which is never a decision row) are noted; when the placement is resolved the
record becomes an amendment of the placement's own row of the actions table.
"""

from __future__ import annotations

from typing import Any, Final

from simcore.games.rats_of_wistar.board import Player, auto
from simcore.games.rats_of_wistar.position import Position

YIELDS: Final = ("wood", "metal", "joker", "move_token", "potion", "vp", "cards", "inventions",
          "missions", "visitors", "doors", "rooms", "beds")  # fmt: skip


def _counters(pl: Player) -> tuple[int, ...]:
    """What a placement can change, in the order of ``YIELDS``."""
    return (
        *pl.resources,
        pl.victory_points,
        len(pl.hand) + len(pl.played),
        len(pl.played),
        len(pl.missions),
        pl.n_visitors(),
        len(pl.doors),
        pl.dug_rooms,
        pl.beds,
    )


def track_placement(s: Position, seat: int) -> None:
    """Start recording what this placement yields. Its row is decision ``steps - 1``: every
    placement is a decision, also the hut when it is the only option (``WistarState.settle``)."""
    if not s.keep_records:
        return
    s.open_placement = (s.steps - 1, seat, _counters(s.players[seat]), (), -1)


def note_choice(s: Position, choice: str) -> None:
    """Record a bonus choice of the placement being resolved (also single-option ones)."""
    if s.open_placement is not None:
        step, seat, before, choices, st = s.open_placement
        s.open_placement = (step, seat, before, (*choices, choice), st)


def note_strength(s: Position, strength_used: int) -> None:
    """Record the strength the placement's main action ran at."""
    if s.open_placement is not None:
        step, seat, before, choices, _ = s.open_placement
        s.open_placement = (step, seat, before, choices, strength_used)


@auto("placed_end")
def _placed_end(s: Position, task: tuple) -> None:
    finish_placement(s)


def finish_placement(s: Position) -> None:
    """The placement is resolved: its yields go to its own row of the actions table."""
    if s.open_placement is None:  # records off
        return
    step, seat, before, choices, st = s.open_placement
    after = _counters(s.players[seat])
    cols: dict[str, Any] = {f"y_{k}": b - a for k, a, b in zip(YIELDS, before, after, strict=True)}
    cols.update(
        order=">".join(c for c in choices if not c.startswith("branch")) or "-",
        bonus_choices=";".join(choices),
        strength_used=st,
    )
    s.amendments.append((step, cols))
    s.open_placement = None
