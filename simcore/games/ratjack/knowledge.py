"""§8 facts a seat keeps about cards it identified and then lost sight of.

When a seat cannot tell several hidden places apart any more (a face-down play from a hand of
two, the raccoon 12 shuffle), the cards it had identified there become *tracked*: it still knows
each such card is in one of those places. A place is named by the card that really sits there;
places travel with their cards, so ordinary moves need no update and a column (the places a
tracked card may occupy) is a bit mask over card ids. Everything here is per observing seat.
"""

from __future__ import annotations

from simcore.games.ratjack.content import N_CARDS
from simcore.games.ratjack.position import Position


def bits(mask: int) -> list[int]:
    """Card ids set in ``mask``, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def known_mask(s: Position, p: int) -> int:
    """Cards seat ``p`` identifies exactly (the ``seen_by`` bit)."""
    bit, seen, mask = 1 << p, s.seen_by, 0
    for c in range(N_CARDS):
        if seen[c] & bit:
            mask |= 1 << c
    return mask


def columns(s: Position, p: int) -> dict[int, int]:
    """Tracked cards of ``p`` and the places each may be in, without places ``p`` identifies."""
    tm = s.tracked_cards[p]
    if not tm:
        return {}
    known, base, bit = known_mask(s, p), p * N_CARDS, 1 << p
    return {k: s.tracked_places[base + k] & ~known for k in bits(tm) if not s.seen_by[k] & bit}


def merge(s: Position, group: list[int], owner: int) -> None:
    """The places of ``group`` become indistinguishable to every seat but ``owner`` (-1: all)."""
    gm = 0
    for c in group:
        gm |= 1 << c
    seen, trk = s.seen_by, s.tracked_places
    for p in range(s.n):
        if p == owner:
            continue
        bit = 1 << p
        lost = []  # a loop, not a comprehension: no frame (every face-down play comes here)
        for c in group:
            if seen[c] & bit:
                lost.append(c)
        if not lost and not s.tracked_cards[p]:
            continue  # the common case: p knew none of these cards
        base = p * N_CARDS
        cols = columns(s, p)
        tm = 0
        for k, col in cols.items():  # a card that may be in the group may now be anywhere in it
            trk[base + k] = col | gm if col & gm else col
            tm |= 1 << k
        for c in lost:
            seen[c] &= ~bit
            trk[base + c] = gm
            tm |= 1 << c
        for k in bits(s.tracked_cards[p] & ~tm):
            trk[base + k] = 0
        s.tracked_cards[p] = tm


def forget_others(s: Position, player: int) -> None:
    """Drop the tracked facts of every seat but ``player`` (see ``sample.determinize``)."""
    for q in range(s.n):
        if q != player and s.tracked_cards[q]:
            base = q * N_CARDS
            for k in bits(s.tracked_cards[q]):
                s.tracked_places[base + k] = 0
            s.tracked_cards[q] = 0


def locations(s: Position) -> dict[int, tuple]:
    """Public name of every place that holds a card: deck index, hand or display slot, limbo."""
    out: dict[int, tuple] = {c: ("deck", i) for i, c in enumerate(s.deck)}
    for q in range(s.n):
        for i, c in enumerate(s.hands[q]):
            out[c] = ("hand", q, i)
        for i, c in enumerate(s.displays[q]):
            out[c] = ("disp", q, i)
    if s.card_in_flight >= 0:
        out[s.card_in_flight] = ("limbo",)
    return out


def observed(s: Position, p: int) -> tuple:
    """``p``'s tracked facts as (card, sorted places), canonical for the observation key."""
    cols = columns(s, p)
    if not cols:
        return ()
    where = locations(s)
    return tuple((k, tuple(sorted(where[c] for c in bits(col)))) for k, col in sorted(cols.items()))
