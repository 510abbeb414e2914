"""Resolving effects (§4.3, §7): feasibility probes, option lists, begin and choose.

The effect table lives on the position (``s.effect_table``), so that effects which resolve
another card (rat 6, raccoon 3) can call back into this module without an import circle.
"""

from __future__ import annotations

from typing import Final

from simcore.games.ratjack.codes import NSTAT, POS, RES0, SLOTS
from simcore.games.ratjack.content import BLANK, EFFECT_IDS, LOCK
from simcore.games.ratjack.position import Position

# Effects whose own feasibility test answers for a pending draw (``s.pending_draws``): rat 6 through
# the card it turns up, raccoon 12 by refilling the deck. Every other effect leaves the deck
# as it is or takes from it under ``board.deck_leaves``, so the draw needs a card there now.
DECK_SELF: Final = frozenset(EFFECT_IDS.index(e) for e in ("rat_6", "raccoon_12"))


def resolvable(s: Position, a: int, x: int) -> bool:
    """Card ``x``, face up in ``a``'s display, can resolve fully (or carries ``blank``),
    leaving the deck cards that a pending step still draws (§4.3)."""
    short = s.pending_draws > len(s.deck)
    k = s.card_chip[x]
    if k >= 0 and s.chip_face[k] == BLANK:
        return not short
    e = s.content.card_effect[x]
    if short and e not in DECK_SELF:
        return False
    return s.effect_table[e].feas(s, a, x)


def flip_slots(s: Position, a: int) -> list[int]:
    """Slots of own face-down cards that may be turned up and resolved (rat 6, discard-flip)."""
    out = []
    up, chip, face = s.face_up, s.card_chip, s.chip_face
    effects, card_effect = s.effect_table, s.content.card_effect
    short = s.pending_draws > len(s.deck)  # a pending draw finds no card unless the effect refills
    for i, y in enumerate(s.displays[a]):
        if up[y]:
            continue
        k = chip[y]
        if k >= 0:
            f = face[k]
            if f == LOCK:
                continue
            if f == BLANK:
                if not short:
                    out.append(i)  # no effect to resolve
                continue
        e = card_effect[y]
        if short and e not in DECK_SELF:
            continue
        up[y] = 1  # probe: the effect is judged with the card already face up
        ok = effects[e].feas(s, a, y)
        up[y] = 0
        if ok:
            out.append(i)
    return out


def flip_options(s: Position, a: int) -> list[int]:
    """Position actions of ``flip_slots``."""
    base = POS + a * SLOTS
    out = []  # a loop, not a comprehension: no frame
    for i in flip_slots(s, a):
        out.append(base + i)
    return out


def begin(s: Position, a: int, x: int) -> None:
    """Resolve the effect of ``x`` (now face up in ``a``'s display), counting it."""
    k = s.card_chip[x]
    if k >= 0 and s.chip_face[k] == BLANK:
        s.effect_code = -1
        if s.trace is not None:
            s.note(f"{s.content.card_name(x)} carries blank: no effect")
        return
    e = s.content.card_effect[x]
    s.count(a * NSTAT + RES0 + e, 1)
    s.effect_code, s.effect_card, s.effect_step, s.effect_choice = e, x, 0, -1
    s.last_effect = e
    if s.trace is not None:
        s.note(f"resolve {EFFECT_IDS[e]} of {s.content.card_name(x)}")
    s.effect_table[e].start(s, a, x)


def options(s: Position, a: int) -> list[int]:
    """Decision options of the effect being resolved."""
    opts = s.effect_table[s.effect_code].opts
    assert opts is not None
    return opts(s, a)


def choose(s: Position, a: int, action: int) -> None:
    """Apply one decision of the effect being resolved."""
    fn = s.effect_table[s.effect_code].choose
    assert fn is not None
    fn(s, a, action)
