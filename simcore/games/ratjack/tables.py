"""The immutable tables the rules read: the content's cards and chips, and the params.

Compiled with the engine (``native_modules.txt``): the rules and the heuristic read these
fields at every step, and a compiled class's fields are read from its struct, not looked up by
name. ``content.py`` loads and validates the card file into them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from simcore.core.content import reduce_frozen


@dataclass(frozen=True)
class Content:
    """Immutable integer tables for one (decks, data file, chip pairs) combination."""

    decks: tuple[str, ...]  # the two decks in play
    card_value: tuple[int, ...]  # printed value per card id
    card_deck: tuple[str, ...]  # deck name per card id
    card_effect: tuple[int, ...]  # effect code (index in EFFECT_IDS) per card id
    chip_faces: tuple[tuple[int, int], ...]  # the two faces of each chip
    face_chip: tuple[int, ...]  # chip index of each face
    valt: tuple[tuple[int, ...], ...]  # valt[card][face + 1] = modified value
    effect_cards: tuple[int, ...]  # per effect code: its number of cards (0: none), [effects]

    def card_name(self, card: int) -> str:
        """'rat_red 7'."""
        return f"{self.card_deck[card]} {self.card_value[card]}"

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)


@dataclass(frozen=True)
class ParamsMirror:
    """``RatjackParams`` as a compiled class: the params a position carries and the rules read.

    The params class is not compiled, so each ``params.x`` in compiled code would be a lookup
    by name (about 250 instructions): compiled heuristic play read ``RatjackParams`` directly
    with 6% more instructions (0.96x games/s). The fields are generated from the params class
    (``python -m simcore.core.fields simcore/games/ratjack/tables.py``; a test checks).
    """

    # <generated: the fields of simcore.games.ratjack.params:RatjackParams>
    decks: tuple[str, ...]
    target: int
    points_to_win: int
    token_pairs: tuple[str, ...]
    max_tokens_per_card: int
    exhaustion_tie: str
    last_standing_stacks: bool
    first_player: int
    no_vp_start: str
    simultaneous_start: str
    exact_ends_check: bool
    opponent_exact_scores: bool
    eliminated_targetable: str
    discarded_chip: str
    raccoon2_orientation: str
    lock_chip_removable: bool
    partial_deck_effects: bool
    elimination_timing: str
    rat5_targets: str
    weasel3_optional: bool
    raccoon3_activates: bool
    lock_blocks_moves: bool
    max_rounds: int
    max_turns_per_round: int
    cards_file: str
    # </generated>

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)
