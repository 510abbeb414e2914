"""The Ratjack position: integer-coded cards, chips and knowledge masks (§1-§8)."""

from __future__ import annotations

import random
from typing import Any, Final

from simcore.api import TERMINAL, State
from simcore.chance import ChanceStream
from simcore.games.ratjack import rules, sample, text
from simcore.games.ratjack.codes import NSTAT, P_DRAW, P_OVER
from simcore.games.ratjack.effects import EFFECTS
from simcore.games.ratjack.evaluate import win_chances
from simcore.games.ratjack.params import RatjackParams
from simcore.games.ratjack.tables import Content, RuleParams
from simcore.native import bind_pure
from simcore.params import params_copy
from simcore.rng import randbelow, state_stream

_LISTS: Final = (
    "deck", "discard", "face_up", "card_chip", "chip_card", "chip_face", "seen_by",
    "victory_points", "eliminated", "stats", "turn_values", "tracked_places", "tracked_cards",
)  # fmt: skip
_SCALARS: Final = (
    "params", "content", "effect_table", "rule_params", "n", "all_seats", "phase",
    "seat_to_act", "start_seat", "setup_left", "round_no", "turns", "round_turns",
    "card_in_flight", "effect_code", "effect_card", "effect_step", "effect_choice", "extra_turn",
    "drawn_from", "last_scorer", "last_card", "last_effect", "ended_by", "winning_seats",
    "eliminated_all_targetable", "eliminated_chips_targetable", "chance",
    "opponents_of", "pending_draws", "round_starts", "turn_eliminations",
)  # fmt: skip


_FP_SCALARS: Final = tuple(n for n in _SCALARS[4:] if n != "winning_seats")  # fingerprinted


class RatjackState(State):
    """Mutable Ratjack position.

    Cards are ids 0..23 (deck index * 12 + value - 1). ``deck``/``discard`` are lists with the
    top at the end; ``hands``/``displays`` are per-seat lists. Per card: ``face_up``,
    ``card_chip`` (chip index or -1) and ``seen_by`` (bit mask of the seats that can identify
    the card while it is hidden, §8). Per chip: ``chip_face`` (showing face) and ``chip_card``
    (card, -1 reserve, -2 out for the round).
    """

    __slots__ = (*_LISTS, *_SCALARS, "hands", "displays", "trace", "reveal", "legal_cache",
                 "plan_only")  # fmt: skip
    # The slots again, typed: the compiled build (``simcore.native``) makes them native fields.
    params: RatjackParams
    content: Content
    effect_table: Any
    rule_params: RuleParams
    n: int
    all_seats: int
    phase: int
    seat_to_act: int
    start_seat: int
    setup_left: int
    round_no: int
    turns: int
    round_turns: int
    card_in_flight: int
    effect_code: int
    effect_card: int
    effect_step: int
    effect_choice: int
    extra_turn: bool
    drawn_from: int
    last_scorer: int
    last_card: int
    last_effect: int
    ended_by: str
    winning_seats: list[int]
    eliminated_all_targetable: bool
    eliminated_chips_targetable: bool
    chance: ChanceStream
    opponents_of: tuple[tuple[int, ...], ...]
    pending_draws: int
    round_starts: tuple[int, ...]
    turn_eliminations: int
    deck: list[int]
    discard: list[int]
    face_up: list[int]
    card_chip: list[int]
    chip_card: list[int]
    chip_face: list[int]
    seen_by: list[int]
    victory_points: list[int]
    eliminated: list[int]
    stats: list[int]
    turn_values: list[int]
    tracked_places: list[int]
    tracked_cards: list[int]
    hands: list[list[int]]
    displays: list[list[int]]
    trace: list[str] | None
    reveal: bool
    legal_cache: list[int] | None
    plan_only: bool

    def __init__(
        self,
        params: RatjackParams | None = None,
        content: Content | None = None,
        n_players: int = 0,
        seed: int = 0,
        rule_params: RuleParams | None = None,
    ) -> None:
        if params is None or content is None:
            return  # a blank for ``clone`` (a compiled class cannot be made by ``__new__`` alone)
        self.params, self.content, self.n = params, content, n_players
        # the game passes its copy; built here only for a state made directly
        self.rule_params = (
            rule_params if rule_params is not None else params_copy(RuleParams, params)
        )
        self.effect_table = EFFECTS  # read by resolve: effects that resolve other cards need it
        self.all_seats = (1 << n_players) - 1
        self.eliminated_all_targetable = params.eliminated_targetable == "all"
        self.eliminated_chips_targetable = params.eliminated_targetable == "chips"
        self.opponents_of = tuple(
            tuple(q for q in range(n_players) if q != a) for a in range(n_players)
        )
        rng = state_stream(seed)  # also the stream of round 1's setup
        self.chance = ChanceStream(rng.getrandbits(64))  # every later chance event
        self.trace: list[str] | None = None
        self.reveal = False  # the narrative names hidden cards (``reveal_trace``)
        self.legal_cache: list[int] | None = None
        # A lookahead copy that is only scored up to the end of the round sets this: the next
        # round's deal (a shuffle, ~10% of heuristic play) is then skipped (rules._end_round).
        self.plan_only = False
        self.victory_points = [0] * n_players
        self.turn_values = [0] * n_players
        self.stats = [0] * (n_players * NSTAT)
        self.chip_face = [a for a, _ in content.chip_faces]
        self.chip_card = [-1] * len(content.chip_faces)
        self.turns = self.round_no = 0
        self.ended_by, self.winning_seats = "", []
        self.last_card = self.last_effect = self.drawn_from = -1
        self.pending_draws = 0
        self.round_starts: tuple[int, ...] = ()  # start player of every round so far (records)
        first = params.first_player
        rules.new_round(self, randbelow(rng, n_players) if first < 0 else first, rng)

    # --- core protocol -------------------------------------------------------------------
    @property
    def plain(self) -> RatjackState:
        """The position itself (``State.plain``), here so the compiled build reads it natively:
        every heuristic decision asks for it."""
        return self

    @property
    def current_player(self) -> int:
        """Seat to act, or TERMINAL."""
        return self.seat_to_act

    @property
    def n_players(self) -> int:
        """Number of seats."""
        return self.n

    def legal_actions(self) -> list[int]:
        """Legal actions of the current seat (cached until the next apply)."""
        cache = self.legal_cache
        if cache is None:
            cache = self.legal_cache = rules.legal_actions(self)
        return cache[:]

    def apply(self, action: int) -> None:
        """Apply ``action``; ``IllegalActionError`` (state unchanged) if it is not legal."""
        rules.apply(self, action)  # a method, not ``apply = rules.apply``: mypyc compiles it

    def clone(self) -> RatjackState:
        """Independent copy (params and content tables are shared: immutable)."""
        new = RatjackState.__new__(RatjackState)  # compiled: through the blank ``__init__``
        # Spelled out, not a getattr/setattr loop over _SCALARS: clone is the hottest call of
        # search and lookahead, and this is ~2x faster (test_clone_copies_every_slot guards it).
        new.params, new.content, new.effect_table = self.params, self.content, self.effect_table
        new.n, new.rule_params, new.all_seats = self.n, self.rule_params, self.all_seats
        new.phase, new.seat_to_act, new.start_seat = self.phase, self.seat_to_act, self.start_seat
        new.setup_left, new.round_no, new.turns = self.setup_left, self.round_no, self.turns
        new.round_turns, new.card_in_flight = self.round_turns, self.card_in_flight
        new.effect_code, new.effect_card = self.effect_code, self.effect_card
        new.effect_step, new.effect_choice = self.effect_step, self.effect_choice
        new.extra_turn, new.drawn_from, new.last_scorer = (
            self.extra_turn,
            self.drawn_from,
            self.last_scorer,
        )
        new.last_card, new.last_effect, new.ended_by = (
            self.last_card,
            self.last_effect,
            self.ended_by,
        )
        new.eliminated_all_targetable = self.eliminated_all_targetable
        new.eliminated_chips_targetable = self.eliminated_chips_targetable
        new.chance, new.opponents_of = self.chance.clone(), self.opponents_of
        new.pending_draws, new.round_starts = self.pending_draws, self.round_starts
        new.turn_eliminations = self.turn_eliminations
        new.deck, new.discard = self.deck[:], self.discard[:]
        new.face_up, new.card_chip, new.chip_card = (
            self.face_up[:],
            self.card_chip[:],
            self.chip_card[:],
        )
        new.chip_face, new.seen_by = self.chip_face[:], self.seen_by[:]
        new.victory_points, new.eliminated = self.victory_points[:], self.eliminated[:]
        new.turn_values = self.turn_values[:]
        # a lookahead copy counts nothing (``count``): it shares the counters, a third of the
        # values a clone copies
        new.stats = self.stats if self.plan_only else self.stats[:]
        new.tracked_places, new.tracked_cards = self.tracked_places[:], self.tracked_cards[:]
        new.winning_seats = self.winning_seats[:]
        # loops, not comprehensions: each comprehension builds a frame on Python 3.11
        hands, displays = [], []
        for h in self.hands:
            hands.append(h[:])
        for d in self.displays:
            displays.append(d[:])
        new.hands, new.displays = hands, displays
        new.trace, new.reveal = None, self.reveal  # narrative stays with the traced original
        new.legal_cache, new.plan_only = self.legal_cache, self.plan_only
        return new

    def values(self) -> list[int]:
        """Every seat's value (§5): modified values of face-up cards."""
        valt, chip, face, up = self.content.valt, self.card_chip, self.chip_face, self.face_up
        out = []
        for d in self.displays:
            tot = 0
            for c in d:
                if up[c]:
                    k = chip[c]
                    tot += valt[c][0 if k < 0 else face[k] + 1]
            out.append(tot)
        return out

    def values_now(self) -> list[int]:
        """``values()``, read from the last end-of-turn check at the start of a later turn of
        the same round (no card has moved since: eliminations and VP do not change values).
        The list may be the state's own: read it, do not change it."""
        if self.phase == P_DRAW and self.round_turns:
            return self.turn_values
        return self.values()

    def value(self, p: int) -> int:
        """Seat ``p``'s value."""
        valt, chip, face, up = self.content.valt, self.card_chip, self.chip_face, self.face_up
        tot = 0
        for c in self.displays[p]:
            if up[c]:
                k = chip[c]
                tot += valt[c][0 if k < 0 else face[k] + 1]
        return tot

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

    # --- hidden information --------------------------------------------------------------
    def observation(self, player: int) -> str:
        """Everything ``player`` sees or remembers (§8), canonical."""
        return text.observation(self, player)

    def determinize(self, player: int, rng: random.Random) -> RatjackState:
        """Redeal every card ``player`` cannot identify among the hidden places (§8)."""
        return sample.determinize(self, player, rng)

    def reseed(self, rng: random.Random) -> None:
        """New chance stream (``ChanceStream.reseed``)."""
        self.chance.reseed(rng)

    def fingerprint(self) -> tuple:
        """Every game-relevant field (the legal-action cache and the trace excluded)."""
        lists = tuple(tuple(getattr(self, n)) for n in _LISTS)
        scal = tuple(
            self.chance.fingerprint() if n == "chance" else getattr(self, n) for n in _FP_SCALARS
        )
        hands = tuple(tuple(h) for h in self.hands)
        disp = tuple(tuple(d) for d in self.displays)
        return (lists, scal, tuple(self.winning_seats), hands, disp)

    # --- records, narrative ---------------------------------------------------------------
    def round_number(self) -> int:
        """The current round, from 1."""
        return self.round_no

    def outcome(self) -> dict[str, Any]:
        """Per-game and per-seat statistics (§9)."""
        return text.outcome(self)

    def action_label(self, action: int, viewer: int | None = None, *, reveal: bool = False) -> str:
        """Readable label of ``action`` now, as ``viewer`` sees it (None: the seat to act)."""
        return text.label(self, action, viewer, reveal)

    def action_classes(self, action: int) -> tuple[str, ...]:
        """resolve/<family>/<value>, mode/up|down|discard_flip, card/<deck>/<value>."""
        return text.classes(self, action)

    def action_info(self, action: int) -> dict[str, Any]:
        """Decoded action columns (before apply)."""
        return text.action_info(self, action)

    def post_action_info(self) -> dict[str, Any]:
        """Columns known after apply: drawn card, values after."""
        return text.post_action_info(self)

    def heuristic_value(self, player: int) -> float:
        """Chance to win the race to ``points_to_win`` from here (``evaluate``), in [0, 1]."""
        return win_chances(self)[player]

    def enable_trace(self) -> None:
        """Start the narrative."""
        self.trace = []
        text.trace_round_start(self)

    def trace_lines(self) -> list[str]:
        """Narrative since the last call."""
        if self.trace is None:
            return []
        out, self.trace = self.trace, []
        return out

    def render(self) -> str:
        """Full text view of the position."""
        return text.render(self)

    def count(self, index: int, k: int) -> None:
        """Add ``k`` to the statistic at ``index`` (not in a lookahead copy: ``plan_only``)."""
        if not self.plan_only:
            self.stats[index] += k

    def reveal_trace(self) -> None:
        """Analyst mode: narrative lines name every card, hidden ones included."""
        self.reveal = True

    def note(self, line: str) -> None:
        """Add a narrative line of public facts (only when tracing)."""
        if self.trace is not None:
            self.trace.append(line)

    def note_card(self, line: str, hidden: str, *cards: int) -> None:
        """Add ``line``, which names ``cards``; ``hidden`` instead when the seat to act cannot
        identify them all (§8; a label's rule), unless the trace reveals everything."""
        if self.trace is not None:
            seat, reveal = self.seat_to_act, self.reveal
            known = all(text.sees(self, c, seat, reveal) for c in cards)
            self.trace.append(line if known else hidden)

    def note_target(self, action: int) -> None:
        """Narrate a chosen card position (as the seat to act sees it)."""
        if self.trace is not None:
            self.trace.append(
                "target " + text.pos_name(self, action, self.seat_to_act, self.reveal)
            )

    def note_chip(self, action: int, face: int) -> None:
        """Narrate a chip placement (as the seat to act sees the card)."""
        if self.trace is not None:
            where = text.pos_name(self, action, self.seat_to_act, self.reveal)
            self.trace.append(f"chip {text.FACE_IDS[face]} on {where}")


bind_pure(RatjackState, "apply", rules.apply)  # pure build: the rules function itself
