"""Effect kinds (§4.3, §7): the building blocks the 36 card effects are written with.

Each effect is an ``Effect(feas, start, opts, choose)``:
``feas(s, a, x)`` — can the effect of card ``x`` (already face up in ``a``'s display) be carried
out completely? ``start`` performs the choice-free part; ``opts``/``choose`` list and apply the
remaining decision steps (``s.effect_step`` counts them, ``s.effect_choice`` keeps the first
choice as a position action, which is public, never as a card id). An effect finishes by setting
``s.effect_code = -1``.
Every offered option can be completed, because ``feas`` checked the whole chain up front.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, NamedTuple

from simcore.games.ratjack.board import (
    at,
    exists,
    place_chip,
    reserve_actions,
    reserve_count,
    scan,
)
from simcore.games.ratjack.codes import CHIP
from simcore.games.ratjack.narrative import note_chip, note_target
from simcore.games.ratjack.position import Position

Seats = Callable[[Position, int], Sequence[int]]
Test = Callable[[Position, int], int]


class Effect(NamedTuple):
    """The four hooks of one effect."""

    feas: Callable[[Position, int, int], bool]
    start: Callable[[Position, int, int], None]
    opts: Callable[[Position, int], list[int]] | None
    choose: Callable[[Position, int, int], None] | None

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # the hooks are closures, which do not pickle: an effect pickles as its place in the
        # game's table (every state holds that table)
        return effect_at, (TABLE.index(self),)


TABLE: Final[list[Effect]] = []  # the game's effect table, filled once by ``effects``


def effect_at(index: int) -> Effect:
    """Effect ``index`` of the game's table (how a pickled effect is restored)."""
    return TABLE[index]


def wait(s: Position, a: int, x: int) -> None:
    """Start hook of an effect that begins with a decision."""


def always(s: Position, a: int, x: int) -> bool:
    """Feasibility of an effect that can always resolve."""
    return True


def immediate(
    feas: Callable[[Position, int, int], bool], do: Callable[[Position, int, int], None]
) -> Effect:
    """An effect without decisions."""

    def start(s: Position, a: int, x: int) -> None:
        do(s, a, x)
        s.effect_code = -1

    return Effect(feas, start, None, None)


def single(seats: Seats, test: Test, act: Callable[[Position, int, int, int, int], None]) -> Effect:
    """Choose one card of ``seats`` passing ``test``; ``act(s, a, seat, slot, card)``."""

    def feas(s: Position, a: int, x: int) -> bool:
        return exists(s, seats(s, a), test)

    def opts(s: Position, a: int) -> list[int]:
        return scan(s, seats(s, a), test)

    def choose(s: Position, a: int, action: int) -> None:
        q, i, c = at(s, action)
        note_target(s, action)
        act(s, a, q, i, c)
        s.effect_code = -1

    return Effect(feas, wait, opts, choose)


def chip_onto(seats: Seats, test: Test) -> Effect:
    """Place a reserve chip (actor picks the face) on a chosen card without chip."""

    def feas(s: Position, a: int, x: int) -> bool:
        return -1 in s.chip_card and exists(s, seats(s, a), test)

    def opts(s: Position, a: int) -> list[int]:
        return scan(s, seats(s, a), test) if s.effect_step == 0 else reserve_actions(s)

    def choose(s: Position, a: int, action: int) -> None:
        if s.effect_step == 0:
            s.effect_choice = action
            s.effect_step = 1
            return
        c = at(s, s.effect_choice)[2]
        place_chip(s, c, action - CHIP)
        note_chip(s, s.effect_choice, action - CHIP)
        s.effect_code = -1

    return Effect(feas, wait, opts, choose)


def pair(
    seats1: Seats,
    test1: Test,
    seats2: Seats,
    test2: Test,
    act: Callable[[Position, int, tuple[int, int, int], tuple[int, int, int]], None],
    feas: Callable[[Position, int, int], bool] | None = None,
) -> Effect:
    """Choose a card, then a second one (never the first); ``act`` on both."""

    def default_feas(s: Position, a: int, x: int) -> bool:
        return exists(s, seats1(s, a), test1) and exists(s, seats2(s, a), test2)

    def opts(s: Position, a: int) -> list[int]:
        if s.effect_step == 0:
            return scan(s, seats1(s, a), test1)
        return [p for p in scan(s, seats2(s, a), test2) if p != s.effect_choice]

    def choose(s: Position, a: int, action: int) -> None:
        if s.effect_step == 0:
            s.effect_choice = action
            s.effect_step = 1
            return
        first, second = at(s, s.effect_choice), at(s, action)
        note_target(s, s.effect_choice)
        note_target(s, action)
        act(s, a, first, second)
        s.effect_code = -1

    return Effect(feas or default_feas, wait, opts, choose)


def two_chips(seats1: Seats, test1: Test, seats2: Seats, test2: Test) -> Effect:
    """Raccoon 6 / 8: card, chip, second card, chip."""

    def feas(s: Position, a: int, x: int) -> bool:
        if reserve_count(s) < 2:
            return False
        first = scan(s, seats1(s, a), test1)
        second = scan(s, seats2(s, a), test2)
        return bool(first) and bool(second) and len(set(first) | set(second)) >= 2

    def opts(s: Position, a: int) -> list[int]:
        if s.effect_step == 0:
            return scan(s, seats1(s, a), test1)
        if s.effect_step == 2:
            return scan(s, seats2(s, a), test2)  # the first card now has a chip
        return reserve_actions(s)

    def choose(s: Position, a: int, action: int) -> None:
        if s.effect_step in (0, 2):
            s.effect_choice = action
            s.effect_step += 1
            return
        place_chip(s, at(s, s.effect_choice)[2], action - CHIP)
        note_chip(s, s.effect_choice, action - CHIP)
        s.effect_step += 1
        if s.effect_step == 4:
            s.effect_code = -1

    return Effect(feas, wait, opts, choose)
