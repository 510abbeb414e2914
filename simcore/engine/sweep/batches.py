"""Finished chunks' columns joined into a few batches for one Parquet part
(``simcore.engine.sweep.sweep``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from simcore.engine.play.rows import Column
from simcore.engine.run import dataset

BATCH_ROWS = 512  # a chunk's table with this many rows is converted on its own


def row_batches(chunks: list[dict[str, Column]]) -> list[Mapping[str, Column]]:
    """One table's columns from many chunks as a few batches, in order: a chunk of at least
    ``BATCH_ROWS`` rows is a batch as it is (copying a 4,600-game Ratjack sweep's columns into
    one list cost ~1 us a game), runs of smaller ones are joined (each batch costs a
    conversion call per column, ~1 us)."""
    batches: list[Mapping[str, Column]] = []
    small: list[dict[str, Column]] = []
    for columns in chunks:
        if dataset.row_count(columns) < BATCH_ROWS:
            small.append(columns)
            continue
        if small:
            batches.append(_joined(small))
            small = []
        batches.append(columns)
    if small:
        batches.append(_joined(small))
    return batches


def _joined(chunks: list[dict[str, Column]]) -> dict[str, Column]:
    """Chunks' columns as one batch: a column every chunk sent as bytes stays bytes, any other
    becomes one list, None in the rows of a chunk that lacks it."""
    sizes = [dataset.row_count(c) for c in chunks]
    out: dict[str, Column] = {}
    for key in dict.fromkeys(k for c in chunks for k in c):  # first-seen order
        parts = [c.get(key) for c in chunks]
        joined = dataset.joined_bytes(parts)
        if joined is not None:
            out[key] = joined
            continue
        column: list[Any] = []
        for part, n in zip(parts, sizes, strict=True):
            column.extend([None] * n if part is None else part)
        out[key] = column
    return out
