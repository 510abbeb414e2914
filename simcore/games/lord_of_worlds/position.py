"""The Lord of Worlds position as data: every field declared once, with its copy and
fingerprint (``simcore.core.fields``), and what reads the fields alone (scores, observation).

The rules are functions of this position (``rules``, ``options``, ``cards``, ``planet``); the
engine plays ``state.LordOfWorldsState``, which adds the methods that apply them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Final

from simcore.core import fields
from simcore.core.api import TERMINAL, ChanceSource, State
from simcore.core.content import reduce_frozen
from simcore.games.lord_of_worlds.board import Board
from simcore.games.lord_of_worlds.codes import P_OVER
from simcore.games.lord_of_worlds.tables import Cards, ParamsMirror, Planet, Scoring, Tiles

# columns of ``Position.stats``
STAT_PLACED: Final = 0
STAT_HIRING: Final = 1
STAT_PLAYING: Final = 2
STAT_LONGEST: Final = 3


@dataclass(frozen=True)
class Context:
    """Everything immutable a state needs: params, content and geometry for one player count."""

    params: ParamsMirror  # every parameter (generated from LordOfWorldsParams: tables.py)
    n_players: int
    cards: Cards
    tiles: Tiles
    planet: Planet
    board: Board
    scoring: Scoring
    in_play: tuple[int, ...]
    tile_type: tuple[int, ...]
    tile_value: tuple[int, ...]
    top_value: int  # max(tile_value): value-indexed tables have top_value + 1 entries
    n_kinds: int
    trigger_empty_hexes: int  # a planet with at most this many empty hexes ends the game

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)  # compiled: a frozen class cannot be restored field by field


class Position(State):
    """A Lord of Worlds position (integer-coded): the fields below are its whole declaration.

    Per-seat fields are lists indexed by seat; board and planet fields by hex. Tiles, card kinds
    and hexes are ints (``tables``, ``board``); -1 means none.
    """

    # -- the game, immutable: shared by every copy
    context: Context
    # -- chance: reshuffles draw from it (``cards.reshuffle``)
    chance: ChanceSource  # a ChanceStream, events from 0, kept on reseed
    # -- narrative lines while tracing, else None
    trace: list[str] | None
    round_log: list[float] | None  # the runner's progress: each round's end (log_round_ends)
    # -- memoized public analyses: [seat] planet view for heuristics, [n] the face-up board
    #    tiles; copies share the analyses until they change
    cache: list[Any]
    legal_cache: list[int] | None  # legal actions until the next apply; never changed in place
    # -- turn order
    n: int  # number of seats
    player: int  # the seat to act
    phase: int  # the decision step (``codes.P_*``)
    first_player: int  # the seat that starts every round
    turns: int
    rounds: int  # finished rounds
    end_triggered: bool  # a planet is full enough: this round is the last (§6)
    ended_by: str  # "planet" or "stall" once over
    reveals_left: int  # setup reveals still to make (standard game)
    # -- assistant cards: per seat, the count of each card kind
    hands: list[list[int]]
    hand_size: list[int]
    known_cards: list[list[int]]  # of each hand, the cards everyone saw enter it (hired)
    shown_start_cards: list[list[int]]  # starting-hand cards played or discarded face up
    deck: list[int]  # card kinds, the top last
    deck_known: bool  # the deck's content is public (after a reshuffle)
    discard: list[int]  # count of each card kind
    reshuffles: int
    piles: list[list[int]]  # the display: each pile's card kinds
    pile_colour: list[int]
    pile_sum: list[int]
    # -- main board and tile supply
    board_tile: list[int]  # per board hex, the tile on it
    board_face_up: list[int]  # per board hex, 1 when its tile is face up
    face_up_count: int
    reserve: list[int]  # tiles not on the board, the next to supply last
    supply: list[int]  # the open supply
    cart_hex: list[int]  # per seat, the hex of its cart
    # -- planets, per seat and planet hex
    planet_tile: list[list[int]]  # the terrain tile filling the hex
    planet_architects: list[list[int]]  # architect tiles laid on the hex
    architect_tiles: list[list[tuple[int, int]]]  # per seat, (hex, tile) of each laid
    mix_declared: list[list[int]]  # the terrain a mix tile was declared for (§5), else -1
    empty_count: list[int]  # per seat, hexes no terrain tile fills
    points: list[list[int]]  # per seat, stars by source (``planet.SOURCES``)
    stats: list[list[int]]  # per seat, the STAT_* counts
    # -- the turn in progress
    play_colour: int  # the colour the cards are played as
    budget: int  # card points left to spend
    selected: list[int]  # card kinds chosen to pay
    steps_moved: int
    collected: bool  # the paid collection is made
    free_used: bool  # the free collection is made or passed
    pending_tile: int  # the tile to place
    last_gain: int  # stars the last action gained
    free_step: int  # 1: the next step is free (a strategic jump's included step)
    viewpoint_hex: int  # planet hex of a viewpoint whose tied chains wait for the choice
    __slots__ = tuple(__annotations__)  # pure build; the compiled build makes native fields

    @property
    def plain(self) -> Position:
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

    def clone(self) -> Position:
        """Independent copy (``state.LordOfWorldsState`` makes it)."""
        raise NotImplementedError

    def note(self, line: str) -> None:
        """Add a narrative line when tracing."""
        if self.trace is not None:
            self.trace.append(line)

    def reseed(self, rng: random.Random) -> None:
        """New chance stream from ``rng`` (``ChanceStream.reseed``: the raw draw as the seed,
        the events keep their numbers)."""
        self.chance.reseed(rng)

    def faceup_tiles(self) -> tuple[tuple[int, int], ...]:
        """(hex, tile) of every face-up board tile (memoized until the board changes)."""
        found = self.cache[self.n]
        if found is None:
            btile, bup = self.board_tile, self.board_face_up
            tiles = []  # a loop, not a generator: no frame per tile
            for h in self.context.board.tile_hexes:
                if bup[h]:
                    tiles.append((h, btile[h]))
            found = self.cache[self.n] = tuple(tiles)
        return found

    def fingerprint(self) -> tuple:
        """Every field of the position (``NOT_POSITION`` left out)."""
        return fields.fingerprint(self, FINGERPRINTED)

    def scores(self) -> list[float]:
        """Stars so far (chains and value sets are added at the end)."""
        out = []  # a loop, not a comprehension: no frame (the runner asks at every round's end)
        for p in self.points:
            total = 0
            for x in p:  # compiled, sum() of a list is a generic call
                total += x
            out.append(float(total))
        return out

    def observation(self, player: int) -> str:
        """Canonical string of everything ``player`` can see."""
        btiles = tuple(
            t if u else (-2 if t >= 0 else -1)
            for t, u in zip(self.board_tile, self.board_face_up, strict=True)
        )
        deck = tuple(sorted(self.deck)) if self.deck_known else len(self.deck)
        return repr(
            (
                player,
                self.phase,
                self.player,
                self.first_player,
                self.turns,
                self.rounds,
                self.end_triggered,
                self.ended_by,
                self.reveals_left,
                self.hands[player],
                self.hand_size,
                self.known_cards,
                deck,
                self.deck_known,
                self.discard,
                self.reshuffles,
                self.piles,
                self.pile_colour,
                btiles,
                len(self.reserve),
                self.supply,
                self.planet_tile,
                self.planet_architects,
                self.architect_tiles,
                self.mix_declared,
                self.cart_hex,
                self.points,
                self.stats,
                self.shown_start_cards,
                self.play_colour,
                self.budget,
                self.selected,
                self.steps_moved,
                self.collected,
                self.free_used,
                self.pending_tile,
                self.last_gain,
                self.free_step,
                self.viewpoint_hex,
            )
        )

    def round_number(self) -> int:
        """The current round, from 1."""
        return self.rounds + 1  # rounds counts the finished ones

    def log_round_ends(self, log: list[float]) -> bool:
        """Each round's end into ``log`` (``State.log_round_ends``): ``rules.next_turn``."""
        self.round_log = log
        return True

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

    def post_action_info(self) -> dict[str, Any]:
        """Stars gained by the last action."""
        return {"points": self.last_gain}


# The legal actions are only ever replaced, never changed in place: copies share the list.
CLONE_SHARES: Final = ("legal_cache",)
# A copy logs no round ends (only the runner's game does).
CLONE_RESETS: Final = {"round_log": None}
# Fields that are no part of the position: the game's tables and the bookkeeping.
NOT_POSITION: Final = ("context", "trace", "round_log", "cache", "legal_cache")
FINGERPRINTED: Final = tuple(
    name for name in fields.declared_fields(Position) if name not in NOT_POSITION
)
