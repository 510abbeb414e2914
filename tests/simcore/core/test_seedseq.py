"""``simcore.core.seedseq`` must give exactly numpy's SeedSequence seeds (every game depends on
it)."""

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from simcore.core.seedseq import seed63


def numpy_seed63(*entropy: int) -> int:
    words = np.random.SeedSequence(list(entropy)).generate_state(2, dtype=np.uint32)
    return (int(words[0]) & 0x7FFFFFFF) << 32 | int(words[1])


# Word-boundary values: each int becomes 1, 2 or 3 little-endian 32-bit words.
EDGES = st.sampled_from([0, 1, 2**31, 2**32 - 1, 2**32, 2**63 - 1, 2**64 - 1, 2**64, 2**95])


@settings(max_examples=600, deadline=None)
@given(st.lists(st.integers(0, 2**100) | EDGES, min_size=1, max_size=7))
@example([1, 0])  # game_seed(1, 0): a sweep's first game
@example([2**63 - 1, 1, 3])  # policy_stream of the largest seed
@example([0, 0, 0, 0, 0])  # five words: the numpy path
def test_seed63_equals_numpy(entropy):
    assert seed63(*entropy) == numpy_seed63(*entropy)


@pytest.mark.parametrize(
    "entropy",
    [(7, i) for i in range(50)]
    + [(s, 0) for s in (1, 2**40, 2**62 + 5)]
    + [(2**62 + 5, 1, seat) for seat in range(4)],
)
def test_the_engine_shapes_equal_numpy(entropy):
    # game_seed(sweep, index), state_stream(seed) and policy_stream(seed, seat) entropy
    assert seed63(*entropy) == numpy_seed63(*entropy)


def test_a_negative_entropy_word_is_refused_as_numpy_does():
    with pytest.raises(ValueError, match="non-negative"):
        seed63(1, -1)
    with pytest.raises(ValueError, match="non-negative"):
        np.random.SeedSequence([1, -1])
