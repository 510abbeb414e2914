"""Seed derivation."""

from simcore.rng import game_seed, policy_stream, state_stream


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
