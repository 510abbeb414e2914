"""Raccoon effects, §7 rows 1-12."""

from __future__ import annotations

from simcore.core.rng import shuffle
from simcore.games.ratjack import board as b
from simcore.games.ratjack import resolve as fx
from simcore.games.ratjack.codes import HAND
from simcore.games.ratjack.effect_kinds import Effect, chip_onto, immediate, pair, single, two_chips
from simcore.games.ratjack.effects_rat import opp, own
from simcore.games.ratjack.effects_weasel import any_seat
from simcore.games.ratjack.knowledge import merge
from simcore.games.ratjack.narrative import note_card
from simcore.games.ratjack.position import Position


def _c1(s: Position, a: int, q: int, i: int, c: int) -> None:
    b.discard_at(s, q, i)


# 2: swap one of your face-down cards with an opponent's face-up card
def _c2_own(s: Position, c: int) -> bool:
    """Own face-down card to give: it is turned over unless the orientation is 'keep'."""
    if s.params.raccoon2_orientation == "both_up":
        return b.down_unlocked(s, c)
    return b.down_movable(s, c)


def _c2(s: Position, a: int, first: tuple, second: tuple) -> None:
    (q1, i1, c1), (q2, i2, c2) = first, second
    s.displays[q1][i1], s.displays[q2][i2] = c2, c1
    both_up = s.params.raccoon2_orientation == "both_up"
    b.set_side(s, c1, q2, both_up)  # [A] orientation of the card you give
    b.set_side(s, c2, q1, True)


# 3: put your hand card face up (activating it under ``raccoon3_activates`` [A]), then draw
def _c3_activatable(s: Position, a: int, h: int) -> bool:
    """§4.3: ``h``'s effect resolves fully AND leaves a deck card for the draw that follows."""
    s.displays[a].append(h)  # probe: judged face up in the display, like a face-up play
    s.face_up[h] = 1
    pend, s.pending_draws = (
        s.pending_draws,
        1,
    )  # the draw after the card: every deck step must leave one card
    ok = fx.resolvable(s, a, h)
    s.pending_draws = pend
    s.face_up[h] = 0
    s.displays[a].pop()
    return ok


def _c3_choices(s: Position, a: int, x: int) -> list[int]:
    """Hand indices that raccoon 3 may put face up (``x``, the raccoon itself, excluded)."""
    act = s.params.raccoon3_activates
    disp = s.displays[a]  # a card probed as played sits in hand and display: it is not a choice
    return [
        i
        for i, h in enumerate(s.hands[a])
        if h != x and h not in disp and (not act or _c3_activatable(s, a, h))
    ]


def _c3_feas(s: Position, a: int, x: int) -> bool:
    # activating, the draw comes after the placed card's effect (which may refill the deck):
    # each choice is judged with that draw pending (_c3_activatable)
    if not s.params.raccoon3_activates and not b.deck_leaves(s, 1):
        return False
    return bool(_c3_choices(s, a, x))


def _c3_start(s: Position, a: int, x: int) -> None:
    choices = _c3_choices(s, a, x)
    if len(choices) == 1:  # the usual one-card hand: no decision
        _c3_place(s, a, choices[0])


def _c3_opts(s: Position, a: int) -> list[int]:
    return [HAND + i for i in _c3_choices(s, a, s.effect_card)]


def _c3_choose(s: Position, a: int, action: int) -> None:
    _c3_place(s, a, action - HAND)


def _c3_place(s: Position, a: int, i: int) -> None:
    h = s.hands[a].pop(i)
    s.displays[a].append(h)
    b.set_side(s, h, a, True)
    if s.trace is not None:
        s.note(f"puts {s.content.card_name(h)} face up")
    if s.params.raccoon3_activates:
        s.pending_draws = 1  # the draw follows the placed card's effect (rules._effect_done)
        fx.begin(s, a, h)
        return
    c = b.draw_top(s, a)
    if s.trace is not None:
        note_card(s, f"draws {s.content.card_name(c)}", "draws a card", c)
    s.effect_code = -1


def _c4(s: Position, a: int, q: int, i: int, c: int) -> None:
    b.take_card(s, q, i, a, True)
    if s.trace is not None:
        s.note(f"it is {s.content.card_name(c)}")


def _deck(s: Position, a: int, x: int) -> bool:
    return b.deck_leaves(s, 1)


def _c5(s: Position, a: int, x: int) -> None:
    c = s.deck.pop()
    s.displays[a].append(c)
    s.face_up[c] = 0
    s.seen_by[c] = 1 << a
    if s.trace is not None:
        note_card(
            s,
            f"puts the top card of the deck ({s.content.card_name(c)}) face down",
            "puts the top card of the deck face down",
            c,
        )


def _c7(s: Position, a: int, first: tuple, second: tuple) -> None:
    b.set_side(s, first[2], first[0], True)
    b.set_side(s, second[2], second[0], True)


def _c9(s: Position, a: int, x: int) -> None:
    c = s.discard.pop()
    s.displays[a].append(c)
    b.set_side(s, c, a, True)
    if s.trace is not None:
        s.note(f"takes {s.content.card_name(c)} from the discard pile face up")


# 10: draw, then discard a card from your hand
def _c10_start(s: Position, a: int, x: int) -> None:
    c = b.draw_top(s, a)
    if s.trace is not None:
        note_card(s, f"draws {s.content.card_name(c)}", "draws a card", c)


def _c10_opts(s: Position, a: int) -> list[int]:
    return [HAND + i for i in range(len(s.hands[a]))]


def _c10_choose(s: Position, a: int, action: int) -> None:
    c = s.hands[a].pop(action - HAND)
    b.to_discard(s, c)
    if s.trace is not None:
        s.note(f"discards {s.content.card_name(c)} from the hand")
    s.effect_code = -1


# 12: shuffle the top 3 discards into the deck
def _c12_feas(s: Position, a: int, x: int) -> bool:
    n = len(s.discard)
    # it refills the deck: a pending draw (s.pending_draws) may find its card among these
    return (n >= 3 or s.params.partial_deck_effects) and len(s.deck) + min(3, n) >= s.pending_draws


def _c12(s: Position, a: int, x: int) -> None:
    for _ in range(min(3, len(s.discard))):
        s.deck.append(s.discard.pop())
    shuffle(s.deck, s.chance.next_stream())
    merge(s, s.deck, -1)  # §8: everyone knows these cards are in the deck, not where
    if s.trace is not None:
        s.note(f"shuffles discards into the deck ({len(s.deck)} cards)")


TABLE: tuple[Effect, ...] = (
    single(opp, b.opp_up_turnable, _c1),  # 1
    pair(own, _c2_own, opp, b.opp_up_takeable, _c2),  # 2
    Effect(_c3_feas, _c3_start, _c3_opts, _c3_choose),  # 3
    single(opp, b.opp_down_turnable, _c4),  # 4
    immediate(_deck, _c5),  # 5
    two_chips(any_seat, b.no_chip, any_seat, b.no_chip),  # 6
    pair(own, b.down_unlocked, opp, b.opp_down_turnable, _c7),  # 7
    two_chips(own, b.no_chip, opp, b.no_chip),  # 8
    immediate(lambda s, a, x: bool(s.discard), _c9),  # 9
    Effect(_deck, _c10_start, _c10_opts, _c10_choose),  # 10
    chip_onto(opp, b.no_chip),  # 11
    immediate(_c12_feas, _c12),  # 12
)
