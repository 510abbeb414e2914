"""The Ratjack card-value report: ranked effects, forest plot, per-deck heat map, usage bars."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import matplotlib
import numpy as np
import polars as pl

from analyses.studies.findings import signed
from analyses.studies.ratjack_cards import (
    DECK_FAMILY,
    FAMILIES,
    MODES,
    WORTH_MEANING,
    CardValues,
    card_values,
    ranking_findings,
)
from reports.kit import plots
from reports.kit.small_multiples import Panel, forest_panels
from reports.kit.tables import Spec, Table, render_table
from reports.studies.build import load_context, provenance_tables, render_page
from reports.studies.examples import card_examples
from reports.studies.sections import Context, Figure, Section

MODE_WORDS = {"up": "face up (effect)", "down": "face down", "discard_flip": "discard to flip"}
MODE_COLOURS = {"up": plots.ACCENT, "down": plots.MUTED, "discard_flip": "#edae49"}
METHOD = [
    "Interventional value (restricted play): every game is played twice from the same shuffle "
    "(common random numbers), once with the seat in line-up slot 0 free to resolve every effect "
    "and once forbidden to resolve one effect (it may still play that card face down or "
    "discard it). The per-game difference in that seat's win share, averaged, is the effect's "
    "worth; the 95% interval is a paired t interval; p-values are Holm-corrected over all "
    "effects of all runs in this report. The other seats play unrestricted in both games.",
    "An effect's worth depends on the deck pair it was measured with (the other cards in the "
    "shuffle) and on the policies: the 'Decks' column and the Runs table say which.",
    "Observational value compares seats that resolved an effect with seats that did not, in "
    "unrestricted games. It is correlational: good positions resolve more effects.",
    "rat_red and rat_blue carry identical effects, so both count as the rat family.",
]


def ranking_section(values: CardValues, game: Any = None) -> Section:
    """Ranked effects with a forest plot of paired differences; each effect with its text."""
    table = values.interventional
    table = table.with_columns(text=pl.Series(_texts(game, table["effect"]), dtype=pl.String))
    svg = _forest(table)
    specs: list[Spec] = [
        ("Rank", "int", "rank"),
        ("Effect", "text", "effect"),
        ("Decks", "text", "decks"),
        ("Games", "int", "pairs"),
        ("Resolved", "pct", "resolved_share"),
        ("Changed", "int", "changed"),
        ("Worth", "points", "worth"),
        ("95% interval", "points_interval", ("worth_lo", "worth_hi")),
        ("p (Holm)", "p", "p_holm"),
        ("What it does", "text", "text"),
    ]
    caption = "Effects ranked by worth"
    if table["decks"].n_unique() == 1:  # one deck pair: said in the runs table, not per row
        specs = [s for s in specs if s[2] != "decks"]
    if table["pairs"].n_unique() == 1:  # the same count on every row goes in the caption
        specs = [s for s in specs if s[2] != "pairs"]
        caption += f" ({table['pairs'][0]:,} paired games each)"
    words = ranking_findings(table)
    return Section(
        id="ranking",
        title="Effect ranking (restricted play)",
        findings=[WORTH_MEANING, *words],
        figures=[
            Figure(
                svg,
                "Dots: worth of each effect (win rate when free minus win rate when forbidden, "
                "same games); whiskers: 95% interval (not Holm-adjusted); red: significant after "
                "Holm correction. Right of the dashed line the effect helps its owner, left of it "
                "resolving it hurts; only red dots are clear.",
            )
        ],
        tables=[
            render_table(table, specs, caption),
        ],
        notes=[
            METHOD[0],
            "Worth is in win-rate points. 'Resolved' is the share of unrestricted games in "
            "which the slot-0 seat resolved the effect at least once; 'Changed' counts games "
            "whose result for that seat differs when the effect is forbidden. An effect that "
            "is rarely resolved cannot be worth much on average, however strong it is when it "
            "happens.",
        ],
        headline=[*words[:3], WORTH_MEANING],
    )


def _forest(table: pl.DataFrame) -> str:
    """Small multiples: one panel per family and run (deck pair), a row per card value, so 36
    effects fit one screen."""
    panels = []
    for (family, run), part in table.group_by(["family", "run"], maintain_order=True):
        part = part.sort("value")
        several = table.filter(pl.col("family") == family)["run"].n_unique() > 1
        panels.append(
            Panel(
                f"{family} ({run})" if several else family,
                [f"{family} {v}" for v in part["value"]],
                part["worth"] * 100,
                part["worth_lo"] * 100,
                part["worth_hi"] * 100,
                part["significant"].to_list(),
            )
        )
    panels.sort(
        key=lambda p: FAMILIES.index(p.title.split()[0]) if p.title.split()[0] in FAMILIES else 99
    )
    return forest_panels(
        panels,
        xlabel="win-rate points lost when forbidden",
        title="What each effect is worth to its owner",
        name="card-forest",
        across=True,
    )


def _texts(game: Any, effects: Any) -> list[str]:
    """Each effect's one-line text from the game's data ("" when the game is not loadable)."""
    return [
        (game.content_text(e.split(" (")[0]) if game is not None else None) or "" for e in effects
    ]


def heatmap_section(values: CardValues, game: Any = None) -> Section | None:
    """Per-family heat map of worth by card value (one row per family and deck pair)."""
    inter = values.interventional
    if inter.is_empty():
        return None
    rows = sorted(
        set(inter.select("family", "decks", "run").iter_rows()),
        key=lambda r: (FAMILIES.index(r[0]) if r[0] in FAMILIES else 99, r[1], r[2]),
    )
    labels = [_row_label(r, rows) for r in rows]
    matrix = np.full((len(rows), 12), np.nan)
    for fam, decks, run, value, worth, sig in inter.select(
        "family", "decks", "run", "value", "worth", "significant"
    ).iter_rows():
        if 1 <= value <= 12:
            # Only significant worths are drawn: the same rule as the ranking's words.
            matrix[rows.index((fam, decks, run)), value - 1] = worth if sig else np.nan
    # Symmetric colour scale around 0 so blue/red always mean helps/hurts; at least ±5 points
    # so that noise in a tiny run does not look like a strong pattern.
    reach = max(0.05, float(np.nanmax(np.abs(matrix))) if np.isfinite(matrix).any() else 0.05)
    svg = plots.heatmap(
        matrix,
        labels,
        [str(v) for v in range(1, 13)],
        title="Worth by deck and card value",
        name="card-heat",
        cbar_label="worth (win-rate points)",
        xlabel="card value",
        limits=(-reach, reach),
        fmt=lambda v: signed(100 * v),
        size=(10.0, 1.9 + 0.75 * len(rows)),
    )
    return Section(
        id="heatmap",
        title="Worth by deck and value",
        findings=[
            "Each cell is one effect's worth in win-rate points, coloured only where it is "
            "significant after Holm correction (the rule of the ranking): blue means the effect "
            "helps its owner, red that resolving it hurts. Blank cells are not distinguishable "
            "from 0 with these games (or the value is not in the decks); see the ranking for "
            "every value and its interval.",
            *_coloured_cells(inter, game),
        ],
        figures=[Figure(svg, "Rows: deck family; columns: printed card value.")],
    )


def _coloured_cells(inter: pl.DataFrame, game: Any) -> list[str]:
    """One line per coloured cell of the map: the effect, its worth and what it does."""
    clear = inter.filter(pl.col("significant")).sort("worth", descending=True)
    texts = _texts(game, clear["effect"])
    return [
        f"{e} ({signed(100 * w)} points): {t}" if t else f"{e} ({signed(100 * w)} points)"
        for e, w, t in zip(clear["effect"], clear["worth"], texts, strict=True)
    ]


def _row_label(row: tuple[str, str, str], rows: list[tuple[str, str, str]]) -> str:
    """``rat``; ``rat (decks)`` or ``rat · run`` when other rows share the family."""
    fam, decks, run = row
    same = [r for r in rows if r[0] == fam]
    if len(same) == 1:
        return fam
    if len({r[1] for r in same}) == len(same):  # told apart by their deck pairs
        return f"{fam} ({decks})"
    return f"{fam} · {run}"


def usage_section(values: CardValues) -> Section | None:
    """How each card is used (face up / face down / discard-flip), per deck."""
    use = values.usage
    if use.is_empty():
        return None
    wide = _usage_shares(use, ["card_deck", "card_value"])
    modes = [m for m in MODES if f"{m}_share" in wide.columns]
    policies = sorted(use["policy"].unique().to_list())
    words = [
        "How the cards were played in unrestricted games: face up (the effect resolves), face "
        "down (no effect), or discarded to flip another card."
    ]
    key = " / ".join(MODE_WORDS[m] for m in modes)
    tables = [_usage_table(wide, modes, [], f"Share of plays {key}, % (plays), all policies")]
    if len(policies) > 1:
        words.append(
            f"Policies counted together: {', '.join(policies)}; a second table splits them."
        )
        per = _usage_shares(use, ["policy", "card_deck", "card_value"])
        tables.append(_usage_table(per, modes, ["policy"], f"Share of plays {key}, per policy"))
    return Section(
        id="usage",
        title="How cards are used",
        findings=words,
        figures=[Figure(usage_plot(wide, modes), "Share of each card's plays by mode, per deck.")],
        tables=tables,
    )


def _usage_shares(use: pl.DataFrame, keys: list[str]) -> pl.DataFrame:
    """Plays per mode summed over ``keys``; columns ``<mode>_share`` and ``total``."""
    by = use.group_by(*keys, "mode").agg(pl.col("plays").sum())
    wide = by.pivot(on="mode", index=keys, values="plays").fill_null(0)
    modes = [m for m in MODES if m in wide.columns]
    wide = wide.with_columns(total=pl.sum_horizontal(modes))
    wide = wide.with_columns([(pl.col(m) / pl.col("total")).alias(f"{m}_share") for m in modes])
    order = pl.col("card_deck").map_elements(lambda d: _deck_order(d)[0], return_dtype=pl.Int64)
    return wide.sort(*keys[:-2], order, "card_value")


def _usage_table(wide: pl.DataFrame, modes: list[str], keys: list[str], caption: str) -> Table:
    """Compact table: one row per card value (and key), one column per deck."""
    cell = pl.concat_str(
        [pl.format("{}%", (100 * pl.col(f"{m}_share")).round(0).cast(pl.Int64)) for m in modes],
        separator=" · ",
    ) + pl.format(" ({})", pl.col("total"))
    decks = list(dict.fromkeys(wide["card_deck"].to_list()))
    table = (
        wide.with_columns(cell=cell)
        .pivot(on="card_deck", index=[*keys, "card_value"], values="cell")
        .sort(*keys, "card_value")
    )
    specs = [(k.capitalize(), "text", k) for k in keys] + [("Value", "int", "card_value")]
    specs += [(d, "text", d) for d in decks]
    return render_table(table, specs, caption)


def _deck_order(deck: str) -> tuple[int, str]:
    names = list(DECK_FAMILY)  # rat_red, rat_blue, weasel, raccoon: the rules' order
    return (names.index(deck) if deck in names else len(names), deck)


def usage_plot(wide: pl.DataFrame, modes: list[str]) -> str:
    """Small multiples: per deck, 12 stacked bars (share of plays by mode) over card value."""
    decks = sorted(set(wide["card_deck"].to_list()), key=_deck_order)
    cols = 2 if len(decks) > 1 else 1
    n_rows = -(-len(decks) // cols)
    with matplotlib.rc_context(plots.STYLE):
        fig = plots._figure(8.0 if cols == 2 else 6.0, 0.6 + 2.4 * n_rows)
        axes = fig.subplots(n_rows, cols, squeeze=False, sharey=True)
        for k, deck in enumerate(decks):
            ax = axes[k // cols][k % cols]
            part = wide.filter(pl.col("card_deck") == deck)
            x = part["card_value"].to_numpy()
            bottom = np.zeros(len(x))
            for mode in modes:
                share = 100 * part[f"{mode}_share"].to_numpy()
                ax.bar(
                    x,
                    share,
                    bottom=bottom,
                    color=MODE_COLOURS[mode],
                    width=0.75,
                    label=MODE_WORDS[mode],
                )
                bottom += share
            ax.set_title(deck)
            ax.set_xticks(range(1, 13))
            ax.set_ylim(0, 100)
            ax.grid(axis="x", visible=False)
            ax.set_xlabel("card value")
            if k % cols == 0:
                ax.set_ylabel("share of plays (%)")
        for k in range(len(decks), n_rows * cols):
            axes[k // cols][k % cols].set_visible(False)
        handles, labels = axes[0][0].get_legend_handles_labels()
        fig.legend(handles, labels, loc="outside lower center", ncols=len(modes), frameon=False)
    return plots.to_svg(fig, "card-usage", "How each card is played, by deck and value")


def observational_section(values: CardValues, game: Any = None) -> Section | None:
    """Win rate with vs without resolving each effect (correlational), each with its text."""
    obs = values.observational
    if obs.is_empty():
        return None
    obs = obs.sort("gap", descending=True)
    obs = obs.with_columns(text=pl.Series(_texts(game, obs["effect"]), dtype=pl.String))
    specs: list[Spec] = [
        ("Effect", "text", "effect"),
        ("Seats resolving", "int", "n_with"),
        ("Win rate if resolved", "pct", "rate_with"),
        ("95% interval", "interval", ("lo_with", "hi_with")),
        ("Win rate if not", "pct", "rate_without"),
        ("Gap (points)", "points", "gap"),
        ("What it does", "text", "text"),
    ]
    return Section(
        id="observational",
        title="Observational view (correlational)",
        findings=[
            "Win rate of seats that resolved the effect at least once against seats that did "
            "not, in unrestricted games. These gaps mix cause and effect (a winning position "
            "gets to play more cards face up); they are shown for orientation only."
        ],
        tables=[render_table(obs, specs, "Win rate when the effect was resolved vs not")],
        notes=METHOD[2:3],
    )


def runs_table(contexts: Sequence[Context], values: CardValues) -> Table:
    """One row per run: deck pair, cells, games, effects measured, slot 0's unrestricted win
    rate (the baseline every effect's worth is taken from), completeness, config hash."""
    inter = values.interventional
    rows = []
    for ctx in contexts:
        m = ctx.manifest
        name = m.get("name", "?")
        mine = inter.filter(pl.col("run") == name) if not inter.is_empty() else inter
        base = float(mine["baseline_rate"][0]) if mine.height else float("nan")
        params = m.get("config", {}).get("params", {}) or {}
        rows.append(
            {
                "run": name,
                "decks": " + ".join(params.get("decks", ["rat_red", "rat_blue"])),
                "cells": len(m.get("cells", [])),
                "games": m.get("games_per_cell", 0),
                "total": ctx.games.height,
                "effects": mine.height,
                "base": base,
                "complete": "yes" if m.get("complete", True) else "no",
                "hash": m.get("config_hash", ""),
            }
        )
    specs = [
        ("Run", "text", "run"),
        ("Decks", "text", "decks"),
        ("Cells", "int", "cells"),
        ("Games / cell", "int", "games"),
        ("Games", "int", "total"),
        ("Effects", "int", "effects"),
        ("Slot 0 wins", "pct", "base"),
        ("Complete", "text", "complete"),
        ("Config hash", "text", "hash"),
    ]
    return render_table(pl.DataFrame(rows), specs, "Runs in this report")


def _provenance(contexts: Sequence[Context], values: CardValues) -> list[Table]:
    tables = [runs_table(contexts, values)]
    for ctx in contexts:
        name = ctx.manifest.get("name", "?")
        for t in provenance_tables(ctx):
            caption = f"{name}: {t.caption}" if len(contexts) > 1 else t.caption
            tables.append(dataclasses.replace(t, caption=caption))
    return tables


def _subtitle(contexts: Sequence[Context], values: CardValues) -> str:
    games = sum(c.games.height for c in contexts)
    names = ", ".join(f"“{c.manifest.get('name', '?')}”" for c in contexts)
    runs = f"{len(contexts)} runs" if len(contexts) > 1 else "1 run"
    version = " / ".join(sorted({str(c.manifest.get("game_version", "?")) for c in contexts}))
    return (
        f"{games:,} simulated games of Ratjack (rules version {version}) in {runs} ({names}) · "
        f"{values.interventional.height} effects measured by restricted play"
    )


def card_report(run_dirs: Sequence[str | Path], title: str = "Ratjack card values") -> str:
    """One self-contained HTML report over the card-value runs (all runs in the provenance)."""
    values = card_values(run_dirs)
    if values.interventional.is_empty():
        from simcore.core.errors import RunDirError

        raise RunDirError("no restricted-play cells (forbid=resolve/...) in the given runs")
    contexts = [load_context(r) for r in run_dirs]
    game = contexts[0].game
    built = (
        ranking_section(values, game),
        heatmap_section(values, game),
        usage_section(values),
        observational_section(values, game),
    )
    sections = [s for s in built if s is not None]
    sections[0].examples = card_examples(values.interventional, run_dirs)  # the ranking
    names = [c.manifest.get("name", "?") for c in contexts]
    return render_page(
        contexts[0],
        sections,
        title,
        subtitle=_subtitle(contexts, values),
        provenance=_provenance(contexts, values),
        configs={n: c.manifest.get("config", {}) for n, c in zip(names, contexts, strict=True)},
        footer=f"boardlab report · runs {', '.join(names)}",
        method=METHOD[:2] + METHOD[3:],
        warnings=_incomplete(contexts[1:]),
    )


def _incomplete(contexts: Sequence[Context]) -> list[str]:
    # The first run's warnings come from render_page; the others are checked here.
    names = [c.manifest.get("name", "?") for c in contexts if not c.manifest.get("complete", 1)]
    if not names:
        return []
    return [f"Incomplete run(s): {', '.join(names)}; results cover only their finished games."]
