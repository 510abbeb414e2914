"""The rule-variant section's first-player part: under each rule value, does the first player
win more than the fair share, and where the run cannot tell, how many games would."""

from __future__ import annotations

from typing import Any

import polars as pl

from analyses.studies.findings import pct, pct_range, signed
from analyses.studies.variant_turns import ALPHA, first_player_by_value
from reports.kit.tables import Spec, render_table
from reports.studies.sections import Context

NAMED = 3  # clear rule values named in the sentence (the table lists every one)


def first_player_part(ctx: Context, keys: list[str]) -> tuple[list[str], Any]:
    """Sentences and a table of the first player's win share per rule value and line-up."""
    if "first_player" not in ctx.games.columns or not keys:
        return [], None
    # The cells the report keeps: a merged cell replays its twin's games under a rule value
    # that cannot matter there (the summary says so once), so it adds no games of its own.
    table = first_player_by_value(ctx.games, ctx.seats, ctx.manifest, keys)
    if table.is_empty():
        return [], None
    return first_player_words(table), _table(table)


def _where(row: dict) -> str:
    return f"{row['rule']} ({row['lineup']})"


def _share(row: dict) -> str:
    return f"{pct(row['rate'])} ({pct_range(row['lo'], row['hi'])})"


def first_player_words(table: pl.DataFrame) -> list[str]:
    """The clear leans by rule value, each with its interval; for the rest, the fair share
    they cannot be told from and the games the closest one would need."""
    clear = table.filter(pl.col("p_holm") < ALPHA).sort("p_holm")
    fair = pct(float(table["fair"][0]))
    words = []
    if clear.height:
        named = [
            f"{_where(r)} {_share(r)}, {'above' if r['diff'] > 0 else 'below'} the fair {fair}"
            for r in clear.head(NAMED).iter_rows(named=True)
        ]
        more = f"; and {clear.height - NAMED} more (table)" if clear.height > NAMED else ""
        words.append(
            f"The first player's win share differs clearly from the fair {fair} in "
            f"{clear.height} of {table.height} rule values and line-ups: {'; '.join(named)}{more}."
        )
    open_rows = table.filter(pl.col("games_needed").is_not_null()).sort("games_needed")
    if open_rows.height:
        r = open_rows.row(0, named=True)
        lean = signed(100 * r["diff"])
        per_cell = int(r["seeds"])
        under = (
            f"In the other {open_rows.height} rule values and line-ups,"
            if clear.height
            else "Under every rule value,"
        )
        words.append(
            f"{under} the first player's win share cannot be told from the fair "
            f"{fair} with {per_cell:,} games per cell. Closest to an answer: {_where(r)}, "
            f"{_share(r)}, a lean of {lean} points; about {int(r['games_needed']):,} games per "
            "cell would tell whether a lean of that size is real (80% power, Holm's level); "
            "the table gives every rule value's figure."
        )
    return words


def _table(table: pl.DataFrame) -> Any:
    specs: list[Spec] = [
        ("Rule value", "text", "rule"),
        ("Line-up", "text", "lineup"),
        ("Games per cell", "int", "seeds"),
        ("Cells pooled", "int", "cells"),
        ("First player's win share", "pct", "rate"),
        ("95% interval", "interval", ("lo", "hi")),
        ("p (Holm)", "p", "p_holm"),
        ("Games per cell to tell its lean", "text", "needed"),
    ]
    needed = [f"{n:,}" if n is not None else "answered" for n in table["games_needed"].to_list()]
    return render_table(
        table.with_columns(needed=pl.Series(needed, dtype=pl.String)),
        specs,
        "First-player advantage under each rule value (pooled over the other rules' values "
        "in the cells shown; a seed's games are one cluster; “answered”: clearly off the fair "
        "share)",
    )
