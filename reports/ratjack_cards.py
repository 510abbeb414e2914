"""The Ratjack card-value report: ranked effects, forest plot, per-deck heat map, usage bars."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import polars as pl

from analyses.ratjack_cards import FAMILIES, MODES, CardValues, card_values
from reports import plots
from reports.build import load_context, render_page
from reports.sections import Figure, Section
from reports.tables import render_table

RANK_SPECS = [
    ("Rank", "int", "rank"), ("Effect", "text", "effect"), ("Games", "int", "pairs"),
    ("Worth (points)", "points", "worth"), ("95% interval", "points_interval",
    ("worth_lo", "worth_hi")), ("Win rate with / forbidden", "text", "rates"),
    ("p (Holm)", "p", "p_holm"),
]  # fmt: skip
METHOD = [
    "Interventional value (restricted play): every game is played twice from the same shuffle "
    "(common random numbers), once with the seat in line-up slot 0 free to resolve every effect "
    "and once forbidden to resolve one effect (it may still play that card face down or "
    "discard it). The per-game difference in that seat's win share, averaged, is the effect's "
    "worth; the 95% interval is a paired t interval; p-values are Holm-corrected over all "
    "effects.",
    "Observational value compares seats that resolved an effect with seats that did not, in "
    "unrestricted games. It is correlational: good positions resolve more effects.",
    "rat_red and rat_blue carry identical effects, so both count as the rat family.",
]


def ranking_section(values: CardValues) -> Section:
    """Ranked effects with a forest plot of paired differences."""
    table = values.interventional.with_columns(
        rates=pl.format(
            "{}% / {}%",
            (100 * pl.col("baseline_rate")).round(1),
            (100 * pl.col("restricted_rate")).round(1),
        )
    )
    svg = plots.forest_plot(
        table["effect"].to_list(), table["worth"] * 100, table["worth_lo"] * 100,
        table["worth_hi"] * 100, xlabel="win-rate points lost when the effect is forbidden",
        title="What each effect is worth to its owner", name="card-forest",
        highlight=table["significant"].to_list(),
    )  # fmt: skip
    return Section(
        id="ranking",
        title="Effect ranking (restricted play)",
        findings=values.findings[:3],
        figures=[
            Figure(
                svg,
                "Dots: paired difference in win rate (baseline − forbidden); "
                "whiskers: 95% interval; red: significant after Holm.",
            )
        ],
        tables=[render_table(table, RANK_SPECS, "Effects ranked by worth")],
        notes=METHOD[:1],
        headline=values.findings[:2],
    )


def heatmap_section(values: CardValues) -> Section | None:
    """Per-family heat map of worth by card value."""
    inter = values.interventional
    fams = [f for f in FAMILIES if f in set(inter["family"].to_list())]
    if not fams:
        return None
    matrix = np.full((len(fams), 12), np.nan)
    for fam, value, worth in inter.select("family", "value", "worth").iter_rows():
        matrix[fams.index(fam), value - 1] = 0.5 + worth  # centred: 50% = worth nothing
    svg = plots.heatmap(
        matrix, fams, [str(v) for v in range(1, 13)], title="Worth by deck and card value",
        name="card-heat", cbar_label="50% + worth (win-rate points)", xlabel="card value",
    )  # fmt: skip
    return Section(
        id="heatmap",
        title="Worth by deck and value",
        findings=[
            "Each cell shows 50% plus the effect's worth: blue above 50% means the effect "
            "helps its owner, red below 50% means resolving it tends to hurt."
        ],
        figures=[Figure(svg, "Rows: deck family; columns: printed card value.")],
    )


def usage_section(values: CardValues) -> Section | None:
    """How each card is used (face up / face down / discard-flip)."""
    use = values.usage
    if use.is_empty():
        return None
    by_card = use.group_by("card_deck", "card_value", "mode").agg(pl.col("plays").sum())
    wide = by_card.pivot(on="mode", index=["card_deck", "card_value"], values="plays")
    wide = wide.fill_null(0).sort("card_deck", "card_value")
    modes = [m for m in MODES if m in wide.columns]
    total = wide.select(pl.sum_horizontal(modes)).to_series()
    share = {m: (wide[m] / total).to_list() for m in modes}
    labels = [f"{d} {v}" for d, v in wide.select("card_deck", "card_value").iter_rows()]
    figures = []
    for mode in modes:
        svg = plots.interval_bars(
            labels, share[mode], share[mode], share[mode], xlabel=f"share played {mode}",
            title=f"How often each card is played {mode.replace('_', '-')}",
            name=f"usage-{mode}", ref=None,
        )  # fmt: skip
        figures.append(Figure(svg, f"Share of plays of each card that were '{mode}'."))
    table = wide.with_columns(total=total).with_columns(
        [(pl.col(m) / pl.col("total")).alias(f"{m}_share") for m in modes]
    )
    specs = [("Deck", "text", "card_deck"), ("Value", "int", "card_value"),
             ("Plays", "int", "total")] + [
        (f"{m.replace('_', '-')}", "pct", f"{m}_share") for m in modes]  # fmt: skip
    return Section(
        id="usage",
        title="How cards are used",
        findings=[
            "Shares of each card's plays by mode, over all policies in unrestricted and "
            "restricted games."
        ],
        figures=figures,
        tables=[render_table(table, specs, "Plays per card and mode")],
    )


def observational_section(values: CardValues) -> Section | None:
    """Win rate with vs without resolving each effect (correlational)."""
    obs = values.observational
    if obs.is_empty():
        return None
    obs = obs.sort("gap", descending=True)
    specs = [("Effect", "text", "effect"), ("Seats resolving", "int", "n_with"),
             ("Win rate if resolved", "pct", "rate_with"),
             ("95% interval", "interval", ("lo_with", "hi_with")),
             ("Win rate if not", "pct", "rate_without"),
             ("Gap (points)", "points", "gap")]  # fmt: skip
    return Section(
        id="observational",
        title="Observational view (correlational)",
        findings=["These gaps mix cause and effect; they are shown for orientation only."],
        tables=[render_table(obs, specs, "Win rate when the effect was resolved vs not")],
        notes=METHOD[1:],
    )


def card_report(run_dirs: Sequence[str | Path], title: str = "Ratjack card values") -> str:
    """One self-contained HTML report over the card-value runs (first run gives provenance)."""
    values = card_values(run_dirs)
    if values.interventional.is_empty():
        from simcore.errors import RunDirError

        raise RunDirError("no restricted-play cells (forbid=resolve/...) in the given runs")
    ctx = load_context(run_dirs[0])
    builders = (ranking_section, heatmap_section, usage_section, observational_section)
    sections = [s for build in builders if (s := build(values))]
    return render_page(ctx, sections, title)
