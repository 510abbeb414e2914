"""Action codes and decision phases of Lord of Worlds: the vocabulary every other module shares
(constants only)."""

from __future__ import annotations

from typing import Final

from simcore.games.lord_of_worlds.board import MAX_HEXES

# action codes (ranges are wide enough for any validated content)
HIRE: Final = 0
PLAY: Final = 16
ADD: Final = 32
DONE: Final = 96
MOVE: Final = 97
STOP: Final = 103
COLLECT: Final = 104
PLACE: Final = 110
FREE_SUPPLY: Final = 180
FREE_BOARD: Final = 192
DECLINE: Final = 198
PASS: Final = 199
DISCARD: Final = 200
PORTAL: Final = 300
REVEAL: Final = 400
JUMP: Final = 600
VIEW: Final = JUMP + MAX_HEXES  # + the index of a tied chain (view_options)
MAX_VIEW: Final = 36  # at most 6 neighbours x 6 terrains
# decision phases; P_SETUP only while a new state deals (no decision is taken in it)
P_SETUP: Final = -1
P_PORTAL: Final = 0
P_REVEAL: Final = 1
P_START: Final = 2
P_SELECT: Final = 3
P_MOVE: Final = 4
P_PLACE: Final = 5
P_FREE: Final = 6
P_DISCARD: Final = 7
P_OVER: Final = 8
P_VIEW: Final = 9
N_COLOURS: Final = 6
