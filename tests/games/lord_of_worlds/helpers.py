"""Scenario builders for Lord of Worlds tests: states whose fields are set by hand."""

from __future__ import annotations

from typing import Any

from simcore.games.lord_of_worlds import LordOfWorlds, Position
from simcore.games.lord_of_worlds import rules as R
from simcore.games.lord_of_worlds.tables import TERRAIN_COLOURS, TYPE_NAMES

COL = {name: i for i, name in enumerate(TERRAIN_COLOURS)}


def game(**overrides: Any) -> LordOfWorlds:
    """A game with parameter overrides."""
    return LordOfWorlds.from_overrides(overrides)


def tile(s: Position, kind: str, value: int, copy: int = 0) -> int:
    """Id of the ``copy``-th tile of this type and value."""
    ctx = s.context
    ids = [
        t
        for t in range(len(ctx.tile_type))
        if TYPE_NAMES[ctx.tile_type[t]] == kind and ctx.tile_value[t] == value
    ]
    return ids[copy]


def card(s: Position, colour: str, value: int) -> int:
    """Card kind of a colour ('white' = wild) and value."""
    cards = s.context.cards
    for k, v in enumerate(cards.value):
        c = cards.colour[k]
        name = "white" if c == 6 else cards.colours[c]
        if name == colour and v == value:
            return k
    raise KeyError((colour, value))


def hex_at(s: Position, q: int, r: int) -> int:
    """Board hex index of axial (q, r)."""
    return s.context.board.coords.index((q, r))


def planet_hex(s: Position, q: int, r: int) -> int:
    """Planet hex index of axial (q, r)."""
    return s.context.planet.coords.index((q, r))


def started(n: int = 2, seed: int = 0, **overrides: Any) -> Position:
    """A state past setup (portal 0 chosen, reveals done), seat 0 to start a turn."""
    s = game(**overrides).new_state(n, seed)
    s.apply(R.PORTAL)
    while s.phase == R.P_REVEAL:
        s.apply(s.legal_actions()[0])
    s.first_player = s.player = 0
    return s


def touched(s: Position) -> None:
    """Drop the state's memos after a test edited it by hand (legal actions, views, tiles)."""
    s.cache[:] = [None] * len(s.cache)
    s.legal_cache = None


def clear_board(s: Position) -> None:
    """Remove every board tile into the reserve (keeps tile conservation)."""
    for h, t in enumerate(s.board_tile):
        if t >= 0:
            s.reserve.append(t)
            s.board_tile[h] = -1
            s.board_face_up[h] = 0
    s.face_up_count = 0
    touched(s)


def put(s: Position, h: int, t: int, up: bool = True) -> None:
    """Put tile ``t`` (taken from wherever it is) on board hex ``h``."""
    take(s, t)
    s.board_tile[h] = t
    s.board_face_up[h] = int(up)
    s.face_up_count = sum(
        1 for x, u in zip(s.board_tile, s.board_face_up, strict=True) if x >= 0 and u
    )
    touched(s)


def take(s: Position, t: int) -> None:
    """Remove tile ``t`` from the board, reserve or supply."""
    if t in s.reserve:
        s.reserve.remove(t)
    elif t in s.supply:
        s.supply.remove(t)
    elif t in s.board_tile:
        h = s.board_tile.index(t)
        s.board_tile[h], s.board_face_up[h] = -1, 0
        touched(s)
    else:
        raise ValueError(f"tile {t} is not on the board, reserve or supply")


def set_hand(s: Position, p: int, cards: list[int]) -> None:
    """Give ``p`` exactly these card kinds (the previous hand goes to the discard pile)."""
    for k, c in enumerate(s.hands[p]):
        s.discard[k] += c
    s.hands[p] = [0] * s.context.n_kinds
    s.known_cards[p] = [0] * s.context.n_kinds
    for k in cards:
        if s.discard[k]:
            s.discard[k] -= 1
        elif k in s.deck:
            s.deck.remove(k)
        else:
            raise ValueError(f"card kind {k} not available")
        s.hands[p][k] += 1
    s.hand_size[p] = len(cards)
    touched(s)


def fill_planet(s: Position, p: int, layout: dict[tuple[int, int], int]) -> None:
    """Put tiles on ``p``'s planet directly: {(q, r): tile id} (no scoring)."""
    for (q, r), t in layout.items():
        take(s, t)
        h = planet_hex(s, q, r)
        s.planet_tile[p][h] = t
    s.empty_count[p] = sum(1 for t in s.planet_tile[p] if t < 0)
    touched(s)


def play(s: Position, colour: str, cards: list[int]) -> None:
    """Start a play turn: choose ``colour`` and add ``cards``, then DONE."""
    s.apply(R.PLAY + COL[colour])
    for k in cards:
        s.apply(R.ADD + k)
    s.apply(R.DONE)


def move_dir(s: Position, to: int) -> int:
    """The MOVE action from the current cart hex to its neighbour ``to``."""
    return R.MOVE + s.context.board.neighbours[s.cart_hex[s.player]].index(to)


def tiles_in_play(s: Position) -> list[int]:
    """Every tile id wherever it is (for conservation checks)."""
    out = [t for t in s.board_tile if t >= 0] + s.reserve + s.supply
    for p in range(s.n):
        out += [t for t in s.planet_tile[p] if t >= 0] + [t for _, t in s.architect_tiles[p]]
    if s.pending_tile >= 0:
        out.append(s.pending_tile)
    return sorted(out)


def cards_total(s: Position) -> list[int]:
    """Count of every card kind over hands, deck, discard, display and cards being chosen."""
    counts = [0] * s.context.n_kinds
    for hand in s.hands:
        for k, c in enumerate(hand):
            counts[k] += c
    for k in s.deck:
        counts[k] += 1
    for k, c in enumerate(s.discard):
        counts[k] += c
    for pile in s.piles:
        for k in pile:
            counts[k] += 1
    if s.phase == R.P_SELECT:
        for k in s.selected:
            counts[k] += 1
    return counts
