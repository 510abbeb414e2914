"""Report figures as inline SVG strings (matplotlib, Agg backend, no pyplot state).

Figures are built with ``matplotlib.figure.Figure`` directly, so they never enter pyplot's
global figure registry; each is cleared after rendering. Text stays text in the SVG
(``svg.fonttype = none``) — smaller files, selectable labels, no embedded font downloads — and
element ids are salted with a per-figure name so several figures can share one HTML page and
the output is byte-for-byte reproducible.
"""

from __future__ import annotations

import html
import io
import re
import textwrap
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import matplotlib

matplotlib.use("Agg")  # explicit: reports run headless, in workers and CI

import numpy as np
import polars as pl
from matplotlib.figure import Figure

ACCENT = "#2f6690"
HIGHLIGHT = "#d1495b"
MUTED = "#9aa5b1"
PALETTE = ("#2f6690", "#d1495b", "#edae49", "#3a7d44", "#7a5195", "#66a182", "#ef5675")
STYLE: dict[Any, Any] = {  # keys: matplotlib's rc names (its stubs type them as literals)
    "svg.fonttype": "none",
    "font.family": "sans-serif",
    "font.size": 10.5,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.titleweight": "bold",
    "axes.titlesize": 11.5,
    "axes.titlelocation": "left",
    "axes.grid": True,
    "grid.color": "#e3e7eb",
    "grid.linewidth": 0.8,
    "axes.axisbelow": True,
}
# The numbers of a figure: a list, or a table's column as it is (drawn through np.asarray).
Values = Sequence[float] | pl.Series


def _figure(width: float, height: float) -> Figure:
    return Figure(figsize=(width, height), layout="constrained")


def to_svg(fig: Figure, name: str, alt: str) -> str:
    """Render ``fig`` to an inline ``<svg>`` element (no XML prolog) and release it."""
    buf = io.StringIO()
    with matplotlib.rc_context({**STYLE, "svg.hashsalt": name}):
        fig.savefig(buf, format="svg", metadata={"Date": None, "Creator": None})
    fig.clear()
    svg = buf.getvalue()
    svg = svg[svg.index("<svg") :]
    # Inline SVG in HTML needs no namespace declarations, and the RDF metadata block only
    # names the generator; dropping both leaves no URI of any kind in the page.
    svg = re.sub(r"<metadata>.*?</metadata>\s*", "", svg, flags=re.S)
    svg = re.sub(r'\s+xmlns(:\w+)?="[^"]*"', "", svg)
    # The width/height attributes keep each figure at its natural size; CSS (max-width: 100%,
    # height: auto) shrinks it on narrow screens with the viewBox keeping the aspect ratio.
    svg = _prefix_ids(svg, name)
    label = html.escape(alt, quote=True)
    return svg.replace("<svg", f'<svg role="img" aria-label="{label}" class="figure"', 1)


def wrap_labels(labels: Sequence[str], width: int = 40) -> list[str]:
    """Break long tick labels over lines so the plot area keeps its width (a line break in a
    label is kept)."""
    # Words stay whole ("architect", "heuristic:style=architect"): a word longer than the
    # width gets a line of its own rather than being cut in two.
    return [
        "\n".join(
            line
            for part in str(t).split("\n")
            for line in textwrap.wrap(part, width, break_on_hyphens=False, break_long_words=False)
        )
        or str(t)
        for t in labels
    ]


def _prefix_ids(svg: str, prefix: str) -> str:
    # matplotlib numbers its element ids per figure ("axes_1", "patch_2"...), which would
    # collide between figures of one page; prefix every id and every reference to one.
    svg = re.sub(r'\bid="([^"]+)"', rf'id="{prefix}-\1"', svg)
    svg = re.sub(r"url\(#([^)]+)\)", rf"url(#{prefix}-\1)", svg)
    return re.sub(r'href="#([^"]+)"', rf'href="#{prefix}-\1"', svg)


def _height_for(n_rows: int, base: float = 1.1, per_row: float = 0.42) -> float:
    return max(1.8, base + per_row * n_rows)


def _label_lines(labels: Sequence[str], width: int = 40) -> int:
    return sum(len(wrap_labels([t], width)[0].split("\n")) for t in labels)


LEGEND_WRAP = 100  # characters a legend line below a plot holds at the reports' 8-inch width
LEGEND_LINE = 0.19  # inches a legend line takes


def legend_height(labels: Sequence[str]) -> float:
    """Inches that :func:`legend_below` adds under the plot for ``labels``."""
    return 0.15 + LEGEND_LINE * _label_lines(labels, LEGEND_WRAP)


def legend_below(fig: Figure, ax: Any) -> None:
    """The axes' legend under the plot, one wrapped entry a line: long line-up labels beside
    the plot squeezed the axes to nothing (make the figure :func:`legend_height` taller)."""
    handles, labels = ax.get_legend_handles_labels()
    fig.legend(
        handles,
        wrap_labels(labels, LEGEND_WRAP),
        loc="outside lower center",
        ncols=1,
        frameon=False,
    )


def forest_plot(
    labels: Sequence[str],
    estimate: Values,
    lo: Values,
    hi: Values,
    *,
    xlabel: str,
    title: str,
    name: str,
    ref: float = 0.0,
    highlight: Sequence[bool] | None = None,
) -> str:
    """Horizontal estimates with interval whiskers and a reference line (paired differences)."""
    with matplotlib.rc_context(STYLE):
        fig = _figure(8.0, _height_for(_label_lines(labels)))
        ax = fig.add_subplot()
        y = np.arange(len(labels))[::-1]
        est = np.asarray(estimate, dtype=float)
        err = np.vstack([est - np.asarray(lo, float), np.asarray(hi, float) - est])
        err = np.clip(err, 0.0, None)  # rounding must not make a whisker negative
        colours = [
            HIGHLIGHT if (highlight is not None and highlight[i]) else ACCENT
            for i in range(len(labels))
        ]
        ax.axvline(ref, color=MUTED, linestyle="--", linewidth=1)
        for i in range(len(labels)):
            ax.errorbar(
                est[i],
                y[i],
                xerr=err[:, i : i + 1],
                fmt="o",
                color=colours[i],
                capsize=3,
                markersize=5,
                linewidth=1.6,
            )
        ax.set_yticks(y, wrap_labels(labels))
        ax.set_ylim(-0.7, len(labels) - 0.3)
        ax.set_xlabel(xlabel)
        ax.set_title(title)
        ax.grid(axis="y", visible=False)
    return to_svg(fig, name, title)


def interval_bars(
    labels: Sequence[str],
    rate: Values,
    lo: Values,
    hi: Values,
    *,
    xlabel: str,
    title: str,
    name: str,
    ref: float | Values | None = None,
    ref_label: str = "fair share",
    percent: bool = True,
    wrap: int = 40,
) -> str:
    """Horizontal bars with 95% interval whiskers and an optional reference (fair) line;
    labels wrap at ``wrap`` characters."""
    with matplotlib.rc_context(STYLE):
        fig = _figure(8.0, _height_for(_label_lines(labels, wrap), per_row=0.3))
        ax = fig.add_subplot()
        scale = 100.0 if percent else 1.0
        y = np.arange(len(labels))[::-1]
        r = np.asarray(rate, float) * scale
        err = np.vstack([r - np.asarray(lo, float) * scale, np.asarray(hi, float) * scale - r])
        err = np.clip(err, 0.0, None)  # rounding must not make a whisker negative
        ax.barh(y, r, color=ACCENT, alpha=0.85, height=0.6)
        ax.errorbar(r, y, xerr=err, fmt="none", ecolor="#1b2631", capsize=3, linewidth=1.2)
        if ref is not None:
            refs = np.broadcast_to(np.asarray(ref, float) * scale, r.shape)
            for yi, rv in zip(y, refs, strict=True):
                ax.plot([rv, rv], [yi - 0.42, yi + 0.42], color=HIGHLIGHT, linewidth=1.6)
            ax.plot([], [], color=HIGHLIGHT, linewidth=1.6, label=ref_label)
            ax.legend(loc="lower left", bbox_to_anchor=(1.0, 0.0), frameon=False)
        ax.set_yticks(y, wrap_labels(labels, wrap))
        ax.set_xlabel(xlabel + (" (%)" if percent else ""))
        ax.set_xlim(0, max(1.0, float(np.nanmax(np.asarray(hi, float)))) * scale * 1.02)
        ax.set_title(title)
        ax.grid(axis="y", visible=False)
    return to_svg(fig, name, title)


def budget_curve(
    series: Sequence[tuple[str, Values, Values, Values, Values]],
    *,
    xlabel: str,
    ylabel: str,
    title: str,
    name: str,
    ref: float | None = 0.5,
    ref_label: str = "even match",
) -> str:
    """Rate against a doubling budget (log-2 axis), one line per series with 95% whiskers;
    the legend goes under the plot.

    ``series``: (label, budgets, rate, lo, hi); rates are shares, drawn in percent.
    """
    labels = [s[0] for s in series] + ([ref_label] if ref is not None else [])
    with matplotlib.rc_context(STYLE):
        fig = _figure(8.0, 3.6 + legend_height(labels))
        ax = fig.add_subplot()
        if ref is not None:
            ax.axhline(ref * 100, color=MUTED, linestyle="--", linewidth=1, label=ref_label)
        ticks: set[float] = set()
        for label, budgets, rate, lo, hi in series:
            x = np.asarray(budgets, float)
            r = np.asarray(rate, float) * 100
            err = np.clip(
                np.vstack([r - np.asarray(lo, float) * 100, np.asarray(hi, float) * 100 - r]),
                0.0,
                None,
            )
            ax.errorbar(
                x, r, yerr=err, fmt="o-", capsize=3, markersize=5, linewidth=1.6, label=label
            )
            ticks.update(x.tolist())
        ax.set_xscale("log", base=2)
        ax.set_xticks(sorted(ticks), [f"{t:,.0f}" for t in sorted(ticks)])
        ax.minorticks_off()
        ax.set_ylim(0, 100)
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel + " (%)")
        ax.set_title(title)
        legend_below(fig, ax)
    return to_svg(fig, name, title)


def heatmap(
    matrix: np.ndarray,
    row_labels: Sequence[str],
    col_labels: Sequence[str],
    *,
    title: str,
    name: str,
    cbar_label: str,
    xlabel: str = "",
    ylabel: str = "",
    limits: tuple[float, float] = (0.0, 1.0),
    fmt: Callable[[float], str] | None = None,
    size: tuple[float, float] | None = None,
) -> str:
    """Annotated heat map (NaN cells left blank), e.g. a win-rate matrix.

    Colours span ``limits`` (fractions, shown ×100 on the colour bar: red low, blue high);
    ``fmt`` writes each cell's text (default ``54%``); ``size`` (inches) overrides the square
    default sized for a policy matrix.
    """
    m = np.asarray(matrix, dtype=float)
    fmt = fmt or (lambda v: f"{100 * v:.0f}%")
    centre, half = (limits[0] + limits[1]) / 2, (limits[1] - limits[0]) / 2
    with matplotlib.rc_context({**STYLE, "axes.grid": False}):
        side = max(3.4, 1.8 + 0.75 * max(len(row_labels), len(col_labels)))
        fig = _figure(*(size or (side + 2.4, side + 0.6)))
        ax = fig.add_subplot()
        masked = np.ma.masked_invalid(m * 100)
        # pcolormesh, not imshow: imshow would embed a raster PNG inside the SVG.
        image = ax.pcolormesh(
            masked,
            cmap="RdBu",
            vmin=100 * limits[0],
            vmax=100 * limits[1],
            edgecolors="white",
            linewidth=1.5,
        )
        ax.invert_yaxis()
        for (i, j), v in np.ndenumerate(m):
            if np.isfinite(v):
                colour = "white" if abs(v - centre) > 0.6 * half else "#1b2631"
                ax.text(j + 0.5, i + 0.5, fmt(v), ha="center", va="center", color=colour)
        slanted = max(map(len, map(str, col_labels)), default=0) > 3  # short labels stay upright
        ax.set_xticks(
            np.arange(len(col_labels)) + 0.5,
            wrap_labels(col_labels, 16),
            rotation=30 if slanted else 0,
            ha="right" if slanted else "center",
        )
        ax.set_yticks(np.arange(len(row_labels)) + 0.5, wrap_labels(row_labels, 24))
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        ax.set_title(title)
        for spine in ax.spines.values():
            spine.set_visible(False)
        bar = fig.colorbar(image, ax=ax, shrink=0.85)
        bar.set_label(cbar_label)
        assert bar.solids is not None  # a filled colour bar draws its solids when it is made
        bar.solids.set_rasterized(False)  # keep the colour bar vector (no embedded PNG)
        bar.solids.set_edgecolor("face")  # no hairline seams between the vector patches
    return to_svg(fig, name, title)


def histogram(
    groups: Mapping[str, np.ndarray],
    *,
    xlabel: str,
    title: str,
    name: str,
    ylabel: str = "share of games (%)",
    integer: bool = False,
) -> str:
    """Overlaid step histograms (as shares, so groups of different size compare); the legend
    goes under the plot."""
    several = len(groups) > 1
    with matplotlib.rc_context(STYLE):
        fig = _figure(8.0, 3.4 + (legend_height(list(groups)) if several else 0.0))
        ax = fig.add_subplot()
        values = [np.asarray(v, float) for v in groups.values() if len(v)]
        if values:
            edges = _edges(np.concatenate(values), integer)
            for i, (label, v) in enumerate(groups.items()):
                if len(v) == 0:
                    continue
                weights = np.full(len(v), 100.0 / len(v))
                ax.hist(
                    np.asarray(v, float),
                    bins=edges.tolist(),  # the same edges; matplotlib types bins as a sequence
                    weights=weights,
                    histtype="step",
                    linewidth=1.8,
                    color=PALETTE[i % len(PALETTE)],
                    label=label,
                )
            if several:
                legend_below(fig, ax)
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        ax.set_title(title)
    return to_svg(fig, name, title)


def _edges(v: np.ndarray, integer: bool) -> np.ndarray:
    lo, hi = float(np.min(v)), float(np.max(v))
    integer = integer or bool(np.all(v == np.round(v)))  # scores are often whole numbers
    if integer and hi - lo <= 60:
        return np.arange(np.floor(lo) - 0.5, np.ceil(hi) + 1.5)
    if hi == lo:
        return np.array([lo - 0.5, hi + 0.5])
    return np.histogram_bin_edges(v, bins=min(40, max(10, int(np.sqrt(len(v))))))
