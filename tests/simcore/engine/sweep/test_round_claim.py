"""``State.ROUND_ENDS_AT_SEAT_CHANGE``: the runner skips the round look-up while the seat stays,
and the conformance suite catches a game that claims it falsely."""

from __future__ import annotations

import pytest

from simcore.core.api import TERMINAL, Game, GameSpec, State
from simcore.engine.check.conformance import ConformanceError, check_game
from tests.fixtures.feel_games import CoinParams, CoinState


class AlternatingState(CoinState):
    """Coin rounds where a turn scores its action and the seat that ends a round starts the
    next (order 1 2, 2 1, 1 2...)."""

    __slots__ = ()

    def apply(self, action: int) -> None:
        """Two turns a round; the second seat of a round opens the next one."""
        self.check_action(action)
        self.score[self._player] += action  # so scores move within a round
        self.turns += 1
        if self.turns % 2:  # the round's first turn: the other seat follows
            self._player = 1 - self._player
            return
        self.end_round()
        self.round += 1
        if self.round > self.params.rounds:
            self._player, self.round = TERMINAL, self.round - 1


class Claiming(AlternatingState):
    """The same game, claiming (wrongly) that a round ends as the seat changes."""

    __slots__ = ()
    ROUND_ENDS_AT_SEAT_CHANGE = True


def _game(state_cls: type[State]) -> Game:
    class Alternating(Game):
        spec = GameSpec("alternating", 1, 2, 2, False, "fixture", "tests")
        params_class = CoinParams

        def new_state(self, n_players: int, seed: int) -> State:
            return state_cls(self.params, n_players, seed)

    return Alternating()


def test_a_game_that_makes_no_claim_passes():
    # rounds: seat 1 then 2, seat 2 then 1, ...: seat 2 acts on both sides of round 1's end
    assert check_game(_game(AlternatingState), 2, ["random"], n_games=2) > 0


def test_a_false_claim_fails_conformance():
    with pytest.raises(ConformanceError, match="ROUND_ENDS_AT_SEAT_CHANGE"):
        check_game(_game(Claiming), 2, ["random"], n_games=2)
