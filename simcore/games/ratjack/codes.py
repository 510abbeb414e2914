"""Integer codes shared by the Ratjack modules: actions, phases, statistics."""

from __future__ import annotations

# actions (ints; a compound choice is a sequence of these, §4)
DRAW_DECK = 0
DRAW_DISCARD = 1
SETUP = 2  # + hand index: this card goes face down at round setup
DOWN = 4  # + hand index: mode (a) face down
UP = 6  # + hand index: mode (b) face up and resolve
HAND = 8  # + hand index: raccoon 10's discard choice
CHIP = 16  # + face id: take this face from the reserve
SEAT = 32  # + seat: weasel 1 / weasel 3 target player
DFLIP = 64  # + hand index * 32 + own display slot: mode (c) discard-and-flip
POS = 128  # + seat * 32 + display slot: a card in a display
SLOTS = 32

# phases
P_SETUP, P_DRAW, P_PLAY, P_EFFECT, P_OVER = range(5)

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
