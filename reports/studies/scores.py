"""The report's Scores section: final scores per cell and policy, in words per rule version
where the cells play different rules (scores under different rules are never pooled)."""

from __future__ import annotations

import polars as pl

from analyses.studies import common, findings
from reports.kit import plots
from reports.kit.tables import render_table
from reports.studies.sections import MAX_OVERLAID, Context, Figure, Section, rule_versions


def score_section(ctx: Context) -> Section:
    """Final score distribution per cell and policy, plus game-specific seat statistics."""
    table = common.score_distribution(ctx.seats)
    # Per-cell sentences multiply quickly; the words pool the cells, the table does not.
    # Restricted seats (forbid=...) are the restricted-play section's subject: a sentence per
    # restriction here only repeated the worth table in other words.
    words = _score_words(ctx)
    figures = score_histograms(ctx)
    specs = [
        ("Cell", "text", "cell"),
        ("Policy", "text", "policy"),
        ("Seats", "int", "n"),
        ("Mean", "num", "mean"),
        ("Min", "num", "min"),
        ("25%", "num", "q25"),
        ("Median", "num", "q50"),
        ("75%", "num", "q75"),
        ("Max", "num", "max"),
    ]
    tables = [render_table(table, specs, "Final score quantiles", ctx.labels)]
    extra = common.seat_column_means(ctx.seats)
    # A statistic the same in every row (Rats of Wistar's rounds) says nothing: left out.
    cols = [
        c for c in extra.columns if c not in ("cell", "policy", "n") and extra[c].n_unique() > 1
    ]
    if cols:
        especs = [
            ("Cell", "text", "cell"),
            ("Policy", "text", "policy"),
            *[(c.replace("_", " "), "num", c) for c in cols],
        ]
        tables.append(render_table(extra, especs, "Per-seat game statistics (means)", ctx.labels))
    return Section(
        id="scores",
        title="Scores",
        findings=words,
        figures=figures,
        tables=tables,
        notes=[
            "Scores are the game's final scores per seat; the second table averages the "
            "game-specific statistics each seat records."
        ],
    )


def _score_words(ctx: Context) -> list[str]:
    """Median score per policy over the cells, or, where the cells play different rules,
    per rule version over the players: scores under different rules are never pooled (a
    standard and a strategic game of Lord of Worlds score about 115 and 160)."""
    if not ctx.open_seats.height:
        return []
    rules = rule_versions(ctx)
    if len(set(rules.values())) <= 1:
        pooled = common.score_distribution(ctx.open_seats, groups=("policy",))
        words = findings.score_findings(pooled)
        return [f"{w[:-1]}, all cells pooled." for w in words] if ctx.several_cells else words
    seats = ctx.open_seats.with_columns(policy=pl.col("cell").replace_strict(rules, default=""))
    table = common.score_distribution(seats, groups=("policy",)).sort("q50")
    words = [w.replace(" scores ", ": a seat scores ", 1) for w in findings.score_findings(table)]
    if len(words) <= 4:
        return [f"{w[:-1]} (players pooled)." for w in words]
    return [
        f"Scores depend on the rules: the median seat scores from "
        f"{findings.num(table['q50'][0])} ({table['policy'][0]}) to "
        f"{findings.num(table['q50'][-1])} ({table['policy'][-1]}) across the "
        f"{table.height} rule versions (players pooled; the table gives each cell)."
    ]


def score_histograms(ctx: Context) -> list[Figure]:
    """Final scores by policy; a run with rule variants gets one histogram per rule version
    (games under different scoring rules are never pooled), as many as fit."""
    seats = ctx.seats
    rules = rule_versions(ctx)
    if len(set(rules.values())) <= 1:
        groups = {
            p: part["score"].to_numpy()
            for (p,), part in seats.group_by(["policy"], maintain_order=True)
        }
        if len(groups) > MAX_OVERLAID:
            return []
        svg = plots.histogram(
            groups,
            xlabel="final score",
            title="Final scores",
            name="scores",
            ylabel="share of seats (%)",
        )
        return [Figure(svg, "Share of seats by final score (all cells pooled).")]
    versions = seats.with_columns(rules=pl.col("cell").replace_strict(rules, default=""))
    groups = {
        v: part["score"].to_numpy()
        for (v,), part in versions.group_by(["rules"], maintain_order=True)
    }
    if len(groups) > MAX_OVERLAID:
        return []
    svg = plots.histogram(
        dict(sorted(groups.items())),
        xlabel="final score",
        title="Final scores by rule version",
        name="scores",
        ylabel="share of seats (%)",
    )
    return [
        Figure(
            svg,
            "Share of seats by final score, one line per rule version (the "
            "players pooled; games under different rules are never pooled).",
        )
    ]
