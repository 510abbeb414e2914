"""Weasel effects, §7 rows 1-12."""

from __future__ import annotations

from simcore.games.ratjack import board as b
from simcore.games.ratjack.codes import CHIP, KEEP, POS, SEAT
from simcore.games.ratjack.effect_kinds import Effect, chip_onto, immediate, pair, single, wait
from simcore.games.ratjack.effects_rat import _discard_top, opp, opp_chips, own
from simcore.games.ratjack.narrative import note_card, note_chip, note_target
from simcore.games.ratjack.position import Position


def any_seat(s: Position, a: int) -> list[int]:
    """Own and targetable opponents' cards ('any card')."""
    return b.with_self(s, a)


def any_chips(s: Position, a: int) -> list[int]:
    """Own and opponents' cards whose chips may be handled."""
    return b.with_self(s, a, chips=True)


def _seat_opts(s: Position, a: int) -> list[int]:
    return [SEAT + q for q in b.opponents(s, a)]


def _has_opp(s: Position, a: int, x: int) -> bool:
    return bool(b.opponents(s, a))


# 1: swap hands
def _w1_choose(s: Position, a: int, action: int) -> None:
    q = action - SEAT
    s.hands[a], s.hands[q] = s.hands[q], s.hands[a]
    for c in s.hands[a]:
        s.seen_by[c] |= 1 << a  # the giver still knows what it gave (§8)
    for c in s.hands[q]:
        s.seen_by[c] |= 1 << q
    if s.trace is not None:
        s.note(f"swaps hands with seat {q}")
    s.effect_code = -1


def _w2(s: Position, a: int, q: int, i: int, c: int) -> None:
    b.unchip(s, c)


# 3: draw, look, put face down in another player's display
def _w3_feas(s: Position, a: int, x: int) -> bool:
    return b.deck_leaves(s, 1) and bool(b.opponents(s, a))


def _w3_start(s: Position, a: int, x: int) -> None:
    c = s.deck.pop()
    s.card_in_flight = c
    s.seen_by[c] = 1 << a
    if s.trace is not None:
        note_card(
            s, f"draws {s.content.card_name(c)} and looks at it", "draws a card and looks at it", c
        )


def _w3_opts(s: Position, a: int) -> list[int]:
    keep = [KEEP] if s.params.weasel3_optional else []
    return keep + _seat_opts(s, a)


def _w3_choose(s: Position, a: int, action: int) -> None:
    c = s.card_in_flight
    s.card_in_flight = -1
    if action == KEEP:  # [A] weasel3_optional: the card stays with the drawer, unseen by others
        s.hands[a].append(c)
        s.note("keeps it in hand")
        s.effect_code = -1
        return
    q = action - SEAT
    s.displays[q].append(c)
    b.set_side(s, c, q, False)
    if s.trace is not None:
        s.note(f"puts it face down in seat {q}'s display")
    s.effect_code = -1


def _w5(s: Position, a: int, q: int, i: int, c: int) -> None:
    b.set_side(s, c, a, not s.face_up[c])
    if not s.face_up[c]:
        s.seen_by[c] = s.all_seats  # it was face up: everyone knows it


def _w6(s: Position, a: int, q: int, i: int, c: int) -> None:
    b.take_card(s, q, i, a, True)


# 7: swap a chip on one of your cards with a reserve face
def _w7_feas(s: Position, a: int, x: int) -> bool:
    return -1 in s.chip_card and b.exists(s, [a], b.has_free_chip)


def _w7_opts(s: Position, a: int) -> list[int]:
    return b.scan(s, [a], b.has_free_chip) if s.effect_step == 0 else b.reserve_actions(s)


def _w7_choose(s: Position, a: int, action: int) -> None:
    if s.effect_step == 0:
        s.effect_choice, s.effect_step = action, 1
        return
    c = b.at(s, s.effect_choice)[2]
    b.unchip(s, c)
    b.place_chip(s, c, action - CHIP)
    note_chip(s, s.effect_choice, action - CHIP)
    s.effect_code = -1


def _w8_feas(s: Position, a: int, x: int) -> bool:
    return b.count(s, any_chips(s, a), b.has_free_chip) >= 2


def _w8(s: Position, a: int, first: tuple, second: tuple) -> None:
    c1, c2 = first[2], second[2]
    k1, k2 = s.card_chip[c1], s.card_chip[c2]
    s.card_chip[c1], s.card_chip[c2] = k2, k1
    s.chip_card[k1], s.chip_card[k2] = c2, c1


def _w10(s: Position, a: int, q: int, i: int, c: int) -> None:
    b.unchip(s, c)


def _w11(s: Position, a: int, q: int, i: int, c: int) -> None:
    b.discard_at(s, q, i)


# 12: a chip from the reserve or an opponent's card onto one of your cards
def _w12_feas(s: Position, a: int, x: int) -> bool:
    if not b.exists(s, [a], b.no_chip):
        return False
    return -1 in s.chip_card or b.exists(s, opp_chips(s, a), b.has_free_chip)


def _w12_opts(s: Position, a: int) -> list[int]:
    if s.effect_step == 0:
        return b.reserve_actions(s) + b.scan(s, opp_chips(s, a), b.has_free_chip)
    return b.scan(s, [a], b.no_chip)


def _w12_choose(s: Position, a: int, action: int) -> None:
    if s.effect_step == 0:
        s.effect_choice, s.effect_step = action, 1
        return
    dst = b.at(s, action)[2]
    if s.effect_choice >= POS:
        b.move_chip(s, b.at(s, s.effect_choice)[2], dst)
        note_target(s, s.effect_choice)
        note_target(s, action)
    else:
        b.place_chip(s, dst, s.effect_choice - CHIP)
        note_chip(s, action, s.effect_choice - CHIP)
    s.effect_code = -1


_w9_feas, _w9_do = _discard_top(20)  # effect code of weasel 9

TABLE: tuple[Effect, ...] = (
    Effect(_has_opp, wait, _seat_opts, _w1_choose),  # 1
    single(any_chips, b.has_free_chip, _w2),  # 2
    Effect(_w3_feas, _w3_start, _w3_opts, _w3_choose),  # 3
    chip_onto(any_seat, b.down_no_chip),  # 4
    single(own, b.unlocked, _w5),  # 5
    single(opp, b.opp_up_takeable, _w6),  # 6
    Effect(_w7_feas, wait, _w7_opts, _w7_choose),  # 7
    pair(any_chips, b.has_free_chip, any_chips, b.has_free_chip, _w8, feas=_w8_feas),  # 8
    immediate(_w9_feas, _w9_do),  # 9
    single(own, b.up_free_chip, _w10),  # 10
    single(own, b.down_unlocked, _w11),  # 11
    Effect(_w12_feas, wait, _w12_opts, _w12_choose),  # 12
)
