"""``State.log_round_ends``: a game that logs its rounds' ends spares the runner a look-up after
every step; the log must equal what the look-up finds (the conformance suite checks it), and
a game that does not log is looked up after every step."""

from __future__ import annotations

import pytest

from simcore.core.api import TERMINAL, Game, GameSpec, State
from simcore.core.params import Params
from simcore.core.rng import game_seed
from simcore.engine.check.conformance import ConformanceError, check_game, polled_progress
from simcore.engine.play.runner import play_game
from strategies.registry import make_policy
from tests.fixtures.feel_games import CoinParams, CoinState


class AlternatingState(CoinState):
    """Coin rounds where a turn scores its action and the seat that ends a round starts the
    next (order 1 2, 2 1, 1 2...): a round ends with the same seat to act."""

    __slots__ = ("log",)

    def __init__(self, params: Params, n: int, seed: int) -> None:
        super().__init__(params, n, seed)
        self.log: list[float] | None = None

    def clone(self) -> AlternatingState:
        """A copy logs nothing."""
        new = super().clone()
        new.log = None
        return new  # type: ignore[return-value]

    def apply(self, action: int) -> None:
        """Two turns a round; the second seat of a round opens the next one."""
        self.check_action(action)
        before = self.scores()
        self.score[self._player] += action  # so scores move within a round
        self.turns += 1
        if self.turns % 2:  # the round's first turn: the other seat follows
            self._player = 1 - self._player
            return
        self.end_round()
        self.round += 1
        if self.round > self.params.rounds:  # type: ignore[attr-defined]
            self._player, self.round = TERMINAL, self.round - 1
        elif self.log is not None:
            self.log += [self.round - 1, *self.logged_scores(before)]

    def logged_scores(self, before: list[float]) -> list[float]:
        """The scores as the round's last action is done."""
        return self.scores()


class Logging(AlternatingState):
    """The same game, logging its rounds' ends."""

    __slots__ = ()

    def log_round_ends(self, log: list[float]) -> bool:
        """Log into ``log``."""
        self.log = log
        return True


class LoggingTooEarly(Logging):
    """Logging the scores from before the round's last action (its point and the chance draw
    missing): a wrong log."""

    __slots__ = ()

    def logged_scores(self, before: list[float]) -> list[float]:
        """The scores before the round's last action."""
        return before


def _game(state_cls: type[State]) -> Game:
    class Alternating(Game):
        spec = GameSpec("alternating", 1, 2, 2, False, "fixture", "tests")
        params_class = CoinParams

        def new_state(self, n_players: int, seed: int) -> State:
            return state_cls(self.params, n_players, seed)

    return Alternating()


def _progress(state_cls: type[State], seed: int) -> list[float]:
    game = _game(state_cls)
    players = [make_policy("random", game) for _ in range(2)]
    return play_game(game, 2, players, seed).progress


@pytest.mark.parametrize("seed", [game_seed(5, i) for i in range(4)])
def test_a_logged_game_and_a_looked_up_game_record_the_same_progress(seed):
    # the same game, one logging and one not: the runner's two ways give the same table
    logged, looked_up = _progress(Logging, seed), _progress(AlternatingState, seed)
    assert logged == looked_up
    assert len(logged) == 3 * 5  # 5 rounds of (round, score, score)
    assert logged[::3] == [1, 2, 3, 4, 5]
    assert logged != _progress(LoggingTooEarly, seed)  # the bad log really differs
    game = _game(AlternatingState)
    players = [make_policy("random", game) for _ in range(2)]
    assert polled_progress(game, players, seed) == looked_up


def test_a_game_that_logs_its_rounds_rightly_passes_conformance():
    assert check_game(_game(Logging), 2, ["random"], n_games=2) > 0
    assert check_game(_game(AlternatingState), 2, ["random"], n_games=2) > 0


def test_a_wrong_log_fails_conformance():
    with pytest.raises(ConformanceError, match="log_round_ends"):
        check_game(_game(LoggingTooEarly), 2, ["random"], n_games=2)
