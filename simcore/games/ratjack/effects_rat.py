"""Rat effects (red and blue decks), §7 rows 1-12."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

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
from simcore.games.ratjack.narrative import note_card, note_target
from simcore.games.ratjack.position import Position


def own(s: Position, a: int) -> list[int]:
    """Own seat."""
    return [a]


def opp(s: Position, a: int) -> Sequence[int]:
    """Targetable opponents."""
    return b.opponents(s, a)


def opp_chips(s: Position, a: int) -> Sequence[int]:
    """Opponents whose chips may be taken."""
    return b.opponents(s, a, chips=True)


# 2: top of the discard pile face down into your display
def _r2(s: Position, a: int, x: int) -> None:
    c = s.discard.pop()
    s.displays[a].append(c)
    b.set_side(s, c, a, False)  # everyone saw it on the pile: seen stays "all"
    s.seen_by[c] = s.all_seats
    if s.trace is not None:
        s.note(f"takes {s.content.card_name(c)} from the discard pile face down")


def _r3(s: Position, a: int, x: int) -> None:
    s.extra_turn = True
    s.note("extra turn")


def _discard_top(code: int):
    """Rat 11 / weasel 9 (effect ``code``): discard the top cards of the deck, as many as the
    content's ``[effects]`` number says (2 and 3 as shipped)."""

    def feas(s: Position, a: int, x: int) -> bool:
        return b.deck_leaves(s, s.content.effect_cards[code], s.params.partial_deck_effects)

    def do(s: Position, a: int, x: int) -> None:
        k = s.content.effect_cards[code]
        gone = []
        for _ in range(min(k, len(s.deck))):
            c = s.deck.pop()
            b.to_discard(s, c)
            gone.append(c)
        if s.trace is not None:
            names = ", ".join(s.content.card_name(c) for c in gone)
            s.note(f"discards from the deck: {names or 'nothing'}")

    return feas, do


# 5: look at opponents' face-down cards (or hand cards: ``rat5_targets`` [A]), as many as
# the content's number (1 as shipped); after the first, only cards the seat has not seen
RAT5: Final = 4  # effect code of rat 5


def _r5_hands(s: Position, a: int) -> list[int]:
    if s.params.rat5_targets != "face_down_or_hand":
        return []
    return [handpos(q, i) for q in opp(s, a) for i in range(len(s.hands[q]))]


def _r5_feas(s: Position, a: int, x: int) -> bool:
    return b.exists(s, opp(s, a), b.opp_down_visible) or bool(_r5_hands(s, a))


def _r5_card(s: Position, action: int) -> int:
    if action >= HANDPOS:
        q, i = divmod(action - HANDPOS, HAND_SLOTS)
        return s.hands[q][i]
    return b.at(s, action)[2]


def _r5_opts(s: Position, a: int) -> list[int]:
    opts = b.scan(s, opp(s, a), b.opp_down_visible) + _r5_hands(s, a)
    if s.effect_step == 0:
        return opts
    return [o for o in opts if not s.seen_by[_r5_card(s, o)] >> a & 1]


def _r5_choose(s: Position, a: int, action: int) -> None:
    c = _r5_card(s, action)
    if action < HANDPOS:
        note_target(s, action)
    s.seen_by[c] |= 1 << a
    if s.trace is not None:
        note_card(s, f"looks at it: {s.content.card_name(c)}", "looks at it", c)
    s.effect_step += 1
    if s.effect_step >= s.content.effect_cards[RAT5] or not _r5_opts(s, a):
        s.effect_code = -1


# 6: turn one of your face-down cards face up and resolve it
def _r6_feas(s: Position, a: int, x: int) -> bool:
    return bool(fx.flip_options(s, a))


def _r6_opts(s: Position, a: int) -> list[int]:
    return fx.flip_options(s, a)


def _r6_choose(s: Position, a: int, action: int) -> None:
    c = b.at(s, action)[2]
    b.set_side(s, c, a, True)
    if s.trace is not None:
        s.note(f"turns up {s.content.card_name(c)}")
    fx.begin(s, a, c)  # replaces this frame with the inner card's effect


# 7: swap one of your other face-up cards with an opponent's face-up card
def _r7_own(s: Position, c: int) -> int:
    return s.face_up[c] and c != s.effect_card and b.movable(s, c)


def _r7_feas(s: Position, a: int, x: int) -> bool:
    up = s.face_up
    for c in s.displays[a]:  # another own face-up card that may move (a loop: no frame)
        if up[c] and c != x and b.movable(s, c):
            return b.exists(s, opp(s, a), b.opp_up_takeable)
    return False


def _swap_cards(s: Position, a: int, first: tuple, second: tuple) -> None:
    (q1, i1, c1), (q2, i2, c2) = first, second
    s.displays[q1][i1], s.displays[q2][i2] = c2, c1  # both stay face up; chips travel along


# 9: move a chip from an opponent's card onto one of yours
def _r9(s: Position, a: int, first: tuple, second: tuple) -> None:
    b.move_chip(s, first[2], second[2])


def _r10(s: Position, a: int, q: int, i: int, c: int) -> None:
    b.set_side(s, c, q, False)
    s.seen_by[c] = s.all_seats  # it was face up: everyone knows it


def _r12(s: Position, a: int, q: int, i: int, c: int) -> None:
    b.set_side(s, c, q, True)
    if s.trace is not None:
        s.note(f"it is {s.content.card_name(c)}")


_r11_feas, _r11_do = _discard_top(10)  # effect code of rat 11

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
