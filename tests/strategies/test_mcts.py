"""MCTS on the fixture games: options, forced wins, hidden information, determinism, speed API."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simcore.core.errors import ConfigError
from simcore.engine.check.conformance import check_game
from simcore.engine.play.runner import play_game
from strategies.mcts import MctsConfig, Stats, make_mcts, measure, search
from strategies.mcts.search import heuristic_rewards, margin_rewards
from strategies.registry import make_policy
from tests.fixtures import highcard, takeaway
from tests.fixtures.duel import Duel


class Peeking:
    """A cheating view: its 'determinization' is the true state (only the chance stream moves)."""

    def __init__(self, state) -> None:
        self._state = state

    def determinize(self, player, rng):
        copy = self._state.clone()
        copy.reseed(rng)
        return copy

    def __getattr__(self, name):
        return getattr(self._state, name)


# --- options -------------------------------------------------------------------------------


def test_spec_options_build_a_frozen_config():
    policy = make_policy("mcts:iterations=50,c=1.2,horizon=7,reward=margin", Duel())
    assert policy.config == MctsConfig(iterations=50, c=1.2, horizon=7, reward="margin")
    assert policy.deterministic
    assert policy.name == "mcts:iterations=50,c=1.2,horizon=7,reward=margin"
    assert make_policy("mcts", Duel()).name == "mcts"
    with pytest.raises(AttributeError):
        policy.config.c = 2.0  # type: ignore[misc]


def test_time_budget_is_flagged_non_deterministic():
    policy = make_policy("mcts:time_ms=5", Duel())
    assert not policy.deterministic
    assert policy.config.iterations == 0  # no iteration cap: the clock decides
    state = Duel().new_state(2, 3)
    assert policy.act(state, random.Random(1)) in state.legal_actions()


@pytest.mark.parametrize(
    "spec, fragment",
    [
        ("mcts:iterationz=5", "unknown option 'iterationz'"),
        ("mcts:iterations=many", "'iterations' must be int"),
        ("mcts:iterations=1.5", "'iterations' must be int"),
        ("mcts:c=fast", "'c' must be float"),
        ("mcts:iterations=-1", "'iterations' must be >= 0"),
        ("mcts:iterations=0", "needs a time_ms"),
        ("mcts:horizon=-2", "'horizon' must be >= 0"),
        ("mcts:reward=score", "'reward' must be one of win, margin"),
        ("mcts:rollout=mcts", "nested search"),
        ("mcts:rollout=nosuchpolicy", "unknown policy 'nosuchpolicy'"),
        ("mcts:widen=-1", "'widen' must be >= 0"),
        ("mcts:widen=nan", "'widen' must be a finite number"),
        ("mcts:widen=1,prior=mcts", "'prior' cannot be 'mcts'"),
        ("mcts:widen=1,prior=nosuchpolicy", "unknown policy 'nosuchpolicy'"),
        ("mcts:reuse=2", "'reuse' must be 0 or 1"),
        ("mcts:guard=-1", "'guard' must be 0 or 1"),
        ("mcts:rollout=random,guard=0", None),
    ],
)
def test_bad_options_raise_config_error(spec, fragment):
    if fragment is None:  # guard=0 with random play-outs: nothing to unguard, accepted
        assert make_policy(spec, Duel()).rollout_policy is None
        return
    with pytest.raises(ConfigError, match=fragment):
        make_policy(spec, Duel())


def test_rollout_policy_is_built_from_the_registry():
    policy = make_policy("mcts:iterations=30,rollout=random", Duel())
    assert policy.rollout_policy is None  # the inline fast path
    state = Duel().new_state(2, 5)
    assert policy.act(state, random.Random(0)) in state.legal_actions()


def test_narrow_widening_plays_the_prior_policys_choice():
    # widen=0.01 allows one action per node until 10,000 visits: the prior's choice, so the
    # search must play exactly what the prior plays (its own rng aside, takeaway is exact).
    class Prior:
        name = "leave-multiple-of-4-plus-1"

        def act(self, state, rng):
            return max(1, min(3, (state.pile - 1) % 4 or 1))

    game = takeaway.Takeaway()
    policy = make_mcts(game, iterations=200, widen=0.01, prior="random")
    policy.prior_policy = Prior()
    for pile in (5, 6, 7, 9, 10, 11):
        state = takeaway.position(pile)
        assert policy.act(state, random.Random(pile)) == Prior().act(state, None)


def test_wide_widening_still_finds_the_forced_win():
    # With enough visits every action is unpruned: a misleading prior cannot hide the win.
    class Misleading:
        name = "take-one"

        def act(self, state, rng):
            return 1

    policy = make_mcts(takeaway.Takeaway(), iterations=2000, widen=1, prior="random")
    policy.prior_policy = Misleading()
    for pile in (6, 7, 10, 11):
        assert policy.act(takeaway.position(pile), random.Random(pile)) == pile % 4


# --- perfect information: forced wins ------------------------------------------------------


@pytest.mark.parametrize("pile", [5, 6, 7, 9, 10, 11])
def test_finds_the_forced_win(pile):
    # Take-away, 2 players, take 1-3, last stone wins: from `pile` the only winning move leaves
    # a multiple of 4, e.g. pile 10 -> take 2 (leaving 8). A search that let the opponent help
    # (wrong seat in the backup) would rate every move as winning.
    policy = make_mcts(takeaway.Takeaway(), iterations=1000)
    for seed in range(5):
        assert policy.act(takeaway.position(pile), random.Random(seed)) == pile % 4


def test_converts_a_won_position_against_perfect_play():
    class Perfect:
        name = "perfect"

        def act(self, state, rng):
            return state.pile % 4 or 1

    game = takeaway.Takeaway(takeaway.TakeawayParams(pile=11))
    for seed in range(4):
        record = play_game(game, 2, [make_mcts(game, iterations=1000), Perfect()], seed)
        assert record.seats[0]["win_share"] == 1.0


def test_reward_vector_scores_each_seat_for_itself_with_three_players():
    # 3 players, pile 3: seat 0 takes all 3 and wins at once; a root-only backup would not care.
    policy = make_mcts(takeaway.Takeaway(), iterations=200)
    state = takeaway.position(3, player=0, n_players=3)
    assert policy.act(state, random.Random(0)) == 3
    # Seat 1 to move with pile 5. After "take 2" seat 2 faces 3 stones and wins by taking all
    # 3; seat 2's node must be scored for seat 2 (a root-seat backup would make it help seat 1).
    root = search(
        takeaway.position(5, player=1, n_players=3), random.Random(1), MctsConfig(iterations=600)
    )
    assert root.visits == 600
    assert sum(root.total) == pytest.approx(600)  # one win share per iteration, split by seat
    seat2 = root.children[2]
    best = max(seat2.children, key=lambda a: seat2.children[a].visits)
    assert best == 3
    assert seat2.children[3].total[2] == seat2.children[3].visits


# --- hidden information -------------------------------------------------------------------


def test_choice_is_the_same_for_every_resampling_of_hidden_cards():
    # Seat 0 holds 5 of 6; seat 1 holds the 6 (hidden). Deck: 1 2 3 4.
    #   seat 0 hand: [5]   seat 1 hand: [?=6]   discards: -   deck: ? ? ? ?
    state = highcard.position(mine=5, theirs=6)
    policy = make_mcts(highcard.HighCard(), iterations=400)
    for key in range(3):
        choices = {
            policy.act(state.determinize(0, random.Random(100 + i)), random.Random(key))
            for i in range(5)
        }
        assert choices == {policy.act(state.clone(), random.Random(key))}


def test_determinized_search_differs_from_a_cheating_oracle():
    # Same position: CALL wins in 4 of 5 determinizations (unseen 1,2,3,4,6), so the honest
    # search calls; an oracle that sees the 6 splits (CALL loses, SPLIT shares the win).
    state = highcard.position(mine=5, theirs=6)
    policy = make_mcts(highcard.HighCard(), iterations=400)
    for seed in range(5):
        assert policy.act(state, random.Random(seed)) == highcard.CALL
        assert policy.act(Peeking(state), random.Random(seed)) == highcard.SPLIT
    # Against a 1 both agree: the difference above comes from the hidden card alone.
    weak = highcard.position(mine=5, theirs=1)
    assert policy.act(Peeking(weak), random.Random(0)) == highcard.CALL


# --- conformance and determinism -----------------------------------------------------------


@pytest.mark.parametrize(
    "game, n_players",
    [
        (Duel(), 2),
        (takeaway.Takeaway(), 2),
        (takeaway.Takeaway(), 3),
        (takeaway.Takeaway(), 4),
        (highcard.HighCard(), 2),
    ],
    ids=["duel", "takeaway-2", "takeaway-3", "takeaway-4", "highcard"],
)
def test_check_game_passes_with_mcts(game, n_players):
    specs = ["mcts:iterations=20", "mcts:iterations=15,rollout=random,horizon=2,reward=margin"]
    assert check_game(game, n_players, specs, n_games=6) > 0


def test_same_seed_same_moves_in_process():
    game = Duel()
    lineup = [make_mcts(game, iterations=60), make_mcts(game, iterations=60, c=1.1)]
    first = play_game(game, 2, lineup, 42, record_actions=True)
    second = play_game(game, 2, lineup, 42, record_actions=True)
    assert [r["action"] for r in first.actions] == [r["action"] for r in second.actions]


_SCRIPT = """
import json, sys
sys.path.insert(0, {root!r})
from simcore.engine.play.runner import play_game
from strategies.mcts import make_mcts
from tests.fixtures.duel import Duel
game = Duel()
moves = []
for seed in range(3):
    rec = play_game(game, 2, [make_mcts(game, iterations=40), make_mcts(game, iterations=40)],
                    seed, record_actions=True)
    moves.append([r["action"] for r in rec.actions])
print(json.dumps(moves))
"""


def test_same_seed_same_moves_across_processes():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    outputs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        proc = subprocess.run(
            [sys.executable, "-c", _SCRIPT.format(root=root)],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        outputs.append(json.loads(proc.stdout))
    assert outputs[0] == outputs[1]
    assert len({tuple(m) for m in outputs[0]}) > 1  # different seeds did give different games


# --- internals -----------------------------------------------------------------------------


def test_availability_counts_only_legal_children():
    # Duel: seat 0's hand is fixed, seat 1's hand varies between determinizations, so the
    # children of seat 1's nodes are available in only some iterations.
    state = Duel().new_state(2, 7)
    root = search(state, random.Random(3), MctsConfig(iterations=300))
    assert root.visits == 300
    assert sum(child.visits for child in root.children.values()) == 300
    partial = 0
    for child in root.children.values():
        for grandchild in child.children.values():
            assert grandchild.visits <= grandchild.avail <= child.visits
            partial += grandchild.avail < child.visits - 1
    assert partial > 0


def test_margin_and_heuristic_rewards_are_normalised():
    class Fake:
        n_players = 3

        def __init__(self, scores):
            self._scores = scores

        def scores(self):
            return self._scores

        def heuristic_value(self, seat):
            return [0.2, 0.6, 0.2][seat]

    assert margin_rewards(Fake([3.0, 0.0, 0.0])) == [1.0, 0.0, 0.0]
    assert margin_rewards(Fake([3.0, 2.0, 0.0])) == pytest.approx([2 / 3, 1 / 3, 0.0])
    assert margin_rewards(Fake([0.0, 0.0, 0.0])) == [0.5, 0.5, 0.5]
    assert heuristic_rewards(Fake([0, 0, 0])) == pytest.approx([0.2, 0.6, 0.2])


def test_instrumented_search_reports_a_time_split():
    stats = Stats()
    search(Duel().new_state(2, 1), random.Random(0), MctsConfig(iterations=100), None, stats)
    assert stats.iterations == 100
    assert 0 < stats.determinize < stats.total and 0 < stats.rollout < stats.total
    assert stats.tree > 0


def test_measure_returns_speed_and_shares():
    result = measure(Duel(), 2, iterations=50, seed=1, positions=3)
    assert result["game"] == "duel" and result["positions"] == 3
    assert result["iterations_per_s"] > 0
    shares = result["determinize_share"] + result["rollout_share"] + result["tree_share"]
    assert shares == pytest.approx(1.0)


def test_restricted_mcts_never_plans_or_plays_a_forbidden_action():
    # forbid=draw: the search runs on restricted determinizations, so DRAW is never chosen
    # even where drawing would be the best move for an unrestricted search.
    game = Duel()
    policy = make_policy("mcts:iterations=60,forbid=draw", game)
    for seed in range(6):
        record = play_game(
            game, 2, [policy, make_mcts(game, iterations=20)], seed, record_actions=True
        )
        assert all(r["label"] != "draw" for r in record.actions if r["seat"] == 0)
    assert check_game(game, 2, [policy], n_games=3) > 0


@settings(max_examples=25, deadline=None)
@given(
    pile=st.integers(1, 30),
    n_players=st.integers(2, 4),
    iterations=st.integers(1, 60),
    seed=st.integers(0, 2**32),
)
def test_search_invariants_on_random_positions(pile, n_players, iterations, seed):
    # Every iteration ends in a finished game (win shares sum to 1), so the root's reward sums
    # add up to its visits, the children share the visits, and the move is legal.
    state = takeaway.position(pile, player=seed % n_players, n_players=n_players)
    root = search(state, random.Random(seed), MctsConfig(iterations=iterations))
    assert root.visits == iterations
    assert sum(root.total) == pytest.approx(iterations)
    assert sum(child.visits for child in root.children.values()) == iterations
    policy = make_mcts(takeaway.Takeaway(), iterations=iterations)
    assert policy.act(state, random.Random(seed)) in state.legal_actions()


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 5), key=st.integers(0, 2**32))
def test_no_peek_on_random_duel_positions(seed, steps, key):
    # Any position, any resampling of the hidden cards: same rng, same choice.
    state = Duel().new_state(2, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            return
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    if state.is_terminal():
        return
    policy = make_mcts(Duel(), iterations=30)
    resampled = state.determinize(state.current_player, random.Random(key ^ 1))
    assert policy.act(state, random.Random(key)) == policy.act(resampled, random.Random(key))


def test_plain_mcts_takes_the_games_recommended_settings():
    from simcore.games.lord_of_worlds import LordOfWorlds
    from simcore.games.ratjack import Ratjack
    from strategies.mcts import make_mcts

    plain = make_mcts(Ratjack())
    assert plain.config.horizon == 10 and plain.name == "mcts:iterations=560,horizon=10"
    assert make_mcts(Ratjack(), horizon=0, iterations=400).name == "mcts"  # explicit options win
    assert make_mcts(Ratjack(), iterations=100).name == "mcts:iterations=100,horizon=10"
    low = make_mcts(LordOfWorlds())
    assert low.name == (
        "mcts:iterations=330,c=0.1,rollout=heuristic,horizon=30,reward=margin,"
        "widen=0.5,reuse=1,defer=add+done+discard+reveal+portal"
    )
    assert low.prior_policy is not None and low.rollout_policy is not None
