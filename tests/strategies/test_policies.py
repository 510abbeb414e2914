"""Policy spec strings, the registry and restricted play."""

from __future__ import annotations

import random

import pytest

from simcore.core.errors import ConfigError
from strategies import RandomPolicy, Restricted, make_policy, parse_spec


def test_parse_spec_forms():
    assert parse_spec("random") == ("random", {})
    assert parse_spec("mcts:iterations=400,c=0.7") == ("mcts", {"iterations": 400, "c": 0.7})
    assert parse_spec("heuristic:style=careful,fast=true") == (
        "heuristic",
        {"style": "careful", "fast": True},
    )
    assert parse_spec("tests.fixtures.broken:PeekingPolicy") == (
        "tests.fixtures.broken:PeekingPolicy",
        {},
    )
    assert parse_spec("pkg.mod:Cls:depth=2") == ("pkg.mod:Cls", {"depth": 2})


@pytest.mark.parametrize("bad", ["", "random:=3", "mcts:iterations=4,c"])
def test_malformed_specs(bad):
    with pytest.raises(ConfigError):
        parse_spec(bad)


def test_unknown_policy_lists_available(duel):
    with pytest.raises(ConfigError, match=r"unknown policy 'genius'; available: .*random"):
        make_policy("genius", duel)


def test_module_class_path(duel):
    from simcore.core.registry import imports_allowed

    with pytest.raises(ConfigError, match="--allow-import"):  # a path imports code: trusted only
        make_policy("tests.fixtures.broken:PeekingPolicy", duel)
    with imports_allowed(True):
        policy = make_policy("tests.fixtures.broken:PeekingPolicy", duel)
    assert policy.name == "peeker"


def test_restricted_never_plays_forbidden_class(duel):
    policy = Restricted(RandomPolicy(), forbid={"draw"})
    rng = random.Random(1)
    for seed in range(30):
        state = duel.new_state(2, seed)
        while not state.is_terminal():
            action = policy.act(state, rng)
            assert "draw" not in state.action_classes(action)
            state.apply(action)


def test_restricted_falls_back_when_everything_is_forbidden(duel):
    policy = Restricted(RandomPolicy(), forbid=lambda state, action: True)
    state = duel.new_state(2, 0)
    assert policy.act(state, random.Random(0)) in state.legal_actions()


def test_forbid_option_in_spec(duel):
    policy = make_policy("random:forbid=draw+play/8", duel)
    assert isinstance(policy, Restricted) and policy.classes == ["draw", "play/8"]


def test_restricted_keeps_the_determinism_flag(duel):
    pytest.importorskip("strategies.mcts")
    timed = make_policy("mcts:iterations=0,time_ms=5,forbid=draw", duel)
    assert isinstance(timed, Restricted) and timed.deterministic is False
    assert make_policy("mcts:iterations=5,forbid=draw", duel).deterministic is True


@pytest.mark.parametrize("game_id", ["ratjack", "lord_of_worlds", "rats_of_wistar"])
def test_greedy_passes_the_conformance_suite(game_id):
    # greedy reads only the seat's view (no-peek test), is deterministic per rng, stays legal
    from simcore.core.registry import make_game
    from simcore.engine.check.conformance import check_game

    assert check_game(make_game(game_id), 2, ["greedy", "random"], n_games=2) > 0


def test_greedy_beats_random_in_ratjack():
    # the ladder's first step: 300 games, seats rotated, fixed seeds; lower 95% bound above 1/2
    from analyses.stats.intervals import wilson_interval
    from simcore.engine.check.conformance import head_to_head
    from simcore.games.ratjack import Ratjack

    wins, games = head_to_head(Ratjack(), 2, "greedy", "random", 300, 7000)
    assert wilson_interval(wins, games)[0] > 0.5


def test_policy_listing_names_every_mcts_option():
    # `boardlab policies` shows each policy's summary; mcts's wraps over two docstring lines
    from dataclasses import fields

    from strategies.mcts import MctsConfig
    from strategies.registry import describe_policies

    doc = next(row["doc"] for row in describe_policies() if row["name"] == "mcts")
    assert all(f.name in doc for f in fields(MctsConfig)), doc
    assert doc.endswith(").")


def test_player_aliases_name_the_same_player_once():
    from simcore.core import registry
    from strategies.registry import player_aliases

    row = registry.make_game("rats_of_wistar")  # engine is the default style
    specs = [
        "heuristic",
        "heuristic:style=engine",
        "heuristic:style=explorer",
        "greedy",
        "mcts",
        "mcts:iterations=7",
        "no_such_policy",
    ]
    assert player_aliases(specs, row) == {"heuristic:style=engine": "heuristic"}
    ratjack = registry.make_game("ratjack")
    assert player_aliases(["heuristic:style=careful", "heuristic"], ratjack) == {
        "heuristic:style=careful": "heuristic"
    }


@pytest.mark.parametrize("game_id", ["ratjack", "lord_of_worlds", "rats_of_wistar"])
def test_a_heuristic_pickles_and_plays_as_before(game_id):
    # compiled, the heuristics are native classes: they pickle by their style (__reduce__)
    import pickle

    from simcore.core import registry

    game = registry.make_game(game_id)
    policy = make_policy("heuristic", game)
    copy = pickle.loads(pickle.dumps(policy))
    assert copy.name == policy.name
    state = game.new_state(2, 5)
    assert copy.act(state, random.Random(1)) == policy.act(state, random.Random(1))


@pytest.mark.parametrize("game_id", ["ratjack", "lord_of_worlds", "rats_of_wistar"])
def test_a_position_with_cached_analyses_pickles(game_id):
    # heuristic play leaves analyses cached on the state (Lord of Worlds' planet views, native
    # classes when compiled); the position must still pickle, equal itself and play on the same
    import pickle

    from simcore.core import registry

    game = registry.make_game(game_id)
    policy, rng = make_policy("heuristic", game), random.Random(3)
    state = game.new_state(2, 5)
    for _ in range(80):
        if state.current_player < 0:
            break
        state.apply(policy.act(state, rng))
    if game_id == "lord_of_worlds":  # the case this test is about: a view is cached
        assert any(type(c).__name__ == "PlanetView" for c in state.cache)
    copy = pickle.loads(pickle.dumps(state))
    assert copy.fingerprint() == state.fingerprint()
    if state.current_player >= 0:
        assert policy.act(copy, random.Random(4)) == policy.act(state, random.Random(4))
