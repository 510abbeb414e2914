"""A run directory's names and base columns (DESIGN §5): what the writer
(``simcore.engine.run.dataset``)
and the checks of untrusted run data (``simcore.engine.run.trust``) both read."""

from __future__ import annotations

import pyarrow as pa

TABLES = ("games", "seats", "actions", "progress")
# the tables every run writes; ``actions`` only with record_actions (runs before the progress
# table list games and seats alone)
RUN_TABLES = ("games", "seats", "progress")
MANIFEST = "manifest.json"
CHUNK_LOG = "chunks.jsonl"  # finished chunks since the manifest was last written (append-only)
FORMAT = 1
INT64 = pa.int64()
ARROW_TYPES = {"int": INT64, "float": pa.float64(), "str": pa.string(), "bool": pa.bool_()}
SORT_KEYS = {"games": ["cell", "game_index"], "seats": ["cell", "game_index", "seat"],
             "actions": ["cell", "game_index", "step"],
             "progress": ["cell", "game_index", "round", "seat"]}  # fmt: skip

GAME_BASE = {
    "run": "str", "cell": "str", "game_index": "int", "seed": "int", "game": "str",
    "game_version": "int", "params_hash": "str", "n_players": "int", "lineup": "str",
    "rotation": "int", "turns": "int", "steps": "int", "ended_by": "str", "wall_ms": "float",
}  # fmt: skip
SEAT_BASE = {
    "run": "str", "cell": "str", "game_index": "int", "seat": "int", "slot": "int",
    "policy": "str", "score": "float", "rank": "int", "win_share": "float", "tiebreak": "int",
    "forced_moves": "int",
}  # fmt: skip
ACTION_BASE = {
    "run": "str", "cell": "str", "game_index": "int", "step": "int", "seat": "int",
    "action": "int", "label": "str",
}  # fmt: skip
PROGRESS_BASE = {
    "run": "str", "cell": "str", "game_index": "int", "round": "int", "seat": "int",
    "score": "float",
}  # fmt: skip
"""Each seat's score so far at the end of every round (the last row: the game's end)."""
# Columns of a run whose line-up has a seat that times its decisions (a person's, in
# ``boardlab playtest``): on every actions row, null where a program chose
TIMED_ACTION_COLUMNS = {"think_ms": "float"}
