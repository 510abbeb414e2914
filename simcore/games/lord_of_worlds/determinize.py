"""Determinization (§7): a world sampled from what one seat can see."""

from __future__ import annotations

import random
from typing import Final

from simcore.core.rng import shuffle
from simcore.games.lord_of_worlds.position import Position


def determinize(s: Position, player: int, rng: random.Random) -> Position:
    """Redeal what ``player`` cannot see: hidden tiles, unknown hand cards, deck order (§7)."""
    new = s.clone()
    new.trace = None
    # planet views and the face-up list read only public information: they stay valid
    new.legal_cache = None
    hidden = [
        h for h in s.context.board.tile_hexes if new.board_tile[h] >= 0 and not new.board_face_up[h]
    ]
    pool = sorted([new.board_tile[h] for h in hidden] + new.reserve)
    shuffle(pool, rng)
    for i, h in enumerate(hidden):
        new.board_tile[h] = pool[i]
    new.reserve = pool[len(hidden) :]
    _redeal_cards(new, player, rng)
    new.reseed(rng)  # the seed only: the reshuffles keep their event numbers
    return new


def _redeal_cards(s: Position, player: int, rng: random.Random) -> None:
    """Redeal the cards ``player`` has not seen over the rivals' unknown hand parts and deck.

    A rival's unknown cards are what is left of its starting hand, drawn "until the total
    exceeds ``start_hand_over``" (§2.3): together with the starting-hand cards it has shown
    (``shown_start_cards``) they must form a hand that rule can stop at. A joint redeal is
    accepted with the probability that the rule stops exactly there for every rival (the exact
    posterior); when that keeps failing (4 players early on), rivals are redealt one at a time,
    each by the same acceptance rule among the cards left: still only starting hands the rule
    can produce.
    """

    others = [q for q in range(s.n) if q != player]
    unknown: list[int] = []
    need = []
    for q in others:
        hand, known = s.hands[q], s.known_cards[q]
        for k, c in enumerate(hand):
            unknown.extend([k] * (c - known[k]))
        need.append(s.hand_size[q] - sum(known))
    deck_public = s.deck_known  # after a reshuffle the deck's content is public
    pool = sorted(unknown if deck_public else unknown + s.deck)  # hands and deck mixed
    parts = _joint_redeal(s, others, need, pool, rng)
    if parts is None:
        parts = _rival_by_rival_redeal(s, others, need, pool, rng)
    for q, part in zip(others, parts, strict=True):
        s.hands[q] = list(s.known_cards[q])
        for card in part:
            s.hands[q][card] += 1
    if deck_public:
        deck = sorted(s.deck)
        shuffle(deck, rng)
        s.deck = deck
    else:
        s.deck = pool  # what the parts did not take, in shuffled order


def _joint_redeal(
    s: Position, others: list[int], need: list[int], pool: list[int], rng: random.Random
) -> list[list[int]] | None:
    """Shuffle ``pool`` in place and cut it into the rivals' parts, accepted jointly."""
    for _ in range(_JOINT_TRIES):
        shuffle(pool, rng)
        parts, i = [], 0
        for k in need:
            parts.append(pool[i : i + k])
            i += k
        weight = 1.0
        for q, part in zip(others, parts, strict=True):
            if part:
                weight *= _start_hand_weight(s, q, part)
        if weight >= 1.0 or (weight > 0 and rng.random() < weight):
            del pool[:i]
            return parts
    return None


def _rival_by_rival_redeal(
    s: Position, others: list[int], need: list[int], pool: list[int], rng: random.Random
) -> list[list[int]]:
    """One rival at a time: its part from what is left, by the acceptance rule."""
    parts = []
    for q, k in zip(others, need, strict=True):
        for _ in range(_RIVAL_TRIES):
            shuffle(pool, rng)
            weight = _start_hand_weight(s, q, pool[:k]) if k else 1.0
            if weight >= 1.0 or (weight > 0 and rng.random() < weight):
                break
        parts.append(pool[:k])
        del pool[:k]
    return parts


_JOINT_TRIES: Final = 50
_RIVAL_TRIES: Final = 1000  # a legal part exists (the true one); far fewer tries are needed


def _start_hand_weight(s: Position, q: int, part: list[int]) -> float:
    """Chance that 'draw until the total exceeds the limit' stops at the starting hand made of
    ``part`` (the cards still hidden) and the starting cards ``q`` has shown."""
    value, over = s.context.cards.value, s.context.params.start_hand_over
    start = [value[k] for k in part]
    for k, c in enumerate(s.shown_start_cards[q]):
        start.extend([value[k]] * c)
    total = sum(start)
    if total <= over:
        return 0.0
    return sum(1 for v in start if total - v <= over) / len(start)
