"""The Ratjack position: integer-coded cards, chips and knowledge masks (§1-§8)."""

from __future__ import annotations

import random
from typing import Any, Final

from simcore.api import TERMINAL, State
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
    "deck", "discard", "up", "chip", "chip_on", "face", "seen", "vp", "elim", "stats", "tvals",
    "trk", "tmask",
)  # fmt: skip
_SCALARS: Final = (
    "params", "ct", "effects", "rule_params", "n", "all", "nstat", "phase", "cur", "start",
    "setup_left", "round_no", "turns", "rturns", "limbo", "ef", "ex", "es", "ea", "eb", "extra",
    "drew", "last_gain", "last_card", "last_effect", "ended_by", "win", "tgt_all", "tgt_chips",
    "seed_base", "chance_n", "others", "pend", "starts", "telim",
)  # fmt: skip


_FP_SCALARS: Final = tuple(n for n in _SCALARS[4:] if n != "win")  # fingerprinted scalars, in order


class RatjackState(State):
    """Mutable Ratjack position.

    Cards are ids 0..23 (deck index * 12 + value - 1). ``deck``/``discard`` are lists with the
    top at the end; ``hand``/``disp`` are per-seat lists. Per card: ``up`` (face up in a display),
    ``chip`` (chip index or -1) and ``seen`` (bit mask of the seats that can identify the card
    while it is hidden, §8). Per chip: ``face`` (showing face) and ``chip_on`` (card, -1 reserve,
    -2 out for the round).
    """

    __slots__ = (*_LISTS, *_SCALARS, "hand", "disp", "trace", "reveal", "cache", "plan_only")
    # The slots again, typed: the compiled build (``simcore.native``) makes them native fields.
    params: RatjackParams
    ct: Content
    effects: Any
    rule_params: RuleParams
    n: int
    all: int
    nstat: int
    phase: int
    cur: int
    start: int
    setup_left: int
    round_no: int
    turns: int
    rturns: int
    limbo: int
    ef: int
    ex: int
    es: int
    ea: int
    eb: int
    extra: bool
    drew: int
    last_gain: int
    last_card: int
    last_effect: int
    ended_by: str
    win: list[int]
    tgt_all: bool
    tgt_chips: bool
    seed_base: int
    chance_n: int
    others: tuple[tuple[int, ...], ...]
    pend: int
    starts: tuple[int, ...]
    telim: int
    deck: list[int]
    discard: list[int]
    up: list[int]
    chip: list[int]
    chip_on: list[int]
    face: list[int]
    seen: list[int]
    vp: list[int]
    elim: list[int]
    stats: list[int]
    tvals: list[int]
    trk: list[int]
    tmask: list[int]
    hand: list[list[int]]
    disp: list[list[int]]
    trace: list[str] | None
    reveal: bool
    cache: list[int] | None
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
        self.params, self.ct, self.n = params, content, n_players
        # the game passes its copy; built here only for a state made directly
        self.rule_params = (
            rule_params if rule_params is not None else params_copy(RuleParams, params)
        )
        self.effects = EFFECTS  # read by resolve: effects that resolve other cards need it
        self.all = (1 << n_players) - 1
        self.nstat = NSTAT
        self.tgt_all = params.eliminated_targetable == "all"
        self.tgt_chips = params.eliminated_targetable == "chips"
        self.others = tuple(tuple(q for q in range(n_players) if q != a) for a in range(n_players))
        # Chance: the state owns a stream seeded from the game seed; it is kept as two ints
        # (base seed, events so far) so that clones copy no generator state.
        rng = state_stream(seed)  # also the stream of round 1's setup
        self.seed_base = rng.getrandbits(64)
        self.chance_n = 0
        self.trace: list[str] | None = None
        self.reveal = False  # the narrative names hidden cards (``reveal_trace``)
        self.cache: list[int] | None = None
        # A lookahead copy that is only scored up to the end of the round sets this: the next
        # round's deal (a shuffle, ~10% of heuristic play) is then skipped (rules._end_round).
        self.plan_only = False
        self.vp = [0] * n_players
        self.tvals = [0] * n_players
        self.stats = [0] * (n_players * NSTAT)
        self.face = [a for a, _ in content.chip_faces]
        self.chip_on = [-1] * len(content.chip_faces)
        self.turns = self.round_no = 0
        self.ended_by, self.win = "", []
        self.last_card = self.last_effect = self.drew = -1
        self.pend = 0
        self.starts: tuple[int, ...] = ()  # start player of every round so far (records)
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
        return self.cur

    @property
    def n_players(self) -> int:
        """Number of seats."""
        return self.n

    def legal_actions(self) -> list[int]:
        """Legal actions of the current seat (cached until the next apply)."""
        cache = self.cache
        if cache is None:
            cache = self.cache = rules.legal_actions(self)
        return cache[:]

    def apply(self, action: int) -> None:
        """Apply ``action``; ``IllegalActionError`` (state unchanged) if it is not legal."""
        rules.apply(self, action)  # a method, not ``apply = rules.apply``: mypyc compiles it

    def clone(self) -> RatjackState:
        """Independent copy (params and content tables are shared: immutable)."""
        new = RatjackState.__new__(RatjackState)  # compiled: through the blank ``__init__``
        # Spelled out, not a getattr/setattr loop over _SCALARS: clone is the hottest call of
        # search and lookahead, and this is ~2x faster (test_clone_copies_every_slot guards it).
        new.params, new.ct, new.effects, new.n = self.params, self.ct, self.effects, self.n
        new.rule_params = self.rule_params
        new.all, new.nstat, new.phase, new.cur = self.all, self.nstat, self.phase, self.cur
        new.start, new.setup_left, new.round_no = self.start, self.setup_left, self.round_no
        new.turns, new.rturns, new.limbo, new.ef = self.turns, self.rturns, self.limbo, self.ef
        new.ex, new.es, new.ea, new.eb, new.extra = self.ex, self.es, self.ea, self.eb, self.extra
        new.drew, new.last_gain, new.last_card = self.drew, self.last_gain, self.last_card
        new.last_effect, new.ended_by = self.last_effect, self.ended_by
        new.tgt_all, new.tgt_chips, new.seed_base = self.tgt_all, self.tgt_chips, self.seed_base
        new.chance_n, new.others, new.pend = self.chance_n, self.others, self.pend
        new.starts, new.telim = self.starts, self.telim
        new.deck, new.discard = self.deck[:], self.discard[:]
        new.up, new.chip, new.chip_on = self.up[:], self.chip[:], self.chip_on[:]
        new.face, new.seen, new.vp = self.face[:], self.seen[:], self.vp[:]
        new.elim, new.tvals = self.elim[:], self.tvals[:]
        # a lookahead copy counts nothing (``count``): it shares the counters, a third of the
        # values a clone copies
        new.stats = self.stats if self.plan_only else self.stats[:]
        new.trk, new.tmask = self.trk[:], self.tmask[:]
        new.win = self.win[:]
        # loops, not comprehensions: each comprehension builds a frame on Python 3.11
        hand, disp = [], []
        for h in self.hand:
            hand.append(h[:])
        for d in self.disp:
            disp.append(d[:])
        new.hand, new.disp = hand, disp
        new.trace, new.reveal = None, self.reveal  # narrative stays with the traced original
        new.cache, new.plan_only = self.cache, self.plan_only
        return new

    def chance(self) -> random.Random:
        """The random stream of the next chance event (derived from the state's seed)."""
        self.chance_n += 1
        return random.Random(self.stream_seed() * 1_000_003 + self.chance_n)

    def stream_seed(self) -> int:
        """The seed of the chance streams, derived on first use after a ``reseed``."""
        self.seed_base = _derived(self.seed_base)
        return self.seed_base

    def values(self) -> list[int]:
        """Every seat's value (§5): modified values of face-up cards."""
        valt, chip, face, up = self.ct.valt, self.chip, self.face, self.up
        out = []
        for d in self.disp:
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
        if self.phase == P_DRAW and self.rturns:
            return self.tvals
        return self.values()

    def value(self, p: int) -> int:
        """Seat ``p``'s value."""
        valt, chip, face, up = self.ct.valt, self.chip, self.face, self.up
        tot = 0
        for c in self.disp[p]:
            if up[c]:
                k = chip[c]
                tot += valt[c][0 if k < 0 else face[k] + 1]
        return tot

    def scores(self) -> list[float]:
        """Victory points."""
        return [float(v) for v in self.vp]

    def winners(self) -> list[int]:
        """Seats that reached points_to_win (shared win), or the VP leaders at a limit."""
        if self.cur == TERMINAL and self.win:
            return list(self.win)
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
        """New chance stream (what ``substream(rng).getrandbits(64)`` gives, derived lazily)."""
        # Deriving costs a generator seeding (~8% of heuristic play), and most determinized
        # lookahead copies never reach a chance event: keep the raw draw, bit-inverted (< 0)
        self.seed_base = ~rng.getrandbits(64)
        self.chance_n = 0

    def fingerprint(self) -> tuple:
        """Every game-relevant field (the legal-action cache and the trace excluded)."""
        lists = tuple(tuple(getattr(self, n)) for n in _LISTS)
        seed = _derived(self.seed_base)  # whether or not a chance event derived it yet
        scal = tuple(seed if n == "seed_base" else getattr(self, n) for n in _FP_SCALARS)
        hands = tuple(tuple(h) for h in self.hand)
        disp = tuple(tuple(d) for d in self.disp)
        return (lists, scal, tuple(self.win), hands, disp)

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
            seat, reveal = self.cur, self.reveal
            known = all(text.sees(self, c, seat, reveal) for c in cards)
            self.trace.append(line if known else hidden)

    def note_target(self, action: int) -> None:
        """Narrate a chosen card position (as the seat to act sees it)."""
        if self.trace is not None:
            self.trace.append("target " + text.pos_name(self, action, self.cur, self.reveal))

    def note_chip(self, action: int, face: int) -> None:
        """Narrate a chip placement (as the seat to act sees the card)."""
        if self.trace is not None:
            where = text.pos_name(self, action, self.cur, self.reveal)
            self.trace.append(f"chip {text.FACE_IDS[face]} on {where}")


def _derived(seed_base: int) -> int:
    """The stream seed ``seed_base`` stands for: itself, or after a ``reseed`` (< 0: the
    bit-inverted raw draw) the seed that draw derives."""
    return seed_base if seed_base >= 0 else random.Random(~seed_base).getrandbits(64)


bind_pure(RatjackState, "apply", rules.apply)  # pure build: the rules function itself
