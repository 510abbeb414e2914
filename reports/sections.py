"""Sections of the generic game report, each built from the common analysis library."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import polars as pl

from analyses import common, findings, ratings
from reports import plots
from reports.tables import Table, render_table

MAX_OVERLAID = 6  # more histogram lines than this become unreadable


@dataclass
class Figure:
    """An inline SVG figure with its caption."""

    svg: str
    caption: str


@dataclass
class Section:
    """A report section: findings in words first, then figures, tables and method notes."""

    id: str
    title: str
    findings: list[str]
    figures: list[Figure] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    headline: list[str] = field(default_factory=list)  # sentences for the page summary


@dataclass
class Context:
    """What every section needs: the loaded tables, the manifest and the cell labels."""

    games: pl.DataFrame
    seats: pl.DataFrame
    manifest: Mapping[str, Any]
    labels: dict[str, str]

    def label(self, cell: str) -> str:
        """The readable label of a cell."""
        return self.labels.get(cell, cell)

    @property
    def several_cells(self) -> bool:
        """True when the run has more than one cell."""
        return self.games["cell"].n_unique() > 1


RATE_SPECS = [
    ("Games", "int", "games"),
    ("Win rate", "pct", "rate"),
    ("95% interval", "interval", ("lo", "hi")),
    ("Fair share", "pct", "fair"),
]


def seat_section(ctx: Context) -> Section:
    """Seat and first-player advantage, per cell, and pooled when the cells agree on players."""
    table = common.seat_advantage(ctx.seats)
    words = findings.seat_findings(table, ctx.labels)
    names = [
        (f"{ctx.label(c)} · " if ctx.several_cells else "") + f"Seat {s + 1}"
        for c, s in table.select("cell", "seat").rows()
    ]
    svg = plots.interval_bars(
        names, table["rate"], table["lo"], table["hi"], ref=table["fair"],
        xlabel="win share", title="Win share by seat", name="seats",
    )  # fmt: skip
    specs = [("Cell", "text", "cell"), ("Seat", "seat", "seat"), *RATE_SPECS,
             ("p (Holm)", "p", "p_holm"), ("All seats equal: p", "p", "chi2_p")]  # fmt: skip
    if not ctx.several_cells:
        specs = specs[1:]
    notes = [
        "A game is one trial; a seat's success is its win share (1 for a win, 1/k for a k-way "
        "tie). Intervals are Wilson score intervals. Each seat is tested against the fair share "
        "1/n with a score test, Holm-corrected across the seats of a cell; the last column is "
        "the chi-square test that all seats win equally often.",
    ]
    if not ctx.manifest.get("config", {}).get("seat_rotation", True):
        notes.append("Seat rotation was off: seat effects are mixed with policy strength.")
    headline = [s for s in words if "Seat 1 " in s][:2]
    pooled = _pooled_seat_sentence(ctx)
    return Section(
        id="seats",
        title="Seat and first-player advantage",
        findings=([pooled] if pooled else []) + words,
        figures=[
            Figure(
                svg,
                "Bars: share of games won from each seat; whiskers: 95% "
                "interval; red marks: the fair share.",
            )
        ],
        tables=[render_table(table, specs, "Win share by seat", ctx.labels)],
        notes=notes,
        headline=[pooled] if pooled else headline,
    )


def _pooled_seat_sentence(ctx: Context) -> str | None:
    if not ctx.several_cells or ctx.seats.group_by("cell").len().height < 2:
        return None
    pooled = common.seat_advantage(ctx.seats, groups=())
    if pooled["n_players"].n_unique() != 1:
        return None
    words = findings.seat_findings(pooled)
    return f"All cells together: {words[0][0].lower()}{words[0][1:]}" if words else None


def skill_section(ctx: Context) -> Section | None:
    """Skill gap: in every cell where different policies meet, the stronger one's win rate."""
    table = common.skill_gap(ctx.seats)
    if table.is_empty():
        return None
    words = findings.skill_gap_findings(table, ctx.labels)
    names = [f"{r['stronger']} vs {r['weaker']}" for r in table.iter_rows(named=True)]
    if ctx.several_cells:
        # Cell labels often are the line-up already; only prefix when they add something.
        names = [ctx.label(r["cell"]) if r["stronger"] in ctx.label(r["cell"])
                 else f"{ctx.label(r['cell'])}: {n}"
                 for r, n in zip(table.iter_rows(named=True), names, strict=True)]  # fmt: skip
    svg = plots.interval_bars(
        names, table["rate"], table["lo"], table["hi"], ref=table["fair"],
        xlabel="win rate of the stronger policy", title="Skill gap", name="skill",
    )  # fmt: skip
    specs = [("Cell", "text", "cell"), ("Stronger", "text", "stronger"),
             ("Against", "text", "weaker"), *RATE_SPECS, ("p (Holm)", "p", "p_holm")]  # fmt: skip
    return Section(
        id="skill",
        title="Skill gap",
        findings=words,
        figures=[
            Figure(
                svg,
                "How often the stronger policy wins (per seat it holds); "
                "whiskers: 95% interval; red marks: an even match.",
            )
        ],
        tables=[render_table(table, specs, "Stronger policy's win rate", ctx.labels)],
        notes=[
            "Policies are ranked random < heuristic < MCTS by design; within one family the "
            "one with the higher observed rate is called stronger. A game is one trial, and "
            "a policy holding several seats counts the mean share of its seats. A large gap "
            "means skill matters; a gap near zero means luck dominates or the stronger "
            "policy is not actually stronger in this game."
        ],
        headline=words[:2],
    )


def ratings_section(ctx: Context) -> Section | None:
    """Pairwise win-rate matrix and Bradley–Terry ratings over all cells of the run."""
    if ctx.seats["policy"].n_unique() < 2:
        return None
    matrix = ratings.win_matrix(ctx.seats)
    try:
        table = ratings.policy_ratings(matrix)
    except ValueError as exc:
        return Section("ratings", "Policy ratings", [f"No ratings: {exc}."])
    names = table["policy"].to_list()
    grid = np.full((len(names), len(names)), np.nan)
    index = {n: i for i, n in enumerate(names)}
    for pol, opp, rate in matrix.select("policy", "opponent", "rate").rows():
        grid[index[pol], index[opp]] = rate
    heat = plots.heatmap(grid, names, names, title="Head-to-head win rate", name="matrix",
                         cbar_label="row policy wins (%)", xlabel="opponent",
                         ylabel="policy")  # fmt: skip
    forest = plots.forest_plot(
        names, table["rating"], table["lo"], table["hi"],
        xlabel="Bradley–Terry rating (Elo points, mean 0)", title="Policy ratings",
        name="ratings",
    )  # fmt: skip
    words = findings.rating_findings(table)
    specs = [("Policy", "text", "policy"), ("Rating", "elo", "rating"),
             ("95% interval", "elo_interval", ("lo", "hi")),
             ("Comparisons", "int", "comparisons"),
             ("Win rate vs average", "pct", "expected")]  # fmt: skip
    mspecs = [("Policy", "text", "policy"), ("Opponent", "text", "opponent"),
              ("Comparisons", "int", "comparisons"), ("Ties", "int", "ties"),
              ("Win rate", "pct", "rate"), ("95% interval", "interval", ("lo", "hi"))]  # fmt: skip
    return Section(
        id="ratings",
        title="Policy ratings",
        findings=words,
        figures=[Figure(heat, "Share of head-to-head comparisons the row policy wins against "
                              "the column policy (blank: never met)."),
                 Figure(forest, "Ratings with 95% intervals; 400 points = 10:1 odds.")],
        tables=[render_table(table, specs, "Bradley–Terry ratings"),
                render_table(matrix, mspecs, "Head-to-head results")],
        notes=[
            "Every game is split into comparisons between seats held by different policies; "
            "the better-ranked seat wins, equal ranks count as half a win to each side (ties "
            "are not modelled separately). Ratings are a Bradley–Terry fit (MM algorithm) "
            "with one virtual drawn comparison per pair that met, which keeps ratings finite "
            "when a policy never lost. All cells are pooled, so rule variants are averaged "
            "over. With more than two players the comparisons of one game are correlated and "
            "the intervals are somewhat too narrow.",
        ],
        headline=words[:1],
    )  # fmt: skip


def length_section(ctx: Context) -> Section:
    """Game length distribution (turns and decision steps) per cell."""
    turns = common.game_lengths(ctx.games, "turns")
    steps = common.game_lengths(ctx.games, "steps")
    words = findings.length_findings(turns, ctx.labels)
    figures = []
    if turns.height <= MAX_OVERLAID:
        groups = {ctx.label(c): part["turns"].to_numpy()
                  for (c,), part in ctx.games.group_by(["cell"], maintain_order=True)}  # fmt: skip
        svg = plots.histogram(groups, xlabel="turns", title="Game length", name="length",
                              integer=True)  # fmt: skip
        figures.append(Figure(svg, "Share of games by number of turns."))
    specs = [("Cell", "text", "cell"), ("Measure", "text", "metric"), ("Games", "int", "n"),
             ("Mean", "num", "mean"), ("Min", "num", "min"), ("5%", "num", "q05"),
             ("25%", "num", "q25"), ("Median", "num", "q50"), ("75%", "num", "q75"),
             ("95%", "num", "q95"), ("Max", "num", "max")]  # fmt: skip
    both = pl.concat([turns, steps]).sort("cell", "metric", descending=[False, True])
    headline = words[:1]
    if ctx.several_cells:
        pooled = findings.length_findings(common.game_lengths(ctx.games, "turns", groups=()))
        headline = [f"Over all cells: {pooled[0][0].lower()}{pooled[0][1:]}"]
    return Section(
        id="length",
        title="Game length",
        findings=words,
        figures=figures,
        tables=[render_table(both, specs, "Game length quantiles", ctx.labels)],
        notes=["Turns as counted by the game; steps are all decisions taken by any seat."],
        headline=headline,
    )


def score_section(ctx: Context) -> Section:
    """Final score distribution per cell and policy, plus game-specific seat statistics."""
    table = common.score_distribution(ctx.seats)
    # Per-cell sentences multiply quickly; the words pool the cells, the table does not.
    pooled = common.score_distribution(ctx.seats, groups=("policy",))
    words = findings.score_findings(pooled)
    if ctx.several_cells:
        words = [f"{w[:-1]}, all cells pooled." for w in words]
    groups = {p: part["score"].to_numpy()
              for (p,), part in ctx.seats.group_by(["policy"], maintain_order=True)}  # fmt: skip
    figures = []
    if len(groups) <= MAX_OVERLAID:
        svg = plots.histogram(groups, xlabel="final score", title="Final scores",
                              name="scores", ylabel="share of seats (%)")  # fmt: skip
        figures.append(Figure(svg, "Share of seats by final score (all cells pooled)."))
    specs = [("Cell", "text", "cell"), ("Policy", "text", "policy"), ("Seats", "int", "n"),
             ("Mean", "num", "mean"), ("Min", "num", "min"), ("25%", "num", "q25"),
             ("Median", "num", "q50"), ("75%", "num", "q75"), ("Max", "num", "max")]  # fmt: skip
    tables = [render_table(table, specs, "Final score quantiles", ctx.labels)]
    extra = common.seat_column_means(ctx.seats)
    if not extra.is_empty():
        cols = [c for c in extra.columns if c not in ("cell", "policy", "n")]
        especs = [("Cell", "text", "cell"), ("Policy", "text", "policy"),
                  *[(c.replace("_", " "), "num", c) for c in cols]]  # fmt: skip
        tables.append(render_table(extra, especs, "Per-seat game statistics (means)",
                                   ctx.labels))  # fmt: skip
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


def end_section(ctx: Context) -> Section:
    """How games end (``ended_by``)."""
    table = common.end_reasons(ctx.games)
    specs = [("Cell", "text", "cell"), ("Ended by", "text", "ended_by"),
             ("Games", "int", "count"), ("Share", "pct", "share"),
             ("95% interval", "interval", ("lo", "hi"))]  # fmt: skip
    return Section(
        id="endings",
        title="How games end",
        findings=findings.end_reason_findings(
            common.end_reasons(ctx.games, groups=()) if ctx.several_cells else table
        ),
        tables=[render_table(table, specs, "End conditions", ctx.labels)],
    )
