"""The content's immutable tables (cards, tiles, planet, scoring), as the rules read them.

Compiled with the engine (``native_modules.txt``): the rules and the heuristic read these
fields on every decision, and a compiled class's fields are read from its struct, not looked
up by name. ``content.py`` loads and validates the files into them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from simcore.core.content import reduce_frozen

TERRAINS: Final = ("water", "desert", "lowland", "forest", "hill", "mountain")
SPECIALS: Final = ("architect", "sage_tree", "viewpoint", "mix")
TYPE_NAMES: Final = TERRAINS + SPECIALS
TERRAIN_COLOURS: Final = ("cyan", "green", "red", "blue", "purple", "yellow")
ARCHITECT: Final = 6
SAGE: Final = 7
VIEWPOINT: Final = 8
MIX: Final = 9
N_BASIC: Final = 6
WILD: Final = 6  # colour index of wild (white) cards


@dataclass(frozen=True)
class Cards:
    """Card kinds: kind = colour * n_values + value index; wilds follow."""

    colours: tuple[str, ...]
    value: tuple[int, ...]
    colour: tuple[int, ...]
    copies: tuple[int, ...]
    kinds_of: tuple[tuple[int, ...], ...]  # per colour index (WILD last), its kinds ascending
    # per terrain colour, the kinds that may be played as it (its own and wilds), ascending:
    # the option makers test these instead of the whole hand
    playable_as: tuple[tuple[int, ...], ...]

    def name(self, kind: int) -> str:
        """'red 3' or 'white 4'."""
        c = self.colour[kind]
        return f"{'white' if c == WILD else self.colours[c]} {self.value[kind]}"

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)


KindTable = tuple[tuple[int, ...], ...]


def card_kinds(colours: tuple[str, ...], colour: tuple[int, ...]) -> tuple[KindTable, KindTable]:
    """``Cards.kinds_of`` and ``Cards.playable_as`` for these colours."""
    kinds_of = tuple(tuple(k for k, c in enumerate(colour) if c == col) for col in range(WILD + 1))
    wild = kinds_of[WILD]
    playable_as = tuple(tuple(sorted(own + wild)) for own in kinds_of[: len(colours)])
    return kinds_of, playable_as


@dataclass(frozen=True)
class Tiles:
    """Every tile defined in the tiles file (ids are stable across player counts)."""

    type: tuple[int, ...]
    value: tuple[int, ...]
    basic_types: tuple[str, ...]

    def name(self, tile: int) -> str:
        """'forest 4'."""
        return f"{TYPE_NAMES[self.type[tile]]} {self.value[tile]}"

    def in_play(self, terrains: tuple[str, ...]) -> list[int]:
        """Ids of the tiles used with these basic terrains (all specials always)."""
        codes = {TERRAINS.index(t) for t in terrains}
        return [t for t, ty in enumerate(self.type) if ty >= N_BASIC or ty in codes]

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)


@dataclass(frozen=True)
class Planet:
    """Planet geometry shared by every seat."""

    coords: tuple[tuple[int, int], ...]
    adjacency: tuple[tuple[int, ...], ...]
    architect: tuple[bool, ...]

    @property
    def size(self) -> int:
        """Number of hexes."""
        return len(self.coords)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)


@dataclass(frozen=True)
class Scoring:
    """The chain and value-set tables in force."""

    chain: tuple[int, ...]
    value_sets: tuple[int, ...]

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)


@dataclass(frozen=True)
class ParamsMirror:
    """``LordOfWorldsParams`` as a compiled class, its fields and properties: the params a
    position carries (``Context.params``) and the rules read.

    The params class is not compiled, so each ``params.x`` in compiled code would be a lookup
    by name (about 250 instructions; a property a Python call). The fields are generated from
    the params class (``python -m simcore.core.fields simcore/games/lord_of_worlds/tables.py``; a
    test checks).
    """

    # <generated: the fields of simcore.games.lord_of_worlds.params:LordOfWorldsParams>
    variant: str
    terrains: tuple[str, ...]
    terrain_counts: tuple[int, ...]
    colored_hex_bonus: int
    sage_points_per_tile: int
    viewpoint_points_per_tile: int
    display_piles: int
    pile_close_sum: int
    wild_own_pile: bool
    start_hand_over: int
    open_supply: int
    initial_reveals: int
    chain_table: str
    value_set_table: str
    value_sets: str
    hand_limit_standard: int
    hand_limit_strategic: int
    portal_cost: int
    facedown_blocks: bool
    move_after_collect: bool
    require_action: bool
    sage_counts_architect_tiles: bool
    bare_architect_empty: bool
    mix_chains_through_mix: bool
    mix_declaration_binding: bool
    strategic_portal_step: str
    portal_jump_from_start: bool
    viewpoint_tie: str
    end_empty_hexes: tuple[int, ...]
    max_rounds: int
    board_file: str
    planet_file: str
    tiles_file: str
    cards_file: str
    scoring_file: str
    # properties
    strategic: bool
    scores_value_sets: bool
    free_step_after_jump: bool
    hand_limit: int
    # </generated>

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)
