"""Seed derivation, and the fast draws that must equal the stdlib's."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simcore.core.rng import game_seed, policy_stream, randbelow, shuffle, state_stream


def test_game_seeds_are_stable_distinct_and_fit_int64():
    seeds = [game_seed(7, i) for i in range(1000)]
    assert len(set(seeds)) == 1000
    assert all(0 <= s < 2**63 for s in seeds)
    assert game_seed(7, 5) == seeds[5]
    assert game_seed(8, 5) != seeds[5]


def test_streams_are_independent_and_reproducible():
    assert state_stream(3).random() == state_stream(3).random()
    assert policy_stream(3, 0).random() != policy_stream(3, 1).random()
    assert policy_stream(3, 0).random() != state_stream(3).random()


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**64), sizes=st.lists(st.integers(1, 2**40), min_size=1, max_size=20))
def test_randbelow_draws_what_randrange_draws(seed, sizes):
    ours, stdlib = random.Random(seed), random.Random(seed)
    assert [randbelow(ours, n) for n in sizes] == [stdlib.randrange(n) for n in sizes]
    assert ours.getstate() == stdlib.getstate()  # the same bits were consumed


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**64), items=st.lists(st.integers(), max_size=200))
def test_shuffle_permutes_as_the_stdlib_does(seed, items):
    ours, stdlib = list(items), list(items)
    a, b = random.Random(seed), random.Random(seed)
    shuffle(ours, a)
    b.shuffle(stdlib)
    assert ours == stdlib
    assert a.getstate() == b.getstate()


def test_randbelow_of_an_empty_range_is_an_error():
    with pytest.raises(ValueError, match="empty range"):
        randbelow(random.Random(1), 0)


def test_randbelow_uses_a_subclass_getrandbits():
    # an exact random.Random draws through the C method directly; a subclass's override counts
    class Counting(random.Random):
        calls = 0

        def getrandbits(self, k):
            Counting.calls += 1
            return super().getrandbits(k)

    ours, stdlib = Counting(9), random.Random(9)
    assert [randbelow(ours, n) for n in (5, 17, 1000)] == [
        stdlib.randrange(n) for n in (5, 17, 1000)
    ]
    assert Counting.calls >= 3
