"""Seed derivation (DESIGN §3): every stream is derived with ``numpy.random.SeedSequence``
(computed by ``simcore.seedseq``, which gives numpy's seeds at half the cost).

Streams themselves are ``random.Random`` instances: explicit objects (no global state) whose
scalar draws are an order of magnitude cheaper than ``numpy.random.Generator`` calls, which
matters on the simulators' hot path.
"""

from __future__ import annotations

import random
from typing import Final, cast

from simcore.seedseq import seed63

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


class LazyStream:
    """A state's chance stream that copies cheaply: one ``random.Random`` stream, frozen on copy
    and thawed on first draw.

    A copy freezes the stream once (``getstate()``) and shares the frozen state with the
    original; each side thaws its own ``random.Random`` only when it draws. States are cloned
    far more often than they draw (search, end-of-game play-outs), and ``getstate`` alone costs
    more than the rest of a Rats of Wistar clone. The draws are those of the one stream.
    """

    __slots__ = ("_live", "_frozen")

    _live: random.Random | None  # the stream, or None while frozen
    _frozen: object  # while frozen: a seed (``substream``'s) or a ``getstate()`` tuple

    def __init__(self, live: random.Random | None = None, frozen: object = None) -> None:
        self._live = live
        self._frozen = frozen

    @staticmethod
    def seeded_from(rng: random.Random) -> LazyStream:
        """A new stream drawn from ``rng``, as ``substream(rng)`` (built on first draw)."""
        return LazyStream(None, rng.getrandbits(64))

    def stream(self) -> random.Random:
        """The ``random.Random`` to draw from (thawed here if frozen)."""
        live = self._live
        if live is None:
            frozen = self._frozen
            if isinstance(frozen, int):
                live = random.Random(frozen)
            else:
                live = random.Random.__new__(random.Random)
                live.setstate(cast(tuple, frozen))
            self._live, self._frozen = live, None
        return live

    def clone(self) -> LazyStream:
        """A copy that draws what this stream would draw (both share the frozen state)."""
        frozen = self._frozen
        if self._live is not None:
            frozen = self._frozen = self._live.getstate()
            self._live = None
        return LazyStream(None, frozen)

    def fingerprint(self) -> int:
        """Hash of the stream's state, the same frozen or thawed."""
        if self._live is not None:
            return hash(self._live.getstate())
        frozen = self._frozen
        if isinstance(frozen, int):
            return hash(random.Random(frozen).getstate())
        return hash(frozen)


# The two draws below return exactly what ``rng.randrange(n)`` and ``rng.shuffle(x)`` return on
# CPython 3.11-3.13 for a ``random.Random`` (the same ``getrandbits`` calls in the same order;
# tests/simcore/test_rng.py compares them on the running interpreter), without the stdlib's
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


def shuffle(items: list, rng: random.Random) -> None:
    """``rng.shuffle(items)``, in place (Fisher-Yates from the end)."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
