"""Resolving effects (§4.3, §7): feasibility probes, option lists, begin and choose.

The effect table lives on the state (``s.effects``), so that effects which resolve another card
(rat 6, raccoon 3) can call back into this module without an import circle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from simcore.games.ratjack.codes import POS, RES0, SLOTS
from simcore.games.ratjack.content import BLANK, EFFECT_IDS, LOCK

if TYPE_CHECKING:
    from simcore.games.ratjack.state import RatjackState as S


# Effects whose own feasibility test answers for a pending draw (``s.pend``): rat 6 through
# the card it turns up, raccoon 12 by refilling the deck. Every other effect leaves the deck
# as it is or takes from it under ``board.deck_leaves``, so the draw needs a card there now.
DECK_SELF: Final = frozenset(EFFECT_IDS.index(e) for e in ("rat_6", "raccoon_12"))


def resolvable(s: S, a: int, x: int) -> bool:
    """Card ``x``, face up in ``a``'s display, can resolve fully (or carries ``blank``),
    leaving the deck cards that a pending step still draws (§4.3)."""
    short = s.pend > len(s.deck)
    k = s.chip[x]
    if k >= 0 and s.face[k] == BLANK:
        return not short
    e = s.ct.card_effect[x]
    if short and e not in DECK_SELF:
        return False
    return s.effects[e].feas(s, a, x)


def flip_slots(s: S, a: int) -> list[int]:
    """Slots of own face-down cards that may be turned up and resolved (rat 6, discard-flip)."""
    out = []
    up, chip, face = s.up, s.chip, s.face
    effects, card_effect = s.effects, s.ct.card_effect
    short = s.pend > len(s.deck)  # a pending draw finds no card unless the effect refills
    for i, y in enumerate(s.disp[a]):
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


def flip_options(s: S, a: int) -> list[int]:
    """Position actions of ``flip_slots``."""
    base = POS + a * SLOTS
    return [base + i for i in flip_slots(s, a)]


def begin(s: S, a: int, x: int) -> None:
    """Resolve the effect of ``x`` (now face up in ``a``'s display), counting it."""
    k = s.chip[x]
    if k >= 0 and s.face[k] == BLANK:
        s.ef = -1
        if s.trace is not None:
            s.note(f"{s.ct.card_name(x)} carries blank: no effect")
        return
    e = s.ct.card_effect[x]
    s.count(a * s.nstat + RES0 + e, 1)
    s.ef, s.ex, s.es, s.ea, s.eb = e, x, 0, -1, -1
    s.last_effect = e
    if s.trace is not None:
        s.note(f"resolve {EFFECT_IDS[e]} of {s.ct.card_name(x)}")
    s.effects[e].start(s, a, x)


def options(s: S, a: int) -> list[int]:
    """Decision options of the effect being resolved."""
    opts = s.effects[s.ef].opts
    assert opts is not None
    return opts(s, a)


def choose(s: S, a: int, action: int) -> None:
    """Apply one decision of the effect being resolved."""
    fn = s.effects[s.ef].choose
    assert fn is not None
    fn(s, a, action)
