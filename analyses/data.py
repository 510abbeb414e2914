"""Read sweep run directories (DESIGN §5) lazily with polars.

A stop-gap reader until ``simcore.dataset`` lands; it only relies on the documented layout
``<run>/manifest.json`` and ``<run>/<table>/part-*.parquet``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import polars as pl

from simcore.errors import RunDirError

TABLES = ("games", "seats", "actions")

# A source is a run directory or an already loaded / filtered table.
Source = str | Path | pl.LazyFrame | pl.DataFrame


def _run_path(run_dir: str | Path) -> Path:
    path = Path(run_dir)
    if not path.is_dir():
        raise RunDirError(f"run directory not found: {path}")
    return path


def load_manifest(run_dir: str | Path) -> dict[str, Any]:
    """The parsed ``manifest.json`` of a run; RunDirError if missing or unreadable."""
    path = _run_path(run_dir) / "manifest.json"
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RunDirError(f"{path}: manifest.json missing (not a run directory?)") from None
    except OSError as exc:
        raise RunDirError(f"{path}: cannot read manifest ({exc})") from None
    try:
        manifest = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RunDirError(
            f"{path}: manifest is not valid JSON ({exc.msg}, line {exc.lineno})"
        ) from None
    if not isinstance(manifest, dict):
        raise RunDirError(f"{path}: manifest must be a JSON object")
    return manifest


def table_files(run_dir: str | Path, table: str) -> list[Path]:
    """The Parquet parts of ``table`` in sorted order; RunDirError if there are none."""
    if table not in TABLES:
        raise RunDirError(f"unknown table {table!r}; allowed: {', '.join(TABLES)}")
    folder = _run_path(run_dir) / table
    files = sorted(folder.glob("part-*.parquet")) if folder.is_dir() else []
    if not files:
        hint = " (sweep run without record_actions?)" if table == "actions" else ""
        raise RunDirError(f"{folder}: no part-*.parquet files{hint}")
    return files


def has_table(run_dir: str | Path, table: str) -> bool:
    """True if the run holds at least one part of ``table``."""
    try:
        table_files(run_dir, table)
    except RunDirError:
        return False
    return True


def scan(run_dir: str | Path, table: str) -> pl.LazyFrame:
    """A lazy frame over all parts of ``table`` (``games``, ``seats`` or ``actions``)."""
    files = table_files(run_dir, table)
    # Parts written by different chunks may differ in nullability; "diagonal_relaxed"-like
    # behaviour is not needed because every part of a run shares one schema.
    return pl.scan_parquet([str(f) for f in files])


def as_lazy(source: Source, table: str) -> pl.LazyFrame:
    """Turn a run directory or a (lazy) frame into a LazyFrame of ``table``."""
    if isinstance(source, pl.LazyFrame):
        return source
    if isinstance(source, pl.DataFrame):
        return source.lazy()
    return scan(source, table)


def require_columns(frame: pl.LazyFrame, columns: tuple[str, ...], what: str) -> None:
    """Raise RunDirError naming the columns ``what`` needs but the table lacks."""
    present = set(frame.collect_schema().names())
    missing = [c for c in columns if c not in present]
    if missing:
        raise RunDirError(f"{what}: table lacks column(s) {', '.join(missing)}")


def cell_labels(manifest: dict[str, Any]) -> dict[str, str]:
    """Readable label per cell id: its grid values (``players=3, deck=small``) or line-up."""
    labels = {}
    for cell in manifest.get("cells", []):
        variant = cell.get("variant") or {}
        if variant:
            text = ", ".join(f"{k}={v}" for k, v in variant.items())
        else:
            text = " vs ".join(str(p) for p in cell.get("policies", [])) or str(cell["cell"])
        labels[str(cell["cell"])] = text
    return labels
