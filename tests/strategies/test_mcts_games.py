"""MCTS on the registered games: conformance for every game, strength on Ratjack."""

from __future__ import annotations

import math

import pytest

from simcore.core import registry
from simcore.engine.check.conformance import check_game
from simcore.engine.play.runner import play_game
from strategies.registry import make_policy


def _load(game_id: str):
    """(game, None) or (None, reason) while the game's package cannot be imported yet."""
    try:
        return registry.make_game(game_id), None
    except Exception as exc:  # a game landing in parallel may fail in any way on import
        return None, f"game {game_id!r} does not load yet: {type(exc).__name__}: {exc}"


def _game_params():
    for game_id in registry.game_ids():
        game, reason = _load(game_id)
        marks = [pytest.mark.skip(reason=reason)] if game is None else []
        yield pytest.param(game_id, marks=marks, id=game_id)


@pytest.mark.parametrize("game_id", list(_game_params()))
def test_check_game_passes_with_mcts_on_every_registered_game(game_id):
    # check_game plays three whole games with MCTS in every seat; full-game rollouts make that
    # minutes on the long games, so the default run cuts rollouts at 4 steps (which also
    # exercises the game's heuristic_value); the slow variant below rolls out to the end.
    game = registry.make_game(game_id)
    n_players = max(2, game.spec.min_players)
    check_game(game, n_players, ["mcts:iterations=20,horizon=4"], n_games=2, states_per_game=3)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", list(_game_params()))
def test_check_game_passes_with_full_rollout_mcts_on_every_registered_game(game_id):
    game = registry.make_game(game_id)
    n_players = max(2, game.spec.min_players)
    check_game(game, n_players, ["mcts:iterations=20"], n_games=2, states_per_game=3)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a win rate (win shares count fractionally)."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def test_wilson_interval_matches_the_textbook_value():
    lo, hi = wilson(8, 10)
    assert lo == pytest.approx(0.4902, abs=1e-4) and hi == pytest.approx(0.9433, abs=1e-4)


def _one_game(game, spec: str, rival: str, i: int, seed: int) -> float:
    """MCTS's win share in game ``i``: even ``i`` MCTS sits first, odd ``i`` second."""
    mcts, other = make_policy(spec, game), make_policy(rival, game)
    lineup = [mcts, other] if i % 2 == 0 else [other, mcts]
    record = play_game(game, 2, lineup, seed + i // 2)  # both seatings share a seed
    return record.seats[i % 2]["win_share"]


def head_to_head(
    game, spec: str, rival: str, n_games: int, seed: int, n_jobs: int = 1
) -> tuple[float, int]:
    """MCTS win share over ``n_games`` 2-player games with seats rotated."""
    if n_jobs == 1:
        return sum(_one_game(game, spec, rival, i, seed) for i in range(n_games)), n_games
    from joblib import Parallel, delayed

    shares = Parallel(n_jobs=n_jobs)(
        delayed(_one_game)(game, spec, rival, i, seed) for i in range(n_games)
    )
    return sum(shares), n_games


def _ratjack():
    game, reason = _load("ratjack")
    if game is None:
        pytest.skip(reason)
    return game


def test_ratjack_small_mcts_beats_random():
    game = _ratjack()
    wins, n = head_to_head(game, "mcts:iterations=30", "random", 10, seed=7)
    lo, hi = wilson(wins, n)
    assert lo > 0.5, f"mcts:iterations=30 vs random: {wins}/{n}, 95% CI [{lo:.3f}, {hi:.3f}]"


def _rivals():
    """``random`` and every heuristic style of Ratjack (so the best one is among them)."""
    game, reason = _load("ratjack")
    if game is None:
        return [pytest.param("random", marks=pytest.mark.skip(reason=reason), id="ratjack")]
    try:
        styles = getattr(registry.heuristic_factory("ratjack"), "styles", ()) or ("",)
    except Exception as exc:  # the heuristics land in parallel too
        skip = pytest.mark.skip(reason=f"ratjack heuristics do not load yet: {exc}")
        return ["random", pytest.param("heuristic", marks=skip, id="heuristic")]
    return ["random"] + [f"heuristic:style={s}" if s else "heuristic" for s in styles]


@pytest.mark.slow
@pytest.mark.parametrize("rival", _rivals())
def test_ratjack_plain_mcts_clearly_beats_random_and_every_heuristic(rival):
    # The players issue's target: >= 65% and a 95% lower bound above 55% against every
    # heuristic style (plain mcts = the recommended mcts:iterations=560,horizon=10, 1.9 s CPU
    # per game; measured on these seeds: 198.5/300 and 197/300).
    game = _ratjack()
    n_games = 40 if rival == "random" else 300  # a closer match needs more games
    wins, n = head_to_head(game, "mcts", rival, n_games, seed=1000, n_jobs=2)
    lo, hi = wilson(wins, n)
    floor = 0.5 if rival == "random" else 0.55
    assert lo > floor and (rival == "random" or wins / n >= 0.65), (
        f"mcts vs {rival}: {wins}/{n}, 95% CI [{lo:.3f}, {hi:.3f}]"
    )


# --- tree reuse ----------------------------------------------------------------------------


def _roots_seen(monkeypatch):
    """Record (visits before, visits after) of every search's root."""
    import strategies.mcts.policy as policy_module

    seen = []
    real = policy_module.search

    def recording(*args):
        kept = args[-1]
        before = 0 if kept is None else kept.visits
        root = real(*args)
        seen.append((before, root.visits))
        return root

    monkeypatch.setattr(policy_module, "search", recording)
    return seen


def test_tree_reuse_continues_from_the_seats_own_previous_search(monkeypatch):
    # Ratjack: after playing a card face up the same seat often resolves its effect; the
    # subtree under the chosen card is then the next search's starting root.
    game = registry.make_game("ratjack")
    policy = make_policy("mcts:iterations=30,reuse=1", game)
    seen = _roots_seen(monkeypatch)
    play_game(game, 2, [policy, make_policy("heuristic", game)], 11)
    reused = [(before, after) for before, after in seen if before]
    assert reused, "no search started from a kept subtree"
    assert all(after == before + 30 for before, after in seen)  # the budget comes on top
    assert len(reused) < len(seen)  # a rival's move in between always starts afresh


def test_tree_reuse_does_not_leak_between_games():
    # One policy object playing games 3 then 4 moves exactly as a fresh one playing only 4:
    # what a worker played before cannot change a game (the determinism contract).
    game = registry.make_game("ratjack")

    def moves(policy, seed):
        lineup = [policy, make_policy("heuristic", game)]
        return [r["action"] for r in play_game(game, 2, lineup, seed, record_actions=True).actions]

    shared = make_policy("mcts:iterations=25,reuse=1", game)
    moves(shared, 3)
    assert moves(shared, 4) == moves(make_policy("mcts:iterations=25,reuse=1", game), 4)


def test_tree_reuse_ignores_a_kept_tree_for_another_state():
    import random

    game = registry.make_game("ratjack")
    policy = make_policy("mcts:iterations=20,reuse=1", game)
    rng = random.Random(5)
    state = game.new_state(2, 9)
    while not policy._kept:  # play the game until the policy keeps a subtree
        state.apply(policy.act(state, rng))
    (seat,) = policy._kept
    other = game.new_state(2, 10)
    while other.current_player != seat:
        other.apply(other.legal_actions()[0])
    assert policy._reused_root(other, rng) is None
    assert not policy._kept  # a mismatch drops the kept tree


# --- unguarded play-outs -------------------------------------------------------------------


def test_unguarded_playouts_need_a_guarded_heuristic():
    from simcore.core.errors import ConfigError

    with pytest.raises(ConfigError, match="'guard=0' needs a play-out policy with an end-of-game"):
        make_policy("mcts:rollout=heuristic,guard=0", registry.make_game("ratjack"))


@pytest.mark.parametrize("game_id", ["lord_of_worlds", "rats_of_wistar"])
def test_unguarded_playouts_play_the_heuristics_plain_choice(game_id):
    import random

    game = registry.make_game(game_id)
    policy = make_policy("mcts:rollout=heuristic,guard=0,iterations=5", game)
    heuristic = make_policy("heuristic", game)
    assert policy.rollout_policy.name == f"{heuristic.name} (unguarded)"
    state = game.new_state(2, 4)
    for _ in range(40):
        seed = len(state.legal_actions())
        plain = policy.rollout_policy.act(state, random.Random(seed))
        assert plain == heuristic.act_unguarded(state, random.Random(seed))
        state.apply(plain)


# --- deferred decisions ---------------------------------------------------------------------


def test_defer_leaves_card_payment_to_the_heuristic_without_a_search(monkeypatch):
    # Lord of Worlds: after "play red" the seat picks the cards to pay with one at a time
    # (add k ... done). With defer=add+done those steps are the heuristic's, searched never;
    # every other decision with a choice is still searched.
    import random

    from simcore.games.lord_of_worlds import rules as R

    game = registry.make_game("lord_of_worlds")
    policy = make_policy("mcts:iterations=8,horizon=4,defer=add+done", game)
    heuristic = make_policy("heuristic", game)
    seen = _roots_seen(monkeypatch)
    state, rng = game.new_state(2, 3), random.Random(1)
    searched = deferred = 0
    while state.current_player >= 0 and state.turns < 6:
        before = len(seen)
        expected = None
        if state.phase == R.P_SELECT:
            expected = heuristic.act(state.clone(), random.Random(7))
        action = policy.act(state, random.Random(7) if expected is not None else rng)
        if expected is not None:
            assert action == expected and len(seen) == before
            deferred += 1
        elif len(state.legal_actions()) > 1:
            assert len(seen) == before + 1
            searched += 1
        state.apply(action)
    assert deferred and searched


def test_defer_names_an_unknown_class():
    from simcore.core.errors import ConfigError

    game = registry.make_game("lord_of_worlds")
    with pytest.raises(ConfigError, match="no action class 'ad'; closest: add"):
        make_policy("mcts:defer=ad", game)
