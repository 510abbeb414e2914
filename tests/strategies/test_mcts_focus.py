"""The ``focus`` option of ``mcts``: what is searched, conformance, determinism, bad options."""

from __future__ import annotations

import random
import subprocess

import pytest

from simcore.core import registry
from simcore.core.errors import ConfigError
from simcore.engine.check.conformance import check_game
from simcore.engine.play.runner import play_game
from strategies.mcts import policy as mcts_policy
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


FOCUS = "mcts:iterations=6,focus=place+end_turn+quick,guard=0,horizon=40"


def test_focused_mcts_passes_the_conformance_suite():
    # Rats of Wistar, only the turn menu searched: the rest of the decisions go to the prior
    game = registry.make_game("rats_of_wistar")
    check_game(game, 2, [FOCUS], n_games=2, states_per_game=3)


def test_focused_mcts_same_seed_same_game_with_fresh_players():
    game = registry.make_game("rats_of_wistar")

    def moves() -> list[int]:
        lineup = [make_policy(FOCUS, game), make_policy("heuristic", game)]
        return [r["action"] for r in play_game(game, 2, lineup, 7, record_actions=True).actions]

    assert moves() == moves()


@pytest.mark.parametrize(
    "spec, fragment",
    [
        ("mcts:focus=plcae", "no action class 'plcae'; closest: place"),
        ("mcts:focus=place+", "expected CLASS"),
        ("mcts:focus=place,prior=nosuchpolicy", "unknown policy 'nosuchpolicy'"),
    ],
)
def test_bad_focus_options_raise_config_error(spec, fragment):
    with pytest.raises(ConfigError, match=fragment):
        make_policy(spec, registry.make_game("rats_of_wistar"))


def test_bad_focus_class_is_one_line_exit_2_on_the_command_line():
    proc = subprocess.run(
        [
            "boardlab",
            "play",
            "--game",
            "rats_of_wistar",
            "--policy",
            "mcts:focus=plcae",
            "--policy",
            "heuristic",
        ],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 2
    assert len(proc.stderr.strip().splitlines()) == 1 and "plcae" in proc.stderr
    assert "Traceback" not in proc.stderr
