"""Determinization (§8): a world sampled from what one seat knows."""

from __future__ import annotations

import random

from simcore.core.rng import randbelow, shuffle
from simcore.games.ratjack import knowledge
from simcore.games.ratjack.codes import P_EFFECT
from simcore.games.ratjack.content import N_CARDS, RAT6
from simcore.games.ratjack.position import Position
from simcore.games.ratjack.resolve import flip_options


def determinize(s: Position, player: int, rng: random.Random) -> Position:
    """Redeal every card ``player`` cannot identify among the hidden places (§8).

    Hidden places: the deck, other hands, face-down display cards and weasel 3's card in
    flight. Cards ``player`` tracks (identified once, then lost among indistinguishable
    places) are dealt only into the places they may occupy; the rest are dealt uniformly
    over what is left. Chips and the other seats' ``seen_by`` marks stay with their places; the
    other seats' tracked facts are dropped in the sampled world (they are facts about
    cards ``player`` may not know).
    """
    new = s.clone()
    bit = 1 << player
    seen, up = new.seen_by, new.face_up
    # plain loops, no comprehensions: every heuristic decision determinizes (3.11 builds
    # a frame per comprehension)
    places: list[tuple[list[int], int]] = []  # (container, index), canonical order
    old: list[int] = []  # the card in each place
    for i, c in enumerate(new.deck):
        if not seen[c] & bit:
            places.append((new.deck, i))
            old.append(c)
    for q in range(new.n):
        for i, c in enumerate(new.hands[q]):
            if not seen[c] & bit:
                places.append((new.hands[q], i))
                old.append(c)
        for i, c in enumerate(new.displays[q]):
            if not up[c] and not seen[c] & bit:
                places.append((new.displays[q], i))
                old.append(c)
    limbo = (
        [new.card_in_flight]
        if new.card_in_flight >= 0 and not seen[new.card_in_flight] & bit
        else []
    )
    if limbo:
        places.append((limbo, 0))
        old.append(limbo[0])
    chip = new.card_chip
    meta = []  # chips and knowledge stay with places
    for c in old:
        meta.append((chip[c], seen[c]))
    ranked = []  # (places it may occupy, card, their indices): most constrained first
    for k, col in knowledge.columns(new, player).items():
        idx = []
        for i, c in enumerate(old):
            if col >> c & 1:
                idx.append(i)
        ranked.append((len(idx), k, idx))
    ranked.sort()  # cards are distinct: the index lists are never compared
    tracked = []  # (card, indices of the places it may occupy)
    free_set = set(old)
    for _, k, idx in ranked:
        tracked.append((k, idx))
        free_set.discard(k)
    free = sorted(free_set)
    # The mover is committed to rat 6 only if one of its face-down cards can resolve: a
    # fact everyone knows, so redeals violating it are rejected (rare; bounded retries).
    needs_flip = new.phase == P_EFFECT and new.effect_code == RAT6 and player != new.seat_to_act
    for _ in range(200):
        deal = _deal(tracked, free, len(old), rng)
        if deal is None:
            continue
        for (box, i), c, (k, mask) in zip(places, deal, meta, strict=True):
            box[i] = c
            new.card_chip[c] = k
            if k >= 0:
                new.chip_card[k] = c
            seen[c] = mask
            up[c] = 0
        if not needs_flip or flip_options(new, new.seat_to_act):
            break
    else:  # pragma: no cover - practically unreachable; fall back to the true cards
        return fallback(s, rng)
    if limbo:
        new.card_in_flight = limbo[0]
    knowledge.forget_others(new, player)
    base = player * N_CARDS
    for k, idx in tracked:  # the same places, named by the cards now dealt there
        col = 0
        for i in idx:
            col |= 1 << deal[i]
        new.tracked_places[base + k] = col
    new.reseed(rng)
    new.legal_cache = None
    new.last_card = -1
    return new


def fallback(s: Position, rng: random.Random) -> Position:
    """The true position with a new chance stream (when no redeal fits the public facts)."""
    new = s.clone()
    new.reseed(rng)
    new.legal_cache = None
    new.last_card = -1
    return new


def _deal(
    tracked: list[tuple[int, list[int]]], free: list[int], n: int, rng: random.Random
) -> list[int] | None:
    """Cards for ``n`` places: tracked cards into their allowed places (most constrained
    first), the free cards shuffled over the rest; None when the tracked cards collide."""
    deal = [-1] * n
    for k, idx in tracked:
        open_ = []
        for i in idx:
            if deal[i] < 0:
                open_.append(i)
        if not open_:
            return None
        deal[open_[randbelow(rng, len(open_))]] = k
    pool = free[:]
    shuffle(pool, rng)
    j = 0
    for i, c in enumerate(deal):
        if c < 0:
            deal[i] = pool[j]
            j += 1
    return deal
