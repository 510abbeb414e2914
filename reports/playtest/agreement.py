"""The page "Do the bots play like you?": per bot, how often it chooses as the people did, by
class of move, which moves people use that a bot shuns, and how the people's games went."""

from __future__ import annotations

import math
from typing import Any

import polars as pl

from analyses.playtest.agreement import (
    Agreement,
    by_bot,
    by_class,
    class_use,
    person_rows,
    studies_of,
    think_times,
    wins,
)
from analyses.studies.findings import join_and, pct, pct_range
from reports.kit.tables import Spec, render_table

RATE: list[Spec] = [("Share", "pct", "rate"), ("95% interval", "interval", ("lo", "hi"))]
GAP = 0.05  # a class whose share differs by more than this between people and a bot is named


def verdicts(result: Agreement, game_id: str = "") -> list[str]:
    """One sentence per bot with the shipped studies it plays, the closest bot named, the
    largest difference in moves used, and the people's wins."""
    bots = by_bot(result).sort("rate", descending=True)
    use = class_use(result)
    words = []
    for r in bots.iter_rows(named=True):
        studies = studies_of(game_id, r["bot"]) if game_id else []
        plays = f" It plays the shipped studies {join_and(studies)}." if studies else ""
        words.append(
            f"{r['bot']} chooses as you did in {pct(r['rate'])} of your decisions "
            f"({_interval(r['lo'], r['hi'])}; {r['decisions']:,} decisions in {r['games']} "
            f"games; picking at random would agree {pct(r['chance'])})"
            f"{_use_words(use, r['bot'])}.{plays}"
        )
    best = bots.row(0, named=True)
    others = bots.slice(1)
    if others.height and best["lo"] > max(others["hi"].fill_nan(1.0).to_list()):
        words.append(
            f"Of these bots, {best['bot']} clearly chooses most like you: balance numbers "
            "measured with it are the nearest boardlab has to numbers for players like you; a "
            "study whose players agree with you far less stands for players unlike you."
        )
    elif others.height:
        words.append(
            f"No bot clearly chooses more like you than the others: their intervals overlap "
            f"(your decisions of {best['games']} games); more games would tell them apart."
        )
    for w in wins(result).iter_rows(named=True):
        words.append(
            f"You won {pct(w['rate'])} of {w['games']} games against {w['opponents']} "
            f"({_interval(w['lo'], w['hi'])}; the fair share is {pct(w['fair'], 0)})."
        )
    return words


def _interval(lo: float, hi: float) -> str:
    """``55.0–67.0%``, or why there is none: one game is one cluster."""
    return "one game: no interval yet" if math.isnan(lo) else pct_range(lo, hi)


def _classes_words(result: Agreement, game_id: str) -> str:
    """What a move's class is, and how many of the person's moves the game gives none."""
    person = person_rows(result)
    other = int((person["person_class"] == "other").sum()) / max(1, person.height)
    where = f" (boardlab policies --game {game_id} lists them)" if game_id else ""
    return (
        f"A move's class is the game's own action class{where}; 'other' is a move the game "
        f"gives no class: {pct(other)} of your decisions."
    )


def _use_words(use: pl.DataFrame, bot: str) -> str:
    """``; you use place/hut in 9% of your decisions, it in 0%`` for the largest gap."""
    gaps = use.with_columns(gap=(pl.col("person_rate") - pl.col(bot)).abs()).sort("gap")
    top = gaps.row(-1, named=True)
    if top["gap"] <= GAP:
        return ""
    return (
        f"; you use {top['class']} in {pct(top['person_rate'])} of your decisions "
        f"({_interval(top['person_lo'], top['person_hi'])}), it in {pct(top[bot])}"
    )


def agreement_page(result: Agreement, run: str, game_id: str = "") -> str:
    """The whole page for the people's decisions of the run ``run``."""
    from reports.studies.build import environment

    bots = result.rows["bot"].unique(maintain_order=True).to_list()
    bot_specs: list[Spec] = [
        ("Bot", "text", "bot"),
        ("Decisions", "int", "decisions"),
        ("Games", "int", "games"),
        *RATE,
        ("At random", "pct", "chance"),
    ]
    class_specs: list[Spec] = [
        ("Bot", "text", "bot"),
        ("Your move's class", "text", "class"),
        ("Decisions", "int", "decisions"),
        *RATE,
    ]
    use_specs: list[Spec] = [
        ("Class", "text", "class"),
        ("You", "pct", "person_rate"),
        ("95% interval", "interval", ("person_lo", "person_hi")),
        *((b, "pct", b) for b in bots),
    ]
    win_specs: list[Spec] = [("Against", "text", "opponents"), ("Games", "int", "games"),
                             *RATE, ("Fair share", "pct", "fair")]  # fmt: skip
    tables = [
        render_table(by_bot(result), bot_specs, "How often each bot chooses as you did "
                     "(intervals clustered by game)"),
        render_table(by_class(result), class_specs, "Agreement by the class of your move "
                     "(an interval needs decisions from two games or more: '–' otherwise)"),
        render_table(class_use(result), use_specs, "Share of decisions taking each class: "
                     "you, and each bot at the same decisions"),
        render_table(wins(result), win_specs, "Your win share"),
    ]  # fmt: skip
    thinking = think_times(result)
    if not thinking.is_empty():
        think_specs: list[Spec] = [("Your move's class", "text", "class"),
                                   ("Decisions", "int", "decisions"),
                                   ("Median (s)", "num", "median"),
                                   ("Slowest tenth from (s)", "num", "p90")]  # fmt: skip
        tables.append(render_table(thinking, think_specs, "How long you took: think time per "
                                   "decision, from the view shown to your move"))  # fmt: skip
    sections: list[dict[str, Any]] = [
        {"id": "agreement", "title": "Your decisions and the bots'",
         "findings": [_classes_words(result, game_id)],
         "tables": tables, "figures": [], "links": []},
    ]  # fmt: skip
    return (
        environment()
        .get_template("tune.html")
        .render(
            title="Do the bots play like you?",
            subtitle=f"every decision of the people in {run}, each bot asked at the same position",
            summary=verdicts(result, game_id),
            sections=sections,
        )
    )
