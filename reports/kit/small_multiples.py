"""Small multiples: a long family of paired differences as one panel per group (a rule change)
with one-line row labels and a shared axis, so the figure stays within one screen."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import matplotlib
import numpy as np

from reports.kit.plots import ACCENT, HIGHLIGHT, MUTED, STYLE, Values, _figure, to_svg

ROW = 0.27  # inches per row
MAX_ROWS = 30  # beyond this the sortable table is the better reading


@dataclass(frozen=True)
class Panel:
    """One group: its title and, per row, a short label, estimate, interval, highlight."""

    title: str
    labels: Sequence[str]
    estimate: Values
    lo: Values
    hi: Values
    highlight: Sequence[bool]


def fits(panels: Sequence[Panel]) -> bool:
    """True when the panels together stay within one screen."""
    return 0 < sum(len(p.labels) for p in panels) <= MAX_ROWS


def forest_panels(
    panels: Sequence[Panel], *, xlabel: str, title: str, name: str, across: bool = False
) -> str:
    """Forest plots sharing one x axis, one panel per group, rows labelled on one line each;
    red: highlighted (clear after Holm). ``across`` sets the panels side by side (groups of
    equal, short rows such as the 12 card values of each deck family)."""
    rows = [max(1, len(p.labels)) for p in panels]
    with matplotlib.rc_context(STYLE):
        if across:
            fig = _figure(3.3 * len(panels) + 0.6, 1.4 + ROW * max(rows))
            axes = fig.subplots(1, len(panels), sharex=True, squeeze=False)[0]
        else:
            fig = _figure(8.0, 0.9 + ROW * sum(rows) + 0.45 * len(panels))
            ratios = {"height_ratios": [r + 1.2 for r in rows]}
            axes = fig.subplots(len(panels), 1, sharex=True, squeeze=False, gridspec_kw=ratios)
            axes = axes[:, 0]
        for ax, panel in zip(axes, panels, strict=True):
            _panel(ax, panel)
            if across:
                ax.set_xlabel(xlabel, fontsize=9)
        if not across:
            axes[-1].set_xlabel(xlabel)
        fig.suptitle(title, x=0.02, ha="left", fontweight="bold", fontsize=11.5)
    return to_svg(fig, name, title)


def _panel(ax, panel: Panel) -> None:
    n = len(panel.labels)
    y = np.arange(n)[::-1]
    est = np.asarray(panel.estimate, float)
    err = np.clip(
        np.vstack([est - np.asarray(panel.lo, float), np.asarray(panel.hi, float) - est]), 0.0, None
    )
    ax.axvline(0.0, color=MUTED, linestyle="--", linewidth=1)
    for i in range(n):
        colour = HIGHLIGHT if panel.highlight[i] else ACCENT
        ax.errorbar(
            est[i],
            y[i],
            xerr=err[:, i : i + 1],
            fmt="o",
            color=colour,
            capsize=2.5,
            markersize=4,
            linewidth=1.3,
        )
    ax.set_yticks(y, list(panel.labels), fontsize=8.5)
    ax.set_ylim(-0.7, n - 0.3)
    ax.set_title(panel.title, loc="right", fontsize=10, fontweight="normal")  # room on the left
    ax.grid(axis="y", visible=False)
