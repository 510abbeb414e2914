"""The chance streams a game state owns (DESIGN §3): the two implementations of
``simcore.core.api.ChanceSource``.

- ``ChanceStream`` (Ratjack, Lord of Worlds): a seed and a count of chance events; event ``k``
  draws from its own generator, ``random.Random(seed * 1_000_003 + k)``.
- ``LazyStream`` (Rats of Wistar): one continuous ``random.Random`` for every event, frozen on
  clone and thawed on the first draw. Recasting its draws as per-event generators would change
  every recorded Rats of Wistar game, so it keeps the one stream.

A state is cloned far more often than it draws (search, lookahead, play-outs), so both make a
copy cheap: two ints, or one shared frozen state (``Random.getstate`` alone would cost more than
the rest of a clone). Both keep a reseed's raw 64-bit draw and derive from it on first use: most
determinized copies never reach a chance event.
"""

from __future__ import annotations

import random
from typing import Any, Final, cast

_EVENT_STRIDE: Final = 1_000_003  # seeds of one stream's events: seed * stride + k
_SEED_BITS: Final = 64


class ChanceStream:
    """Per-event generators: ``next_stream()`` gives the generator of the next chance event.

    Events are numbered from ``first_event`` (Ratjack 1, Lord of Worlds 0). ``reseed`` differs
    between the two games (each keeps its recorded games): by default it derives a new seed
    (``substream(rng).getrandbits(64)``) and numbers events from 1 again; with
    ``keep_events_on_reseed`` (Lord of Worlds) the raw draw becomes the seed and the events keep
    their numbers.
    """

    __slots__ = ("seed", "events", "keep_events_on_reseed")
    # ``seed`` < 0 stands for a raw draw not derived yet (``reseed``): its bit inverse.
    seed: int
    events: int  # the number of the last chance event drawn (``first_event - 1`` before any)
    keep_events_on_reseed: bool

    def __init__(self, seed: int, first_event: int = 1, keep_events_on_reseed: bool = False):
        if not 0 <= seed < 1 << _SEED_BITS:
            raise ValueError(f"a chance stream seed is a {_SEED_BITS}-bit int >= 0, got {seed}")
        self.seed = seed
        self.events = first_event - 1
        self.keep_events_on_reseed = keep_events_on_reseed

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
        """A new stream drawn from ``rng`` (one ``getrandbits(64)``): a derived seed from event 1
        again, or (``keep_events_on_reseed``) the raw draw as the seed, events unchanged."""
        if self.keep_events_on_reseed:
            self.seed = rng.getrandbits(_SEED_BITS)
        else:
            self.seed = ~rng.getrandbits(_SEED_BITS)  # derived on first use
            self.events = 0

    def clone(self) -> ChanceStream:
        """An independent copy (same seed, same events drawn)."""
        new = ChanceStream(0)  # not ``__new__`` alone: compiled, that runs ``__init__()``
        new.seed, new.events = self.seed, self.events
        new.keep_events_on_reseed = self.keep_events_on_reseed
        return new

    def __reduce__(self) -> tuple[Any, tuple[int, int, bool]]:
        # compiled, a native class is not restored field by field: rebuilt through __init__
        return _restored, (self.seed, self.events, self.keep_events_on_reseed)

    def fingerprint(self) -> int:
        """The stream as one int, equal for streams that give the same generators (whether or
        not the seed was derived yet); the stream is left as it is. A game's streams all
        reseed alike, so ``keep_events_on_reseed`` is left out."""
        seed = self.seed
        if seed < 0:
            seed = random.Random(~seed).getrandbits(_SEED_BITS)
        return self.events << _SEED_BITS | seed


def _restored(seed: int, events: int, keep_events_on_reseed: bool) -> ChanceStream:
    """The stream ``ChanceStream.__reduce__`` pickled."""
    stream = ChanceStream(0, keep_events_on_reseed=keep_events_on_reseed)
    stream.seed, stream.events = seed, events
    return stream


class LazyStream:
    """One continuous ``random.Random`` for every chance event: ``next_stream()`` gives that
    stream, thawed first if frozen.

    A clone freezes the stream once (``getstate()``) and shares the frozen state with the
    original; each side thaws its own ``random.Random`` only when it draws. A reseed keeps the
    raw draw: thawed, it is ``substream(rng)``.
    """

    __slots__ = ("_live", "_frozen")

    _live: random.Random | None  # the stream, or None while frozen
    _frozen: object  # while frozen: a raw seed (``reseed``) or a ``getstate()`` tuple

    def __init__(self, live: random.Random | None = None, frozen: object = None) -> None:
        self._live = live
        self._frozen = frozen

    def next_stream(self) -> random.Random:
        """The stream to draw the next chance event from (thawed here if frozen)."""
        live = self._live
        if live is None:
            frozen = self._frozen
            if isinstance(frozen, int):
                live = random.Random(frozen)
            else:
                live = random.Random.__new__(random.Random)
                live.setstate(cast(tuple[Any, ...], frozen))
            self._live, self._frozen = live, None
        return live

    def reseed(self, rng: random.Random) -> None:
        """A new stream drawn from ``rng``, as ``substream(rng)`` (built on first draw)."""
        self._live, self._frozen = None, rng.getrandbits(_SEED_BITS)

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
