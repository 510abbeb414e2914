"""The feel measures in words and as a printed table."""

from __future__ import annotations

import math
from typing import Any

import polars as pl

from analyses.feel.tables import MEASURES

PERCENT = frozenset({"comeback", "weaker_wins", "luck_share", "ahead_rate", "kingmaking",
                     "forced", "kingmaker_choices", "decided_at", "final_margin",
                     "skill_trace"})  # fmt: skip
SIGNED = frozenset({"skill_gain"})  # a change in points: shown with its sign


def show(measure: str, value: float) -> str:
    """One value of ``measure`` as a designer reads it."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "n/a"
    if math.isinf(value):
        return "never"
    if measure in SIGNED:
        return f"{100 * value:+.1f} pts"
    if measure in PERCENT:
        return f"{100 * value:.1f}%"
    if measure == "games_needed":
        return f"{value:,.0f}"
    return f"{value:.2f}"


def change_text(measure: str, value: float) -> str:
    """A change of ``measure`` between two versions, signed: a share of the game in
    percentage points of the game, another share in percentage points (never "points",
    which elsewhere means score or win-share points)."""
    if value is None or (isinstance(value, float) and not math.isfinite(value)):
        return "n/a"
    if measure == "decided_at":
        return f"{100 * value:+.1f} percentage points of the game"
    if measure in PERCENT or measure in SIGNED:
        return f"{100 * value:+.1f} percentage points"
    return f"{value:+.2f}"


def change_sentence(r: dict[str, Any], a: str, b: str) -> str:
    """One paired change (a row of ``analyses.feel.change``) in words, with its interval."""
    m = r["measure"]
    what = MEASURES[m].text if m in MEASURES else m
    return (
        f"{what[0].upper()}{what[1:]}: {show(m, r['a'])} with {a}, {show(m, r['b'])} with "
        f"{b}, a change of {change_text(m, r['diff'])} (95% interval "
        f"{change_text(m, r['lo']).split(' ')[0]} to {change_text(m, r['hi'])})."
    )


def interval(r: dict[str, Any]) -> str:
    """'estimate (lo to hi)'."""
    m = r["measure"]
    return f"{show(m, r['estimate'])} ({show(m, r['lo'])} to {show(m, r['hi'])})"


def format_table(table: pl.DataFrame, *, markdown: bool = False) -> str:
    """The measures as aligned text (or a markdown table): group, measure, 95% interval, n."""
    rows = [
        (r["group"], r["measure"], interval(r), str(r["n"])) for r in table.iter_rows(named=True)
    ]
    head = ("group", "measure", "estimate (95% interval)", "n")
    if markdown:
        lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        return "\n".join([*lines, *("| " + " | ".join(r) + " |" for r in rows)])
    widths = [max(len(x[i]) for x in [head, *rows]) for i in range(len(head))]
    return "\n".join(
        "  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip()
        for r in [head, *rows]
    )


def _get(table: pl.DataFrame, measure: str, group: str | None = None) -> dict[str, Any] | None:
    rows = table.filter(pl.col("measure") == measure)
    if group is not None:
        rows = rows.filter(pl.col("group") == group)
    return rows.row(0, named=True) if rows.height else None


def sentences(table: pl.DataFrame, cell: str, label: str) -> list[str]:
    """Plain findings for one cell (line-up) and the run, each with its 95% interval."""
    out = []
    lead = _get(table, "lead_changes", cell)
    decided = _get(table, "decided_at", cell)
    if lead and decided:
        out.append(
            f"{label}: the lead changes hands {interval(lead)} times a game; the winner "
            f"takes the lead for good after {interval(decided)} of the game."
        )
    comeback = _get(table, "comeback", cell)
    if comeback:
        out.append(
            f"{label}: the winner was behind at two thirds of the game by more than a "
            f"tenth of its final score in {interval(comeback)} of games."
        )
    luck = _get(table, "luck_share")
    if luck:
        players = str(luck["group"]).removeprefix("line-ups ")
        out.append(
            f"The deal decides {interval(luck)} of a seat's result for the players "
            f"{players} (luck share: the part of the result variance over seeds and these "
            "line-ups that the line-up does not explain)."
        )
    for r in table.filter(pl.col("measure") == "games_needed").iter_rows(named=True):
        out.append(
            f"{r['group']}: the better player needs {interval(r)} games to come out "
            "ahead 95% of the time."
        )
    king = _get(table, "kingmaking")
    if king:
        out.append(
            f"A player who can no longer win changes who is likelier to win in "
            f"{interval(king)} of the replayed games (kingmaking; chance alone "
            "reshuffling the futures does not count)."
        )
    return out


def definitions() -> list[str]:
    """One line per measure: its name and definition."""
    return [f"{name}: {m.text}" for name, m in MEASURES.items()]
