"""Integer codes shared by the Ratjack modules: actions, phases, statistics."""

from __future__ import annotations

from typing import Final

# actions (ints; a compound choice is a sequence of these, §4). Hands usually hold 2 cards
# during a turn, but weasel 3 with ``weasel3_optional`` can grow a hand: up to 8 indices.
DRAW_DECK: Final = 0
DRAW_DISCARD: Final = 1
SETUP: Final = 2  # + hand index: this card goes face down at round setup
KEEP: Final = 4  # weasel 3 (optional reading): keep the drawn card in your hand
DOWN: Final = 8  # + hand index: mode (a) face down
UP: Final = 16  # + hand index: mode (b) face up and resolve
HAND: Final = 24  # + hand index: raccoon 10's discard choice, raccoon 3's card choice
CHIP: Final = 32  # + face id: take this face from the reserve
SEAT: Final = 48  # + seat: weasel 1 / weasel 3 target player
POS: Final = 64  # + seat * 32 + display slot: a card in a display
HANDPOS: Final = 192  # + seat * 8 + hand index: a card in another player's hand (rat 5 reading)
DFLIP: Final = 256  # + hand index * 32 + own display slot: mode (c) discard-and-flip
SLOTS: Final = 32
HAND_SLOTS: Final = 8

# phases; P_UNDEALT: a planning copy's round ended and its next deal was skipped (plan_only)
P_SETUP: Final = 0
P_DRAW: Final = 1
P_PLAY: Final = 2
P_EFFECT: Final = 3
P_OVER: Final = 4
P_UNDEALT: Final = 5

# per-seat statistics (flat list, seat * NSTAT + index)
ROUNDS_WON: Final = 0
WON_EXACT: Final = 1
WON_ELIM: Final = 2
WON_LAST: Final = 3
WON_EXH: Final = 4
TIMES_ELIM: Final = 5
CARDS_UP: Final = 6
CARDS_DOWN: Final = 7
DFLIPS: Final = 8
RES0: Final = 9  # + effect code (36 counters)
NSTAT: Final = RES0 + 36
STAT_NAMES: Final = (
    "rounds_won", "won_exact", "won_elimination", "won_last_standing", "won_exhaustion",
    "times_eliminated", "cards_up", "cards_down", "discard_flips",
)  # fmt: skip


def pos(seat: int, slot: int) -> int:
    """Action code of the card at ``slot`` of ``seat``'s display."""
    return POS + seat * SLOTS + slot


_BASES: Final = (
    (DFLIP, "dflip"), (HANDPOS, "handpos"), (POS, "pos"), (SEAT, "seat"), (CHIP, "chip"),
    (HAND, "hand"), (UP, "up"), (DOWN, "down"), (KEEP, "keep"), (SETUP, "setup"), (0, "draw"),
)  # fmt: skip


def kind(action: int) -> tuple[str, int]:
    """(kind name, offset from the kind's base code) of an action code."""
    for base, name in _BASES:
        if action >= base:
            return name, action - base
    raise ValueError(f"negative action {action}")


def handpos(seat: int, index: int) -> int:
    """Action code of card ``index`` of ``seat``'s hand."""
    return HANDPOS + seat * HAND_SLOTS + index
