"""Run-directory layout, Parquet schemas, atomic writes and readers (DESIGN §5)."""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from simcore.core.content import read_regular
from simcore.core.errors import RunDirError
from simcore.engine.run.layout import (
    ACTION_BASE,
    ARROW_TYPES,
    GAME_BASE,
    INT64,
    PROGRESS_BASE,
    SEAT_BASE,
    SORT_KEYS,
)

# the run folder's names, re-exported: readers of a run import them from here
from simcore.engine.run.layout import CHUNK_LOG as CHUNK_LOG
from simcore.engine.run.layout import FORMAT as FORMAT
from simcore.engine.run.layout import MANIFEST as MANIFEST
from simcore.engine.run.layout import TABLES as TABLES
from simcore.engine.run.trust import check_log_line, check_manifest

TIMING_COLUMNS = ("wall_ms", "think_ms")  # measured times: never the same twice
PARQUET_CODEC = "snappy"
# Types whose equal Python values store the same (not float: 0.0 == -0.0); a sweep's constant
# columns (run, cell, line-up, an effect no deck in play has) are a quarter to half of its values
EXACT_EQUALITY = frozenset({INT64, pa.string(), pa.bool_()})
# Integer columns are delta-encoded, not dictionary-encoded: a counter column's values are
# small and a game index or seed runs in order, so Ratjack's parts are 22% smaller and their
# encoding 17% faster (the parent's serial cost); strings keep their dictionaries.
INT_ENCODING = "DELTA_BINARY_PACKED"
# Min/max statistics only for the columns a reader filters parts by: for all columns they were
# a fifth of a Ratjack part's encoding time
STATS_COLUMNS = frozenset({"run", "cell", "game_index", "seat", "step"})


def build_schemas(
    game_cols: Mapping[str, str],
    seat_cols: Mapping[str, str],
    action_cols: Mapping[str, str],
    variant_cols: Mapping[str, str],
) -> dict[str, pa.Schema]:
    """Arrow schemas of the four tables for one sweep."""
    games = {**GAME_BASE, **{f"var_{k}": v for k, v in variant_cols.items()}, **game_cols}
    seats = {**SEAT_BASE, **seat_cols}
    actions = {**ACTION_BASE, **action_cols}
    tables = (("games", games), ("seats", seats), ("actions", actions), ("progress", PROGRESS_BASE))
    return {
        name: pa.schema([(col, ARROW_TYPES[kind]) for col, kind in cols.items()])
        for name, cols in tables
    }


def schema_to_json(schema: pa.Schema) -> dict[str, str]:
    """Column → kind mapping, for the manifest."""
    back = {str(t): k for k, t in ARROW_TYPES.items()}
    return {f.name: back[str(f.type)] for f in schema}


def schema_from_json(cols: Mapping[str, str]) -> pa.Schema:
    """Inverse of ``schema_to_json``."""
    return pa.schema([(c, ARROW_TYPES[k]) for c, k in cols.items()])


def atomic_write_bytes(path: Path, data: bytes | memoryview) -> None:
    """Write ``data`` to ``path`` via a temporary file and rename (never a half file)."""
    tmp = path.with_name(f".{path.name}.tmp{os.getpid()}")
    with tmp.open("wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


def atomic_write_json(path: Path, obj: Mapping[str, Any]) -> None:
    """Write a JSON object atomically, as ``readable_json`` lays it out."""
    atomic_write_bytes(path, readable_json(obj).encode())


_ENCODE = json.JSONEncoder().encode  # without indent: the C encoder


def readable_json(obj: Mapping[str, Any]) -> str:
    """A JSON object with one key a line and, where a value is an object, one entry of it a
    line (a manifest's chunks), each compact: as readable and diffable as ``indent=1`` where
    it counts, and encoded in C (``indent`` takes json's Python encoder, ~10x slower on a
    manifest of a few thousand chunks)."""
    lines = []
    for key, value in obj.items():
        head = f" {_ENCODE(key)}: "
        if isinstance(value, dict) and value:
            inner = ",\n".join(f"  {_ENCODE(k)}: {_ENCODE(v)}" for k, v in value.items())
            lines.append(f"{head}{{\n{inner}\n }}")
        else:
            lines.append(head + _ENCODE(value))
    return "{\n" + ",\n".join(lines) + "\n}\n"


def write_part(
    path: Path,
    batches: Sequence[Mapping[str, list[Any] | bytes]],
    schema: pa.Schema,
    scratch: IntScratch | None = None,
) -> dict[str, Any]:
    """Write one Parquet part atomically from column batches (rows in batch order); return its
    row count and sha256. ``scratch``: a buffer kept from one write to the next (see
    ``IntScratch``); without one, the part's int columns are converted into fresh memory."""
    scratch = scratch or IntScratch()
    sizes = [row_count(b) for b in batches]
    columns: list[list[Any]] = [[b.get(f.name) for b in batches] for f in schema]
    scratch.reserve(
        sum(sum(map(len, c)) for f, c in zip(schema, columns, strict=True) if _widens(f, c))
    )
    arrays = [_column(f, c, sizes, scratch) for f, c in zip(schema, columns, strict=True)]
    table = pa.Table.from_arrays(arrays, schema=schema)
    sink = pa.BufferOutputStream()
    # Snappy, pyarrow's default, not zstd: a write builds a codec per column page, and zstd
    # made a buffered write of 800 Ratjack games' seat and game rows 7.2 ms instead of 3.0
    # (the parent's serial cost) for files 10-14% smaller.
    pq.write_table(table, sink, compression=PARQUET_CODEC, **encodings(schema))
    data = memoryview(sink.getvalue())  # hashed and written as it is, not copied to bytes
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_bytes(path, data)
    return {"file": path.name, "rows": table.num_rows, "sha256": hashlib.sha256(data).hexdigest()}


class IntScratch:
    """An int64 buffer that one part's int columns sent as bytes are widened into, kept from
    one write to the next.

    Memory a process has not touched costs a page fault per 4 KiB the first time it is
    written: 2.2 us each on the 2-core test VM. Widened into fresh arrays (and joined into
    fresh bytes first), a Ratjack write of 12,000 games faulted up to 3,300 times, since the
    allocators hand freed memory of that size back to the system between writes; through this
    buffer, 370-840. The buffer lives as long as its
    sweep, as large as its largest part's int columns (8 bytes a value).
    """

    __slots__ = ("buffer", "used")

    def __init__(self) -> None:
        self.buffer = np.empty(0, dtype=np.int64)
        self.used = 0

    def reserve(self, n: int) -> None:
        """Hand the buffer out from the start again (the previous part's arrays are gone), with
        room for ``n`` values: one allocation of the part's size, not a doubling series of
        them (a sweep that writes once would touch twice the memory), and a quarter more, so
        that a slightly larger next part still fits."""
        self.used = 0
        if n > self.buffer.size:
            self.buffer = np.empty(n + n // 4, dtype=np.int64)

    def take(self, n: int) -> np.ndarray:
        """The next ``n`` unused values of the buffer; more than was reserved get a new buffer
        of their own (the views already handed out keep the old one)."""
        if self.used + n > self.buffer.size:
            self.buffer, self.used = np.empty(n, dtype=np.int64), 0
        view = self.buffer[self.used : self.used + n]
        self.used += n
        return view

    def widen(self, blobs: Sequence[bytes]) -> pa.Array:
        """Byte strings of ints 0..255, one after the other, as one Arrow int64 array whose
        values live in the buffer (Arrow takes a numpy int64 array without copying)."""
        view = self.take(sum(len(b) for b in blobs))
        start = 0
        for blob in blobs:
            view[start : start + len(blob)] = np.frombuffer(blob, dtype=np.uint8)
            start += len(blob)
        return pa.array(view)


def _column(
    field: pa.Field, parts: list[Any], sizes: list[int], scratch: IntScratch
) -> pa.ChunkedArray:
    """One column of a part from its batches; an int column sent as bytes in every batch is
    widened in one piece (a conversion call costs ~3 us, a Ratjack part has ~900 of them
    otherwise), other columns sent as bytes in every batch are joined first."""
    if _widens(field, parts):
        return pa.chunked_array([scratch.widen(parts)], INT64)
    joined = joined_bytes(parts)
    if joined is not None:
        return pa.chunked_array([small_ints_array(joined, field.type)], field.type)
    arrays = [column_array(values, field.type, n) for values, n in zip(parts, sizes, strict=True)]
    return pa.chunked_array(arrays, field.type)


def _widens(field: pa.Field, parts: list[Any]) -> bool:
    """Whether a column goes through ``IntScratch``: an int column sent as bytes in every batch."""
    return field.type == INT64 and all(isinstance(p, bytes) for p in parts)


def joined_bytes(parts: Sequence[Any]) -> bytes | None:
    """One column's parts joined, if every part was sent as bytes (else None)."""
    blobs = [p for p in parts if isinstance(p, bytes)]
    return b"".join(blobs) if len(blobs) == len(parts) else None


def encodings(schema: pa.Schema) -> dict[str, Any]:
    """``pq.write_table`` options: ``INT_ENCODING`` for int columns, dictionaries for others,
    statistics for ``STATS_COLUMNS``."""
    ints = {f.name: INT_ENCODING for f in schema if f.type == INT64}
    return {
        "use_dictionary": [f.name for f in schema if f.name not in ints],
        "column_encoding": ints,
        "write_statistics": [f.name for f in schema if f.name in STATS_COLUMNS],
    }


def row_count(columns: Mapping[str, list[Any] | bytes]) -> int:
    """Rows of a table given as columns (0 without columns)."""
    return len(next(iter(columns.values()), ()))


def column_array(values: list[Any] | bytes | None, dtype: pa.DataType, n: int) -> pa.Array:
    """``values`` (``n`` of them; None: a column the batch lacks, all null; bytes: ints 0..255,
    see ``chunks.compact_columns``) as an Arrow array of ``dtype``. A column of one value is
    built by repeating it, at a tenth of the cost of converting it element by element."""
    if values is None:
        return pa.nulls(n, dtype)
    if isinstance(values, bytes):
        return small_ints_array(values, dtype)
    size = len(values)  # a batch whose columns differ in length fails in Table.from_arrays
    if size > 1 and dtype in EXACT_EQUALITY:
        first = values[0]
        # count() compares by identity first, so a constant column costs ~2 ns a value
        if first is not None and first == values[-1] and values.count(first) == size:
            return pa.repeat(pa.scalar(first, dtype), size)
    return pa.array(values, type=dtype)


def small_ints_array(values: bytes, dtype: pa.DataType) -> pa.Array:
    """A column of ints 0..255 given as bytes as an Arrow array of ``dtype``; a string column
    is refused as a list of ints would be, and a bool column unless every value is 0 or 1."""
    small = np.frombuffer(values, dtype=np.uint8)
    if dtype == pa.bool_() and small.size and int(small.max()) > 1:
        raise pa.ArrowInvalid(f"{int(small.max())} in a bool column")
    if dtype in (INT64, pa.float64(), pa.bool_()):
        return pa.array(small.astype(dtype.to_pandas_dtype()))
    return pa.array(list(values), type=dtype)


def file_sha256(path: Path) -> str:
    """sha256 of a file's bytes."""
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def load_manifest(run_dir: str | Path) -> dict[str, Any]:
    """The run's manifest with its chunk log merged in, every field checked against its shape
    (``simcore.engine.run.trust``: run data is untrusted input); ``RunDirError`` naming the file and
    field if anything is missing, unreadable or of the wrong shape."""
    path = Path(run_dir) / MANIFEST
    if not os.path.lexists(path):  # one that is there but not a file is said below, by name
        raise RunDirError(f"{str(run_dir)!r} is not a run directory (no {MANIFEST})")
    for name in (MANIFEST, CHUNK_LOG):
        _not_a_link(Path(run_dir) / name)
    try:
        manifest = json.loads(_read_limited(path))
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as exc:
        raise RunDirError(f"{path}: manifest is corrupted ({exc})") from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise RunDirError(f"{path}: not a boardlab manifest (format {FORMAT})")
    require(manifest, path, "cells")
    check_manifest(manifest, path)  # before the log is merged: an error names the right file
    logged = read_chunk_log(Path(run_dir))
    if logged:
        manifest["chunks"] = {**manifest.get("chunks", {}), **logged}
        check_manifest(manifest, Path(run_dir) / CHUNK_LOG)
    return manifest


MAX_RUN_FILE_BYTES = 1 << 30  # a manifest or chunk log larger than this is not one


def _not_a_link(path: Path) -> None:
    """Run data is read from the run folder only: a part, table folder, manifest or log that
    is a symbolic link (to another run, or to /etc/passwd) is refused by name."""
    if path.is_symlink():
        raise RunDirError(
            f"{path}: a symbolic link; boardlab reads run data from the run folder only"
        )


def _read_limited(path: Path) -> bytes:
    """A run file's bytes; ``RunDirError`` for one too large to be a manifest or log, or not a
    regular file (a FIFO in its place must not block)."""
    return read_regular(path, MAX_RUN_FILE_BYTES, RunDirError, "a run file")


def read_chunk_log(run_dir: Path) -> dict[str, Any]:
    """Chunks listed in the append-only log. A line that is not JSON is a torn append (a kill
    or a full disk mid-write: the parts it names are unlisted) and is skipped; a JSON line of
    the wrong shape is ``RunDirError`` naming the line."""
    path = run_dir / CHUNK_LOG
    if not os.path.lexists(path):
        return {}
    out: dict[str, Any] = {}
    for number, line in enumerate(_read_limited(path).splitlines(), start=1):
        try:
            entry = json.loads(line)
        except (json.JSONDecodeError, UnicodeDecodeError, RecursionError):
            continue
        check_log_line(entry, path, number)
        out.update(entry)
    return out


def append_chunk_log(run_dir: Path, chunks: Mapping[str, Any]) -> None:
    """Append one line listing ``chunks`` (their parts are already on disk) and fsync it."""
    line = json.dumps(chunks, separators=(",", ":")).encode() + b"\n"
    with (run_dir / CHUNK_LOG).open("a+b") as fh:
        # a torn line (a full disk mid-append) must not swallow this one: start a new line
        if fh.tell() and (fh.seek(-1, os.SEEK_END), fh.read(1))[1] != b"\n":
            line = b"\n" + line
        fh.write(line)
        fh.flush()
        os.fsync(fh.fileno())


def require(manifest: Mapping[str, Any], path: Any, *keys: str) -> None:
    """``RunDirError`` naming the keys a reader needs that the manifest lacks."""
    missing = [k for k in keys if k not in manifest]
    if missing:
        raise RunDirError(f"{path}: manifest is incomplete (no {', '.join(map(repr, missing))})")


def verify_run(run_dir: str | Path, manifest: Mapping[str, Any] | None = None) -> None:
    """``RunDirError`` naming the first part file that is missing or differs from its checksum."""
    run_dir = Path(run_dir)
    manifest = manifest or load_manifest(run_dir)
    checked: set[tuple[str, str]] = set()  # batched parts hold several chunks: check once
    for key, chunk in manifest.get("chunks", {}).items():
        for table, info in chunk["parts"].items():
            if (table, info["file"]) in checked:
                continue
            checked.add((table, info["file"]))
            path = run_dir / table / info["file"]
            _not_a_link(path.parent)
            _not_a_link(path)
            if not path.is_file():
                raise RunDirError(f"{run_dir}: part {table}/{info['file']} of chunk {key} missing")
            if file_sha256(path) != info["sha256"]:
                raise RunDirError(
                    f"{run_dir}: part {table}/{info['file']} of chunk {key} is corrupted "
                    "(checksum differs); delete the run directory or that chunk's entry"
                )


def part_paths(run_dir: str | Path, table: str) -> list[Path]:
    """Paths of the parts the manifest lists for ``table`` (unlisted files are ignored)."""
    run_dir = Path(run_dir)
    manifest = load_manifest(run_dir)
    if table not in TABLES:
        raise RunDirError(f"unknown table {table!r}; tables: {', '.join(TABLES)}")
    files = sorted(
        {
            chunk["parts"][table]["file"]
            for chunk in manifest.get("chunks", {}).values()
            if table in chunk["parts"]
        }
    )
    paths = [run_dir / table / f for f in files]
    for path in paths:
        _not_a_link(path.parent)
        _not_a_link(path)
        if not path.is_file():
            raise RunDirError(
                f"{run_dir}: part {table}/{path.name} listed in the manifest is missing"
            )
    return paths


def scan_table(run_dir: str | Path, table: str) -> Any:
    """A lazy polars frame over a table's finished parts."""
    import polars as pl

    paths = part_paths(run_dir, table)
    if not paths:
        schema = load_manifest(run_dir).get("schemas", {}).get(table)
        if schema is None:
            raise RunDirError(f"{run_dir}: no {table!r} table")
        empty = pa.Table.from_pylist([], schema=schema_from_json(schema))
        frame = pl.from_arrow(empty)
        assert isinstance(frame, pl.DataFrame)  # from a Table, never a Series
        return frame.lazy()
    return pl.scan_parquet([str(p) for p in paths])


def read_table(run_dir: str | Path, table: str) -> Any:
    """A table as a polars DataFrame, sorted by its natural key."""
    return scan_table(run_dir, table).sort(SORT_KEYS[table]).collect()
