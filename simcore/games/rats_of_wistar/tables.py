"""The content's immutable tables (rules spec §10), as the rules engine reads them.

Compiled with the engine (``native_modules.txt``): the rules and the heuristic read these
fields on every decision, and a compiled class's fields are read from its struct, not looked
up by name. ``content.py`` loads and validates the files into them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from simcore.content import reduce_frozen


@dataclass(frozen=True)
class Card:
    """One invention card (a copy of a design)."""

    design: str
    name: str
    deck: int
    vp: int
    type: int
    icon: int
    kind: str
    wood: int
    metal: int
    move: int
    power: int
    room: bool
    icons: tuple[tuple[int, int], ...]
    req_type: int
    effect: tuple

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)


@dataclass(frozen=True)
class Tile:
    """A mission, visitor, door, hero or ability: an id plus its compiled parts."""

    id: str
    kind: str = "immediate"
    vp: int = 0
    group: int = 0  # floor / colour / track
    effect: tuple = ()
    condition: tuple = ()
    reward: tuple = ()
    cost: int = 0
    label: str = ""

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)


@dataclass(frozen=True)
class Farm:
    """Rooms, passages and door spaces of the farm (indices into ``rooms``)."""

    rooms: tuple[str, ...]
    entrance: int
    open_passages: tuple[tuple[int, int], ...]
    doors: tuple[tuple[int, int], ...]
    door_tokens: dict[int, int]
    mission_slots: dict[int, tuple[int, ...]]  # by player count: the room of every mission
    visitor_rooms: tuple[tuple[int, ...], ...]  # basic, advanced
    cheese_room: int
    cellar: frozenset[int]

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)


@dataclass(frozen=True)
class Content:
    """Everything the rules engine reads from data."""

    content_set: str
    content_hash: str
    provisional: bool
    cards: tuple[Card, ...]
    missions: tuple[Tile, ...]
    goals: tuple[tuple[str, tuple[tuple[tuple, tuple], ...]], ...]
    goal_stops: tuple[tuple[bool, ...], ...]  # per goal and space: see ``goal_stops``
    visitors: tuple[Tile, ...]
    doors: tuple[Tile, ...]
    heroes: tuple[Tile, ...]
    abilities: tuple[Tile, ...]
    pairs: tuple[tuple[int, int, int], ...]
    wheel: dict[int, tuple[tuple[str, tuple[tuple[tuple, ...], ...]], ...]]
    farm: Farm

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)


@dataclass(frozen=True)
class RuleParams:
    """The parameters the rules and the heuristic read at every decision, copied from the params.

    The params class is not compiled, so each ``s.params.x`` in compiled code is a lookup by
    name (about 250 instructions; the heuristic's decisions made ~1,000 a game). Built by
    ``simcore.params.params_copy``, once per game object.
    """

    rounds: int
    chiefs: int
    bed_workers: int
    cost_floor: int
    dig_cost: int
    bed_cost: int
    jokers_for_mission_icons: bool
    mission_exclusive: bool
    joker_cost: int
    max_power: int
    power_cost: int
    tents: int
    potion_is_quick_action: bool
    bed_vp: tuple[int, ...]
    power2_vp: int
    leftovers_per_vp: int
    jokers_per_vp: int
    move_token_workers: int
    bonus_part_order: str
    basic_project_cost: int
    advanced_project_cost: int
    room_vp: tuple[int, ...]
    cheese_vp: tuple[int, ...]
    gather_bonus_needs_strength: bool
    effect_main_strength: int
    fill_room_must_be_empty: bool
    free_ability_choice: bool
    market_size: int
    market_discard: int
    discount_applies_to: str

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)
