"""The chance streams a state owns (simcore.core.api.ChanceSource): the contract every stream keeps,
tested once over both implementations, then what each draws."""

import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simcore.core.api import ChanceSource
from simcore.core.chance import ChanceStream, LazyStream
from simcore.core.rng import substream

SEEDS = st.integers(0, 2**64 - 1)

# One stream of each kind the games use, from a seed: Ratjack, Lord of Worlds, Rats of Wistar.
STREAMS = {
    "ratjack": lambda seed: ChanceStream(seed),
    "lord_of_worlds": lambda seed: ChanceStream(seed, first_event=0, keep_events_on_reseed=True),
    "rats_of_wistar": lambda seed: LazyStream(random.Random(seed)),
}


def draws(stream: ChanceSource, events: int) -> list[int]:
    """Two numbers from each of the next ``events`` chance events."""
    out = []
    for _ in range(events):
        rng = stream.next_stream()
        out += [rng.getrandbits(32), rng.getrandbits(32)]
    return out


def prepared(kind: str, seed: int, before: int, reseeded: bool) -> ChanceSource:
    """A stream of ``kind`` that drew ``before`` events, then maybe was reseeded (raw draw kept,
    not derived or thawed yet)."""
    stream = STREAMS[kind](seed)
    draws(stream, before)
    if reseeded:
        stream.reseed(random.Random(seed ^ 0x5EED))
    return stream


KINDS = pytest.mark.parametrize("kind", sorted(STREAMS))
SHAPES = {"seed": SEEDS, "before": st.integers(0, 4), "reseeded": st.booleans()}


@KINDS
def test_every_stream_is_a_chance_source(kind):
    assert isinstance(STREAMS[kind](1), ChanceSource)


@KINDS
@settings(max_examples=40, deadline=None)
@given(**SHAPES, after=st.integers(1, 5))
def test_a_clone_draws_what_the_original_draws_and_neither_advances_the_other(
    kind, seed, before, reseeded, after
):
    stream = prepared(kind, seed, before, reseeded)
    copy = stream.clone()
    assert copy is not stream and copy.fingerprint() == stream.fingerprint()
    ahead = draws(copy, after)  # the copy draws first: the original must not move
    assert draws(stream, after) == ahead
    again = stream.clone().clone()  # a copy of a copy, both drawn past ``after``
    assert draws(again, 2) == draws(copy, 2) == draws(stream, 2)


@KINDS
@settings(max_examples=40, deadline=None)
@given(**SHAPES)
def test_fingerprints_are_equal_frozen_or_thawed_derived_or_not(kind, seed, before, reseeded):
    stream = prepared(kind, seed, before, reseeded)
    before_clone = stream.fingerprint()
    copy = stream.clone()  # a LazyStream freezes here; a reseeded ChanceStream is not derived
    assert stream.fingerprint() == copy.fingerprint() == before_clone
    ahead = draws(copy, 1)  # thaws (or derives) the copy and draws one event
    assert copy.fingerprint() != before_clone
    assert stream.fingerprint() == before_clone  # fingerprint leaves the stream as it is
    assert draws(stream, 1) == ahead and stream.fingerprint() == copy.fingerprint()


@KINDS
@settings(max_examples=30, deadline=None)
@given(**SHAPES, cloned=st.booleans())
def test_a_stream_pickles_in_any_state(kind, seed, before, reseeded, cloned):
    stream = prepared(kind, seed, before, reseeded)
    if cloned:
        stream.clone()  # a LazyStream is frozen now
    copy = pickle.loads(pickle.dumps(stream))
    assert type(copy) is type(stream) and copy.fingerprint() == stream.fingerprint()
    assert draws(copy, 3) == draws(stream, 3)
    assert draws(pickle.loads(pickle.dumps(copy)).clone(), 1) == draws(copy, 1)


@KINDS
@settings(max_examples=30, deadline=None)
@given(**SHAPES)
def test_a_reseed_takes_one_64_bit_draw_and_leaves_clones_alone(kind, seed, before, reseeded):
    stream = prepared(kind, seed, before, reseeded)
    copy = stream.clone()
    rng, twin = random.Random(seed + 1), random.Random(seed + 1)
    copy.reseed(rng)
    twin.getrandbits(64)
    assert rng.getstate() == twin.getstate()
    expected = draws(stream.clone(), 2)
    assert draws(stream, 2) == expected
    assert draws(copy, 2) != expected


# --- ChanceStream: event k draws from Random(seed * 1_000_003 + k)


@settings(max_examples=100, deadline=None)
@given(seed=SEEDS, events=st.integers(1, 6))
def test_event_k_draws_from_its_own_seeded_generator(seed, events):
    stream = ChanceStream(seed)
    drawn = [stream.next_stream().getrandbits(32) for _ in range(events)]
    expected = [random.Random(seed * 1_000_003 + k).getrandbits(32) for k in range(1, events + 1)]
    assert drawn == expected and stream.events == events


@settings(max_examples=100, deadline=None)
@given(raw=SEEDS)
def test_a_reseeded_stream_is_the_substream_whether_or_not_derived_yet(raw):
    lazy, eager = ChanceStream(0), ChanceStream(0)
    lazy.next_stream()
    lazy.reseed(random.Random(raw))
    eager.reseed(random.Random(raw))
    assert lazy.events == 0 and lazy.seed < 0  # the raw draw, not derived yet
    expected = substream(random.Random(raw)).getrandbits(64)
    assert lazy.fingerprint() == eager.fingerprint()  # fingerprint derives without keeping
    assert lazy.seed < 0
    assert eager.derived_seed() == expected and eager.seed == expected
    assert lazy.fingerprint() == eager.fingerprint()  # derived on one side only
    assert lazy.next_stream().random() == random.Random(expected * 1_000_003 + 1).random()
    assert eager.next_stream().random() == random.Random(expected * 1_000_003 + 1).random()


def test_fingerprints_tell_seeds_and_event_counts_apart():
    prints = set()
    for seed in (0, 1, 2**64 - 1):
        stream = ChanceStream(seed)
        for _ in range(3):
            prints.add(stream.fingerprint())
            stream.next_stream()
    assert len(prints) == 9


@pytest.mark.parametrize("seed", [-1, 2**64])
def test_a_seed_outside_64_bits_is_refused(seed):
    with pytest.raises(ValueError, match="64-bit"):
        ChanceStream(seed)


def test_a_pickled_stream_keeps_its_raw_seed_and_its_reseed_rule():
    stream = ChanceStream(77, keep_events_on_reseed=True)
    stream.next_stream()
    copy = pickle.loads(pickle.dumps(stream))
    assert copy.keep_events_on_reseed and copy.clone().keep_events_on_reseed
    stream = ChanceStream(77)
    stream.reseed(random.Random(3))
    copy = pickle.loads(pickle.dumps(stream))
    assert copy.seed == stream.seed < 0 and not copy.keep_events_on_reseed


@settings(max_examples=50, deadline=None)
@given(seed=SEEDS, events=st.integers(1, 6))
def test_a_stream_numbered_from_zero_draws_event_k_minus_one(seed, events):
    # Lord of Worlds: reshuffle k (counted from 0) draws Random(seed * 1_000_003 + k)
    stream = ChanceStream(seed, first_event=0)
    drawn = [stream.next_stream().getrandbits(32) for _ in range(events)]
    expected = [random.Random(seed * 1_000_003 + k).getrandbits(32) for k in range(events)]
    assert drawn == expected and stream.events == events - 1


def test_a_reseed_keeping_events_takes_the_raw_draw_and_keeps_the_event_numbers():
    stream = ChanceStream(9, first_event=0, keep_events_on_reseed=True)
    stream.next_stream()
    stream.next_stream()
    stream.reseed(random.Random(4))
    raw = random.Random(4).getrandbits(64)
    assert (stream.seed, stream.events) == (raw, 1)
    assert stream.next_stream().random() == random.Random(raw * 1_000_003 + 2).random()


# --- LazyStream: every event draws from the one stream


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**64), before=st.integers(0, 30), after=st.integers(1, 30))
def test_a_lazy_stream_and_its_copies_draw_what_the_one_stream_draws(seed, before, after):
    reference = random.Random(seed)
    lazy = LazyStream(random.Random(seed))
    assert [lazy.next_stream().random() for _ in range(before)] == [
        reference.random() for _ in range(before)
    ]
    copy = lazy.clone()  # freezes the original: both thaw their own stream when they draw
    expected = [reference.random() for _ in range(after)]
    assert [copy.next_stream().random() for _ in range(after)] == expected
    assert [lazy.next_stream().random() for _ in range(after)] == expected


def test_a_lazy_stream_fingerprint_is_the_same_frozen_or_thawed_without_a_draw():
    lazy = LazyStream(random.Random(4))
    lazy.next_stream().random()
    thawed = lazy.fingerprint()
    copy = lazy.clone()
    copy.next_stream()  # thawed, nothing drawn
    assert copy.fingerprint() == thawed == lazy.fingerprint()


def test_a_reseeded_lazy_stream_draws_as_substream():
    lazy = LazyStream(random.Random(2))
    lazy.next_stream().random()
    lazy.reseed(random.Random(9))
    assert lazy.fingerprint() == hash(substream(random.Random(9)).getstate())
    assert lazy.next_stream().random() == substream(random.Random(9)).random()
