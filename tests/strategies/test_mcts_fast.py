"""``mcts_fast`` and the ``focus`` option: what is searched, conformance, determinism, options."""

from __future__ import annotations

import random
import subprocess

import pytest

from simcore import registry
from simcore.errors import ConfigError
from simcore.runner import play_game
from simcore.testing import check_game
from strategies.mcts import policy as mcts_policy
from strategies.mcts.fast import FAST
from strategies.registry import make_policy
from tests.fixtures.duel import Duel


class _Prior:
    """A prior that always plays the lowest legal action (and says it was asked)."""

    name = "lowest"

    def __init__(self) -> None:
        self.asked = 0

    def act(self, state, rng):
        self.asked += 1
        return min(state.legal_actions())


def _no_search(*args, **kwargs):
    raise AssertionError("searched a decision outside the focus classes")


def test_focus_leaves_decisions_without_a_focus_class_to_the_prior(monkeypatch):
    # Duel, seat 0 to play, hand dealt by seed: focus=play/8 searches only when card 8 is in
    # hand. Hand without the 8 (e.g. [2 5 7] + draw): the prior's lowest card, no search.
    policy = make_policy("mcts:iterations=30,focus=play/8,prior=random", Duel())
    policy.prior_policy = prior = _Prior()
    monkeypatch.setattr(mcts_policy, "search", _no_search)
    state = next(s for seed in range(50) if 8 not in (s := Duel().new_state(2, seed)).hands[0])
    assert policy.act(state, random.Random(0)) == min(state.legal_actions())
    assert prior.asked == 1


def test_focus_searches_a_decision_with_a_focus_class(monkeypatch):
    # Hand holding the 8 (e.g. [3 8 ...]): the decision is searched, not left to the prior.
    policy = make_policy("mcts:iterations=30,focus=play/8,prior=random", Duel())
    policy.prior_policy = prior = _Prior()
    calls = []
    real = mcts_policy.search
    monkeypatch.setattr(mcts_policy, "search", lambda *a, **k: calls.append(1) or real(*a, **k))
    state = next(s for seed in range(50) if 8 in (s := Duel().new_state(2, seed)).hands[0])
    assert policy.act(state, random.Random(0)) in state.legal_actions()
    assert calls == [1] and prior.asked == 0


def test_mcts_fast_is_plain_mcts_with_the_games_fast_settings():
    game = registry.make_game("rats_of_wistar")
    fast = make_policy("mcts_fast", game)
    plain = make_policy("mcts", game)
    for key, value in FAST["rats_of_wistar"].items():
        assert getattr(fast.config, key) == value
    assert fast.config.iterations == plain.config.iterations  # the rest as plain mcts
    assert fast.name.startswith("mcts:") and "focus=place+end_turn+quick" in fast.name
    assert make_policy("mcts_fast:guard=1", game).config.guard == 1  # explicit options win
    ratjack = registry.make_game("ratjack")  # no fast settings: plain mcts
    assert make_policy("mcts_fast", ratjack).name == make_policy("mcts", ratjack).name


@pytest.mark.parametrize("game_id", sorted(FAST))
def test_mcts_fast_passes_the_conformance_suite(game_id):
    game = registry.make_game(game_id)
    check_game(game, 2, ["mcts_fast:iterations=6"], n_games=2, states_per_game=3)


def test_mcts_fast_same_seed_same_game_with_fresh_players():
    game = registry.make_game("rats_of_wistar")

    def moves() -> list[int]:
        lineup = [make_policy("mcts_fast:iterations=8", game), make_policy("heuristic", game)]
        return [r["action"] for r in play_game(game, 2, lineup, 7, record_actions=True).actions]

    assert moves() == moves()


@pytest.mark.parametrize(
    "spec, fragment",
    [
        ("mcts_fast:focus=plcae", "no action class 'plcae'; closest: place"),
        ("mcts_fast:guard=2", "'guard' must be 0 or 1"),
        ("mcts_fast:horizon=-1", "'horizon' must be >= 0"),
        ("mcts_fast:speed=9", "unknown option 'speed'"),
    ],
)
def test_bad_mcts_fast_options_raise_config_error(spec, fragment):
    with pytest.raises(ConfigError, match=fragment):
        make_policy(spec, registry.make_game("rats_of_wistar"))


def test_bad_focus_class_is_one_line_exit_2_on_the_command_line():
    proc = subprocess.run(
        ["boardlab", "play", "rats_of_wistar", "--policy", "mcts_fast:focus=plcae",
         "--policy", "heuristic"],
        capture_output=True, text=True,
    )  # fmt: skip
    assert proc.returncode == 2
    assert len(proc.stderr.strip().splitlines()) == 1 and "plcae" in proc.stderr
    assert "Traceback" not in proc.stderr
