"""The content's immutable tables (rules spec §10), as the rules engine reads them.

Compiled with the engine (``native_modules.txt``): the rules and the heuristic read these
fields on every decision, and a compiled class's fields are read from its struct, not looked
up by name. ``content.py`` loads and validates the files into them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from simcore.core.content import reduce_frozen


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
class ParamsMirror:
    """``WistarParams`` as a compiled class: the params a position carries and the rules read.

    The params class is not compiled, so each ``params.x`` in compiled code would be a lookup
    by name: compiled play read ``WistarParams`` directly 3-4% slower (0.97x random, 0.96x
    heuristic games/s). The fields are generated from the params class
    (``python -m simcore.core.fields simcore/games/rats_of_wistar/tables.py``; a test checks).
    """

    # <generated: the fields of simcore.games.rats_of_wistar.params:WistarParams>
    rounds: int
    chiefs: int
    start_vp: int
    start_wood: int
    start_metal: int
    start_move_tokens: int
    entrance_workers: int
    bed_workers: int
    starting_rooms: int
    tents: int
    icon_token_supply: int
    goals_in_play: int
    market_size: int
    market_discard: int
    round_basic_visitors: int
    hut_potions: int
    hut_move_tokens: int
    bonus_part_order: str
    dig_cost: int
    bed_cost: int
    cost_floor: int
    basic_project_cost: int
    advanced_project_cost: int
    gather_bonus_needs_strength: bool
    effect_main_strength: int
    discount_applies_to: str
    joker_cost: int
    power_cost: int
    max_power: int
    move_token_workers: int
    potion_is_quick_action: bool
    mission_exclusive: bool
    jokers_for_mission_icons: bool
    free_ability_choice: bool
    ability_pair_bonus: str
    fill_room_must_be_empty: bool
    bed_vp: tuple[int, ...]
    room_vp: tuple[int, ...]
    power2_vp: int
    leftovers_per_vp: int
    jokers_per_vp: int
    cheese_vp: tuple[int, ...]
    two_player_cheese: int
    content_dir: str
    # </generated>

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)
