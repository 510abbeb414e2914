"""The chance stream a state owns: event k draws from Random(seed * 1_000_003 + k)."""

import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simcore.chance import ChanceStream
from simcore.rng import substream

SEEDS = st.integers(0, 2**64 - 1)


@settings(max_examples=100, deadline=None)
@given(seed=SEEDS, events=st.integers(1, 6))
def test_event_k_draws_from_its_own_seeded_generator(seed, events):
    stream = ChanceStream(seed)
    draws = [stream.next_stream().getrandbits(32) for _ in range(events)]
    expected = [random.Random(seed * 1_000_003 + k).getrandbits(32) for k in range(1, events + 1)]
    assert draws == expected and stream.events == events


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


def test_a_clone_gives_the_same_generators_and_advances_on_its_own():
    stream = ChanceStream(12345)
    stream.next_stream()
    copy = stream.clone()
    assert copy is not stream and copy.fingerprint() == stream.fingerprint()
    assert copy.next_stream().random() == stream.next_stream().random()
    copy.next_stream()
    assert copy.events == 3 and stream.events == 2
    assert copy.fingerprint() != stream.fingerprint()


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


def test_a_stream_pickles_with_its_seed_and_events():
    stream = ChanceStream(77)
    stream.next_stream()
    stream.reseed(random.Random(3))
    assert stream.seed < 0  # a raw seed, not derived yet, survives too
    copy = pickle.loads(pickle.dumps(stream))
    assert (copy.seed, copy.events) == (stream.seed, stream.events)
    assert copy.next_stream().random() == stream.next_stream().random()


@settings(max_examples=50, deadline=None)
@given(seed=SEEDS, events=st.integers(1, 6))
def test_a_stream_numbered_from_zero_draws_event_k_minus_one(seed, events):
    # Lord of Worlds: reshuffle k (counted from 0) draws Random(seed * 1_000_003 + k)
    stream = ChanceStream(seed, first_event=0)
    draws = [stream.next_stream().getrandbits(32) for _ in range(events)]
    expected = [random.Random(seed * 1_000_003 + k).getrandbits(32) for k in range(events)]
    assert draws == expected and stream.events == events - 1


def test_replace_seed_takes_the_raw_draw_and_keeps_the_event_numbers():
    stream = ChanceStream(9, first_event=0)
    stream.next_stream()
    stream.next_stream()
    stream.replace_seed(random.Random(4))
    raw = random.Random(4).getrandbits(64)
    assert (stream.seed, stream.events) == (raw, 1)
    assert stream.next_stream().random() == random.Random(raw * 1_000_003 + 2).random()
