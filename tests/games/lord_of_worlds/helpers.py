"""Scenario builders for Lord of Worlds tests: states whose fields are set by hand."""

from __future__ import annotations

from typing import Any

from simcore.games.lord_of_worlds import LordOfWorlds, LordOfWorldsState
from simcore.games.lord_of_worlds import rules as R
from simcore.games.lord_of_worlds.tables import TERRAIN_COLOURS, TYPE_NAMES

COL = {name: i for i, name in enumerate(TERRAIN_COLOURS)}


def game(**overrides: Any) -> LordOfWorlds:
    """A game with parameter overrides."""
    return LordOfWorlds.from_overrides(overrides)


def tile(s: LordOfWorldsState, kind: str, value: int, copy: int = 0) -> int:
    """Id of the ``copy``-th tile of this type and value."""
    ctx = s.ctx
    ids = [t for t in range(len(ctx.ttype))
           if TYPE_NAMES[ctx.ttype[t]] == kind and ctx.tvalue[t] == value]  # fmt: skip
    return ids[copy]


def card(s: LordOfWorldsState, colour: str, value: int) -> int:
    """Card kind of a colour ('white' = wild) and value."""
    cards = s.ctx.cards
    for k, v in enumerate(cards.value):
        c = cards.colour[k]
        name = "white" if c == 6 else cards.colours[c]
        if name == colour and v == value:
            return k
    raise KeyError((colour, value))


def hex_at(s: LordOfWorldsState, q: int, r: int) -> int:
    """Board hex index of axial (q, r)."""
    return s.ctx.board.coords.index((q, r))


def planet_hex(s: LordOfWorldsState, q: int, r: int) -> int:
    """Planet hex index of axial (q, r)."""
    return s.ctx.planet.coords.index((q, r))


def started(n: int = 2, seed: int = 0, **overrides: Any) -> LordOfWorldsState:
    """A state past setup (portal 0 chosen, reveals done), seat 0 to start a turn."""
    s = game(**overrides).new_state(n, seed)
    s.apply(R.PORTAL)
    while s.phase == R.P_REVEAL:
        s.apply(s.legal_actions()[0])
    s.first = s.player = 0
    return s


def touched(s: LordOfWorldsState) -> None:
    """Drop the state's memos after a test edited it by hand (legal actions, views, tiles)."""
    s.cache[:] = [None] * len(s.cache)


def clear_board(s: LordOfWorldsState) -> None:
    """Remove every board tile into the reserve (keeps tile conservation)."""
    for h, t in enumerate(s.btile):
        if t >= 0:
            s.reserve.append(t)
            s.btile[h] = -1
            s.bup[h] = 0
    s.n_up = 0
    touched(s)


def put(s: LordOfWorldsState, h: int, t: int, up: bool = True) -> None:
    """Put tile ``t`` (taken from wherever it is) on board hex ``h``."""
    take(s, t)
    s.btile[h] = t
    s.bup[h] = int(up)
    s.n_up = sum(1 for x, u in zip(s.btile, s.bup, strict=True) if x >= 0 and u)
    touched(s)


def take(s: LordOfWorldsState, t: int) -> None:
    """Remove tile ``t`` from the board, reserve or supply."""
    if t in s.reserve:
        s.reserve.remove(t)
    elif t in s.supply:
        s.supply.remove(t)
    elif t in s.btile:
        h = s.btile.index(t)
        s.btile[h], s.bup[h] = -1, 0
        touched(s)
    else:
        raise ValueError(f"tile {t} is not on the board, reserve or supply")


def set_hand(s: LordOfWorldsState, p: int, cards: list[int]) -> None:
    """Give ``p`` exactly these card kinds (the previous hand goes to the discard pile)."""
    for k, c in enumerate(s.hands[p]):
        s.discard[k] += c
    s.hands[p] = [0] * s.ctx.n_kinds
    s.known[p] = [0] * s.ctx.n_kinds
    for k in cards:
        if s.discard[k]:
            s.discard[k] -= 1
        elif k in s.deck:
            s.deck.remove(k)
        else:
            raise ValueError(f"card kind {k} not available")
        s.hands[p][k] += 1
    s.hsize[p] = len(cards)
    touched(s)


def fill_planet(s: LordOfWorldsState, p: int, layout: dict[tuple[int, int], int]) -> None:
    """Put tiles on ``p``'s planet directly: {(q, r): tile id} (no scoring)."""
    for (q, r), t in layout.items():
        take(s, t)
        h = planet_hex(s, q, r)
        s.pterr[p][h] = t
    s.pempty[p] = sum(1 for t in s.pterr[p] if t < 0)
    touched(s)


def play(s: LordOfWorldsState, colour: str, cards: list[int]) -> None:
    """Start a play turn: choose ``colour`` and add ``cards``, then DONE."""
    s.apply(R.PLAY + COL[colour])
    for k in cards:
        s.apply(R.ADD + k)
    s.apply(R.DONE)


def move_dir(s: LordOfWorldsState, to: int) -> int:
    """The MOVE action from the current cart hex to its neighbour ``to``."""
    return R.MOVE + s.ctx.board.nbr[s.cart[s.player]].index(to)


def tiles_in_play(s: LordOfWorldsState) -> list[int]:
    """Every tile id wherever it is (for conservation checks)."""
    out = [t for t in s.btile if t >= 0] + s.reserve + s.supply
    for p in range(s.n):
        out += [t for t in s.pterr[p] if t >= 0] + [t for _, t in s.archt[p]]
    if s.pending >= 0:
        out.append(s.pending)
    return sorted(out)


def cards_total(s: LordOfWorldsState) -> list[int]:
    """Count of every card kind over hands, deck, discard, display and cards being chosen."""
    counts = [0] * s.ctx.n_kinds
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
        for k in s.sel:
            counts[k] += 1
    return counts
