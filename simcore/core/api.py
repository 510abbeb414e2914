"""The game API every simulator implements (DESIGN §2).

A ``Game`` holds frozen ``Params``; ``Game.new_state`` makes a mutable ``State`` that owns its
own random stream. Actions are ints; compound choices are consecutive decisions of one seat.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Protocol, runtime_checkable

from simcore.core.errors import ConfigError, ContentError, IllegalActionError
from simcore.core.params import Params, file_params

TERMINAL: Final = -1
"""``current_player`` of a finished game."""

COLUMN_TYPES = ("int", "float", "str", "bool")
START_COLUMNS = {"first_player": "int", "round_starts": "str"}
"""Games-table columns every game records: who moved first, and who started each round."""


def start_columns(starts: Sequence[int]) -> dict[str, Any]:
    """``first_player`` (seat that moved first) and ``round_starts`` ("0|2|1": one per round)."""
    return {"first_player": starts[0] if starts else -1, "round_starts": "|".join(map(str, starts))}


@dataclass(frozen=True)
class GameSpec:
    """Static facts about a game."""

    id: str
    version: int
    min_players: int
    max_players: int
    hidden_information: bool
    description: str
    rules_source: str


@runtime_checkable
class ChanceSource(Protocol):
    """The chance stream a state owns (DESIGN §3): every chance event of ``apply`` draws from it.

    Implementations: ``simcore.core.chance.ChanceStream`` (a generator per event) and
    ``simcore.core.chance.LazyStream`` (one continuous generator). Copy semantics: ``clone()`` is
    independent; a copy and its original then draw the same numbers for the same events, and
    drawing from one never advances the other. A stream pickles.
    """

    def next_stream(self) -> random.Random:
        """The generator to draw the next chance event from."""
        ...

    def clone(self) -> ChanceSource:
        """An independent copy that draws what this stream would draw."""
        ...

    def reseed(self, rng: random.Random) -> None:
        """Replace the stream by one drawn from ``rng`` (a determinized copy's, ``State.reseed``),
        taking one ``rng.getrandbits(64)``."""
        ...

    def fingerprint(self) -> int:
        """An int, equal for streams that draw the same (however far each was derived or thawed);
        the stream is left as it is."""
        ...


class State(ABC):
    """Mutable game position. Subclasses declare ``__slots__`` and implement the abstract API."""

    __slots__ = ()

    @property
    @abstractmethod
    def current_player(self) -> int:
        """Seat to act, or ``TERMINAL``."""

    @property
    def plain(self) -> Any:
        """The position itself: a restricted view (``strategies.restricted``) answers with the
        position it wraps, so a policy can read either without a failed ``getattr``."""
        return self

    @abstractmethod
    def legal_actions(self) -> list[int]:
        """Actions the current seat may take (non-empty unless terminal)."""

    @abstractmethod
    def apply(self, action: int) -> None:
        """Apply ``action`` in place; raise ``IllegalActionError`` when it is not legal."""

    @abstractmethod
    def clone(self) -> State:
        """An independent copy (no shared mutable parts)."""

    @abstractmethod
    def scores(self) -> list[float]:
        """Current score of every seat."""

    @abstractmethod
    def observation(self, player: int) -> str:
        """Everything ``player`` can observe, as a canonical string (information-set key)."""

    @abstractmethod
    def outcome(self) -> dict[str, Any]:
        """Statistics of a finished game.

        ``{"turns": int, "ended_by": str, "game": {col: value}, "seats": [{col: value}, ...]}``
        with the columns the game class declares.
        """

    @property
    @abstractmethod
    def n_players(self) -> int:
        """Number of seats."""

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.current_player == TERMINAL

    def round_number(self) -> int:
        """The current round, from 1 (0 for a game without rounds): ``forbid=C@roundA-B``."""
        return 0

    def log_round_ends(self, log: list[float]) -> bool:
        """Have the game append to ``log``, whenever a round ends and play goes on, the round
        that ended and every seat's score once the action that ended it is done; False when the
        game cannot (the runner then asks ``round_number`` after every step).

        The runner's ``GameRecord.progress`` (rounds numbered on by one: the game's last round
        follows the last one logged); a copy of the state logs nothing. Asking after every step
        cost 1.3-1.5% of a random Ratjack or Rats of Wistar game's instructions;
        ``simcore.engine.check.conformance`` checks that a log equals what asking finds.
        """
        return False

    def winners(self) -> list[int]:
        """Seats that share the win (default: highest score)."""
        scores = self.scores()
        best = max(scores)
        return [i for i, s in enumerate(scores) if s == best]

    def returns(self) -> list[float]:
        """Win share per seat: 1/k to each of k tied winners, 0 otherwise (0 for all if running)."""
        if not self.is_terminal():
            return [0.0] * self.n_players
        return win_shares(self.winners(), self.n_players)

    def determinize(self, player: int, rng: random.Random) -> State:
        """A clone with everything ``player`` cannot observe resampled from ``rng``.

        Contract: the result depends only on ``observation(player)`` and ``rng``, and the
        clone's internal random stream is reseeded from ``rng``. Perfect information: a clone
        whose stream is reseeded.
        """
        copy = self.clone()
        copy.reseed(rng)
        return copy

    def reseed(self, rng: random.Random) -> None:
        """Reseed the state's internal chance stream from ``rng`` (override if it has one)."""

    def action_label(self, action: int, viewer: int | None = None, *, reveal: bool = False) -> str:
        """Human-readable name of ``action`` in this state, as seat ``viewer`` sees it.

        Labels are observations: ``viewer`` None means the seat to act, and the label names
        only what that seat can observe, so it depends on ``observation(viewer)`` and the
        action alone (resampling what the viewer cannot see, ``determinize(viewer)``, never
        changes it; ``check_game`` tests this). A hidden card is named by its place, never
        by its identity. ``reveal=True`` is the analyst's view: every identity is named
        (``boardlab play --trace --reveal``, which says so in its output).
        """
        return str(action)

    def action_classes(self, action: int) -> tuple[str, ...]:
        """Classes an action belongs to (e.g. ``"effect:rat/6"``), used by ``Restricted``."""
        return ()

    def keep_action_records(self, keep: bool) -> None:
        """Whether to keep what only ``post_action_info`` reads (the runner passes
        ``record_actions``; default: the state keeps nothing of the kind)."""

    def action_info(self, action: int) -> dict[str, Any]:
        """Decoded columns for the actions table, computed before ``action`` is applied."""
        return {}

    def post_action_info(self) -> dict[str, Any]:
        """Decoded columns for the actions table, computed after the action was applied."""
        return {}

    def heuristic_value(self, player: int) -> float:
        """Cheap estimate in [0, 1] of ``player``'s winning chances (for search cut-offs)."""
        scores = self.scores()
        lo, hi = min(scores), max(scores)
        return 0.5 if hi == lo else (scores[player] - lo) / (hi - lo)

    def fingerprint(self) -> tuple[Any, ...]:
        """A complete, hashable description of the state (tests use it for equality)."""
        frozen: tuple[Any, ...] = _freeze(self)
        return frozen

    def enable_trace(self) -> None:
        """Start keeping a narrative for ``trace_lines`` (off by default: it costs time)."""

    def trace_lines(self) -> list[str]:
        """Narrative lines since the last call (draws, effects, chance, scoring), if tracing.

        Like labels, each line shows only what the seat that acted can see, unless
        ``reveal_trace`` was called."""
        return []

    def reveal_trace(self) -> None:
        """Analyst mode for the narrative: from now on ``trace_lines`` name every hidden card.
        A game whose narrative holds only what the acting seat sees need not override it."""

    def render(self) -> str:
        """A multi-line text view of the whole position, hidden cards included (an analyst's
        view: a trace shows it only with ``reveal``)."""
        return ""

    def check_action(self, action: int) -> None:
        """Raise ``IllegalActionError`` unless ``action`` is legal now."""
        if action not in self.legal_actions():
            raise IllegalActionError(
                f"action {action!r} is not legal for seat {self.current_player}"
            )


@dataclass(frozen=True)
class ContentItem:
    """One changeable content entry: its text as played (generated from the numbers the rules
    read) and the action classes whose worth measures it (``place/S6``, ``resolve/rat/7``)."""

    text: str
    classes: tuple[str, ...] = ()


class Game(ABC):
    """A game definition bound to validated parameters."""

    spec: ClassVar[GameSpec]
    params_class: ClassVar[type[Params]]
    provisional_note: ClassVar[str] = ""
    """What of the game's content or geometry is invented (reports state it in the summary)."""
    game_columns: ClassVar[Mapping[str, str]] = {}
    seat_columns: ClassVar[Mapping[str, str]] = {}
    action_columns: ClassVar[Mapping[str, str]] = {}
    # content files (stems) whose entries' one-line texts the game writes from their numbers
    # when left out: a tune candidate that changes an entry's numbers drops its text
    generated_texts: ClassVar[tuple[str, ...]] = ()
    # parameter-name prefix -> the action classes whose worth measures what it sets
    param_class_prefixes: ClassVar[Mapping[str, tuple[str, ...]]] = {}

    def __init__(self, params: Params | None = None) -> None:
        self.params = params if params is not None else self.params_class()
        if not isinstance(self.params, self.params_class):
            raise ConfigError(f"{self.spec.id}: params must be {self.params_class.__name__}")

    @classmethod
    def from_overrides(cls, overrides: Mapping[str, Any] | None = None) -> Game:
        """Build with default params plus validated ``overrides``; bad content says which
        parameter named its file."""
        params = cls.params_class.from_overrides(overrides)
        try:
            return cls(params)
        except ContentError as exc:
            role = file_params(overrides)
            raise ContentError(f"{exc}{role}" if role not in str(exc) else str(exc)) from None

    def check_players(self, n_players: int) -> None:
        """Raise ``ConfigError`` for an unsupported player count."""
        lo, hi = self.spec.min_players, self.spec.max_players
        if not isinstance(n_players, int) or not lo <= n_players <= hi:
            raise ConfigError(
                f"players: {self.spec.id} is for {lo}-{hi} players, got {n_players!r}"
            )

    @abstractmethod
    def new_state(self, n_players: int, seed: int) -> State:
        """Initial state; all chance comes from a stream seeded by ``seed``."""

    def describe_class(self, name: str, n_players: int) -> str:
        """A readable name of an action class at a player count (reports name classes by it)."""
        return name

    def content_text(self, name: str, n_players: int | None = None) -> str | None:
        """The one-line text the game's data files give a content entry (a card effect, a
        wheel section or space, a tile, a scoring table), or None for a name without one."""
        return None

    @classmethod
    def param_classes(cls, name: str) -> tuple[str, ...]:
        """The action classes whose worth measures what parameter ``name`` sets
        (``hut_potions`` -> ``place/hut``): a comparison leads with their measures."""
        return next((v for k, v in cls.param_class_prefixes.items() if name.startswith(k)), ())

    def content_items(self) -> dict[str, ContentItem]:
        """Every content entry a designer can change (a card slot, a wheel sector, a tile
        type, a scoring table), by a plain name, with its text as played: two versions' items
        differ exactly where their content does (``analyses.compare.diff``)."""
        return {}

    def action_class_catalogue(self) -> dict[str, str] | None:
        """Every action class restricted play can name (``forbid=``) with its meaning, for
        these params; None when the game publishes none (no validation)."""
        return None

    def seat_view(self, state: State, viewer: int, *, reveal: bool = False) -> dict[str, Any]:
        """What seat ``viewer`` sees of ``state``, as plain data for a replay page: ``lines``
        (text) plus the game's own keys (``kind`` names the drawing). Like a label it is an
        observation (``determinize(viewer)`` never changes it); ``reveal`` is the analyst's
        view. Default: the scores alone."""
        return {"kind": "", "lines": [f"scores {' | '.join(f'{v:g}' for v in state.scores())}"]}

    def describe_params(self) -> list[dict[str, Any]]:
        """Parameter documentation rows with current values."""
        rows = self.params_class.describe()
        current = self.params.to_dict()
        for row in rows:
            row["value"] = current[row["name"]]
        return rows


def win_shares(winners: Sequence[int], n_players: int) -> list[float]:
    """1/k to each of k winners, 0 to the rest."""
    share = 1.0 / len(winners) if winners else 0.0
    out = [0.0] * n_players
    for w in winners:
        out[w] = share
    return out


def ranks(scores: Sequence[float]) -> list[int]:
    """Competition ranks (1 = best; ties share the better rank)."""
    return [1 + sum(1 for o in scores if o > s) for s in scores]


def _freeze(obj: Any, depth: int = 0) -> Any:
    if depth > 50:
        raise ValueError("state too deeply nested for fingerprint")
    if isinstance(obj, int | float | str | bool | bytes) or obj is None:
        return obj
    if isinstance(obj, random.Random):
        return ("Random", hash(obj.getstate()))
    if isinstance(obj, list | tuple):
        return tuple(_freeze(v, depth + 1) for v in obj)
    if isinstance(obj, set | frozenset):
        return tuple(sorted((_freeze(v, depth + 1) for v in obj), key=repr))
    if isinstance(obj, dict):
        return tuple(sorted(((repr(k), _freeze(v, depth + 1)) for k, v in obj.items())))
    if hasattr(obj, "tolist"):
        return _freeze(obj.tolist(), depth + 1)
    slots = _all_slots(type(obj))
    if slots:
        return (type(obj).__name__,) + tuple(
            (name, _freeze(getattr(obj, name, None), depth + 1)) for name in slots
        )
    if hasattr(obj, "__dict__"):
        return (type(obj).__name__,) + _freeze(vars(obj), depth + 1)
    return repr(obj)


def _all_slots(cls: type) -> list[str]:
    names: list[str] = []
    for klass in cls.__mro__:
        # a class the compiled build made native lists its fields in ``__mypyc_attrs__``
        fields = klass.__dict__.get("__slots__", klass.__dict__.get("__mypyc_attrs__", ()))
        for name in fields:
            if name not in names and not name.startswith("__"):
                names.append(name)
    return names
