"""The mutable position of Rats of Wistar: setup (§2), the task-stack driver, cloning, views."""

from __future__ import annotations

import random
from typing import Any, Final

from simcore.api import TERMINAL, State, _freeze
from simcore.errors import IllegalActionError
from simcore.games.rats_of_wistar.board import AUTO, DECIDE, Player
from simcore.games.rats_of_wistar.content import Content
from simcore.games.rats_of_wistar.labels import action_classes, action_info, action_label, render
from simcore.games.rats_of_wistar.params import WistarParams
from simcore.games.rats_of_wistar.rules import flow
from simcore.games.rats_of_wistar.scoring import estimate, score_total
from simcore.games.rats_of_wistar.setup import setup
from simcore.games.rats_of_wistar.tables import RuleParams
from simcore.games.rats_of_wistar.views import determinize, observation, outcome
from simcore.params import params_copy
from simcore.rng import randbelow, state_stream, thaw

# the stream enters the fingerprint by its state, whether frozen or thawed (``rng``)
_NO_FP: Final = frozenset(
    {
        "_legal",
        "trace",
        "_main_strength",
        "open_placement",
        "amendments",
        "keep_records",
        "_live_stream",
        "_frozen_stream",
    }
)


STATE_SLOTS: Final = (
    "params",
    "content",
    "rule_params",
    "n_players",
    "_live_stream",
    "_frozen_stream",
    "round",
    "order",
    "turn",
    "stack",
    "game_over",
    "hut_chiefs",
    "space_chiefs",
    "start_slots",
    "round_visitor",
    "round_visitor_stack",
    "visitor_supply",
    "farm_visitors",
    "cheese_tiles",
    "mission_rooms",
    "mission_ids",
    "mission_revealed",
    "mission_done_by",
    "mission_box",
    "door_tokens",
    "door_open",
    "door_token_box",
    "goals",
    "goal_markers",
    "deck",
    "discard",
    "market",
    "hero_supply",
    "draft_pairs",
    "players",
    "quick_actions",
    "chief_placed",
    "turns",
    "steps",
    "_legal",
    "trace",
    "_main_strength",
    "open_placement",
    "amendments",
    "round_starts",
    "keep_records",
)


class WistarState(State):
    """A position; the pending work is a stack of small immutable task tuples ``(op, seat, ...)``.

    Automatic tasks run inside ``apply``; a decision task on top defines ``legal_actions``.
    """

    __slots__ = STATE_SLOTS

    # The slots again, typed: the compiled build (``simcore.native``) makes them native fields.
    params: WistarParams
    content: Content
    rule_params: RuleParams
    n_players: int
    _live_stream: Any  # the thawed stream, or None while frozen in ``_frozen_stream``
    _frozen_stream: Any
    round: int
    order: list[int]
    turn: int
    stack: list[tuple]
    game_over: bool
    hut_chiefs: list[int]
    space_chiefs: list[list[int]]
    start_slots: list[int]
    round_visitor: int
    round_visitor_stack: list[int]
    visitor_supply: list[list[int]]
    farm_visitors: list[int]
    cheese_tiles: list[int]
    mission_rooms: list[int]
    mission_ids: list[int]
    mission_revealed: list[int]
    mission_done_by: list[int]
    mission_box: list[list[int]]
    door_tokens: list[int]
    door_open: list[int]
    door_token_box: list[int]
    goals: list[int]
    goal_markers: list[list[int]]
    deck: list[list[int]]
    discard: list[list[int]]
    market: list[list[int]]
    hero_supply: list[int]
    draft_pairs: list[list[int]]
    players: list[Player]
    quick_actions: int
    chief_placed: bool
    turns: int
    steps: int
    _legal: list[int]
    trace: list[str] | None
    _main_strength: int
    open_placement: tuple | None
    amendments: list[tuple[int, dict[str, Any]]]
    round_starts: tuple[int, ...]
    keep_records: bool

    def __init__(
        self,
        params: WistarParams | None = None,
        content: Content | None = None,
        n_players: int = 0,
        seed: int = 0,
        rule_params: RuleParams | None = None,
    ) -> None:
        if params is None or content is None:
            return  # a blank for ``clone`` (a compiled class cannot be made by ``__new__`` alone)
        self.params = params
        self.content = content
        # the game passes its copy; built here only for a state made directly
        self.rule_params = (
            rule_params if rule_params is not None else params_copy(RuleParams, params)
        )
        self.n_players = n_players
        self.rng = state_stream(seed)
        self.trace = None
        self._main_strength = -1  # strength of a main action resolved during the last apply
        self.open_placement = None  # the placement being resolved (records.py)
        self.amendments = []  # finished placements' records
        self.keep_records = (
            True  # keep placement records (off in sampled worlds: nobody reads them)
        )
        setup(self)
        self.settle()

    # ----------------------------------------------------------------- chance stream
    @property
    def rng(self) -> random.Random:
        """The state's chance stream (thawed on first use; see ``clone``)."""
        stream = self._live_stream
        if stream is None:
            stream = self._live_stream = thaw(self._frozen_stream)
            self._frozen_stream = None
        return stream

    @rng.setter
    def rng(self, stream: random.Random) -> None:
        self._live_stream, self._frozen_stream = stream, None

    def _stream_state(self) -> tuple:
        """``getstate()`` of the chance stream, without thawing a frozen one."""
        if self._live_stream is not None:
            return self._live_stream.getstate()
        src = self._frozen_stream
        return src if isinstance(src, tuple) else thaw(src).getstate()

    # ----------------------------------------------------------------- driver
    @property
    def plain(self) -> WistarState:
        """The position itself (``State.plain``), here so the compiled build reads it natively:
        every heuristic decision asks for it."""
        return self

    @property
    def current_player(self) -> int:
        """Seat of the decision on top of the stack, or TERMINAL."""
        return self.stack[-1][1] if self.stack else TERMINAL

    def legal_actions(self) -> list[int]:
        """Options of the pending decision."""
        return list(self._legal) if self.stack else []

    def push(self, *tasks: tuple) -> None:
        """Push tasks so that the first given runs first."""
        self.stack.extend(reversed(tasks))

    def push_effect(self, seat: int, effect: tuple) -> None:
        """Queue a compiled effect (primitives run in their listed order)."""
        stack = self.stack
        for prim in effect[::-1]:  # not reversed(): mypyc fails on reversed() of a tuple
            stack.append((prim[0], seat, *prim[1:]))

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
        task = self.stack[-1]
        DECIDE[task[0]][1](self, task, action)
        self.settle()

    def refresh_legal(self) -> None:
        """Recompute the pending options after hidden information was redealt.

        Another seat's pending choice may lose all options in the new deal (e.g. no playable
        card): it then gets the single option STOP (skip), which every such decision accepts.
        """
        if self.stack:
            task = self.stack[-1]
            self._legal = DECIDE[task[0]][0](self, task) or [0]

    def log(self, text: str) -> None:
        """Add a trace line (only when tracing is on)."""
        if self.trace is not None:
            self.trace.append(text)

    # ----------------------------------------------------------------- chance helpers
    def draw_card(self, deck: int) -> int:
        """A random card of the deck (decks are unordered sets drawn at random); -1 if none."""
        pile = self.deck[deck]
        if not pile:
            if not self.discard[deck]:
                return -1
            pile.extend(sorted(self.discard[deck]))  # reshuffle: the set is drawn at random
            self.discard[deck].clear()
            self.log(f"{'basic' if deck == 0 else 'advanced'} deck reshuffled from discards")
        return pile.pop(randbelow(self.rng, len(pile)))

    # ----------------------------------------------------------------- copies
    def clone(self) -> WistarState:
        """Explicit copy: lists copied, immutable content/params shared."""
        # spelled out rather than loops over slot names (about 2x faster): the clone runs in
        # every search iteration and end-of-game play-out; conformance checks every slot
        new = WistarState.__new__(WistarState)  # compiled: through the blank ``__init__``
        new.params, new.content, new.n_players = self.params, self.content, self.n_players
        new.rule_params = self.rule_params
        # the stream is frozen once and shared by original and copy, each thawing its own on
        # first draw: most copies (search, end-of-game play-outs) never draw or are reseeded
        src = self._frozen_stream
        if src is None:
            src = self._frozen_stream = self._live_stream.getstate()
            self._live_stream = None
        new._live_stream, new._frozen_stream = None, src
        new.round, new.turn, new.game_over, new.round_visitor = (
            self.round,
            self.turn,
            self.game_over,
            self.round_visitor,
        )
        new.quick_actions, new.chief_placed, new.turns, new.steps = (
            self.quick_actions,
            self.chief_placed,
            self.turns,
            self.steps,
        )
        new.open_placement, new.round_starts, new.keep_records = (
            self.open_placement,
            self.round_starts,
            self.keep_records,
        )
        new.amendments, new.order, new.stack = self.amendments[:], self.order[:], self.stack[:]
        new.hut_chiefs, new.start_slots, new.round_visitor_stack = (
            self.hut_chiefs[:],
            self.start_slots[:],
            self.round_visitor_stack[:],
        )
        new.farm_visitors, new.cheese_tiles, new.mission_rooms = (
            self.farm_visitors[:],
            self.cheese_tiles[:],
            self.mission_rooms[:],
        )
        new.mission_ids, new.mission_revealed, new.mission_done_by = (
            self.mission_ids[:],
            self.mission_revealed[:],
            self.mission_done_by[:],
        )
        new.door_tokens, new.door_open = self.door_tokens[:], self.door_open[:]
        new.door_token_box, new.goals, new.hero_supply = (
            self.door_token_box[:],
            self.goals[:],
            self.hero_supply[:],
        )
        new.draft_pairs, new._legal = self.draft_pairs[:], self._legal[:]
        # nested lists by loops, not comprehensions (3.11 builds a frame for each of them)
        occ, goal_occ, players = [], [], []
        for x in self.space_chiefs:
            occ.append(x[:])
        for x in self.goal_markers:
            goal_occ.append(x[:])
        for p in self.players:
            players.append(p.clone())
        new.space_chiefs, new.goal_markers, new.players = occ, goal_occ, players
        # the pairs of lists (two decks, floors, colours): spelled out
        a, b = self.visitor_supply
        new.visitor_supply = [a[:], b[:]]
        a, b = self.mission_box
        new.mission_box = [a[:], b[:]]
        a, b = self.deck
        new.deck = [a[:], b[:]]
        a, b = self.discard
        new.discard = [a[:], b[:]]
        a, b = self.market
        new.market = [a[:], b[:]]
        new.trace = None
        new._main_strength = -1
        return new

    def reseed(self, rng: random.Random) -> None:
        """New chance stream (``substream(rng)``, built on first use)."""
        self._live_stream, self._frozen_stream = None, rng.getrandbits(64)

    def fingerprint(self) -> tuple:
        """Complete description, without caches and the trace."""
        return (("rng", hash(self._stream_state())),) + tuple(
            (name, _freeze(getattr(self, name)))
            for name in STATE_SLOTS
            if name not in _NO_FP and name not in ("params", "content", "rule_params")
        )

    def determinize(self, player: int, rng: random.Random) -> WistarState:
        """Redeal every hidden pile among its unseen items (§11), canonically."""
        return determinize(self, player, rng)

    def observation(self, player: int) -> str:
        """Everything ``player`` can observe."""
        return observation(self, player)

    # ----------------------------------------------------------------- results
    def scores(self) -> list[float]:
        """Current total VP of every seat (final scoring applied to the current position)."""
        out = []  # a loop, not a comprehension: finished play-outs are scored by the thousand
        for p in range(self.n_players):
            out.append(float(score_total(self, p)))
        return out

    def winners(self) -> list[int]:
        """Highest score; ties go to the tied player earliest in the final turn order (§3)."""
        scores = self.scores()
        best = max(scores)
        for seat in self.order:
            if scores[seat] == best:
                return [seat]
        return []

    def round_number(self) -> int:
        """The current round, from 1."""
        return self.round

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

    def player(self, seat: int) -> Player:
        """The board of ``seat``."""
        return self.players[seat]
