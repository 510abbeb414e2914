"""The words of the rule-variant section when it holds many comparisons: each rule change
says where it changes an outcome clearly, each with its own interval, and what each variant
means; the rest are said to show no clear change, never spanned as if they were a range."""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import groupby
from typing import cast

import polars as pl

from analyses.studies.findings import join_and, magnitude, signed

LISTED = 3  # clear comparisons named in a sentence (the table lists every one)


def _clear_sentence(change: str, what: str, live: pl.DataFrame, fmt: Callable[[float], str]) -> str:
    """``variant=strategic instead of standard: game length changes clearly in 2 of 8 paired
    comparisons: linear · 3 × heuristic +1.20 (+0.50 to +1.90); ...; the other 6 show no clear
    change.``"""
    clear = live.filter(pl.col("significant").fill_null(False))
    named = [
        f"{short_conditions(r['comparison'])} {fmt(r['diff'])} ({fmt(r['lo'])} to {fmt(r['hi'])})"
        for r in clear.head(LISTED).iter_rows(named=True)
    ]
    more = f"; and {clear.height - LISTED} more (table)" if clear.height > LISTED else ""
    rest = live.height - clear.height
    tail = f"; the other {rest} show no clear change" if rest else ""
    return (
        f"{change}: {what} changes clearly in {clear.height} of {live.height} paired "
        f"comparisons: {'; '.join(named)}{more}{tail}."
    )


def meanings(changes: list[str], describe: Callable[[str], str | None]) -> list[str]:
    """What each variant value of the section's rule changes means, from the game's content
    texts: ``linear15: Strategic variant: 3 tiles of one printed value score 10, ...``."""
    seen: dict[str, str] = {}
    for change in changes:
        head = change.split(" instead of ")
        if len(head) != 2 or "=" not in head[0]:
            continue
        key, new = head[0].split("=", 1)
        for value in (new, head[1]):
            text = describe(f"{key}={value}")
            if text and value not in seen:
                seen[value] = text
    return [f"{value}: {text}" for value, text in seen.items()]


def condensed_words(shown: list[tuple[str, pl.DataFrame, bool]]) -> tuple[list[str], list[str]]:
    """One sentence per (rule change, outcome) with a clear difference somewhere, one for the
    outcomes no change moved, one per rule change that cannot affect an outcome."""
    words: list[str] = []
    quiet: list[str] = []
    fixed: dict[str, list[str]] = {}
    for what, df, as_points in shown:
        fmt = (lambda x: f"{signed(100 * x)} points") if as_points else (lambda x: signed(x, 2))
        moved = False
        for (change,), part in df.group_by(["change"], maintain_order=True):
            for c in part.filter("fixed")["comparison"]:
                fixed.setdefault(c, []).append(what)
            live = part.filter(~pl.col("fixed"))
            n_clear = int(live["significant"].fill_null(False).sum())
            if live.is_empty() or n_clear == 0:
                continue
            moved = True
            words.append(_clear_sentence(change, what, live, fmt))
        sizes = df["mde"].drop_nulls().drop_nans()
        if not moved and sizes.len():
            top = float(cast(float, sizes.max()))
            size = f"{magnitude(100 * top, 1)} points" if as_points else magnitude(top)
            quiet.append(f"{what} (detectable ±{size})")
    if quiet:
        words.append(
            f"No rule change moved these clearly in any comparison: {'; '.join(quiet)} "
            "(the largest change each could have missed at 80% power)."
        )
    return words, _fixed_words(shown, fixed)


def _fixed_words(
    shown: list[tuple[str, pl.DataFrame, bool]], fixed: dict[str, list[str]]
) -> list[str]:
    """One sentence per rule change and set of outcomes it leaves identical, naming the
    conditions its comparisons share (a list per comparison ran to pages of repeated names)."""
    total = dict(shown[0][1].group_by("change").len().rows())
    change_of = dict(shown[0][1].select("comparison", "change").rows())
    groups: dict[tuple[str, tuple[str, ...]], list[str]] = {}
    for comparison, whats in fixed.items():
        groups.setdefault((change_of[comparison], tuple(whats)), []).append(comparison)
    out = []
    for (change, outcomes), comparisons in groups.items():
        count = f"{len(comparisons)} of {total[change]} comparisons"
        shared = [
            w for w in _conditions(comparisons[0]) if all(w in _conditions(c) for c in comparisons)
        ]
        # "whenever" only when no other comparison of this change has those conditions too
        alike = [
            c for c, ch in change_of.items() if ch == change and set(shared) <= set(_conditions(c))
        ]
        if shared and len(alike) == len(comparisons):
            scope = f"whenever {join_and(shared)} ({count})"
        else:
            scope = f"in {count}" + (f", all with {join_and(shared)}" if shared else "")
        if len(outcomes) == len(shown):
            out.append(
                f"{change} leaves every game identical {scope}: the rule cannot matter "
                "there; left out of the tests."
            )
        else:
            what = join_and(outcomes)
            out.append(
                f"{change} leaves {what} identical in every paired game {scope}; "
                "left out of the tests."
            )
    return out


def _conditions(comparison: str) -> list[str]:
    """The fixed conditions (``key=value`` or line-up) of a comparison's name."""
    return comparison.split(" (", 1)[1].rstrip(")").split(", ") if " (" in comparison else []


def short_conditions(comparison: str) -> str:
    """The fixed conditions of a comparison on one line: ``standard · linear · 3 × heuristic``;
    a line-up keeps its players' specs whole (``2 × heuristic:style=chains vs ...``)."""
    parts = []
    for w in _conditions(comparison):
        key = re.match(r"\w+=", w)
        value = w[key.end() :] if key else w
        players = value.split(" vs ")
        if len(players) > 1:
            value = " vs ".join(
                f"{len(list(run))} × {p}" if len(run := list(same)) > 1 else p
                for p, same in groupby(players)
            )
        parts.append(value)
    return " · ".join(parts) or comparison.split(" (")[0]
