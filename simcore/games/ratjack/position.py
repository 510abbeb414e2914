"""The Ratjack position as data: integer-coded cards, chips and knowledge masks (§1-§8).

Every field is declared once, below; ``simcore.core.fields`` derives the slots, the clone of the
pure build, the fingerprint and the tests' clone check from the declaration. The rules are
functions of a position (``rules``, ``resolve``, ``effects_*``); ``state.RatjackState`` puts
the game API on top.
"""

from __future__ import annotations

import random
from typing import Any, Final

from simcore.core import fields
from simcore.core.api import TERMINAL, ChanceSource, State
from simcore.games.ratjack.codes import NSTAT, P_DRAW, P_OVER
from simcore.games.ratjack.tables import Content, ParamsMirror


class Position(State):
    """Mutable Ratjack position.

    Cards are ids 0..23 (deck index * 12 + value - 1), chips 0..5. Piles are lists with the top
    at the end.
    """

    # --- the same for every position of a game
    params: ParamsMirror  # the game's params (a compiled copy)
    content: Content  # card and chip tables
    effect_table: Any  # effects.EFFECTS: resolve reaches effects through it (no import circle)
    n: int  # number of seats
    all_seats: int  # bit mask of every seat
    opponents_of: tuple[tuple[int, ...], ...]  # per seat, the other seats in turn order
    eliminated_all_targetable: bool  # every effect may target eliminated seats' cards
    eliminated_chips_targetable: bool  # effects on existing chips may target them
    # --- turn flow
    phase: int  # codes.P_*
    seat_to_act: int  # or TERMINAL
    start_seat: int  # start player of the round
    round_starts: tuple[int, ...]  # start player of every round so far (records)
    setup_left: int  # seats still to put a card face down at the round's setup
    round_no: int  # from 1
    turns: int  # turns played in the game
    round_turns: int  # turns played in the round
    extra_turn: bool  # rat 3: the active seat plays again
    drawn_from: int  # codes.DRAW_DECK / DRAW_DISCARD this turn, -1 before the draw
    turn_eliminations: int  # opponents the active seat put out this turn
    last_scorer: int  # the seat that gained the round's deciding VP (next start), or -1
    ended_by: str  # why the game ended ("" while it runs)
    winning_seats: list[int]
    # --- the effect being resolved (§4.3)
    effect_code: int  # index in content.EFFECT_IDS, -1 for none
    effect_card: int  # the card whose effect it is
    effect_step: int  # decisions taken so far
    effect_choice: int  # the first decision, as a (public) position action
    card_in_flight: int  # weasel 3's drawn card before it is placed, or -1
    pending_draws: int  # raccoon 3's draw after the card it activated
    # --- cards and chips
    deck: list[int]
    discard: list[int]
    hands: list[list[int]]  # per seat
    displays: list[list[int]]  # per seat, in slot order
    face_up: list[int]  # per card: 1 when face up in a display
    card_chip: list[int]  # per card: the chip on it, or -1
    chip_card: list[int]  # per chip: its card, -1 in the reserve, -2 out for the round
    chip_face: list[int]  # per chip: the face showing
    # --- what each seat knows (§8)
    seen_by: list[int]  # per card: bit mask of the seats that identify it while hidden
    tracked_places: list[int]  # [seat * 24 + card]: places (card bit mask) it may be in
    tracked_cards: list[int]  # per seat: bit mask of the cards it tracks (``knowledge``)
    # --- scores and records
    victory_points: list[int]  # per seat
    eliminated: list[int]  # per seat: 1 when out of the round
    turn_values: list[int]  # every seat's value at the last end-of-turn check
    stats: list[int]  # [seat * NSTAT + counter], codes; empty in a lookahead copy (``plan``)
    last_card: int  # the card drawn or set up last, for the actions table
    last_effect: int  # the effect resolved last this turn, for the actions table
    # --- chance, and bookkeeping that is no part of the position
    chance: ChanceSource  # every chance event after round 1's deal (a ChanceStream)
    trace: list[str] | None  # the narrative, when tracing
    round_log: list[float] | None  # the runner's progress: each round's end (log_round_ends)
    reveal: bool  # the narrative names hidden cards (``reveal_trace``)
    legal_cache: list[int] | None  # legal actions until the next apply; never changed in place
    # A lookahead copy that is scored only up to the end of the round: it counts nothing, and
    # the next round's deal (a shuffle, ~10% of heuristic play) is skipped (rounds._end_round)
    plan_only: bool
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
        self.params, self.content, self.n = params, content, n_players
        self.all_seats = (1 << n_players) - 1
        self.opponents_of = tuple(
            tuple(q for q in range(n_players) if q != a) for a in range(n_players)
        )
        self.eliminated_all_targetable = params.eliminated_targetable == "all"
        self.eliminated_chips_targetable = params.eliminated_targetable == "chips"
        self.chance = chance
        self.trace = self.round_log = None
        self.reveal = self.plan_only = False
        self.legal_cache = None
        self.victory_points = [0] * n_players
        self.turn_values = [0] * n_players
        self.stats = [0] * (n_players * NSTAT)
        self.chip_face = [a for a, _ in content.chip_faces]
        self.chip_card = [-1] * len(content.chip_faces)
        self.turns = self.round_no = 0
        self.ended_by, self.winning_seats = "", []
        self.last_card = self.last_effect = self.drawn_from = -1
        self.pending_draws = 0
        self.round_starts = ()

    def clone(self) -> Position:
        """Independent copy (``state.RatjackState`` makes it)."""
        raise NotImplementedError

    def fingerprint(self) -> tuple:
        """Every field of the position (``NOT_POSITION`` left out)."""
        return fields.fingerprint(self, FINGERPRINTED)

    def reseed(self, rng: random.Random) -> None:
        """New chance stream (``ChanceStream.reseed``)."""
        self.chance.reseed(rng)

    def plan(self) -> None:
        """Make this copy a lookahead copy (``plan_only``): it counts nothing, so it drops its
        counters and its clones copy none."""
        self.plan_only = True
        self.stats = []

    # --- reading the position -------------------------------------------------------------
    @property
    def current_player(self) -> int:
        """Seat to act, or TERMINAL."""
        return self.seat_to_act

    @property
    def n_players(self) -> int:
        """Number of seats."""
        return self.n

    def values(self) -> list[int]:
        """Every seat's value (§5): modified values of face-up cards."""
        values, card_chip, chip_face, face_up = (
            self.content.valt,
            self.card_chip,
            self.chip_face,
            self.face_up,
        )
        out = []
        for display in self.displays:  # loops inline, no call per seat: this runs every turn
            total = 0
            for c in display:
                if face_up[c]:
                    k = card_chip[c]
                    total += values[c][0 if k < 0 else chip_face[k] + 1]
            out.append(total)
        return out

    def values_now(self) -> list[int]:
        """``values()``, read from the last end-of-turn check at the start of a later turn of
        the same round (no card has moved since: eliminations and VP do not change values).
        The list may be the position's own: read it, do not change it."""
        if self.phase == P_DRAW and self.round_turns:
            return self.turn_values
        return self.values()

    def value(self, p: int) -> int:
        """Seat ``p``'s value."""
        values, card_chip, chip_face, face_up = (
            self.content.valt,
            self.card_chip,
            self.chip_face,
            self.face_up,
        )
        total = 0
        for c in self.displays[p]:
            if face_up[c]:
                k = card_chip[c]
                total += values[c][0 if k < 0 else chip_face[k] + 1]
        return total

    def scores(self) -> list[float]:
        """Victory points."""
        return [float(v) for v in self.victory_points]

    def winners(self) -> list[int]:
        """Seats that reached points_to_win (shared win), or the VP leaders at a limit."""
        if self.seat_to_act == TERMINAL and self.winning_seats:
            return list(self.winning_seats)
        return super().winners()

    def is_terminal(self) -> bool:
        """The game is over."""
        return self.phase == P_OVER

    def round_number(self) -> int:
        """The current round, from 1."""
        return self.round_no

    def log_round_ends(self, log: list[float]) -> bool:
        """Each round's end into ``log`` (``State.log_round_ends``): ``rounds.new_round``."""
        self.round_log = log
        return True

    # --- records, narrative -----------------------------------------------------------------
    def count(self, index: int, k: int) -> None:
        """Add ``k`` to the statistic at ``index`` (not in a lookahead copy: ``plan_only``)."""
        if not self.plan_only:
            self.stats[index] += k

    def note(self, line: str) -> None:
        """Add a narrative line of public facts (only when tracing)."""
        if self.trace is not None:
            self.trace.append(line)


# A clone starts its own narrative (the original keeps it); the cache is only ever replaced.
CLONE_RESETS: Final = {"trace": None, "round_log": None}
CLONE_SHARES: Final = ("legal_cache",)
# Fields that are no part of the position: the game's tables and the bookkeeping.
NOT_POSITION: Final = (
    "params", "content", "effect_table", "trace", "round_log", "reveal", "legal_cache",
    "plan_only",
)  # fmt: skip
FINGERPRINTED: Final = tuple(
    name for name in fields.declared_fields(Position) if name not in NOT_POSITION
)
