"""Scenario helpers: build positions by setting fields, run single tasks, find options."""

from __future__ import annotations

from typing import Any

from simcore.games.rats_of_wistar import RatsOfWistar, WistarState
from simcore.games.rats_of_wistar import board as B


def make_game(**overrides: Any) -> RatsOfWistar:
    """Game with parameter overrides."""
    return RatsOfWistar.from_overrides(overrides)


def start(n: int = 2, seed: int = 0, **overrides: Any) -> WistarState:
    """A state after the draft, at the first turn; wheel in identity order (S1 at slot 0)."""
    s = make_game(**overrides).new_state(n, seed)
    while s.stack[-1][0] == "draft":
        s.apply(s.legal_actions()[0])
    s.start_slots = list(range(6))
    s.players = [_blank(s, p) for p in s.players]
    return s


def _blank(s: WistarState, pl: Any) -> Any:
    """Empty hand, so scenarios control every card."""
    for c in pl.hand:
        s.discard[s.content.cards[c].deck].append(c)
    pl.hand, pl.known_cards = [], []
    return pl


def run(s: WistarState, *tasks: tuple) -> WistarState:
    """Push tasks (first runs first) on top of the pending decision and settle."""
    s.push(*tasks)
    s.settle()
    return s


def top(s: WistarState) -> str:
    """Op of the pending decision."""
    return s.stack[-1][0]


def card(s: WistarState, design: str) -> int:
    """An id of a card of ``design`` still in a deck (removed from the deck)."""
    for deck in s.deck:
        for cid in deck:
            if s.content.cards[cid].design == design:
                deck.remove(cid)
                return cid
    raise KeyError(design)


def give(s: WistarState, seat: int, design: str) -> int:
    """Put a card of ``design`` into the seat's hand (privately)."""
    cid = card(s, design)
    pl = s.players[seat]
    pl.hand = sorted([*pl.hand, cid])
    return cid


def space_action(sec: int, sp: int) -> int:
    """Turn-menu code of placing on sector index ``sec`` (S1 = 0), space ``sp`` (0-based)."""
    return B.SPACE_BASE + sec * 3 + sp


def order_action(s: WistarState, part: str) -> int:
    """The pending order decision's option for the part named ``part`` ('main', 'gain', ...)."""
    parts = s.stack[-1][2]
    names = ["main" if p[0][0] == "main" else p[0][0] for p in parts]
    return B.ORDER_BASE + names.index(part)


def place(s: WistarState, sec: int, sp: int, *order: str) -> None:
    """Place a chief and take the placement's parts in ``order`` (part names, as far as asked)."""
    s.apply(space_action(sec, sp))
    for part in order:
        if s.stack and s.stack[-1][0] == "order":
            s.apply(order_action(s, part))


def mission_index(s: WistarState, mid: str) -> int:
    """Index of a mission by id."""
    return [m.id for m in s.content.missions].index(mid)


def put_mission(s: WistarState, slot: int, mid: str, revealed: bool = True) -> None:
    """Force the mission in farm slot ``slot``."""
    s.mission_ids[slot] = mission_index(s, mid)
    s.mission_revealed[slot] = int(revealed)
