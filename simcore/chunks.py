"""A sweep's unit of work: chunks of one cell's games, played in a worker (DESIGN §5).

A worker plays a chunk's games and returns one column batch per table; it writes nothing.
The parent (``simcore.sweep``) buffers the batches and writes them as Parquet parts. A worker
imports only this module's chain, not Arrow: every loky or Dask worker a sweep starts pays for
its imports before its first game.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from simcore import registry
from simcore.config import Cell, SweepConfig, value_kind, variant_value
from simcore.lifeline import die_with_parent
from simcore.rng import game_seed
from simcore.runner import play_game

Column = list[Any] | bytes  # a table column as a worker returns it (see ``compact_columns``)
SEARCH_SPLIT: Final = 8  # cells with a searching seat get chunks this many times smaller


@dataclass(frozen=True)
class Chunk:
    """Games ``start``..``stop-1`` of one cell."""

    cell: int
    start: int
    stop: int

    def key(self, cells: list[Cell]) -> str:
        """Manifest key, e.g. ``c001/000000200``."""
        return f"{cells[self.cell].id}/{self.start:09d}"


def plan_chunks(cfg: SweepConfig, chunk_size: int | Sequence[int]) -> list[Chunk]:
    """All chunks of all cells, in cell order; ``chunk_size`` is one size or one per cell."""
    cells = cfg.cells()
    sizes = [chunk_size] * len(cells) if isinstance(chunk_size, int) else list(chunk_size)
    return [
        Chunk(cell.index, start, min(start + size, cfg.games))
        for cell, size in zip(cells, sizes, strict=True)
        for start in range(0, cfg.games, size)
    ]


def search_chunk_sizes(cfg: SweepConfig, size: int) -> list[int]:
    """Automatic chunk size per cell: ``size``, or an eighth of it where a seat searches.

    A search plays seconds per game (Rats of Wistar's MCTS about 26 s), so a chunk sized for
    the cheap cells of the same sweep would run for most of an hour: no progress to see, a
    worker idle at the end, and that much play to redo after a hard kill.
    """
    return [
        max(1, size // SEARCH_SPLIT)
        if any(getattr(p, "search", False) for p in game_and_policies(cfg, cell)[1])
        else size
        for cell in cfg.cells()
    ]


_CACHE: dict[str, tuple[Any, list[Any]]] = {}


def game_and_policies(cfg: SweepConfig, cell: Cell) -> tuple[Any, list[Any]]:
    """Build (once per process) the game and the line-up's policies of a cell."""
    key = json.dumps([cfg.game, cell.params, cell.policies], sort_keys=True, default=str)
    if key not in _CACHE:
        from strategies.registry import make_policy

        game = registry.make_game(cfg.game, cell.params)
        _CACHE[key] = (game, [make_policy(spec, game) for spec in cell.policies])
    return _CACHE[key]


def run_chunk(cfg: SweepConfig, chunk: Chunk) -> dict[str, dict[str, Column]]:
    """Play a chunk's games; return column batches for each table (runs in a worker)."""
    die_with_parent()  # a killed sweep takes its workers with it
    cell = cfg.cells()[chunk.cell]
    game, lineup = game_and_policies(cfg, cell)
    n = cell.players
    spec = game.spec
    base = {"run": cfg.name, "cell": cell.id}
    kinds = {k: value_kind(v) for k, v in cfg.grid.items()}
    variant = {f"var_{k}": variant_value(v, kinds[k]) for k, v in cell.variant.items()}
    fixed = {
        **base, "game": spec.id, "game_version": spec.version,
        "params_hash": game.params.params_hash(), "n_players": n,
        "lineup": "|".join(cell.policies), **variant,
    }  # fmt: skip
    games = Rows(("game_index", "rotation"), fixed)
    seats = Rows(("game_index", "slot"), base)
    actions = Rows(("game_index",), base)
    # per rotation: each seat's slot in the line-up, its policy and its name
    rotations = [_rotated(cell.policies, lineup, r) for r in range(n)]
    record_actions, rotate, seed0 = cfg.record_actions, cfg.seat_rotation, cfg.seed
    # bound once: the loop runs once per game, between games, with cold caches
    add_game, add_seat, add_action = games.add_dict, seats.add, actions.add_dict
    for index in range(chunk.start, chunk.stop):
        rotation = index % n if rotate else 0
        slots, policies, names = rotations[rotation]
        record = play_game(
            game, n, policies, game_seed(seed0, index),
            record_actions=record_actions, policy_names=names,
        )  # fmt: skip
        add_game((index, rotation), record.game)
        seat_keys, seat_values = record.seat_keys, record.seat_values
        if len(seat_keys) != len(seat_values):
            raise ValueError(f"game {index}: column names for {len(seat_keys)} seats, values for "
                             f"{len(seat_values)}")  # fmt: skip
        for seat in range(len(seat_keys)):
            add_seat((index, slots[seat]), seat_keys[seat], seat_values[seat])
        if record.actions:
            lead = (index,)
            for row in record.actions:
                add_action(lead, row)
    tables = {"games": games, "seats": seats, "actions": actions}
    return {name: compact_columns(rows.columns()) for name, rows in tables.items()}


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


def _rotated(
    specs: Sequence[str], lineup: list[Any], rotation: int
) -> tuple[list[int], list[Any], list[str]]:
    """Seat by seat, for one rotation of the line-up: its slot, policy and policy name."""
    n = len(specs)
    slots = [(seat + rotation) % n for seat in range(n)]
    return slots, [lineup[s] for s in slots], [specs[s] for s in slots]


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


def run_keyed(cfg: SweepConfig, chunk: Chunk) -> tuple[Chunk, dict[str, dict[str, Column]]]:
    """``run_chunk``'s tables with the chunk they belong to (the task a worker runs)."""
    return chunk, run_chunk(cfg, chunk)
