"""A sweep's chunks: planning, and what a worker plays and returns."""

from __future__ import annotations

import subprocess
import sys

import pytest

from simcore.engine.sweep.chunks import Chunk, plan_chunks
from simcore.engine.sweep.config import build_config
from tests.conftest import DUEL


def test_chunks_cover_every_game_of_every_cell_once_the_cells_in_step():
    raw = {
        "game": DUEL,
        "name": "plan",
        "players": 2,
        "games": 7,
        "seed": 1,
        "policies": ["random", "random"],
        "grid": {"bonus_card": [0, 8]},
    }
    cfg = build_config(raw, allow_import=True)
    # in step: a sweep stopped after any prefix holds about as many games of each cell
    assert plan_chunks(cfg, 3) == [
        Chunk(0, 0, 3),
        Chunk(1, 0, 3),
        Chunk(0, 3, 6),
        Chunk(1, 3, 6),
        Chunk(0, 6, 7),
        Chunk(1, 6, 7),
    ]
    # one size per cell: the second cell (say, one with a searching seat) in smaller chunks
    assert plan_chunks(cfg, [7, 2]) == [
        Chunk(0, 0, 7),
        Chunk(1, 0, 2),
        Chunk(1, 2, 4),
        Chunk(1, 4, 6),
        Chunk(1, 6, 7),
    ]
    assert Chunk(1, 6, 7).key(cfg.cells()) == "c001/000000006"


def test_a_worker_imports_neither_arrow_nor_numpy_to_play_a_chunk():
    # what a loky or Dask worker imports before its first game: the task, the config, a game
    code = (
        "import sys, pickle; from simcore.engine.sweep.chunks import plan_chunks, run_keyed; "
        "from simcore.engine.sweep.config import build_config; "
        "raw = {'name': 'w', 'game': 'lord_of_worlds', 'players': 2, 'games': 2, 'seed': 1, "
        "'policies': ['heuristic', 'mcts:iterations=2']}; cfg = build_config(raw); "
        "run_keyed(cfg, plan_chunks(cfg, 2)[0]); "
        "print(sorted(m for m in ('pyarrow', 'numpy', 'polars', 'pandas') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_record_with_more_seat_names_than_seat_values_is_refused(monkeypatch):
    import simcore.engine.sweep.chunks as chunks
    from simcore.engine.play.runner import GameRecord

    def broken(*_args, **_kwargs):
        return GameRecord({"seed": 1}, [("seat",), ("seat",)], [(0,)])

    monkeypatch.setattr(chunks, "play_game", broken)
    raw = {
        "game": DUEL,
        "name": "bad",
        "players": 2,
        "games": 1,
        "seed": 1,
        "policies": ["random", "random"],
    }
    with pytest.raises(ValueError, match="column names for 2 seats, values for 1"):
        chunks.run_chunk(build_config(raw, allow_import=True), Chunk(0, 0, 1))
