"""Turn tidy polars tables into formatted HTML-ready tables (headers + string cells)."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import polars as pl

from analyses.studies.findings import num, pct, pct_range, pval, signed


@dataclass(frozen=True)
class Table:
    """A rendered table: caption, column headers, rows of strings, numeric-column flags."""

    caption: str
    headers: list[str]
    rows: list[list[str]]
    numeric: list[bool] = field(default_factory=list)


PAGE_WIDTH = 930  # pixels a table may take in the 980-pixel page column (minus padding)
_CHAR = 8.0  # pixels per character at the table's .86rem font
_PAD = 22  # cell padding, both sides
_TEXT_CHARS = 26  # a text cell wraps at spaces: it takes about this many characters' width


def column_width(header: str, cells: Sequence[str], numeric: bool) -> float:
    """Estimated pixels a column takes: numbers stay whole, text and headers wrap at spaces."""
    longest_word = max((len(w) for w in header.split()), default=1)
    cell = max((len(c) for c in cells), default=1)
    if not numeric:  # wraps at spaces, never inside a word such as a player spec
        word = max((len(w) for c in cells for w in c.split()), default=1)
        cell = max(word, min(cell, _TEXT_CHARS))
    return max(longest_word, cell) * _CHAR + _PAD


def fit(table: Table, width: float = PAGE_WIDTH) -> list[Table]:
    """``table``, or its columns split into parts that each fit the page (the first column,
    the row's name, repeated in each): a designer never scrolls a box sideways to find the
    columns a wide table hides."""
    n = len(table.headers)
    numeric = list(table.numeric or [False] * n)
    for i in range(n):  # a "number" as long as a sentence may wrap like one
        if (
            numeric[i]
            and column_width(table.headers[i], [r[i] for r in table.rows], True) > width / 3
        ):
            numeric[i] = False
    if numeric != list(table.numeric or [False] * n):
        table = Table(table.caption, table.headers, table.rows, numeric)
    widths = [
        column_width(h, [r[i] for r in table.rows if i < len(r)], numeric[i])
        for i, h in enumerate(table.headers)
    ]
    if n < 3 or sum(widths) <= width:
        return [table]
    groups: list[list[int]] = [[]]
    used = widths[0]
    for i in range(1, n):
        if groups[-1] and used + widths[i] > width:
            groups.append([])
            used = widths[0]
        groups[-1].append(i)
        used += widths[i]
    parts = []
    for k, cols in enumerate(groups, 1):
        keep = [0, *cols]
        parts.append(
            Table(
                f"{table.caption} (part {k} of {len(groups)})",
                [table.headers[i] for i in keep],
                [[r[i] for i in keep] for r in table.rows],
                [numeric[i] for i in keep],
            )
        )
    return parts


def _missing(x: Any) -> bool:
    return x is None or (isinstance(x, float) and math.isnan(x))


def _guard(fn: Callable[..., str]) -> Callable[..., str]:
    def wrapped(*args: Any) -> str:
        """Format, or a dash when a value is missing."""
        return "–" if any(_missing(a) for a in args) else fn(*args)

    return wrapped


FORMATS: dict[str, Callable[..., str]] = {
    "text": lambda x: "–" if x is None else str(x),
    "int": _guard(lambda x: f"{int(x):,}"),
    "num": _guard(lambda x: num(round(float(x), 2), 2)),
    "signed": _guard(lambda x: signed(float(x), 2)),
    "pct": _guard(lambda x: pct(float(x))),
    "points": _guard(lambda x: signed(100 * float(x))),
    "pm_points": _guard(lambda x: f"±{100 * float(x):.1f}"),
    "interval": _guard(lambda lo, hi: pct_range(float(lo), float(hi))),
    "points_interval": _guard(lambda lo, hi: f"{signed(100 * lo)} to {signed(100 * hi)}"),
    "num_interval": _guard(lambda lo, hi: f"{signed(lo, 2)} to {signed(hi, 2)}"),
    "elo": _guard(lambda x: signed(float(x), 0)),
    "elo_interval": _guard(lambda lo, hi: f"{signed(lo, 0)} to {signed(hi, 0)}"),
    "p": _guard(lambda p: pval(float(p)).removeprefix("p = ").replace("p < ", "< ")),
    "seat": _guard(lambda s: f"Seat {int(s) + 1}"),
    "yesno": lambda b: "yes" if b else "no",
}
NUMERIC = {"int", "num", "signed", "pct", "points", "pm_points", "elo", "p", "interval",
           "points_interval", "num_interval", "elo_interval"}  # fmt: skip

# A column spec: (header, format, source column or tuple of columns).
Spec = tuple[str, str, str | tuple[str, ...]]


def render_table(
    df: pl.DataFrame,
    specs: Sequence[Spec],
    caption: str,
    labels: Mapping[str, str] | None = None,
) -> Table:
    """Format ``df`` column by column; a ``cell`` text column is shown by its label."""
    rows = []
    for record in df.iter_rows(named=True):
        row = []
        for _, fmt, cols in specs:
            names = (cols,) if isinstance(cols, str) else cols
            values: list[Any] = [record.get(c) for c in names]
            if fmt == "text" and names == ("cell",) and labels:
                values = [labels.get(values[0], values[0])]
            row.append(FORMATS[fmt](*values))
        rows.append(row)
    return Table(
        caption=caption,
        headers=[h for h, _, _ in specs],
        rows=rows,
        numeric=[fmt in NUMERIC for _, fmt, _ in specs],
    )


def key_value_table(pairs: Mapping[str, Any], caption: str) -> Table:
    """A two-column table of settings (provenance)."""
    rows = [[str(k), _plain(v)] for k, v in pairs.items()]
    return Table(caption=caption, headers=["Item", "Value"], rows=rows, numeric=[False, False])


def _plain(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(_plain(v) for v in value)
    if isinstance(value, dict):
        return "; ".join(f"{k}={_plain(v)}" for k, v in value.items())
    return str(value)


def side_by_side(
    df: pl.DataFrame,
    index: Sequence[Spec],
    by: str,
    values: Sequence[Spec],
    caption: str,
    by_label: Callable[[Any], str] = lambda v: f"{v}p",
) -> Table:
    """One row per ``index`` value, the ``values`` columns repeated for each value of ``by``
    (e.g. 2, 3 and 4 players side by side); a missing combination shows a dash."""
    keys = [cols for _, _, cols in index]
    groups = sorted(df[by].unique().to_list())
    rows: dict[tuple, dict[Any, dict[str, Any]]] = {}
    for record in df.iter_rows(named=True):
        row_key = tuple(record[k] for k in keys)  # type: ignore[index]
        rows.setdefault(row_key, {})[record[by]] = record
    out = []
    for per in rows.values():
        first = next(iter(per.values()))
        cells = [FORMATS[fmt](first[cols]) for _, fmt, cols in index]  # type: ignore[index]
        for g in groups:
            rec = per.get(g)
            for _, fmt, cols in values:
                names = (cols,) if isinstance(cols, str) else cols
                cells.append("–" if rec is None else FORMATS[fmt](*(rec.get(c) for c in names)))
        out.append(cells)
    headers = [h for h, _, _ in index] + [
        f"{by_label(g)} {h}" for g in groups for h, _, _ in values
    ]
    numeric = [f in NUMERIC for _, f, _ in index] + [
        f in NUMERIC for _ in groups for _, f, _ in values
    ]
    return Table(caption=caption, headers=headers, rows=out, numeric=numeric)
