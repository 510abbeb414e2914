"""Ratjack rule numbers and assumptions (rules spec §2, every [A] is a field)."""

from __future__ import annotations

from dataclasses import dataclass

from simcore.core.errors import ConfigError
from simcore.core.params import Params, param

DECK_NAMES = ("rat_red", "rat_blue", "weasel", "raccoon")
FACE_IDS = (
    "plus1", "minus1", "plus5", "minus5", "plus10", "minus3",
    "double", "half", "zero", "blank", "lock", "shield",
)  # fmt: skip


@dataclass(frozen=True)
class RatjackParams(Params):
    """Parameters of Ratjack; defaults are the spec's."""

    game_id = "ratjack"
    decks: tuple[str, ...] = param(
        ("rat_red", "rat_blue"),
        "the two decks shuffled together (§2; any 2 of the 4)",
        choices=DECK_NAMES,
    )
    target: int = param(25, "exact value that wins a round (§2)", ge=1, le=200)
    points_to_win: int = param(3, "VP that win the game (§2)", ge=1, le=50)
    token_pairs: tuple[str, ...] = param(
        (),
        "§1 the six chips as 'faceA|faceB'; empty = the pairs of the cards data file "
        "(spec default plus1|minus1 plus5|minus5 plus10|minus3 double|half zero|blank lock|shield)",
        assumption=True,
    )
    max_tokens_per_card: int = param(1, "[S] §5 chips per card (only 1 is implemented)", ge=1, le=1)
    exhaustion_tie: str = param(
        "all_tied_score",
        "§6.5 several players tied for highest value when the deck runs out",
        choices=("all_tied_score", "nobody_scores"),
        assumption=True,
    )
    last_standing_stacks: bool = param(
        True,
        "§6.4 eliminating the last opponent also earns the last-standing VP",
        assumption=True,
    )
    first_player: int = param(
        -1, "[S] §2 first round's start seat; -1 = seeded random (the seed's rule)", ge=-1, le=3
    )
    no_vp_start: str = param(
        "next_seat",
        "§3.5 start seat after a round that gave nobody a VP",
        choices=("next_seat", "same_seat"),
        assumption=True,
    )
    simultaneous_start: str = param(
        "turn_order",
        "§3.5 start seat when several gained a VP in the same check: first in turn order "
        "from the active player, or the lowest seat",
        choices=("turn_order", "lowest_seat"),
        assumption=True,
    )
    exact_ends_check: bool = param(
        False,
        "§6 (Revision 4) a check where one player reaches exactly the target and is left the "
        "only one in: false = every step of the check pays (exact and last standing), true = "
        "the exact-target VP ends the check before the last-standing VP",
        assumption=True,
    )
    opponent_exact_scores: bool = param(
        True, "§6.3 an opponent put on exactly target by an effect scores", assumption=True
    )
    eliminated_targetable: str = param(
        "chips",
        "§6/§7 which effects may target eliminated players' cards: none, only effects "
        "that take/move/return/swap an existing chip, or all effects",
        choices=("none", "chips", "all"),
        assumption=True,
    )
    discarded_chip: str = param(
        "reserve",
        "§5 a chip on a card that leaves play returns to the reserve or is out for the round",
        choices=("reserve", "removed"),
        assumption=True,
    )
    raccoon2_orientation: str = param(
        "both_up",
        "§7 raccoon 2: both swapped cards arrive face up, or each keeps its side",
        choices=("both_up", "keep"),
        assumption=True,
    )
    lock_chip_removable: bool = param(
        True,
        "§5 the lock chip itself can be taken/returned/swapped (it is the card that is "
        "locked, not the chip)",
        assumption=True,
    )
    partial_deck_effects: bool = param(
        False,
        "§7 rat 11 / weasel 9 / raccoon 12 may act on fewer cards than printed when the "
        "pile is short (False: the effect cannot resolve)",
        assumption=True,
    )
    elimination_timing: str = param(
        "end_of_turn",
        "§6 when a player above the target is out: at the end-of-turn check, or "
        "immediately after any decision step ('at any point', the seed's intro)",
        choices=("end_of_turn", "immediate"),
        assumption=True,
    )
    rat5_targets: str = param(
        "face_down",
        "§7 rat 5 'look at one card of another player': a face-down display card only, or "
        "a hand card too",
        choices=("face_down", "face_down_or_hand"),
        assumption=True,
    )
    weasel3_optional: bool = param(
        False,
        "§7 weasel 3 'may place': the drawn card may instead be kept in your hand",
        assumption=True,
    )
    raccoon3_activates: bool = param(
        False,
        "§7 raccoon 3: the hand card placed face up resolves its effect, then the draw "
        "follows (legal only if both can be carried out)",
        assumption=True,
    )
    lock_blocks_moves: bool = param(
        False,
        "§5 the lock chip also stops its card being moved, taken or swapped (the seed "
        "forbids only turning over and discarding)",
        assumption=True,
    )
    max_rounds: int = param(
        60, "simulator safeguard: the game stops after this many rounds", ge=1, le=10_000
    )
    max_turns_per_round: int = param(
        400,
        "simulator safeguard: a round stops like an exhausted deck after this many turns",
        ge=1,
        le=100_000,
    )
    cards_file: str = param("", "path of an alternative cards TOML file ('' = packaged data)")

    def validate(self) -> None:
        """Two distinct decks; well-formed chip pairs."""
        if len(self.decks) != 2 or len(set(self.decks)) != 2:
            raise ConfigError(
                f"parameter 'ratjack.decks' must name exactly two different decks of "
                f"{', '.join(DECK_NAMES)}, got {list(self.decks)}"
            )
        if self.token_pairs:
            _check_pairs(self.token_pairs)


def _check_pairs(pairs: tuple[str, ...]) -> None:
    key = "ratjack.token_pairs"
    if len(pairs) != 6:
        raise ConfigError(f"parameter {key!r} needs 6 chips 'a|b', got {len(pairs)}")
    faces: list[str] = []
    for item in pairs:
        parts = item.split("|")
        if len(parts) != 2:
            raise ConfigError(f"parameter {key!r}: {item!r} is not 'faceA|faceB'")
        for face in parts:
            if face not in FACE_IDS:
                raise ConfigError(
                    f"parameter {key!r}: unknown face {face!r}; allowed: {', '.join(FACE_IDS)}"
                )
        faces += parts
    if len(set(faces)) != len(faces):
        raise ConfigError(f"parameter {key!r}: a face appears twice")
