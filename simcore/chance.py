"""The chance stream a game state owns (DESIGN §3): one seed and a count of chance events.

Chance event ``k`` draws from its own generator, ``random.Random(seed * 1_000_003 + k)``;
events are numbered from 1 (Ratjack) or from 0 (Lord of Worlds: ``first_event``). A state is
cloned far more often than it draws (search, lookahead), so the stream is two ints, not a
Mersenne twister: a copy costs two assignments, where ``Random.getstate`` alone would cost more
than the rest of a clone.
"""

from __future__ import annotations

import random
from typing import Any, Final

_EVENT_STRIDE: Final = 1_000_003  # seeds of one stream's events: seed * stride + k
_SEED_BITS: Final = 64


class ChanceStream:
    """A state's source of chance: ``next_stream()`` gives the generator of the next event.

    Copy semantics: ``clone()`` is an independent copy; the copy and the original then give
    the same generators for the same events, and drawing from one does not advance the other.
    """

    __slots__ = ("seed", "events")
    # ``seed`` < 0 stands for a raw draw not derived yet (``reseed``): its bit inverse.
    seed: int
    events: int  # the number of the last chance event drawn (``first_event - 1`` before any)

    def __init__(self, seed: int, first_event: int = 1) -> None:
        if not 0 <= seed < 1 << _SEED_BITS:
            raise ValueError(f"a chance stream seed is a {_SEED_BITS}-bit int >= 0, got {seed}")
        self.seed = seed
        self.events = first_event - 1

    def next_stream(self) -> random.Random:
        """The generator of the next chance event."""
        self.events += 1
        return random.Random(self.derived_seed() * _EVENT_STRIDE + self.events)

    def derived_seed(self) -> int:
        """The stream's seed, derived (and kept) on first use after a ``reseed``."""
        seed = self.seed
        if seed < 0:
            seed = self.seed = random.Random(~seed).getrandbits(_SEED_BITS)
        return seed

    def reseed(self, rng: random.Random) -> None:
        """A new stream drawn from ``rng``: the seed ``substream(rng).getrandbits(64)`` gives
        (``simcore.rng``), from event 1 again.

        Deriving that seed seeds a generator; most determinized lookahead copies never reach a
        chance event, so the raw draw is kept (bit-inverted, < 0) and derived on first use.
        """
        self.seed = ~rng.getrandbits(_SEED_BITS)
        self.events = 0

    def replace_seed(self, rng: random.Random) -> None:
        """The seed replaced by a raw draw from ``rng`` (``getrandbits(64)``, not derived); the
        events keep their numbers. Lord of Worlds' determinization draws its new stream so."""
        self.seed = rng.getrandbits(_SEED_BITS)

    def clone(self) -> ChanceStream:
        """An independent copy (same seed, same events drawn)."""
        new = ChanceStream(0)  # not ``__new__`` alone: compiled, that runs ``__init__()``
        new.seed, new.events = self.seed, self.events
        return new

    def __reduce__(self) -> tuple[Any, tuple[int, int]]:
        # compiled, a native class is not restored field by field: rebuilt through __init__
        return _restored, (self.seed, self.events)

    def fingerprint(self) -> int:
        """The stream as one int, equal for streams that give the same generators (whether or
        not the seed was derived yet); the stream is left as it is."""
        seed = self.seed
        if seed < 0:
            seed = random.Random(~seed).getrandbits(_SEED_BITS)
        return self.events << _SEED_BITS | seed


def _restored(seed: int, events: int) -> ChanceStream:
    """The stream ``ChanceStream.__reduce__`` pickled."""
    stream = ChanceStream(0)
    stream.seed, stream.events = seed, events
    return stream
