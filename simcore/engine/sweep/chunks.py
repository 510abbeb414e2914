"""A sweep's unit of work: chunks of one cell's games, played in a worker (DESIGN §5).

A worker plays a chunk's games and returns one column batch per table; it writes nothing.
The parent (``simcore.engine.sweep.sweep``) buffers the batches and writes them as Parquet parts. A
worker
imports only this module's chain, not Arrow: every loky or Dask worker a sweep starts pays for
its imports before its first game.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from simcore.core import registry
from simcore.engine.play.rows import (
    Column,
    ProgressRows,
    Rotation,
    Rows,
    compact_columns,
    record_games,
)
from simcore.engine.play.runner import play_game
from simcore.engine.sweep.config import Cell, SweepConfig, value_kind, variant_value
from simcore.engine.sweep.lifeline import die_with_parent

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
    """All chunks of all cells, the cells taken in step (by first game, then cell);
    ``chunk_size`` is one size or one per cell.

    In step, not cell by cell: a long sweep stopped part-way (and read, or resumed later)
    holds about as many games of every cell, so its paired cells (the two seatings of a head
    to head, a grid's rule versions) still pair; cell by cell it held the first cells only.
    """
    cells = cfg.cells()
    sizes = [chunk_size] * len(cells) if isinstance(chunk_size, int) else list(chunk_size)
    chunks = [
        Chunk(cell.index, start, min(start + size, cfg.games))
        for cell, size in zip(cells, sizes, strict=True)
        for start in range(0, cfg.games, size)
    ]
    return sorted(chunks, key=lambda c: (c.start, c.cell))


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
    key = json.dumps(
        [cfg.game, cell.params, cell.policies, cfg.allow_import], sort_keys=True, default=str
    )
    if key not in _CACHE:
        with registry.imports_allowed(cfg.allow_import):
            game = registry.make_game(cfg.game, cell.params)
        _CACHE[key] = (game, build_policies(cfg, game, cell.policies))
    return _CACHE[key]


def build_policies(cfg: SweepConfig, game: Any, specs: Sequence[str]) -> list[Any]:
    """The policies of ``specs`` for ``game``, built afresh (not cached)."""
    from strategies.registry import make_policy

    # a worker resolves the specs the user vouched for (``--allow-import``), nothing else
    with registry.imports_allowed(cfg.allow_import):
        return [make_policy(spec, game) for spec in specs]


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
        **base,
        "game": spec.id,
        "game_version": spec.version,
        "params_hash": game.params.params_hash(),
        "n_players": n,
        "lineup": "|".join(cell.policies),
        **variant,
    }
    games = Rows(("game_index", "rotation"), fixed)
    seats = Rows(("game_index", "slot"), base)
    actions = Rows(("game_index",), base)
    progress = ProgressRows(base)
    # per rotation: each seat's slot in the line-up, its policy and its name
    rotations = [_rotated(cell.policies, lineup, r) for r in range(n)]
    record_games(
        play_game,
        game,
        rotations,
        range(chunk.start, chunk.stop),
        cfg.seed,
        (games, seats, actions, progress),
        cfg.seat_rotation,
        cfg.record_actions,
    )
    tables: dict[str, Rows | ProgressRows] = {
        "games": games,
        "seats": seats,
        "actions": actions,
        "progress": progress,
    }
    return {name: compact_columns(rows.columns()) for name, rows in tables.items()}


def _rotated(specs: Sequence[str], lineup: list[Any], rotation: int) -> Rotation:
    """Seat by seat, for one rotation of the line-up: its slot, policy and policy name."""
    n = len(specs)
    slots = [(seat + rotation) % n for seat in range(n)]
    return slots, [lineup[s] for s in slots], [specs[s] for s in slots]


def run_keyed(cfg: SweepConfig, chunk: Chunk) -> tuple[Chunk, dict[str, dict[str, Column]]]:
    """``run_chunk``'s tables with the chunk they belong to (the task a worker runs)."""
    return chunk, run_chunk(cfg, chunk)
