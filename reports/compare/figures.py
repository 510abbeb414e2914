"""The forest plots of an A vs B report: each group's changes with their intervals, at most
``FIGURE_ROWS`` measures a figure, named short (the table beside it names them in full)."""

from __future__ import annotations

from analyses.compare.measures import SHARE
from reports.kit import plots
from reports.studies.sections import Figure

FIGURE_ROWS = 14  # measures per figure: more would make it taller than a screen


def short_name(what: str) -> str:
    """A measure's name without its parenthesis (the table beside the figure gives it):
    "worth of S6 (gain 1 potion → gain 3 potions) to the player in slot 1" -> "worth of S6 to
    the player in slot 1"."""
    head, _, tail = what.partition(" (")
    return head + tail.partition(")")[2] if tail else head


def short_names(whats: list[str]) -> list[str]:
    """Each measure's short name, or its full one where two would read the same (the
    parenthesis then tells them apart: a line-up, a cell)."""
    short = [short_name(w) for w in whats]
    return [s if short.count(s) == 1 else w for s, w in zip(short, whats, strict=True)]


def group_figures(rows: list[dict], group: str, a: str, b: str) -> list[Figure]:
    """The group's changes as forest plots of at most ``FIGURE_ROWS`` measures each."""
    parts = [rows[i : i + FIGURE_ROWS] for i in range(0, len(rows), FIGURE_ROWS)]
    return [_figure(part, group, a, b, k, len(parts)) for k, part in enumerate(parts, 1)]


def _figure(rows: list[dict], group: str, a: str, b: str, k: int = 1, of: int = 1) -> Figure:
    share = rows[0]["unit"] == SHARE
    scale = 100.0 if share else 1.0
    part = f" ({k} of {of})" if of > 1 else ""
    slug = f"cmp-{group.lower().replace(' ', '-')}" + (f"-{k}" if of > 1 else "")
    svg = plots.forest_plot(
        short_names([r["what"] for r in rows]),
        [scale * r["diff"] for r in rows],
        [scale * r["lo"] for r in rows],
        [scale * r["hi"] for r in rows],
        xlabel=f"change, {b} minus {a}" + (" (points of win share)" if share else ""),
        title=f"{group}: {b} minus {a}{part}",
        name=slug,
        highlight=[bool(r["significant"]) for r in rows],
    )
    return Figure(
        svg,
        f"{group}{part}: change from {a} to {b} per measure with its interval; "
        "highlighted where a change is found (the table names each measure in full).",
    )
