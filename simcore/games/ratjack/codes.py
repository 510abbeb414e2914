"""Integer codes shared by the Ratjack modules: actions, phases, statistics."""

from __future__ import annotations

# actions (ints; a compound choice is a sequence of these, §4). Hands usually hold 2 cards
# during a turn, but weasel 3 with ``weasel3_optional`` can grow a hand: up to 8 indices.
DRAW_DECK = 0
DRAW_DISCARD = 1
SETUP = 2  # + hand index: this card goes face down at round setup
KEEP = 4  # weasel 3 (optional reading): keep the drawn card in your hand
DOWN = 8  # + hand index: mode (a) face down
UP = 16  # + hand index: mode (b) face up and resolve
HAND = 24  # + hand index: raccoon 10's discard choice, raccoon 3's card choice
CHIP = 32  # + face id: take this face from the reserve
SEAT = 48  # + seat: weasel 1 / weasel 3 target player
POS = 64  # + seat * 32 + display slot: a card in a display
HANDPOS = 192  # + seat * 8 + hand index: a card in another player's hand (rat 5 reading)
DFLIP = 256  # + hand index * 32 + own display slot: mode (c) discard-and-flip
SLOTS = 32
HAND_SLOTS = 8

# phases; P_UNDEALT: a planning copy's round ended and its next deal was skipped (plan_only)
P_SETUP, P_DRAW, P_PLAY, P_EFFECT, P_OVER, P_UNDEALT = range(6)

# per-seat statistics (flat list, seat * NSTAT + index)
ROUNDS_WON, WON_EXACT, WON_ELIM, WON_LAST, WON_EXH, TIMES_ELIM = range(6)
CARDS_UP, CARDS_DOWN, DFLIPS = 6, 7, 8
RES0 = 9  # + effect code (36 counters)
NSTAT = RES0 + 36
STAT_NAMES = (
    "rounds_won", "won_exact", "won_elimination", "won_last_standing", "won_exhaustion",
    "times_eliminated", "cards_up", "cards_down", "discard_flips",
)  # fmt: skip


def pos(seat: int, slot: int) -> int:
    """Action code of the card at ``slot`` of ``seat``'s display."""
    return POS + seat * SLOTS + slot


_BASES = (
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
