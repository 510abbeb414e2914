"""Lord of Worlds (Kiesling & Kramer, 2025): collect terrain tiles, build chains on a planet.

Modules, each importing only those listed before it: ``tables`` / ``content`` / ``board``
(TOML data in ``data/``, validated on load; ``tables.ParamsMirror``, the params as the compiled
rules read them, generated), ``params`` (every rule number and [A] assumption), ``codes``
(action codes and phases), ``position`` (the position as data: its declared fields),
``planet`` (placement and final scoring), ``cards`` (deck and display), ``options`` (legal
actions), ``rules`` (the effects of actions), ``setup`` (a new game), ``sample``
(determinization), ``render`` (labels, records, text view, heuristic value) and ``state``
(the position the engine plays: the State API bound to the rules); ``reference`` writes the
generated parts of docs/rules/lord_of_worlds.md.

Decision steps: setup portal choice and reveals; then per turn HIRE a pile, or PLAY a colour,
ADD cards one by one, DONE, MOVE/JUMP step by step, COLLECT or STOP, PLACE the tile (then
VIEW, the tied chain a viewpoint counts, when the choice matters), an optional FREE collection
(supply slot / adjacent neutral board tile / DECLINE) and its PLACE, and in the strategic
variant DISCARD down to the hand limit.
"""

from __future__ import annotations

from typing import Any

from simcore.core.api import START_COLUMNS, ContentItem, Game, GameSpec
from simcore.core.errors import ContentError
from simcore.core.params import params_copy
from simcore.games.lord_of_worlds.board import load_board
from simcore.games.lord_of_worlds.content import (
    data_path,
    load_cards,
    load_planet,
    load_scoring,
    load_texts,
    load_tiles,
)
from simcore.games.lord_of_worlds.labels import class_catalogue
from simcore.games.lord_of_worlds.params import TERRAINS, LordOfWorldsParams
from simcore.games.lord_of_worlds.position import Context, Position
from simcore.games.lord_of_worlds.state import LordOfWorldsState
from simcore.games.lord_of_worlds.tables import ParamsMirror
from simcore.games.lord_of_worlds.text_check import tile_numbers

__all__ = ["LordOfWorlds", "LordOfWorldsParams", "LordOfWorldsState", "Position"]


class LordOfWorlds(Game):
    """The Lord of Worlds simulator (docs/rules/lord_of_worlds.md)."""

    generated_texts = ("scoring",)
    param_class_prefixes = {
        "sage_": ("place/sage_tree",),
        "viewpoint_": ("place/viewpoint",),
        "colored_hex_bonus": ("collect/colored",),
        "portal_": ("jump",),
        "mix_": ("place/mix",),
        "bare_architect": ("place/architect",),
    }

    params: LordOfWorldsParams  # type: ignore[assignment]  # Game types it as the base Params

    spec = GameSpec(
        id="lord_of_worlds",
        version=3,
        min_players=2,
        max_players=4,
        hidden_information=True,
        description="Lord of Worlds: hire assistants, collect terrain tiles, build planet chains",
        rules_source="docs/rules/lord_of_worlds.md",
    )
    params_class = LordOfWorldsParams
    provisional_note = (
        "Board pieces, layouts, planet and architect hexes are provisional geometry (the printed "
        "geometry is not public): numbers that depend on distances or planet shape may change."
    )
    game_columns = {
        "variant": "str",
        "chain_table": "str",
        "value_set_table": "str",
        "rounds": "int",
        **START_COLUMNS,
    }
    seat_columns = {
        "pts_colored_hex": "int",
        "pts_architect": "int",
        "pts_sage_tree": "int",
        "pts_viewpoint": "int",
        "pts_chains": "int",
        "pts_value_sets": "int",
        "tiles_placed": "int",
        "turns_hiring": "int",
        "turns_playing": "int",
        "longest_chain": "int",
        "tiles_architect": "int",
        "tiles_sage_tree": "int",
        "tiles_viewpoint": "int",
        "tiles_mix": "int",
        "tile_value_mean": "float",
    }
    action_columns = {
        "kind": "str",
        "tile_type": "str",
        "tile_value": "int",
        "planet_hex": "int",
        "points": "int",
    }

    def __init__(self, params: LordOfWorldsParams | None = None) -> None:
        super().__init__(params)
        self._contexts: dict[int, Context] = {}
        for n in range(self.spec.min_players, self.spec.max_players + 1):
            self.context(n)  # load and validate all content up front, before any game runs
        self.texts = load_texts(
            data_path(self.params.tiles_file, "tiles.toml"),
            data_path(self.params.scoring_file, "scoring.toml"),
            tile_numbers(self.params),
        )

    def context(self, n_players: int) -> Context:
        """Validated content and geometry for ``n_players`` (cached)."""
        if n_players not in self._contexts:
            self._contexts[n_players] = build_context(self.params, n_players)
        return self._contexts[n_players]

    def content_text(self, name: str, n_players: int | None = None) -> str | None:
        """The text of a tile type (``tile/sage_tree``, ``sage_tree``; ``tile/basic`` or a
        terrain name for basic tiles) or a scoring table (``chain_table/linear``,
        ``value_set_table=doubling``)."""
        key = name.replace("=", "/")
        if "/" not in key:
            key = f"tile/{'basic' if key in TERRAINS else key}"
        return self.texts.get(key)

    def content_items(self) -> dict[str, ContentItem]:
        """Tile types, card colours, scoring tables, planet and board (``items``), as laid
        out for the fewest players."""
        from simcore.games.lord_of_worlds.items import content_items

        return content_items(self.context(self.spec.min_players), self.texts)

    def action_class_catalogue(self) -> dict[str, str]:
        """Restricted-play classes (see ``render.action_classes``); placing a tile type says
        what that tile does, from the tiles data file."""
        out = class_catalogue()
        for key in [k for k in out if k.startswith("place/")]:
            text = self.content_text(key.split("/", 1)[1])
            out[key] = f"{out[key]}: {text}" if text else out[key]
        return out

    def seat_view(self, state: Any, viewer: int, *, reveal: bool = False) -> dict[str, Any]:
        """The board, piles, planets and hands as ``viewer`` sees them (``seat_view``)."""
        from simcore.games.lord_of_worlds.seat_view import seat_view

        return seat_view(state, viewer, reveal)

    def new_state(self, n_players: int, seed: int) -> LordOfWorldsState:
        """A new game, set up up to the first player's portal choice."""
        self.check_players(n_players)
        return LordOfWorldsState(self.context(n_players), seed)


def build_context(params: LordOfWorldsParams, n_players: int) -> Context:
    """Load every data file named by ``params`` and build the tables for ``n_players``."""
    tiles_path = data_path(params.tiles_file, "tiles.toml")
    tiles = load_tiles(tiles_path)
    terrains = params.terrains[: params.terrain_counts[n_players - 2]]
    missing = [t for t in terrains if t not in tiles.basic_types]
    if missing:
        raise ContentError(
            f"{tiles_path}: entry 'basic.types': terrain {missing[0]!r} is in "
            f"play (parameter terrains) but has no tiles"
        )
    in_play = tuple(tiles.in_play(terrains))
    planet = load_planet(data_path(params.planet_file, "planet.toml"))
    board = load_board(
        data_path(params.board_file, "board.toml"),
        n_players,
        params.strategic,
        len(in_play),
        params.portal_cost,
        params.free_step_after_jump,
    )
    cards = load_cards(data_path(params.cards_file, "cards.toml"))
    upto = planet.size + len(tiles.type) + 1
    scoring = load_scoring(
        data_path(params.scoring_file, "scoring.toml"),
        params.chain_table,
        params.value_set_table,
        upto,
    )
    return Context(
        params=params_copy(ParamsMirror, params),
        n_players=n_players,
        cards=cards,
        tiles=tiles,
        planet=planet,
        board=board,
        scoring=scoring,
        in_play=in_play,
        tile_type=tiles.type,
        tile_value=tiles.value,
        top_value=max(tiles.value),
        n_kinds=len(cards.value),
        trigger_empty_hexes=params.end_empty_hexes[n_players - 2],
    )
