"""Rat effects (red and blue decks), §7 rows 1-12."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from simcore.games.ratjack import board as b
from simcore.games.ratjack import resolve as fx
from simcore.games.ratjack.codes import HAND_SLOTS, HANDPOS, handpos
from simcore.games.ratjack.effect_kinds import (
    Effect,
    always,
    chip_onto,
    immediate,
    pair,
    single,
    wait,
)

if TYPE_CHECKING:
    from simcore.games.ratjack.state import RatjackState as S


def own(s: S, a: int) -> list[int]:
    """Own seat."""
    return [a]


def opp(s: S, a: int) -> Sequence[int]:
    """Targetable opponents."""
    return b.opponents(s, a)


def opp_chips(s: S, a: int) -> Sequence[int]:
    """Opponents whose chips may be taken."""
    return b.opponents(s, a, chips=True)


# 2: top of the discard pile face down into your display
def _r2(s: S, a: int, x: int) -> None:
    c = s.discard.pop()
    s.disp[a].append(c)
    b.set_side(s, c, a, False)  # everyone saw it on the pile: seen stays "all"
    s.seen[c] = s.all
    if s.trace is not None:
        s.note(f"takes {s.ct.card_name(c)} from the discard pile face down")


def _r3(s: S, a: int, x: int) -> None:
    s.extra = True
    s.note("extra turn")


def _discard_top(k: int):
    """Rat 11 / weasel 9: discard the top ``k`` cards of the deck."""

    def feas(s: S, a: int, x: int) -> bool:
        return b.deck_leaves(s, k, s.rule_params.partial_deck_effects)

    def do(s: S, a: int, x: int) -> None:
        gone = []
        for _ in range(min(k, len(s.deck))):
            c = s.deck.pop()
            b.to_discard(s, c)
            gone.append(c)
        if s.trace is not None:
            names = ", ".join(s.ct.card_name(c) for c in gone)
            s.note(f"discards from the deck: {names or 'nothing'}")

    return feas, do


# 5: look at an opponent's face-down card (or hand card: ``rat5_targets`` [A])
def _r5_hands(s: S, a: int) -> list[int]:
    if s.rule_params.rat5_targets != "face_down_or_hand":
        return []
    return [handpos(q, i) for q in opp(s, a) for i in range(len(s.hand[q]))]


def _r5_feas(s: S, a: int, x: int) -> bool:
    return b.exists(s, opp(s, a), b.opp_down_visible) or bool(_r5_hands(s, a))


def _r5_opts(s: S, a: int) -> list[int]:
    return b.scan(s, opp(s, a), b.opp_down_visible) + _r5_hands(s, a)


def _r5_choose(s: S, a: int, action: int) -> None:
    if action >= HANDPOS:
        q, i = divmod(action - HANDPOS, HAND_SLOTS)
        c = s.hand[q][i]
    else:
        c = b.at(s, action)[2]
        s.note_target(action)
    s.seen[c] |= 1 << a
    if s.trace is not None:
        s.note_card(f"looks at it: {s.ct.card_name(c)}", "looks at it", c)
    s.ef = -1


# 6: turn one of your face-down cards face up and resolve it
def _r6_feas(s: S, a: int, x: int) -> bool:
    return bool(fx.flip_options(s, a))


def _r6_opts(s: S, a: int) -> list[int]:
    return fx.flip_options(s, a)


def _r6_choose(s: S, a: int, action: int) -> None:
    c = b.at(s, action)[2]
    b.set_side(s, c, a, True)
    if s.trace is not None:
        s.note(f"turns up {s.ct.card_name(c)}")
    fx.begin(s, a, c)  # replaces this frame with the inner card's effect


# 7: swap one of your other face-up cards with an opponent's face-up card
def _r7_own(s: S, c: int) -> int:
    return s.up[c] and c != s.ex and b.movable(s, c)


def _r7_feas(s: S, a: int, x: int) -> bool:
    mine = any(s.up[c] and c != x and b.movable(s, c) for c in s.disp[a])
    return mine and b.exists(s, opp(s, a), b.opp_up_takeable)


def _swap_cards(s: S, a: int, first: tuple, second: tuple) -> None:
    (q1, i1, c1), (q2, i2, c2) = first, second
    s.disp[q1][i1], s.disp[q2][i2] = c2, c1  # both stay face up; chips travel along


# 9: move a chip from an opponent's card onto one of yours
def _r9(s: S, a: int, first: tuple, second: tuple) -> None:
    b.move_chip(s, first[2], second[2])


def _r10(s: S, a: int, q: int, i: int, c: int) -> None:
    b.set_side(s, c, q, False)
    s.seen[c] = s.all  # it was face up: everyone knows it


def _r12(s: S, a: int, q: int, i: int, c: int) -> None:
    b.set_side(s, c, q, True)
    if s.trace is not None:
        s.note(f"it is {s.ct.card_name(c)}")


_r11_feas, _r11_do = _discard_top(2)

TABLE: tuple[Effect, ...] = (
    chip_onto(own, b.up_no_chip),  # 1
    immediate(lambda s, a, x: bool(s.discard), _r2),  # 2
    immediate(always, _r3),  # 3
    chip_onto(opp, b.down_no_chip),  # 4
    Effect(_r5_feas, wait, _r5_opts, _r5_choose),  # 5
    Effect(_r6_feas, wait, _r6_opts, _r6_choose),  # 6
    pair(own, _r7_own, opp, b.opp_up_takeable, _swap_cards, feas=_r7_feas),  # 7
    chip_onto(own, b.no_chip),  # 8
    pair(opp_chips, b.has_free_chip, own, b.no_chip, _r9),  # 9
    single(opp, b.opp_up_turnable, _r10),  # 10
    immediate(_r11_feas, _r11_do),  # 11
    single(opp, b.opp_down_turnable, _r12),  # 12
)
