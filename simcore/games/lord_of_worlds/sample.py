"""Determinization (§7): a world sampled from what one seat can see."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Final

from simcore.rng import shuffle

if TYPE_CHECKING:
    from simcore.games.lord_of_worlds.state import LordOfWorldsState


def determinize(s: LordOfWorldsState, player: int, rng: random.Random) -> LordOfWorldsState:
    """Redeal what ``player`` cannot see: hidden tiles, unknown hand cards, deck order (§7)."""
    new = s.clone()
    new.trace = None
    # planet views and the face-up list read only public information: they stay valid
    new.cache[-1] = None
    hidden = [h for h in s.ctx.board.tile_hexes if new.btile[h] >= 0 and not new.bup[h]]
    pool = sorted([new.btile[h] for h in hidden] + new.reserve)
    shuffle(pool, rng)
    for i, h in enumerate(hidden):
        new.btile[h] = pool[i]
    new.reserve = pool[len(hidden) :]
    _redeal_cards(new, player, rng)
    new.chance_seed = rng.getrandbits(64)
    return new


def _redeal_cards(s: LordOfWorldsState, player: int, rng: random.Random) -> None:
    """Redeal the cards ``player`` has not seen over the rivals' unknown hand parts and deck.

    A rival's unknown cards are what is left of its starting hand, drawn "until the total
    exceeds ``start_hand_over``" (§2.3): together with the starting-hand cards it has shown
    (``rinit``) they must form a hand that rule can stop at. A joint redeal is accepted with the
    probability that the rule stops exactly there for every rival (the exact posterior); when
    that keeps failing (4 players early on), rivals are redealt one at a time, each by the same
    acceptance rule among the cards left: still only starting hands the rule can produce.
    """
    others = [q for q in range(s.n) if q != player]
    unknown: list[int] = []
    need = []
    for q in others:
        hand, known = s.hands[q], s.known[q]
        for k, c in enumerate(hand):
            unknown.extend([k] * (c - known[k]))
        need.append(s.hsize[q] - sum(known))
    deck_public = s.deck_known  # after a reshuffle the deck's content is public
    pool = sorted(unknown if deck_public else unknown + s.deck)  # hands and deck mixed
    parts = _joint_redeal(s, others, need, pool, rng)
    if parts is None:
        parts = _rival_by_rival_redeal(s, others, need, pool, rng)
    for q, part in zip(others, parts, strict=True):
        s.hands[q] = list(s.known[q])
        for card in part:
            s.hands[q][card] += 1
    if deck_public:
        deck = sorted(s.deck)
        shuffle(deck, rng)
        s.deck = deck
    else:
        s.deck = pool  # what the parts did not take, in shuffled order


def _joint_redeal(
    s: LordOfWorldsState, others: list[int], need: list[int], pool: list[int], rng: random.Random
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
    s: LordOfWorldsState, others: list[int], need: list[int], pool: list[int], rng: random.Random
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


def _start_hand_weight(s: LordOfWorldsState, q: int, part: list[int]) -> float:
    """Chance that 'draw until the total exceeds the limit' stops at the starting hand made of
    ``part`` (the cards still hidden) and the starting cards ``q`` has shown."""
    value, over = s.ctx.cards.value, s.ctx.start_hand_over
    start = [value[k] for k in part]
    for k, c in enumerate(s.rinit[q]):
        start.extend([value[k]] * c)
    total = sum(start)
    if total <= over:
        return 0.0
    return sum(1 for v in start if total - v <= over) / len(start)
