"""Rule numbers and [A] assumptions of Rats of Wistar (rules spec §1-§9) as frozen Params."""

from __future__ import annotations

from dataclasses import dataclass

from simcore.core.errors import ConfigError
from simcore.core.params import Params, param


@dataclass(frozen=True)
class WistarParams(Params):
    """Every rule number of the spec; [A] marks an assumption of the simulator."""

    game_id = "rats_of_wistar"

    # §3 round structure
    rounds: int = param(5, "rounds in a game (§3)", ge=1, le=8)
    chiefs: int = param(3, "chiefs per player = placements per round (§1)", ge=1, le=4)
    # §2 setup
    start_vp: int = param(10, "VP each player starts with (§2.4)", ge=0, le=50)
    start_wood: int = param(2, "starting wood (§2.4)", ge=0, le=10)
    start_metal: int = param(2, "starting metal (§2.4)", ge=0, le=10)
    start_move_tokens: int = param(1, "starting move tokens (§2.4)", ge=0, le=5)
    entrance_workers: int = param(2, "workers at the burrow entrance at start (§2.4)", ge=0, le=4)
    bed_workers: int = param(6, "bed tiles, each holding a worker at start (§1)", ge=1, le=6)
    starting_rooms: int = param(3, "rooms dug from the start (§2.4)", ge=1, le=3, assumption=True)
    tents: int = param(2, "tents per player (§8)", ge=0, le=2)
    icon_token_supply: int = param(5, "tech-icon tokens in the supply (§1, seed: 5)", ge=0, le=20)
    goals_in_play: int = param(3, "goal cards used (§2.2)", ge=1, le=5)
    market_size: int = param(4, "face-up cards per market row (§2.6)", ge=2, le=6)
    market_discard: int = param(
        2, "rightmost cards discarded per row each new round (§3.7)", ge=0, le=6
    )
    round_basic_visitors: int = param(
        3, "basic visitors in the round stack (rounds 1-3) (§2.3)", ge=0, le=8
    )
    # §5 hut
    hut_potions: int = param(1, "potions gained in the Alchemist's hut (§5)", ge=0, le=3)
    hut_move_tokens: int = param(1, "move tokens gained in the Alchemist's hut (§5)", ge=0, le=3)
    bonus_part_order: str = param(
        "free",
        "order of a placement's main action and bonus parts: any order the player chooses "
        "(the main action may come between two parts), or main/bonus in either order with the "
        "bonus parts as listed in the wheel data (§4)",
        choices=("free", "printed"),
        assumption=True,
    )
    # §6 main actions
    dig_cost: int = param(2, "metal per dug room (§6)", ge=0, le=5)
    bed_cost: int = param(2, "wood per built bed (§6)", ge=0, le=5)
    cost_floor: int = param(0, "lowest dig/bed cost after discounts", ge=0, le=2, assumption=True)
    basic_project_cost: int = param(1, "project points per basic card (§6)", ge=1, le=3)
    advanced_project_cost: int = param(2, "project points per advanced card (§6)", ge=1, le=4)
    gather_bonus_needs_strength: bool = param(
        True,
        "gather bonuses apply only when strength >= 1 (strength 0 does nothing)",
        assumption=True,
    )
    effect_main_strength: int = param(
        0,
        "strength of a main action granted by an effect; 0 = the area strength (§10)",
        ge=0,
        le=6,
        assumption=True,
    )
    discount_applies_to: str = param(
        "payments",
        "what a 'discount' effect (wood or metal off the next payment) reduces: the next "
        "payment for an invention, a bed or a room, or also a 'spend' cost and a 'pay any' "
        "cost (joker, power, ability, spend any), whichever comes first (§10 rev. 3)",
        choices=("payments", "any"),
        assumption=True,
    )
    # §8 quick actions
    joker_cost: int = param(3, "wood/metal/hand cards paid for a joker (§8)", ge=1, le=6)
    power_cost: int = param(4, "wood/metal/hand cards paid per power level (§8)", ge=1, le=8)
    max_power: int = param(2, "highest power level (§8)", ge=1, le=2)
    move_token_workers: int = param(1, "workers moved by one move token (§8)", ge=1, le=3)
    potion_is_quick_action: bool = param(
        True, "potions are used as a quick action", assumption=True
    )
    # §8.1 goals and missions
    mission_exclusive: bool = param(True, "each mission can be completed once in the game (§8.1)")
    jokers_for_mission_icons: bool = param(
        True,
        "a joker stands in for a missing tech icon of a mission condition (§8.1: the seed "
        "excepts only goals)",
        assumption=True,
    )
    free_ability_choice: bool = param(
        True, "the player chooses which covered ability space to uncover", assumption=True
    )
    ability_pair_bonus: str = param(
        "once",
        "§8.1 (Revision 4) the paired VP spaces' note 'if the other is also uncovered, gain 2 "
        "more VP', printed on both: once = one shared bonus (3 + 6 + 2), each = each space pays "
        "its own (3 + 6 + 2 + 2)",
        choices=("once", "each"),
        assumption=True,
    )
    # §7 inventions
    fill_room_must_be_empty: bool = param(
        True,
        "a room requirement needs the highest-VP dug non-starting room to be empty",
        assumption=True,
    )
    # §9 scoring
    bed_vp: tuple[int, ...] = param(
        (0, 1, 2, 4, 6, 9), "VP of bed spaces 1..6 (§9)", assumption=True
    )
    room_vp: tuple[int, ...] = param(
        (0, 1, 2, 4, 6, 9), "VP of soil-tile room spaces 1..6 (§9)", assumption=True
    )
    power2_vp: int = param(2, "VP for power level 2 (§9)", ge=0, le=10)
    leftovers_per_vp: int = param(5, "wood+metal+move tokens+hand cards per VP (§9)", ge=1, le=10)
    jokers_per_vp: int = param(2, "jokers per VP (§9)", ge=1, le=10)
    cheese_vp: tuple[int, ...] = param((6, 3), "cheese tiles, top first (§2.3)")
    two_player_cheese: int = param(1, "cheese tiles used with 2 players (§2.3)", ge=0, le=2)
    # content (§10)
    content_dir: str = param("", "folder with alternative content TOML files ('' = built-in)")

    def validate(self) -> None:
        """Cross-field checks."""
        for key in ("bed_vp", "room_vp"):
            vals = getattr(self, key)
            if len(vals) != self.bed_workers and key == "bed_vp":
                raise ConfigError(
                    f"parameter 'rats_of_wistar.{key}' needs {self.bed_workers} values"
                )
            if len(vals) != 6 and key == "room_vp":
                raise ConfigError(f"parameter 'rats_of_wistar.{key}' needs 6 values")
            if any(v < 0 for v in vals):
                raise ConfigError(f"parameter 'rats_of_wistar.{key}' must be non-negative")
        if self.market_discard > self.market_size:
            raise ConfigError("parameter 'rats_of_wistar.market_discard' must be <= market_size")
        if not self.cheese_vp or any(v < 0 for v in self.cheese_vp):
            raise ConfigError("parameter 'rats_of_wistar.cheese_vp' needs non-negative values")
        if self.round_basic_visitors > self.rounds:
            raise ConfigError("parameter 'rats_of_wistar.round_basic_visitors' must be <= rounds")
