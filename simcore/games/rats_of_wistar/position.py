"""The Rats of Wistar position as data (rules spec §2-§12): the wheel, the farm, the decks and
every player's board, plus the stack of pending tasks.

Every field is declared once, below; ``simcore.core.fields`` derives the slots, the clone of the
pure build, the fingerprint and the tests' clone check from the declaration. The rules are
functions of a position (``rules``, ``actions``, ``effects``, ``farm``, ...); ``state``
puts the game API on top.
"""

from __future__ import annotations

import random
from typing import Any, Final

from simcore.core import fields
from simcore.core.api import TERMINAL, ChanceSource, State
from simcore.core.rng import randbelow
from simcore.games.rats_of_wistar.board import DECIDE, Player
from simcore.games.rats_of_wistar.tables import Content, ParamsMirror


class Position(State):
    """A position; the pending work is a stack of small immutable task tuples ``(op, seat, ...)``.

    Automatic tasks run inside ``apply``; a decision task on top defines ``legal_actions``.
    """

    # rules and content, shared by every copy
    params: ParamsMirror  # the game's params (a compiled copy)
    content: Content
    n_players: int
    chance: ChanceSource  # one continuous stream (``simcore.core.chance.LazyStream``)
    # round and turn (§3)
    round: int
    order: list[int]  # turn order, seats
    turn: int  # the current turn of the round, from 0 (-1 before the first)
    stack: list[tuple]  # pending tasks, the next on top
    game_over: bool
    # the wheel (§4) and the hut (§5)
    hut_chiefs: list[int]  # seats in the order their chiefs went to the hut this round
    space_chiefs: list[list[int]]  # per sector and space: seat of the chief there, or -1
    start_slots: list[int]  # per sector: its slot in round 1 (``wheel.space_slot``)
    # visitors (§2.3): ids, -1 for none
    round_visitor: int  # the face-up visitor of this round
    round_visitor_stack: list[int]  # the visitor of every round, round 1 first
    visitor_supply: list[list[int]]  # basic and advanced visitors not laid out
    farm_visitors: list[int]  # per farm room: the visitor there
    cheese_tiles: list[int]  # VP of the cheese tiles left on the farm, top first
    # missions (§8.1), per mission slot
    mission_rooms: list[int]  # the farm room of the slot
    mission_ids: list[int]  # the mission in the slot (face down until revealed)
    mission_revealed: list[int]  # 1 once face up
    mission_done_by: list[int]  # bit mask of the seats that completed it
    mission_box: list[list[int]]  # ground and cellar missions not laid out
    # doors (§6), per door space
    door_tokens: list[int]  # the face-down token on the door, -1 once taken
    door_open: list[int]  # 1 once open
    door_token_box: list[int]  # door tokens not laid out
    # goals (§8.1), per goal in play
    goals: list[int]  # goal card ids
    goal_markers: list[list[int]]  # per goal and space: the seat that achieved it, or -1
    # inventions (§7), basic deck first
    deck: list[list[int]]  # draw piles, unordered (drawn at random)
    discard: list[list[int]]
    market: list[list[int]]  # face-up rows, -1 for an empty slot
    hero_supply: list[int]  # heroes not taken
    draft_pairs: list[list[int]]  # starting pairs not drafted (§2.5)
    players: list[Player]
    # the current turn
    quick_actions: int  # quick actions taken this turn
    chief_placed: bool  # this turn's chief is placed
    # records (§12)
    turns: int  # chief placements in the game
    steps: int  # decisions applied
    _legal: list[int]  # options of the pending decision
    trace: list[str] | None  # the narrative, when tracing
    round_log: list[float] | None  # the runner's progress: each round's end (log_round_ends)
    _main_strength: int  # strength of a main action resolved during the last apply, or -1
    open_placement: tuple | None  # record of the placement being resolved (``records``)
    amendments: list[tuple[int, dict[str, Any]]]  # records of resolved placements
    round_starts: tuple[int, ...]  # start player of every round so far
    keep_records: bool  # keep placement records (off in sampled worlds: nobody reads them)

    __slots__ = tuple(__annotations__)

    def __init__(
        self,
        params: ParamsMirror | None = None,
        content: Content | None = None,
        n_players: int = 0,
        chance: ChanceSource | None = None,
    ) -> None:
        if params is None or content is None or chance is None:
            return  # a blank for ``clone`` (a compiled class cannot be made by ``__new__`` alone)
        self.params, self.content = params, content
        self.n_players, self.chance = n_players, chance
        self.trace = self.round_log = None
        self._main_strength = -1
        self.open_placement = None
        self.amendments = []
        self.keep_records = True

    @property
    def rng(self) -> random.Random:
        """The position's chance stream (``simcore.core.chance.LazyStream``: frozen on clone,
        thawed on the first draw)."""
        return self.chance.next_stream()

    @property
    def plain(self) -> Position:
        """The position itself (``State.plain``), here so the compiled build reads it natively:
        every heuristic decision asks for it."""
        return self

    @property
    def current_player(self) -> int:
        """Seat of the decision on top of the stack, or TERMINAL."""
        return self.stack[-1][1] if self.stack else TERMINAL

    def push(self, *tasks: tuple) -> None:
        """Push tasks so that the first given runs first."""
        self.stack.extend(reversed(tasks))

    def push_effect(self, seat: int, effect: tuple) -> None:
        """Queue a compiled effect (primitives run in their listed order)."""
        stack = self.stack
        for prim in effect[::-1]:  # not reversed(): mypyc fails on reversed() of a tuple
            stack.append((prim[0], seat, *prim[1:]))

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

    def clone(self) -> Position:
        """An independent copy, made by the game state (``state.WistarState.clone``)."""
        raise NotImplementedError

    def reseed(self, rng: random.Random) -> None:
        """New chance stream (``LazyStream.reseed``: ``substream(rng)``, built on first draw)."""
        self.chance.reseed(rng)

    def fingerprint(self) -> tuple:
        """Complete description, without rules, content, caches, records and the trace."""
        return fields.fingerprint(self, FINGERPRINTED)


NOT_FINGERPRINTED: Final = frozenset(
    {"params", "content", "_legal", "trace", "round_log", "_main_strength", "open_placement",
     "amendments", "keep_records"}
)  # fmt: skip
"""Rules and content (the same in every copy), caches, records and the trace."""
FINGERPRINTED: Final = tuple(
    name for name in fields.declared_fields(Position) if name not in NOT_FINGERPRINTED
)
