"""The game state of Rats of Wistar: the position (``position``) with the game API on top:
setup (§2), the task-stack driver, copies, views, records."""

from __future__ import annotations

import random
from typing import Any, Final

from simcore.core import fields
from simcore.core.chance import LazyStream
from simcore.core.errors import IllegalActionError
from simcore.core.rng import state_stream
from simcore.games.rats_of_wistar.board import AUTO, DECIDE
from simcore.games.rats_of_wistar.determinize import determinize, observation, outcome
from simcore.games.rats_of_wistar.labels import action_classes, action_info, action_label, render
from simcore.games.rats_of_wistar.position import Position
from simcore.games.rats_of_wistar.rules import flow
from simcore.games.rats_of_wistar.scoring import estimate, scores, winners
from simcore.games.rats_of_wistar.setup import setup
from simcore.games.rats_of_wistar.tables import Content, ParamsMirror


class WistarState(Position):
    """A Rats of Wistar game: its position, played through the ``State`` API."""

    __slots__ = ()

    def __init__(
        self,
        params: ParamsMirror | None = None,
        content: Content | None = None,
        n_players: int = 0,
        seed: int = 0,
    ) -> None:
        if params is None or content is None:
            return  # a blank for ``clone`` (a compiled class cannot be made by ``__new__`` alone)
        super().__init__(params, content, n_players, LazyStream(state_stream(seed)))
        setup(self)
        self.settle()

    # ----------------------------------------------------------------- driver
    def legal_actions(self) -> list[int]:
        """Options of the pending decision."""
        return list(self._legal) if self.stack else []

    def settle(self) -> None:
        """Run automatic tasks until a decision with two or more options is pending, or a chief
        placement with one (the hut alone): every placement is a decision with its own actions
        row (§12 rev. 3). Other single options resolve themselves (their choice is recorded on
        the placement's row)."""
        # ``AUTO.get`` at each use, not bound once: compiled, it is a direct dict lookup
        stack, decide = self.stack, DECIDE  # locals: runs after every step
        while True:
            if not stack:
                if self.game_over:
                    self._legal = []
                    return
                flow(self)
                continue
            task = stack[-1]
            handler = AUTO.get(task[0])
            if handler is not None:
                stack.pop()
                handler(self, task)
                continue
            options, resolve = decide[task[0]]
            opts = options(self, task)
            if not opts:
                stack.pop()
            elif len(opts) == 1 and (self.chief_placed or task[0] != "turn"):
                resolve(self, task, opts[0])
            else:
                self._legal = opts
                return

    def apply(self, action: int) -> None:
        """Resolve the pending decision with ``action``; illegal actions change nothing."""
        if not self.stack or action not in self._legal:
            raise IllegalActionError(
                f"action {action!r} is not legal for seat {self.current_player}"
            )
        self.steps += 1
        self._main_strength = -1
        task, round_before = self.stack[-1], self.round
        DECIDE[task[0]][1](self, task, action)
        self.settle()
        log = self.round_log
        if log is not None and self.round != round_before:  # after the next round's income
            log.append(round_before)
            log += self.scores()

    # ----------------------------------------------------------------- copies
    def clone(self) -> WistarState:
        """Independent copy: lists copied, rules and content shared, the stream frozen."""
        # compiled build only (pure: derived): with Player's, +11% heuristic games/s, +5% MCTS it/s
        new = WistarState()  # the blank ``__init__``
        new.params, new.content, new.n_players = self.params, self.content, self.n_players
        new.chance = self.chance.clone()
        new.round, new.order, new.turn = self.round, self.order[:], self.turn
        new.stack, new.game_over = self.stack[:], self.game_over
        new.hut_chiefs, new.space_chiefs = self.hut_chiefs[:], _nested(self.space_chiefs)
        new.start_slots, new.round_visitor = self.start_slots[:], self.round_visitor
        new.round_visitor_stack = self.round_visitor_stack[:]
        new.visitor_supply, new.farm_visitors = _nested(self.visitor_supply), self.farm_visitors[:]
        new.cheese_tiles, new.mission_rooms = self.cheese_tiles[:], self.mission_rooms[:]
        new.mission_ids, new.mission_revealed = self.mission_ids[:], self.mission_revealed[:]
        new.mission_done_by, new.mission_box = self.mission_done_by[:], _nested(self.mission_box)
        new.door_tokens, new.door_open = self.door_tokens[:], self.door_open[:]
        new.door_token_box, new.goals = self.door_token_box[:], self.goals[:]
        new.goal_markers, new.deck = _nested(self.goal_markers), _nested(self.deck)
        new.discard, new.market = _nested(self.discard), _nested(self.market)
        new.hero_supply, new.draft_pairs = self.hero_supply[:], _nested(self.draft_pairs)
        players = []
        for pl in self.players:
            players.append(pl.clone())
        new.players, new.quick_actions = players, self.quick_actions
        new.chief_placed, new.turns, new.steps = self.chief_placed, self.turns, self.steps
        new._legal, new.trace, new._main_strength = self._legal[:], None, -1
        new.round_log = None
        new.open_placement, new.amendments = self.open_placement, self.amendments[:]
        new.round_starts, new.keep_records = self.round_starts, self.keep_records
        return new

    def determinize(self, player: int, rng: random.Random) -> WistarState:
        """Redeal every hidden pile among its unseen items (§11), canonically."""
        return determinize(self, player, rng)

    def observation(self, player: int) -> str:
        """Everything ``player`` can observe."""
        return observation(self, player)

    # ----------------------------------------------------------------- results
    def scores(self) -> list[float]:
        """Current total VP of every seat (final scoring applied to the current position)."""
        return scores(self)

    def winners(self) -> list[int]:
        """Highest score; ties go to the tied player earliest in the final turn order (§3)."""
        return winners(self)

    def round_number(self) -> int:
        """The current round, from 1."""
        return self.round

    def log_round_ends(self, log: list[float]) -> bool:
        """Each round's end into ``log`` (``State.log_round_ends``): ``apply`` sees it."""
        self.round_log = log
        return True

    def outcome(self) -> dict[str, Any]:
        """Records of a finished game (§12)."""
        return outcome(self)

    def heuristic_value(self, player: int) -> float:
        """Score share estimate for search cut-offs."""
        return estimate(self, player)

    def action_label(self, action: int, viewer: int | None = None, *, reveal: bool = False) -> str:
        """Readable name of ``action`` in the pending decision, as ``viewer`` sees it (None:
        the seat to act; ``reveal``: every hidden item named)."""
        return action_label(self, action, viewer, reveal)

    def action_classes(self, action: int) -> tuple[str, ...]:
        """Classes for restricted play, e.g. ``place/S3``, ``place/hut``, ``quick/joker``."""
        return action_classes(self, action)

    def action_info(self, action: int) -> dict[str, Any]:
        """Decoded columns of a decision (placement columns filled for placements)."""
        return action_info(self, action)

    def keep_action_records(self, keep: bool) -> None:
        """Placement records (§12) only amend rows of the actions table: without one they are
        not kept (7-9% of a random game's time)."""
        self.keep_records = keep
        if not keep:
            self.open_placement, self.amendments = None, []

    def post_action_info(self) -> dict[str, Any]:
        """``main_strength``: strength of a main action resolved by this step, else -1; and
        ``_amend``: records of placements resolved by this step, for their own rows (§12)."""
        out: dict[str, Any] = {"main_strength": self._main_strength}
        if self.amendments:
            out["_amend"], self.amendments = self.amendments, []
        return out

    def enable_trace(self) -> None:
        """Start recording a narrative."""
        self.trace = []

    def trace_lines(self) -> list[str]:
        """Narrative since the last call."""
        if self.trace is None:
            return []
        lines, self.trace = self.trace, []
        return lines

    def render(self) -> str:
        """Full text view, with the score breakdown."""
        return render(self)


def _nested(lists: list[list[int]]) -> list[list[int]]:
    """A copy of a list of int lists (a loop: Python 3.11 builds a frame per comprehension)."""
    out = []
    for inner in lists:
        out.append(inner[:])
    return out


CLONE_RESETS: Final = {"trace": None, "round_log": None, "_main_strength": -1}
"""Fields a copy starts afresh: it keeps no narrative and has resolved nothing yet."""
SPELLED_OUT_CLONE: Final = WistarState.clone
"""The clone of the compiled build (a pure build derives it; tests hold both to the fields)."""
fields.derive_clone(WistarState, CLONE_RESETS)
