"""The Rats of Wistar wheel drawn as a wheel: six sectors around the Alchemist's hut, each ring
coloured by what forbidding that sector costs its player (worth in win-rate points), with the
95% interval written beside it. Replaces a forest plot whose labels ran to three lines.

Rings, from the inside: the whole game, rounds 1–2, rounds 4–5 (the windows the wheel study
restricts). A worth that is not clearly different from zero is drawn pale and hatched, so
colour only speaks where the games do.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from matplotlib import colormaps
from matplotlib.colors import Normalize
from matplotlib.patches import Circle, Wedge

from analyses.studies.findings import signed
from reports.kit.plots import _figure, to_svg

RINGS = (("all", 0.32, 0.62), ("1-2", 0.62, 0.81), ("4-5", 0.81, 1.0))  # window, inner, outer
SECTORS = tuple(f"S{k}" for k in range(1, 7))


@dataclass(frozen=True)
class Worth:
    """One restriction's worth in win-rate points with its 95% interval."""

    value: float
    lo: float
    hi: float
    clear: bool


def wheel_plot(worths: Mapping[int, Mapping[tuple[str, str], Worth]], name: str = "wheel") -> str:
    """One wheel per player count; ``worths[n][(sector, window)]``, sector ``S1``..``S6`` or
    ``hut``, window ``all``, ``1-2`` or ``4-5``. Missing cells are left blank."""
    counts = sorted(worths)
    titles = [f"{n} players" if len(counts) > 1 else "" for n in counts]
    alt = "The wheel: each sector coloured by what forbidding it costs its player."
    return wheel_panels(list(zip(titles, (worths[n] for n in counts), strict=True)), name, alt)


def wheel_panels(
    panels: Sequence[tuple[str, Mapping[tuple[str, str], Worth]]],
    name: str,
    alt: str,
    labels: bool = True,
) -> str:
    """Wheels side by side, each ``(title, worths)``, on one colour scale (e.g. the same
    study under two players); without ``labels`` the worths are not written beside the
    sectors (a table gives them), so each wheel can be drawn larger."""
    values = [abs(w.value) for _, ws in panels for w in ws.values() if w.value == w.value]
    reach = max(10.0, max(values, default=10.0))
    norm = Normalize(-reach, reach)
    fig = _figure((7.6 if labels else 4.4) * len(panels) + 1.0, 5.0 if labels else 4.6)
    axes = fig.subplots(1, len(panels), squeeze=False)[0]
    for ax, (title, worths) in zip(axes, panels, strict=True):
        _one_wheel(ax, worths, norm, title, labels)
    bar = fig.colorbar(_mappable(norm), ax=list(axes), shrink=0.6, pad=0.02)
    assert bar.solids is not None  # a filled colour bar draws its solids when it is made
    bar.solids.set_rasterized(False)  # keep the colour bar vector (no embedded PNG)
    bar.set_label("worth (win-rate points lost when forbidden)")
    return to_svg(fig, name, alt)


def _mappable(norm: Normalize):
    from matplotlib.cm import ScalarMappable

    return ScalarMappable(norm=norm, cmap=colormaps["RdBu"])


def _one_wheel(
    ax, worths: Mapping[tuple[str, str], Worth], norm: Normalize, title: str, labels: bool = True
) -> None:
    cmap = colormaps["RdBu"]
    ax.set_aspect("equal")
    ax.set_xlim(*((-2.35, 2.35) if labels else (-1.05, 1.05)))
    ax.set_ylim(*((-1.5, 1.5) if labels else (-1.05, 1.05)))
    ax.axis("off")
    if title:
        ax.set_title(title)
    for k, sector in enumerate(SECTORS):
        start = 90 - 60 * (k + 1)  # S1 at the top, clockwise
        for window, inner, outer in RINGS:
            w = worths.get((sector, window))
            face = "#ffffff" if w is None else cmap(norm(w.value))
            ax.add_patch(
                Wedge(
                    (0, 0),
                    outer,
                    start,
                    start + 60,
                    width=outer - inner,
                    facecolor=face,
                    edgecolor="#34495e",
                    linewidth=1.0,
                    alpha=1.0 if w is None or w.clear else 0.45,
                    hatch=None if w is None or w.clear else "///",
                )
            )
        mid = math.radians(start + 30)
        ax.text(
            0.47 * math.cos(mid),
            0.47 * math.sin(mid),
            sector,
            ha="center",
            va="center",
            fontsize=11,
            fontweight="bold",
        )
        if labels:
            _label(ax, mid, sector, worths)
    hut = worths.get(("hut", "all"))
    ax.add_patch(
        Circle(
            (0, 0),
            0.32,
            facecolor="#ffffff" if hut is None else cmap(norm(hut.value)),
            edgecolor="#34495e",
            linewidth=1.0,
            alpha=1.0 if hut is None or hut.clear else 0.45,
            hatch=None if hut is None or hut.clear else "///",
        )
    )
    hut_text = "hut" if hut is None else f"hut\n{signed(hut.value)}"
    ax.text(0, 0, hut_text, ha="center", va="center", fontsize=9.5)
    if hut is not None and labels:
        ax.text(
            0,
            -1.5,
            f"hut: {signed(hut.value)} ({signed(hut.lo)} to {signed(hut.hi)})",
            ha="center",
            va="bottom",
            fontsize=8.5,
            color="#34495e",
        )


def window_words(window: str) -> str:
    """A ring's window in words: ``all`` -> "whole game", ``1-2`` -> "rounds 1–2"."""
    return "whole game" if window == "all" else f"rounds {window.replace('-', '–')}"


def _label(ax, angle: float, sector: str, worths: Mapping[tuple[str, str], Worth]) -> None:
    """Worth and interval of each window, outside the wheel beside its sector."""
    lines = []
    for window, _, _ in RINGS:
        w = worths.get((sector, window))
        if w is not None:
            head = window_words(window)
            lines.append(f"{head}: {signed(w.value)} ({signed(w.lo)} to {signed(w.hi)})")
    if not lines:
        return
    x, y = 1.08 * math.cos(angle), 1.08 * math.sin(angle)
    ha = "left" if x > 0.05 else "right" if x < -0.05 else "center"
    ax.text(
        x,
        y,
        f"{sector}\n" + "\n".join(lines),
        ha=ha,
        va="center",
        fontsize=8.2,
        color="#1b2631",
        linespacing=1.25,
    )


def worths_from_table(rows: Sequence[Mapping]) -> dict[int, dict[tuple[str, str], Worth]]:
    """Rows of the restricted-play table (``classes``, ``rounds``, ``players``, ``worth``...,
    in fractions) → worths in points by player count, for the wheel's sectors and the hut."""
    out: dict[int, dict[tuple[str, str], Worth]] = {}
    for r in rows:
        cls = str(r["classes"])
        if "+" in cls or not cls.startswith("place/") or cls.count("/") != 1:
            continue
        sector = cls.split("/")[1]
        if sector not in (*SECTORS, "hut") or r["rounds"] not in ("all", "1-2", "4-5"):
            continue
        out.setdefault(int(r["players"]), {})[(sector, r["rounds"])] = Worth(
            100 * r["worth"], 100 * r["worth_lo"], 100 * r["worth_hi"], bool(r["significant"])
        )
    return out


def has_wheel(rows: Sequence[Mapping]) -> bool:
    """True when the table holds at least three wheel sectors for some player count."""
    return any(len({s for s, _ in w}) >= 3 for w in worths_from_table(rows).values())
