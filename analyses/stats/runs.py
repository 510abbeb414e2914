"""Read sweep run directories (DESIGN §5) lazily with polars.

Thin layer over ``simcore.engine.run.dataset`` (which knows the manifest's list of finished parts,
so
half-written files of an interrupted sweep are never read) that adds clear errors for the
analyses and accepts already loaded frames wherever a run directory is expected.
"""

from __future__ import annotations

import json
from itertools import groupby
from pathlib import Path
from typing import Any

import polars as pl

from simcore.core.errors import RunDirError
from simcore.engine.run import dataset

TABLES = dataset.TABLES

# A source is a run directory or an already loaded / filtered table.
Source = str | Path | pl.LazyFrame | pl.DataFrame


def load_manifest(run_dir: str | Path) -> dict[str, Any]:
    """The parsed ``manifest.json`` of a run; RunDirError if missing or unreadable."""
    if not Path(run_dir).is_dir():
        raise RunDirError(f"run directory not found: {run_dir}")
    return dataset.load_manifest(run_dir)


def run_tables(manifest: dict[str, Any]) -> list[str]:
    """The tables a run recorded (``actions`` only with record_actions)."""
    return list(manifest.get("tables", TABLES))


def has_table(run_dir: str | Path, table: str) -> bool:
    """True if the run recorded ``table``."""
    return table in run_tables(load_manifest(run_dir))


def scan(run_dir: str | Path, table: str) -> pl.LazyFrame:
    """A lazy frame over the finished parts of ``table`` (``games``, ``seats`` or ``actions``)."""
    if table not in TABLES:
        raise RunDirError(f"unknown table {table!r}; allowed: {', '.join(TABLES)}")
    manifest = load_manifest(run_dir)
    if table not in run_tables(manifest):
        hint = " (rerun the sweep with record_actions)" if table == "actions" else ""
        raise RunDirError(f"{run_dir}: run has no {table!r} table{hint}")
    frame: pl.LazyFrame = dataset.scan_table(run_dir, table)
    return frame


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
    """Readable label per cell id from its grid values (``random vs mcts · deck=small``).

    A grid over line-ups shows the line-up itself; other keys show ``key=value``; a cell
    without grid values is labelled by its line-up.
    """
    labels = {}
    for cell in manifest.get("cells", []):
        variant = cell.get("variant") or {}
        if variant:
            text = " · ".join(
                _show(v) if k == "policies" else f"{k}={show_value(v)}" for k, v in variant.items()
            )
        else:
            text = _show(cell.get("policies", [])) or str(cell["cell"])
        labels[str(cell["cell"])] = text
    return labels


def show_value(value: Any) -> str:
    """A parameter value for labels: lists joined with ``+`` (``rat_red+weasel``)."""
    if isinstance(value, list):
        return "+".join(str(v) for v in value)
    return str(value)


def _show(value: Any) -> str:
    # Line-ups are lists of policy specs; "a vs b" reads better than JSON, and "a vs 3 × b"
    # better than four names in every table row of a 4-player run.
    if not isinstance(value, list):
        return str(value)
    words = []
    for spec, run in groupby(str(v) for v in value):
        n = len(list(run))
        words += [f"{n} × {spec}"] if n >= 3 else [spec] * n
    return " vs ".join(words)


def cell_table(manifest: dict[str, Any]) -> pl.DataFrame:
    """One row per cell: id, label, players, line-up and each grid value as a string."""
    rows = []
    labels = cell_labels(manifest)
    for cell in manifest.get("cells", []):
        variant = cell.get("variant") or {}
        rows.append(
            {
                "cell": str(cell["cell"]),
                "label": labels[str(cell["cell"])],
                "players": cell.get("players"),
                "lineup": " | ".join(str(p) for p in cell.get("policies", [])),
                **{
                    f"var_{k}": json.dumps(v) if isinstance(v, list) else str(v)
                    for k, v in variant.items()
                },
            }
        )
    return pl.DataFrame(rows)
