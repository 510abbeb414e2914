"""MCTS on the registered games: conformance for every game, strength on Ratjack."""

from __future__ import annotations

import math

import pytest

from simcore import registry
from simcore.runner import play_game
from simcore.testing import check_game
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


def head_to_head(game, spec: str, rival: str, n_games: int, seed: int) -> tuple[float, int]:
    """MCTS win share over ``n_games`` 2-player games, seats rotated (even games: MCTS first)."""
    wins = 0.0
    for i in range(n_games):
        mcts, other = make_policy(spec, game), make_policy(rival, game)
        lineup = [mcts, other] if i % 2 == 0 else [other, mcts]
        record = play_game(game, 2, lineup, seed + i // 2)  # both seatings share a seed
        wins += record.seats[i % 2]["win_share"]
    return wins, n_games


def _ratjack():
    game, reason = _load("ratjack")
    if game is None:
        pytest.skip(reason)
    return game


def _rivals():
    """``random`` and every heuristic style of Ratjack (so the best one is among them)."""
    game, reason = _load("ratjack")
    if game is None:
        return [pytest.param("random", marks=pytest.mark.skip(reason=reason), id="ratjack")]
    styles = getattr(registry.heuristic_factory("ratjack"), "styles", ())
    return ["random"] + [f"heuristic:style={s}" for s in styles or ("",)]


@pytest.mark.slow
@pytest.mark.parametrize("rival", _rivals())
def test_ratjack_mcts_400_beats_random_and_every_heuristic(rival):
    game = _ratjack()
    wins, n = head_to_head(game, "mcts:iterations=400", rival, 60, seed=1000)
    lo, hi = wilson(wins, n)
    assert lo > 0.5, f"mcts:iterations=400 vs {rival}: {wins}/{n}, 95% CI [{lo:.3f}, {hi:.3f}]"
