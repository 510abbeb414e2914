"""The mutable Lord of Worlds position: setup (§2), copies, observation, determinization (§7)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Final

from simcore.api import TERMINAL, State, start_columns
from simcore.content import reduce_frozen
from simcore.games.lord_of_worlds import cards as deck_ops
from simcore.games.lord_of_worlds import options, render, rules, sample
from simcore.games.lord_of_worlds.board import Board
from simcore.games.lord_of_worlds.options import P_OVER, P_PORTAL, P_SETUP
from simcore.games.lord_of_worlds.params import LordOfWorldsParams
from simcore.games.lord_of_worlds.planet import PTS_COLUMNS, SOURCES, tile_counts
from simcore.games.lord_of_worlds.tables import Cards, Planet, Scoring, Tiles
from simcore.native import bind_pure
from simcore.rng import randbelow, shuffle, state_stream

STAT_PLACED: Final = 0
STAT_HIRING: Final = 1
STAT_PLAYING: Final = 2
STAT_LONGEST: Final = 3


@dataclass(frozen=True)
class Context:
    """Everything immutable a state needs: params, content and geometry for one player count."""

    params: LordOfWorldsParams
    n_players: int
    cards: Cards
    tiles: Tiles
    planet: Planet
    board: Board
    scoring: Scoring
    in_play: tuple[int, ...]
    ttype: tuple[int, ...]
    tvalue: tuple[int, ...]
    top_value: int  # max(tvalue): value-indexed tables have top_value + 1 entries
    n_kinds: int
    end_empty: int
    # Params the rules and the heuristic read per step, copied once: the params class is not
    # compiled, so each read is a lookup by name (about 250 instructions compiled; a property
    # is a Python call). ``build_context`` fills every field named like a params field from the
    # params (``params_fields``); tests/games/lord_of_worlds/test_content.py checks them.
    scores_value_sets: bool  # ``params.scores_value_sets``, read per planet valuation
    strategic: bool
    hand_limit: int
    free_step_after_jump: bool
    facedown_blocks: bool  # per move step
    require_action: bool
    portal_cost: int
    portal_jump_from_start: bool
    display_piles: int  # per display refill
    pile_close_sum: int
    wild_own_pile: bool
    bare_architect_empty: bool  # per end-of-turn check
    max_rounds: int
    colored_hex_bonus: int  # per collection and per heuristic plan
    sage_points_per_tile: int  # per placement, and per heuristic placement score
    viewpoint_points_per_tile: int
    sage_counts_architect_tiles: bool
    mix_chains_through_mix: bool  # per chain valuation
    mix_declaration_binding: bool
    viewpoint_tie: str  # per viewpoint placement
    move_after_collect: bool
    start_hand_over: int  # per determinization (end-of-game guards, searches)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)  # compiled: a frozen class cannot be restored field by field


class LordOfWorldsState(State):
    """A Lord of Worlds position (integer-coded; decision steps in options.py and rules.py)."""

    ROUND_ENDS_AT_SEAT_CHANGE = True  # a round ends as a turn passes to the next seat
    __slots__ = (
        "ctx", "chance_seed", "trace", "cache", "n", "player", "phase", "first", "turns", "rounds",
        "triggered", "ended_by", "reveals_left",
        "hands", "hsize", "known", "deck", "deck_known", "discard", "reshuffles",
        "piles", "pcol", "psum",
        "btile", "bup", "n_up", "reserve", "supply",
        "pterr", "parch", "archt", "pmix", "pempty", "cart", "pts", "stats", "rinit",
        "colour", "budget", "sel", "moved", "collected", "free_used", "pending", "last_gain",
        "free_step", "vhex",
    )  # fmt: skip
    # The slots again, typed: the compiled build (``simcore.native``) makes them native fields.
    ctx: Context
    chance_seed: int
    trace: list[str] | None
    cache: Any  # memoized views; None while a fingerprint is taken
    n: int
    player: int
    phase: int
    first: int
    turns: int
    rounds: int
    triggered: bool
    ended_by: str
    reveals_left: int
    hands: list[list[int]]
    hsize: list[int]
    known: list[list[int]]
    deck: list[int]
    deck_known: bool
    discard: list[int]
    reshuffles: int
    piles: list[list[int]]
    pcol: list[int]
    psum: list[int]
    btile: list[int]
    bup: list[int]
    n_up: int
    reserve: list[int]
    supply: list[int]
    pterr: list[list[int]]
    parch: list[list[int]]
    archt: list[list[tuple[int, int]]]
    pmix: list[list[int]]
    pempty: list[int]
    cart: list[int]
    pts: list[list[int]]
    stats: list[list[int]]
    rinit: list[list[int]]
    colour: int
    budget: int
    sel: list[int]
    moved: int
    collected: bool
    free_used: bool
    pending: int
    last_gain: int
    free_step: int
    vhex: int  # planet hex of a viewpoint whose tied chains wait for the player's choice

    def __init__(self, ctx: Context | None = None, seed: int = 0) -> None:
        if ctx is None:
            return  # a blank for ``clone`` (a compiled class cannot be made by ``__new__`` alone)
        self.ctx = ctx
        stream = state_stream(seed)
        self.trace = None
        n = self.n = ctx.n_players
        # memoized public analyses: [seat] planet view (heuristics), [n] face-up board tiles
        self.cache = [None] * (n + 2)  # planet views, face-up tiles, legal
        self.phase, self.turns, self.rounds = P_SETUP, 0, 0
        self.triggered, self.ended_by, self.last_gain = False, "", 0
        self._deal_tiles(stream)
        self._deal_cards(stream)
        self.first = randbelow(stream, n)
        # later chance (reshuffles) draws from streams seeded by this number and the reshuffle
        # count: a copy of the state is then a copy of one int, not of a Mersenne twister
        self.chance_seed = stream.getrandbits(64)
        self.player = self.first
        size = ctx.planet.size
        self.pterr = [[-1] * size for _ in range(n)]
        self.parch = [[0] * size for _ in range(n)]
        self.archt = [[] for _ in range(n)]  # (hex, tile) laid
        self.pmix = [[-1] * size for _ in range(n)]  # terrain a mix was declared for (§5)
        self.pempty = [size] * n
        self.cart = [-1] * n
        self.pts = [[0] * len(SOURCES) for _ in range(n)]
        self.stats = [[0, 0, 0, 0] for _ in range(n)]
        self.reveals_left = 0 if ctx.strategic else ctx.params.initial_reveals
        rules.reset_turn(self)
        deck_ops.fill_display(self)
        deck_ops.starting_hands(self)
        self.phase = P_PORTAL

    def _deal_tiles(self, stream: random.Random) -> None:
        """Shuffle the tiles in play onto the board; the rest form the reserve (§2.1)."""
        ctx = self.ctx
        tiles = list(ctx.in_play)
        shuffle(tiles, stream)
        board = ctx.board
        self.btile = [-1] * board.size
        up = 1 if ctx.strategic else 0
        self.bup = [0] * board.size
        for h in board.tile_hexes:
            self.btile[h] = tiles.pop()
            self.bup[h] = up
        self.n_up = len(board.tile_hexes) if up else 0
        self.reserve = tiles
        self.supply = []
        rules.refill_supply(self)

    def _deal_cards(self, stream: random.Random) -> None:
        """Shuffle the assistant deck (§2.2); hands start empty."""
        cards = self.ctx.cards
        deck = [k for k, c in enumerate(cards.copies) for _ in range(c)]
        shuffle(deck, stream)
        self.deck, self.deck_known, self.reshuffles = deck, False, 0
        self.discard = [0] * self.ctx.n_kinds
        n = self.ctx.n_players
        self.hands = [[0] * self.ctx.n_kinds for _ in range(n)]
        self.known = [[0] * self.ctx.n_kinds for _ in range(n)]
        self.rinit = [[0] * self.ctx.n_kinds for _ in range(n)]  # starting-hand cards shown
        self.hsize = [0] * n
        self.piles = []
        self.pcol = []
        self.psum = []

    # ----------------------------------------------------------------- API
    @property
    def plain(self) -> LordOfWorldsState:
        """The position itself (``State.plain``), here so the compiled build reads it natively:
        every heuristic decision asks for it."""
        return self

    @property
    def current_player(self) -> int:
        """Seat to act, or TERMINAL."""
        return TERMINAL if self.phase == P_OVER else self.player

    @property
    def n_players(self) -> int:
        """Number of seats."""
        return self.n

    def legal_actions(self) -> list[int]:
        """Actions of the current decision step (options.py); cached until the next ``apply``."""
        found = self.cache[-1]
        if found is None:
            found = self.cache[-1] = options.legal_actions(self)
        return found[:]

    def apply(self, action: int) -> None:
        """Apply one decision; IllegalActionError (state unchanged) when not legal."""
        rules.apply(self, action)  # a method, not ``apply = rules.apply``: mypyc compiles it

    def note(self, line: str) -> None:
        """Add a narrative line when tracing."""
        if self.trace is not None:
            self.trace.append(line)

    def clone(self) -> LordOfWorldsState:
        """Explicit copy; immutable context and cached analyses are shared."""
        new = LordOfWorldsState.__new__(
            LordOfWorldsState
        )  # compiled: through the blank ``__init__``
        new.ctx = self.ctx
        new.trace = None if self.trace is None else list(self.trace)
        new.cache = list(self.cache)
        # spelled out rather than loops over the slot names (about 2x faster): the clone runs in
        # every search iteration and end-of-game play-out; conformance checks every slot
        new.chance_seed, new.n, new.player = self.chance_seed, self.n, self.player
        new.phase, new.first, new.turns = self.phase, self.first, self.turns
        new.rounds, new.triggered, new.ended_by = self.rounds, self.triggered, self.ended_by
        new.reveals_left, new.deck_known = self.reveals_left, self.deck_known
        new.reshuffles = self.reshuffles
        new.n_up, new.colour, new.budget = self.n_up, self.colour, self.budget
        new.moved, new.collected, new.free_used = self.moved, self.collected, self.free_used
        new.pending, new.last_gain, new.free_step = self.pending, self.last_gain, self.free_step
        new.vhex = self.vhex
        new.hsize, new.deck, new.discard = self.hsize[:], self.deck[:], self.discard[:]
        new.pcol, new.psum, new.btile = self.pcol[:], self.psum[:], self.btile[:]
        new.bup, new.reserve, new.supply = self.bup[:], self.reserve[:], self.supply[:]
        new.pempty, new.cart, new.sel = self.pempty[:], self.cart[:], self.sel[:]
        new.hands = [x[:] for x in self.hands]
        new.known = [x[:] for x in self.known]
        new.piles = [x[:] for x in self.piles]
        new.pterr = [x[:] for x in self.pterr]
        new.parch = [x[:] for x in self.parch]
        new.archt = [x[:] for x in self.archt]
        new.pmix = [x[:] for x in self.pmix]
        new.pts = [x[:] for x in self.pts]
        new.stats = [x[:] for x in self.stats]
        new.rinit = [x[:] for x in self.rinit]
        return new

    def reseed(self, rng: random.Random) -> None:
        """New chance stream from ``rng``."""
        self.chance_seed = rng.getrandbits(64)

    def determinize(self, player: int, rng: random.Random) -> LordOfWorldsState:
        """Redeal what ``player`` cannot see: hidden tiles, unknown hand cards, deck order (§7)."""
        return sample.determinize(self, player, rng)

    def faceup_tiles(self) -> tuple[tuple[int, int], ...]:
        """(hex, tile) of every face-up board tile (memoized until the board changes)."""
        found = self.cache[self.n]
        if found is None:
            btile, bup = self.btile, self.bup
            found = tuple((h, btile[h]) for h in self.ctx.board.tile_hexes if bup[h])
            self.cache[self.n] = found
        return found

    def fingerprint(self) -> tuple:
        """Every slot except ``cache`` (memoized public analyses, shared between copies)."""
        saved, self.cache = self.cache, None
        try:
            return super().fingerprint()
        finally:
            self.cache = saved

    def scores(self) -> list[float]:
        """Stars so far (chains and value sets are added at the end)."""
        return [float(sum(p)) for p in self.pts]

    def observation(self, player: int) -> str:
        """Canonical string of everything ``player`` can see."""
        btiles = tuple(
            t if u else (-2 if t >= 0 else -1) for t, u in zip(self.btile, self.bup, strict=True)
        )
        deck = tuple(sorted(self.deck)) if self.deck_known else len(self.deck)
        return repr((
            player, self.phase, self.player, self.first, self.turns, self.rounds, self.triggered,
            self.ended_by, self.reveals_left, self.hands[player], self.hsize, self.known, deck,
            self.deck_known, self.discard, self.reshuffles, self.piles, self.pcol, btiles,
            len(self.reserve), self.supply, self.pterr, self.parch, self.archt, self.pmix,
            self.cart, self.pts, self.stats, self.rinit, self.colour, self.budget, self.sel,
            self.moved, self.collected, self.free_used, self.pending, self.last_gain,
            self.free_step, self.vhex,
        ))  # fmt: skip

    def round_number(self) -> int:
        """The current round, from 1."""
        return self.rounds + 1  # rounds counts the finished ones

    def outcome(self) -> dict[str, Any]:
        """Game and seat statistics (§8)."""
        params = self.ctx.params
        seats = []
        for p in range(self.n):
            row: dict[str, Any] = dict(zip(PTS_COLUMNS, self.pts[p], strict=True))
            row["tiles_placed"] = self.stats[p][STAT_PLACED]
            row["turns_hiring"] = self.stats[p][STAT_HIRING]
            row["turns_playing"] = self.stats[p][STAT_PLAYING]
            row["longest_chain"] = self.stats[p][STAT_LONGEST]
            row.update(tile_counts(self, p))
            seats.append(row)
        game = {
            "variant": params.variant,
            "chain_table": params.chain_table,
            "value_set_table": params.value_set_table if params.scores_value_sets else "",
            "rounds": self.rounds,
            **start_columns((self.first,)),  # every round starts with the same player
        }
        return {"turns": self.turns, "ended_by": self.ended_by, "game": game, "seats": seats}

    def heuristic_value(self, player: int) -> float:
        """Stars plus provisional chain points, scaled to [0, 1] against the best rival."""
        return render.heuristic_value(self, player)

    def enable_trace(self) -> None:
        """Start recording narrative lines."""
        if self.trace is None:
            self.trace = []

    def trace_lines(self) -> list[str]:
        """Narrative since the last call."""
        if not self.trace:
            return []
        lines, self.trace = self.trace, []
        return lines

    def render(self) -> str:
        """Text view: display, hands, board, supply and an ASCII map of every planet."""
        return render.render(self)

    def action_label(self, action: int, viewer: int | None = None, *, reveal: bool = False) -> str:
        """Readable label of ``action`` in this state, as ``viewer`` sees it (None: the seat
        to act; ``reveal``: every hidden tile named)."""
        return render.action_label(self, action, viewer, reveal)

    def action_classes(self, action: int) -> tuple[str, ...]:
        """Classes for restricted play (see render.action_classes)."""
        return render.action_classes(self, action)

    def action_info(self, action: int) -> dict[str, Any]:
        """Decoded action columns before the action is applied."""
        return render.action_info(self, action)

    def post_action_info(self) -> dict[str, Any]:
        """Stars gained by the last action."""
        return {"points": self.last_gain}


bind_pure(LordOfWorldsState, "apply", rules.apply)  # pure build: the rules function itself
