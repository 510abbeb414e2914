"""A chunk's rows: the per-game loop of a worker and the columns it returns (compiled).

The loop runs once a game, between games, with cold caches: interpreted, it and its row
buffering were ~29k instructions a Ratjack game, 1.7% of a compiled game. Compiled with the
games (``native_modules.txt``) they are ~20k. ``simcore.engine.sweep.chunks`` passes ``play_game``
in, so
that the bench and tests can stand in for it (a compiled call to it could not be replaced).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from simcore.core.rng import game_seed
from simcore.engine.play.runner import GameRecord

Column = list[Any] | bytes  # a table column as a worker returns it (see ``compact_columns``)
Rotation = tuple[list[int], list[Any], list[str]]  # per seat: line-up slot, policy, its name


def record_games(
    play: Callable[..., GameRecord],
    game: Any,
    rotations: Sequence[Rotation],
    games: range,
    seed: int,
    tables: tuple[Rows, Rows, Rows, ProgressRows],
    rotate: bool,
    record_actions: bool,
) -> None:
    """Play ``games`` (indices of one cell) and append their rows to ``tables`` (games, seats,
    actions, progress). ``rotations[r]``: the seats of rotation ``r`` (the line-up turned
    ``r`` seats when ``rotate``)."""
    n = len(rotations)
    # methods called on the objects, not bound once: compiled, that is a direct C call
    game_rows, seat_rows, action_rows, progress_rows = tables
    for index in games:
        rotation = index % n if rotate else 0
        slots, policies, names = rotations[rotation]
        record = play(
            game,
            n,
            policies,
            game_seed(seed, index),
            record_actions=record_actions,
            policy_names=names,
        )
        game_rows.add_dict((index, rotation), record.game)
        seat_keys, seat_values = record.seat_keys, record.seat_values
        if len(seat_keys) != len(seat_values):
            raise ValueError(
                f"game {index}: column names for {len(seat_keys)} seats, values for "
                f"{len(seat_values)}"
            )
        for seat in range(len(seat_keys)):
            seat_rows.add((index, slots[seat]), seat_keys[seat], seat_values[seat])
        lead = (index,)
        progress_rows.add_game(index, record.progress, len(seat_keys))
        if record.actions:
            for row in record.actions:
                action_rows.add_dict(lead, row)


def compact_columns(columns: dict[str, list[Any]]) -> dict[str, Column]:
    """``columns`` with each column of ints 0..255 (a counter, a seat) as ``bytes``.

    A Ratjack game has ~100 such values. As bytes a column pickles as one copy (the parent
    loads every worker's chunks alone), is freed at once and is not traversed by the garbage
    collector; the parent's Parquet write reads it as one buffer. Converting costs the worker
    what converting the list costs the parent (``dataset.column_array``). A bool converts
    too (True is 1): the parent converts by the column's declared kind.
    """
    out: dict[str, Column] = {}
    for name, values in columns.items():
        first = values[0] if values else None
        # a constant column (an effect no deck in play has) is checked by identity at ~10
        # instructions a value, where bytes() spends ~125 converting each
        if (
            type(first) is int
            and 0 <= first <= 255
            and first == values[-1]
            and values.count(first) == len(values)
        ):
            out[name] = bytes((first,)) * len(values)
            continue
        try:
            out[name] = bytes(values)  # raises at a value outside 0..255, a float, a str, None
        except (TypeError, ValueError):
            out[name] = values
    return out


class Rows:
    """One table's rows, turned into columns at the end of a chunk.

    A row is a tuple of lead values, named once by ``lead_keys`` (the game index and such),
    and the row's own column names and values as two tuples; ``consts`` are columns with one
    value for every row (the run, the cell), kept once and repeated at the end. Rows with the
    same names in the same order (all of them, in practice) are appended to one flat list,
    and each column is a strided slice of it at the end. Per row that allocates nothing the
    garbage collector tracks: a dict or a tuple kept per row cost a sweep several microseconds
    a Ratjack game (a seat row has about 50 columns), ~1% of a short game in the copying and
    as much again in collections. A row with other names switches the table to per-name
    columns. A later name overrides an earlier one, as in a dict merge of consts, lead and row.
    """

    __slots__ = ("cols", "consts", "count", "flat", "keys", "lead_keys")

    def __init__(self, lead_keys: tuple[str, ...], consts: dict[str, Any] | None = None) -> None:
        self.lead_keys = lead_keys
        self.consts = dict(consts or {})
        self.keys: tuple[str, ...] | None = None
        self.flat: list[Any] = []
        self.cols: dict[str, list[Any]] | None = None
        self.count = 0

    def add(self, lead: tuple[Any, ...], keys: tuple[str, ...], values: tuple[Any, ...]) -> None:
        """Append one row: ``lead`` values (for ``lead_keys``), then ``values`` named ``keys``."""
        if self.cols is None:
            if self.keys is None:
                self.keys = keys
            if keys == self.keys and len(values) == len(keys):  # else zip(strict) raises below
                flat = self.flat
                flat += lead
                flat += values
                self.count += 1
                return
            self.cols = self._transposed()
        merged = dict(self.consts)
        merged.update(zip(self.lead_keys, lead, strict=True))
        merged.update(zip(keys, values, strict=True))
        for key in self.cols.keys() - merged.keys():  # a column this row lacks stays aligned
            merged[key] = None
        for key, value in merged.items():
            column = self.cols.get(key)
            if column is None:  # a new column: None for the rows before this one
                column = self.cols[key] = [None] * self.count
            column.append(value)
        self.count += 1

    def add_dict(self, lead: tuple[Any, ...], row: dict[str, Any]) -> None:
        """Append one row given as a dict of its own columns."""
        self.add(lead, tuple(row), tuple(row.values()))

    def columns(self) -> dict[str, list[Any]]:
        """Column lists by name (consts, lead keys, then the key order of the first row)."""
        return self.cols if self.cols is not None else self._transposed()

    def _transposed(self) -> dict[str, list[Any]]:
        if self.keys is None:
            return {}
        n = self.count
        cols = {key: [value] * n for key, value in self.consts.items()}
        keys = (*self.lead_keys, *self.keys)
        width = len(keys)
        cols.update({key: self.flat[i::width] for i, key in enumerate(keys)})
        return cols


class ProgressRows:
    """The progress table's rows, kept as its four columns: a random Lord of Worlds game has
    150 rounds of 3 seats, and a ``Rows.add`` a row cost a sweep of such games about 8%; a
    few list extensions a round cost a fraction of that."""

    __slots__ = ("consts", "game_index", "round", "score", "seat")

    def __init__(self, consts: dict[str, Any] | None = None) -> None:
        self.consts = dict(consts or {})
        self.game_index: list[int] = []
        self.round: list[int] = []
        self.seat: list[int] = []
        self.score: list[float] = []

    def add_game(self, index: int, progress: list[float], n_seats: int) -> None:
        """One game's progress (``GameRecord.progress``: per round the round, then a score
        per seat)."""
        width = n_seats + 1
        rounds = len(progress) // width
        seats = list(range(n_seats))
        self.game_index += [index] * (rounds * n_seats)
        for start in range(0, rounds * width, width):
            self.round += [int(progress[start])] * n_seats
            self.seat += seats
            self.score += progress[start + 1 : start + width]

    def columns(self) -> dict[str, list[Any]]:
        """Column lists by name (consts first, as ``Rows.columns``)."""
        n = len(self.game_index)
        if not n:
            return {}
        cols: dict[str, list[Any]] = {key: [value] * n for key, value in self.consts.items()}
        cols.update(game_index=self.game_index, round=self.round, seat=self.seat, score=self.score)
        return cols
