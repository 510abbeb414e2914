"""Rule numbers and assumptions of Lord of Worlds (rules spec §1-§6) as frozen Params."""

from __future__ import annotations

from dataclasses import dataclass

from simcore.core.errors import ConfigError
from simcore.core.params import Params, param

TERRAINS = ("water", "desert", "lowland", "forest", "hill", "mountain")


@dataclass(frozen=True)
class LordOfWorldsParams(Params):
    """Every rule number and [A] assumption of rules/lord_of_worlds.md."""

    game_id = "lord_of_worlds"

    variant: str = param(
        "standard", "standard game or the strategic variant", choices=("standard", "strategic")
    )
    terrains: tuple[str, ...] = param(
        TERRAINS,
        "order in which basic terrains enter play: the first N are used (N by player count)",
        choices=TERRAINS,
        assumption=True,
    )
    terrain_counts: tuple[int, ...] = param(
        (4, 5, 6), "basic terrain types in play for 2, 3, 4 players"
    )
    colored_hex_bonus: int = param(5, "points (★) for collecting a tile from a coloured hex", ge=0)
    sage_points_per_tile: int = param(
        3, "sage tree: points (★) per adjacent tile on placement", ge=0
    )
    viewpoint_points_per_tile: int = param(
        2, "viewpoint: points (★) per tile of the longest adjacent chain on placement", ge=0
    )
    display_piles: int = param(6, "assistant piles in the display", ge=1, le=12)
    pile_close_sum: int = param(8, "a pile whose sum reaches this takes no more cards", ge=1)
    wild_own_pile: bool = param(
        True,
        "wild (white) cards form piles of their own colour; False: a wild joins the newest "
        "open pile",
        assumption=True,
    )
    start_hand_over: int = param(13, "draw starting cards until the hand total exceeds this", ge=0)
    open_supply: int = param(6, "face-up tiles of the reserve (open supply)", ge=0, le=12)
    initial_reveals: int = param(12, "board tiles turned face up at setup (standard)", ge=0)
    chain_table: str = param("triangular", "chain_points table (scoring file)", assumption=True)
    value_set_table: str = param(
        "linear15", "value_set_points table for the strategic variant", assumption=True
    )
    value_sets: str = param(
        "auto",
        "score value sets: auto (strategic variant only), on, off",
        choices=("auto", "on", "off"),
    )
    hand_limit_standard: int = param(0, "hand limit at end of turn, standard (0 = none)", ge=0)
    hand_limit_strategic: int = param(10, "hand limit at end of turn, strategic variant", ge=0)
    portal_cost: int = param(
        1,
        "budget a portal move costs (standard: to any hex; strategic: to another portal)",
        ge=1,
        le=20,
    )
    facedown_blocks: bool = param(
        False,
        "hexes with a face-down tile cannot be entered (default: every hex stays passable)",
        assumption=True,
    )
    move_after_collect: bool = param(
        False,
        "after the collection (and placements) the cart may spend the rest of the budget moving",
        assumption=True,
    )
    require_action: bool = param(
        True,
        "a play turn must move or collect (at least one card is always played)",
        assumption=True,
    )
    sage_counts_architect_tiles: bool = param(
        True,
        "§5 sage tree: a bare architect tile next to it counts as an adjacent tile (the seed: "
        "'3 stars per adjacent tile')",
        assumption=True,
    )
    bare_architect_empty: bool = param(
        True,
        "§6 a hex holding only an architect tile counts as empty for the game-end trigger "
        "(not in the seed)",
        assumption=True,
    )
    mix_chains_through_mix: bool = param(
        False,
        "§5 a mix next to a mix that joins a chain may join that chain too",
        assumption=True,
    )
    mix_declaration_binding: bool = param(
        True,
        "§5 a mix counted for a terrain at a viewpoint placement keeps that terrain at final "
        "scoring (the seed's viewpoint example)",
        assumption=True,
    )
    strategic_portal_step: str = param(
        "included",
        "§4 strategic variant: the portal cost covers portal -> other portal -> one adjacent "
        "hex (included, the seed read literally) or each step after the jump costs 1 (extra)",
        choices=("included", "extra"),
        assumption=True,
    )
    portal_jump_from_start: bool = param(
        True,
        "§4 portal move, standard and strategic variants alike: a cart that starts its turn on "
        "a portal may jump at once (False: only after entering a portal this turn)",
        assumption=True,
    )
    viewpoint_tie: str = param(
        "choose",
        "§5 chains tied for the longest next to a viewpoint: the player chooses which one counts "
        "(choose; asked only when the choice changes which mixes are declared) or the first met "
        "walking the viewpoint's neighbours in board order counts (first; not a terrain order)",
        choices=("choose", "first"),
        assumption=True,
    )
    end_empty_hexes: tuple[int, ...] = param(
        (0, 1, 4), "game end trigger: a planet with at most this many empty hexes (2/3/4 players)"
    )
    max_rounds: int = param(
        150,
        "safety stop after this many rounds (ended_by=stall)",
        ge=1,
        le=1000,
        assumption=True,
    )
    board_file: str = param("", "board pieces and layouts TOML ('' = packaged data/board.toml)")
    planet_file: str = param("", "planet TOML ('' = packaged data/planet.toml)")
    tiles_file: str = param("", "terrain tiles TOML ('' = packaged data/tiles.toml)")
    cards_file: str = param("", "assistant cards TOML ('' = packaged data/cards.toml)")
    scoring_file: str = param("", "scoring tables TOML ('' = packaged data/scoring.toml)")

    def validate(self) -> None:
        """Cross-field checks."""
        key = f"{self.game_id}."
        if len(set(self.terrains)) != len(self.terrains):
            raise ConfigError(f"parameter '{key}terrains' lists a terrain twice")
        if len(self.terrain_counts) != 3:
            raise ConfigError(f"parameter '{key}terrain_counts' needs 3 values (2, 3, 4 players)")
        for n in self.terrain_counts:
            if not 1 <= n <= len(self.terrains):
                raise ConfigError(
                    f"parameter '{key}terrain_counts': {n} must be between 1 and "
                    f"{len(self.terrains)} (the terrains listed)"
                )
        if len(self.end_empty_hexes) != 3 or min(self.end_empty_hexes) < 0:
            raise ConfigError(
                f"parameter '{key}end_empty_hexes' needs 3 values >= 0 (2, 3, 4 players)"
            )

    @property
    def strategic(self) -> bool:
        """True in the strategic variant."""
        return self.variant == "strategic"

    @property
    def scores_value_sets(self) -> bool:
        """Whether value sets are scored at the end."""
        return self.value_sets == "on" or (self.value_sets == "auto" and self.strategic)

    @property
    def free_step_after_jump(self) -> bool:
        """A strategic portal jump includes one step from the arrival portal."""
        return self.strategic and self.strategic_portal_step == "included"

    @property
    def hand_limit(self) -> int:
        """End-of-turn hand limit in force (0 = none)."""
        return self.hand_limit_strategic if self.strategic else self.hand_limit_standard
