"""Run data is untrusted input (docs/design.md, "Trust boundary").

A run folder may come from someone else, so its manifest, chunk log and parts are checked
against their shapes, against each other and against the run's game before anything reads
them: every mismatch is a ``RunDirError`` (exit 2) naming the file and the field, never a
crash deep inside an analysis (exit 70) and never a report built from rows of another run.
Names in run data (games, policies) are looked up among the registered ones only: nothing
read here imports code.
"""

from __future__ import annotations

import errno
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from simcore.core.errors import RunDirError
from simcore.engine.run.layout import (
    ACTION_BASE,
    ARROW_TYPES,
    GAME_BASE,
    MANIFEST,
    PROGRESS_BASE,
    SEAT_BASE,
    TABLES,
    TIMED_ACTION_COLUMNS,
)

# OS errors that mean the disk, not the input: exit 74 with the --resume hint, never exit 2.
IO_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EIO, errno.EFBIG, errno.EROFS})
MAX_CELLS = (
    10_000  # as simcore.engine.sweep.config.MAX_CELLS (not imported: config imports the registry)
)
MAX_PLAYERS = 64
MAX_GAMES = 100_000_000
# Ids and file names from run data are plain names (no '/'), so a path built from them stays
# in the run folder; a sweep writes c000, c000/000000000 and part-c000-000000000.parquet.
CELL_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")
CHUNK_KEY = re.compile(r"([A-Za-z0-9][A-Za-z0-9_.-]{0,63})/(\d{9,12})")
PART_FILE = re.compile(r"part-[A-Za-z0-9_-][A-Za-z0-9_.-]{0,99}\.parquet")
SHA256 = re.compile(r"[0-9a-f]{64}")
PLAIN_ID = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}")
RUN_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,119}")
BASES = {"games": GAME_BASE, "seats": SEAT_BASE, "actions": ACTION_BASE, "progress": PROGRESS_BASE}
FIELDS: dict[str, type | tuple[type, ...]] = {
    "format": int, "name": str, "game": str, "game_version": int, "description": str,
    "config": dict, "config_hash": str, "fingerprint": dict, "cells": list, "content": dict,
    "versions": dict, "seeds": dict, "execution": dict, "schemas": dict, "tables": list,
    "games_per_cell": int, "created": str, "updated": str, "complete": bool, "chunks": dict,
    "content_files": dict,
}  # fmt: skip
CONFIG_FIELDS: dict[str, type] = {
    "name": str, "game": str, "players": int, "games": int, "seed": int, "params": dict,
    "policies": list, "seat_rotation": bool, "grid": dict, "record_actions": bool,
}  # fmt: skip


def fail(path: Any, field: str, problem: str) -> RunDirError:
    """The error for a bad field: ``<file>: field 'x.y' <problem>``."""
    return RunDirError(f"{path}: field {field!r} {problem}")


def _is(value: Any, kind: type | tuple[type, ...]) -> bool:
    """``isinstance`` that does not take a bool for an int."""
    return isinstance(value, kind) and not (isinstance(value, bool) and kind in (int, float))


def _check_type(path: Any, field: str, value: Any, kind: type | tuple[type, ...]) -> None:
    if not _is(value, kind):
        name = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
        shown = repr(value)[:60]
        raise fail(path, field, f"must be {_kind_word(name)}, got {shown} ({type(value).__name__})")


def _kind_word(name: str) -> str:
    return {
        "dict": "an object",
        "list": "a list",
        "str": "a string",
        "int": "an integer",
        "bool": "true or false",
    }.get(name, name)


def _int_in(path: Any, field: str, value: Any, lo: int, hi: int) -> int:
    _check_type(path, field, value, int)
    if not lo <= value <= hi:
        raise fail(path, field, f"must be between {lo} and {hi}, got {value}")
    checked: int = value  # an int: _check_type raised otherwise
    return checked


def check_manifest(manifest: Any, path: Any) -> None:
    """Every field of a manifest has its shape, and the fields agree with each other."""
    if not isinstance(manifest, dict):
        raise RunDirError(f"{path}: not a boardlab manifest (not a JSON object)")
    for key, kind in FIELDS.items():
        if key in manifest:
            _check_type(path, key, manifest[key], kind)
    if "name" in manifest and not RUN_NAME.fullmatch(manifest["name"]):
        raise fail(path, "name", f"is not a plain run name: {manifest['name'][:60]!r}")
    if "game" in manifest and not PLAIN_ID.fullmatch(manifest["game"]):
        raise fail(path, "game", f"is not a game id: {manifest['game'][:60]!r}")
    if "games_per_cell" in manifest:
        _int_in(path, "games_per_cell", manifest["games_per_cell"], 1, MAX_GAMES)
    for key, kinds in (
        ("fingerprint", str),
        ("versions", str),
        ("content", (str, int, float, bool)),
        ("seeds", (str, int, float, bool)),
        ("content_files", str),
    ):
        for k, v in manifest.get(key, {}).items():
            _check_type(path, f"{key}.{k}", v, kinds)
    _check_cells(manifest.get("cells", []), path)
    _check_config(manifest.get("config", {}), path)
    _check_execution(manifest, path)
    _check_tables(manifest, path)
    for key, entry in manifest.get("chunks", {}).items():
        check_chunk(key, entry, path, f"chunks.{key}")
    _check_chunks_agree(manifest, path)


def _check_cells(cells: list[Any], path: Any) -> None:
    if len(cells) > MAX_CELLS:
        raise fail(path, "cells", f"lists {len(cells)} cells; at most {MAX_CELLS}")
    seen = set()
    for i, cell in enumerate(cells):
        where = f"cells[{i}]"
        _check_type(path, where, cell, dict)
        if "cell" not in cell:
            raise fail(path, where, "has no 'cell'")
        if not _is(cell["cell"], str) or not CELL_ID.fullmatch(cell["cell"]):
            raise fail(path, f"{where}.cell", f"is not a cell id: {str(cell['cell'])[:40]!r}")
        if cell["cell"] in seen:
            raise fail(path, f"{where}.cell", f"repeats {cell['cell']!r}")
        seen.add(cell["cell"])
        players = None
        if "players" in cell:
            players = _int_in(path, f"{where}.players", cell["players"], 1, MAX_PLAYERS)
        if "policies" in cell:
            _check_specs(path, f"{where}.policies", cell["policies"], players)
        for key, kind in (("variant", dict), ("params", dict), ("params_hash", str)):
            if key in cell:
                _check_type(path, f"{where}.{key}", cell[key], kind)


def _check_specs(path: Any, field: str, specs: Any, players: int | None = None) -> None:
    _check_type(path, field, specs, list)
    if not specs or (players is not None and len(specs) != players):
        raise fail(path, field, f"must list one policy spec per seat, got {len(specs)}")
    for j, spec in enumerate(specs):
        _check_type(path, f"{field}[{j}]", spec, str)


def _check_config(config: dict[str, Any], path: Any) -> None:
    for key, kind in CONFIG_FIELDS.items():
        if key in config:
            _check_type(path, f"config.{key}", config[key], kind)
    if "policies" in config:
        _check_specs(path, "config.policies", config["policies"])
    for key, values in config.get("grid", {}).items():
        _check_type(path, f"config.grid.{key}", values, list)


def _check_execution(manifest: dict[str, Any], path: Any) -> None:
    execution = manifest.get("execution")
    if execution is None:
        return
    if "chunk_size" not in execution:
        raise fail(path, "execution", "has no 'chunk_size'")
    _int_in(path, "execution.chunk_size", execution["chunk_size"], 1, MAX_GAMES)
    if "chunk_sizes" in execution:
        sizes = execution["chunk_sizes"]
        _check_type(path, "execution.chunk_sizes", sizes, list)
        for i, size in enumerate(sizes):
            _int_in(path, f"execution.chunk_sizes[{i}]", size, 1, MAX_GAMES)
        if "cells" in manifest and len(sizes) != len(manifest["cells"]):
            raise fail(
                path,
                "execution.chunk_sizes",
                f"lists {len(sizes)} sizes for {len(manifest['cells'])} cells",
            )
    if "deterministic" in execution:
        _check_type(path, "execution.deterministic", execution["deterministic"], bool)


def _check_tables(manifest: dict[str, Any], path: Any) -> None:
    tables = manifest.get("tables")
    if tables is not None:
        for i, table in enumerate(tables):
            if not isinstance(table, str) or table not in TABLES:
                raise fail(
                    path, f"tables[{i}]", f"is not one of {', '.join(TABLES)}: {str(table)[:40]!r}"
                )
        if len(set(tables)) != len(tables) or not {"games", "seats"} <= set(tables):
            raise fail(path, "tables", "must list 'games' and 'seats' (and 'actions') once each")
    for table, columns in manifest.get("schemas", {}).items():
        if table not in TABLES:
            raise fail(path, f"schemas.{table}", "is not a table")
        _check_type(path, f"schemas.{table}", columns, dict)
        for column, kind in columns.items():
            if not isinstance(kind, str) or kind not in ARROW_TYPES:
                raise fail(
                    path,
                    f"schemas.{table}.{column}",
                    f"is not a column kind ({', '.join(ARROW_TYPES)}): {str(kind)[:40]!r}",
                )
    missing = [t for t in tables or () if "schemas" in manifest and t not in manifest["schemas"]]
    if missing:
        raise fail(path, "schemas", f"has no schema of table {missing[0]!r}")


def check_chunk(key: Any, entry: Any, path: Any, field: str) -> None:
    """One finished chunk's entry (manifest or chunk log): key, cell, range and parts."""
    found = CHUNK_KEY.fullmatch(key) if isinstance(key, str) else None
    if found is None:
        raise fail(path, field, "is not a chunk key like 'c000/000000000'")
    _check_type(path, field, entry, dict)
    for name in ("cell", "start", "stop", "parts"):
        if name not in entry:
            raise fail(path, field, f"has no {name!r}")
    if entry["cell"] != found.group(1):
        raise fail(path, f"{field}.cell", f"does not match the key: {str(entry['cell'])[:40]!r}")
    start = _int_in(path, f"{field}.start", entry["start"], 0, MAX_GAMES)
    if start != int(found.group(2)):
        raise fail(path, f"{field}.start", f"does not match the key: {start}")
    _int_in(path, f"{field}.stop", entry["stop"], start + 1, MAX_GAMES)
    _check_type(path, f"{field}.parts", entry["parts"], dict)
    if not entry["parts"]:
        raise fail(path, f"{field}.parts", "lists no part")
    for table, info in entry["parts"].items():
        where = f"{field}.parts.{table}"
        if table not in TABLES:
            raise fail(path, where, "is not a table")
        _check_type(path, where, info, dict)
        for name, kind in (("file", str), ("rows", int), ("sha256", str)):
            if name not in info:
                raise fail(path, where, f"has no {name!r}")
            _check_type(path, f"{where}.{name}", info[name], kind)
        if not PART_FILE.fullmatch(info["file"]):
            raise fail(path, f"{where}.file", f"is not a part file name: {info['file'][:60]!r}")
        _int_in(path, f"{where}.rows", info["rows"], 0, 2**62)
        if not SHA256.fullmatch(info["sha256"]):
            raise fail(path, f"{where}.sha256", "is not a sha256 hex digest")


def _check_chunks_agree(manifest: dict[str, Any], path: Any) -> None:
    """Chunks name cells the manifest has, games below ``games_per_cell``, tables it keeps."""
    ids = {c["cell"] for c in manifest.get("cells", [])}
    tables = set(manifest.get("tables", TABLES))
    games = manifest.get("games_per_cell", MAX_GAMES)
    for key, entry in manifest.get("chunks", {}).items():
        if "cells" in manifest and entry["cell"] not in ids:
            raise fail(path, f"chunks.{key}.cell", f"names no cell of the run: {entry['cell']!r}")
        if entry["stop"] > games:
            raise fail(path, f"chunks.{key}.stop", f"is past games_per_cell ({games})")
        extra = sorted(set(entry["parts"]) - tables)
        if extra:
            raise fail(path, f"chunks.{key}.parts", f"lists table {extra[0]!r} the run keeps not")
        missing = sorted(tables - set(entry["parts"])) if "tables" in manifest else []
        if missing:
            raise fail(path, f"chunks.{key}.parts", f"lists no part of table {missing[0]!r}")


def check_log_line(entry: Any, path: Any, line: int) -> None:
    """One decoded line of the chunk log: an object of chunk entries."""
    if not isinstance(entry, dict):
        raise RunDirError(f"{path}: line {line} is not an object of finished chunks")
    for key, chunk in entry.items():
        check_chunk(key, chunk, path, f"line {line}: {str(key)[:40]}")


def check_resumable(manifest: Mapping[str, Any], path: Any, cells: int, games: int) -> None:
    """The fields a resume plans from agree with the config being resumed."""
    if len(manifest.get("cells", [])) != cells:
        raise fail(
            path, "cells", f"lists {len(manifest.get('cells', []))} cells; the config has {cells}"
        )
    if manifest.get("games_per_cell", games) != games:
        raise fail(
            path, "games_per_cell", f"is {manifest['games_per_cell']}; the config has {games}"
        )


def check_planned(manifest: Mapping[str, Any], path: Any, plan: Mapping[str, int]) -> None:
    """Every listed chunk is one the run's plan has (key and end): a resume counts them."""
    for key, entry in manifest.get("chunks", {}).items():
        if plan.get(key) != entry["stop"]:
            raise fail(path, f"chunks.{key}", "is not a chunk of this run's plan")


def expected_columns(game_cls: Any) -> dict[str, dict[str, str]]:
    """The columns (besides ``var_*``) a run of ``game_cls`` has, table by table."""
    own = {
        "games": game_cls.game_columns,
        "seats": game_cls.seat_columns,
        "actions": game_cls.action_columns,
        "progress": {},
    }
    return {t: {**BASES[t], **own[t]} for t in TABLES}


def check_schemas_match_game(manifest: Mapping[str, Any], path: Any, game_cls: Any) -> None:
    """The manifest's schemas are those a run of its game (this version) writes (a line-up
    that times its decisions adds ``TIMED_ACTION_COLUMNS``)."""
    if manifest.get("game_version") != game_cls.spec.version:
        # an older version of the game may have had other columns: the base ones must be there
        expected = {t: dict(BASES[t]) for t in TABLES}
        exact = False
    else:
        expected, exact = expected_columns(game_cls), True
    for table, columns in manifest.get("schemas", {}).items():
        own = {c: k for c, k in columns.items() if not c.startswith("var_")}
        want = expected[table]
        wrong = [c for c in want if own.get(c) != want[c]]
        if exact:
            optional = TIMED_ACTION_COLUMNS if table == "actions" else {}
            wrong += [c for c in own if c not in want and optional.get(c) != own[c]]
        if wrong:
            raise fail(
                path,
                f"schemas.{table}.{wrong[0]}",
                f"does not fit a {manifest['game']} "
                f"run (expected {want.get(wrong[0], 'no such column')!r})",
            )


def manifest_path(run_dir: str | Path) -> Path:
    """Where a run's manifest is."""
    return Path(run_dir) / MANIFEST
