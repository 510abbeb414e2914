"""Raccoon effects, §7 rows 1-12."""

from __future__ import annotations

from typing import TYPE_CHECKING

from simcore.games.ratjack import board as b
from simcore.games.ratjack.codes import HAND
from simcore.games.ratjack.effects import Effect, chip_onto, immediate, pair, single, two_chips
from simcore.games.ratjack.effects_rat import opp, own
from simcore.games.ratjack.effects_weasel import any_seat

if TYPE_CHECKING:
    from simcore.games.ratjack.state import RatjackState as S


def _c1(s: S, a: int, q: int, i: int, c: int) -> None:
    b.discard_at(s, q, i)


# 2: swap one of your face-down cards with an opponent's face-up card
def _c2(s: S, a: int, first: tuple, second: tuple) -> None:
    (q1, i1, c1), (q2, i2, c2) = first, second
    s.disp[q1][i1], s.disp[q2][i2] = c2, c1
    both_up = s.params.raccoon2_orientation == "both_up"
    b.set_side(s, c1, q2, both_up)  # [A] orientation of the card you give
    b.set_side(s, c2, q1, True)


def _c3_feas(s: S, a: int, x: int) -> bool:
    return bool(s.hand[a]) and bool(s.deck)


def _c3(s: S, a: int, x: int) -> None:
    h = s.hand[a].pop()
    s.disp[a].append(h)
    b.set_side(s, h, a, True)
    c = b.draw_top(s, a)
    s.note(f"puts {s.ct.card_name(h)} face up, draws {s.ct.card_name(c)}")


def _c4(s: S, a: int, q: int, i: int, c: int) -> None:
    b.take_card(s, q, i, a, True)
    s.note(f"it is {s.ct.card_name(c)}")


def _deck(s: S, a: int, x: int) -> bool:
    return bool(s.deck)


def _c5(s: S, a: int, x: int) -> None:
    c = s.deck.pop()
    s.disp[a].append(c)
    s.up[c] = 0
    s.seen[c] = 1 << a
    s.note(f"puts the top card of the deck ({s.ct.card_name(c)}) face down")


def _c7(s: S, a: int, first: tuple, second: tuple) -> None:
    b.set_side(s, first[2], first[0], True)
    b.set_side(s, second[2], second[0], True)


def _c9(s: S, a: int, x: int) -> None:
    c = s.discard.pop()
    s.disp[a].append(c)
    b.set_side(s, c, a, True)
    s.note(f"takes {s.ct.card_name(c)} from the discard pile face up")


# 10: draw, then discard a card from your hand
def _c10_start(s: S, a: int, x: int) -> None:
    c = b.draw_top(s, a)
    s.note(f"draws {s.ct.card_name(c)}")


def _c10_opts(s: S, a: int) -> list[int]:
    return [HAND + i for i in range(len(s.hand[a]))]


def _c10_choose(s: S, a: int, action: int) -> None:
    c = s.hand[a].pop(action - HAND)
    b.to_discard(s, c)
    s.note(f"discards {s.ct.card_name(c)} from the hand")
    s.ef = -1


# 12: shuffle the top 3 discards into the deck
def _c12_feas(s: S, a: int, x: int) -> bool:
    return len(s.discard) >= 3 or s.params.partial_deck_effects


def _c12(s: S, a: int, x: int) -> None:
    for _ in range(min(3, len(s.discard))):
        c = s.discard.pop()
        s.seen[c] = 0
        s.deck.append(c)
    s.chance().shuffle(s.deck)
    s.note(f"shuffles discards into the deck ({len(s.deck)} cards)")


TABLE = (
    single(opp, b.opp_up_movable, _c1),  # 1
    pair(own, b.down_unlocked, opp, b.opp_up_movable, _c2),  # 2
    immediate(_c3_feas, _c3),  # 3
    single(opp, b.opp_down_movable, _c4),  # 4
    immediate(_deck, _c5),  # 5
    two_chips(any_seat, b.no_chip, any_seat, b.no_chip),  # 6
    pair(own, b.down_unlocked, opp, b.opp_down_movable, _c7),  # 7
    two_chips(own, b.no_chip, opp, b.no_chip),  # 8
    immediate(lambda s, a, x: bool(s.discard), _c9),  # 9
    Effect(_deck, _c10_start, _c10_opts, _c10_choose),  # 10
    chip_onto(opp, b.no_chip),  # 11
    immediate(_c12_feas, _c12),  # 12
)
