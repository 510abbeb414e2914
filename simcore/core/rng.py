"""Seed derivation (DESIGN §3): every stream is derived with ``numpy.random.SeedSequence``
(computed by ``simcore.core.seedseq``, which gives numpy's seeds at half the cost).

Streams themselves are ``random.Random`` instances: explicit objects (no global state) whose
scalar draws are an order of magnitude cheaper than ``numpy.random.Generator`` calls, which
matters on the simulators' hot path.
"""

from __future__ import annotations

import random
from typing import Any, Final

from simcore.core.seedseq import seed63

_GAME_STREAM: Final = 0
_POLICY_STREAM: Final = 1


def game_seed(sweep_seed: int, game_index: int) -> int:
    """Seed of game ``game_index`` of a sweep; independent of cell, chunking and workers."""
    return seed63(sweep_seed, game_index)


def state_stream(seed: int) -> random.Random:
    """The chance stream a game state owns, from the game seed."""
    return random.Random(seed63(seed, _GAME_STREAM))


def policy_stream(seed: int, seat: int) -> random.Random:
    """The stream of the policy in ``seat`` for the game with ``seed``."""
    return random.Random(seed63(seed, _POLICY_STREAM, seat))


def substream(rng: random.Random) -> random.Random:
    """A new independent stream drawn from ``rng`` (e.g. to reseed a determinized state)."""
    return random.Random(rng.getrandbits(64))


# The two draws below return exactly what ``rng.randrange(n)`` and ``rng.shuffle(x)`` return on
# CPython 3.11-3.13 for a ``random.Random`` (the same ``getrandbits`` calls in the same order;
# tests/simcore/core/test_rng.py compares them on the running interpreter), without the stdlib's
# layers of method calls: about 2x faster for a 60-card shuffle, and these are the simulators'
# hottest draws (determinization, random play-outs).


# The C method itself: compiled, ``rng.getrandbits`` is an attribute lookup through the class
# and a bound method built per call, about 450 instructions, for one draw per random decision
# (5% of a compiled Lord of Worlds random game). A subclass may override it, so only an exact
# ``random.Random`` takes this path.
_GETRANDBITS: Final = random.Random.getrandbits
_RANDOM: Final = random.Random


def randbelow(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)``: a uniform int in ``[0, n)``; ValueError unless ``n > 0``."""
    if n <= 0:
        raise ValueError(f"empty range for randbelow({n})")
    k = n.bit_length()
    if type(rng) is _RANDOM:
        r = _GETRANDBITS(rng, k)
        while r >= n:
            r = _GETRANDBITS(rng, k)
        return r
    getrandbits = rng.getrandbits
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def shuffle(items: list[Any], rng: random.Random) -> None:
    """``rng.shuffle(items)``, in place (Fisher-Yates from the end)."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
