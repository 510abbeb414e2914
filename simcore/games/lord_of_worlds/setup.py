"""Setting up a new game (rules §2): tiles onto the board, the assistant deck, the display and
the starting hands, up to the first player's portal choice."""

from __future__ import annotations

import random

from simcore.core.chance import ChanceStream
from simcore.core.rng import randbelow, shuffle, state_stream
from simcore.games.lord_of_worlds import cards as deck_ops
from simcore.games.lord_of_worlds.codes import P_PORTAL, P_SETUP
from simcore.games.lord_of_worlds.planet import SOURCES
from simcore.games.lord_of_worlds.position import Context, Position
from simcore.games.lord_of_worlds.rules import refill_supply, reset_turn


def set_up(s: Position, context: Context, seed: int) -> None:
    """Deal a new game for ``context`` into the blank state ``s``; all chance from ``seed``."""
    s.context = context
    stream = state_stream(seed)
    s.trace = s.round_log = None
    n = s.n = context.n_players
    s.cache = [None] * (n + 1)  # planet views, face-up tiles
    s.legal_cache = None
    s.phase, s.turns, s.rounds = P_SETUP, 0, 0
    s.end_triggered, s.ended_by, s.last_gain = False, "", 0
    _deal_tiles(s, stream)
    _deal_cards(s, stream)
    s.first_player = randbelow(stream, n)
    # later chance: reshuffle k (from 0) draws from its own generator; a determinization
    # replaces the seed and keeps the numbers
    s.chance = ChanceStream(stream.getrandbits(64), first_event=0, keep_events_on_reseed=True)
    s.player = s.first_player
    size = context.planet.size
    s.planet_tile = [[-1] * size for _ in range(n)]
    s.planet_architects = [[0] * size for _ in range(n)]
    s.architect_tiles = [[] for _ in range(n)]
    s.mix_declared = [[-1] * size for _ in range(n)]
    s.empty_count = [size] * n
    s.cart_hex = [-1] * n
    s.points = [[0] * len(SOURCES) for _ in range(n)]
    s.stats = [[0, 0, 0, 0] for _ in range(n)]
    s.reveals_left = 0 if context.params.strategic else context.params.initial_reveals
    reset_turn(s)
    deck_ops.fill_display(s)
    deck_ops.starting_hands(s)
    s.phase = P_PORTAL


def _deal_tiles(s: Position, stream: random.Random) -> None:
    """Shuffle the tiles in play onto the board; the rest form the reserve (§2.1)."""
    context = s.context
    tiles = list(context.in_play)
    shuffle(tiles, stream)
    board = context.board
    s.board_tile = [-1] * board.size
    up = 1 if context.params.strategic else 0
    s.board_face_up = [0] * board.size
    for h in board.tile_hexes:
        s.board_tile[h] = tiles.pop()
        s.board_face_up[h] = up
    s.face_up_count = len(board.tile_hexes) if up else 0
    s.reserve = tiles
    s.supply = []
    refill_supply(s)


def _deal_cards(s: Position, stream: random.Random) -> None:
    """Shuffle the assistant deck (§2.2); hands start empty."""
    context = s.context
    deck = [k for k, c in enumerate(context.cards.copies) for _ in range(c)]
    shuffle(deck, stream)
    s.deck, s.deck_known, s.reshuffles = deck, False, 0
    kinds, n = context.n_kinds, context.n_players
    s.discard = [0] * kinds
    s.hands = [[0] * kinds for _ in range(n)]
    s.known_cards = [[0] * kinds for _ in range(n)]
    s.shown_start_cards = [[0] * kinds for _ in range(n)]
    s.hand_size = [0] * n
    s.piles = []
    s.pile_colour = []
    s.pile_sum = []
