"""Where each sector sits on the wheel this round (§4) and the strength of a main action (§6)."""

from __future__ import annotations

from typing import Final

from simcore.games.rats_of_wistar.position import Position

MAIN_AREA: Final = (0, 0, 1, 1, 2, 2)  # area of the main action at slots 0..5


def space_slot(s: Position, sector: int) -> int:
    """§4: sector k sits at slot (start_k + round - 1) mod 6."""
    return (s.start_slots[sector] + s.round - 1) % 6


def strength(s: Position, seat: int, main: int) -> int:
    """Workers in the main action's area plus permanent modifiers (§6)."""
    area = MAIN_AREA[main]
    pl = s.players[seat]
    return pl.area_workers[area] + pl.strength_bonus[area]
