""" "How the game plays": luck, skill, drama and pace of a run (``analyses.feel``), with a fan
chart of the eventual winner's lead over the game."""

from __future__ import annotations

import contextlib

import matplotlib
import polars as pl
from matplotlib.figure import Figure as MplFigure

from analyses.feel import drama, frames, measures
from analyses.feel.text import interval, sentences
from analyses.studies import degenerate
from reports.kit import plots
from reports.kit.tables import Table
from reports.studies.sections import Context, Figure, Section

MAX_CELLS = 6  # median lines drawn beyond the first cell's fan
NOTES = [
    "Scores are each seat's score so far at the end of every round (the run's progress "
    "table). Leader: the seat with the strictly highest score. Decided at: the share of the "
    "game played when the eventual winner took the lead for good. Comeback: the winner trailed "
    f"by more than {drama.COMEBACK_MARGIN:.0%} of its final score at two thirds of the game.",
    "Luck share: over the seeds and the line-ups named beside it, the part of the variance of "
    "a seat's result that the line-up does not explain (two-way analysis of variance: line-up, "
    "seed, the rest); 0 when the players decide, 1 when chance does; for these players only, "
    "as a wider range of skill explains more (needs two or more line-ups that play "
    "differently). Weaker wins: how often the seat of the lower skill-ladder rung ends ahead "
    "of a stronger one.",
    "Intervals are 95%: t intervals for means, Wilson for rates, a seed bootstrap for the luck "
    "share. Kingmaking and decision load need replays: boardlab feel GAME.",
]


def feel_section(ctx: Context) -> Section | None:
    """Drama and pace per line-up, luck and weaker-wins across them, the winner's-lead fan."""
    data = {"games": ctx.games, "seats": ctx.seats}
    if ctx.run_dir is not None:
        # a run the report reads in part: what the loaded tables allow
        with contextlib.suppress(Exception):
            data = frames(ctx.run_dir)
    # cells merged as the same games as another (analyses.studies.identical) are shown once
    gone = [m.dropped for m in ctx.merges]
    data = {
        k: v.filter(~pl.col("cell").is_in(gone)) if gone and "cell" in v.columns else v
        for k, v in data.items()
    }
    table = measures(data, luck_resamples=200)
    if table.is_empty():
        return None
    cells = ctx.games["cell"].unique(maintain_order=True).to_list()
    # a saturated, stalled or constant cell (left out of the report's other sections) is not
    # quoted in words either: "the lead changes hands 0.00 (0.00 to 0.00)" said nothing
    usable = set(degenerate.usable_cells(ctx.flags)) if ctx.flags.height else set(cells)
    quoted = [c for c in cells if c in usable] or cells
    words = [s for c in quoted[:MAX_CELLS] for s in sentences(table, c, ctx.label(c))]
    words = list(dict.fromkeys(words))  # run-wide sentences once
    figures = []
    if "progress" in data and data["progress"].height:
        per = drama.per_game(data["progress"], data["seats"])
        fan = drama.fan(per)
        if fan.height:
            figures.append(Figure(fan_chart(fan, ctx, cells), FAN_CAPTION))
    return Section(
        id="feel",
        title="How the game plays",
        findings=words,
        figures=figures,
        tables=[_table(table, ctx)],
        notes=NOTES,
        headline=words[:1],
    )


FAN_CAPTION = (
    "The eventual winner's lead over the best other seat, as a share of its final "
    "score, over the game: median (line), middle half and 80% of games (bands) for "
    "the first line-up; medians only for the others."
)


def fan_chart(fan: pl.DataFrame, ctx: Context, cells: list[str]) -> str:
    """Quantile bands of the winner's lead by fraction of the game."""
    shown = [c for c in cells[:MAX_CELLS] if not fan.filter(pl.col("cell") == c).is_empty()]
    extra = plots.legend_height([ctx.label(c) for c in shown])
    with matplotlib.rc_context(plots.STYLE):
        fig = MplFigure(figsize=(8.0, 3.4 + extra), layout="constrained")
        ax = fig.add_subplot()
        ax.axhline(0, color=plots.MUTED, linestyle="--", linewidth=1)
        for i, cell in enumerate(cells[:MAX_CELLS]):
            part = fan.filter(pl.col("cell") == cell).sort("fraction")
            if part.is_empty():
                continue
            x = part["fraction"].to_numpy() * 100
            if i == 0:
                ax.fill_between(x, part["q10"] * 100, part["q90"] * 100, alpha=0.15, color="C0")
                ax.fill_between(x, part["q25"] * 100, part["q75"] * 100, alpha=0.3, color="C0")
            ax.plot(
                x,
                part["q50"].to_numpy() * 100,
                marker="o",
                markersize=3,
                label=ctx.label(cell),
                color=f"C{i}",
            )
        ax.set_xlabel("share of the game played (%)")
        ax.set_ylabel("winner's lead (% of its score)")
        ax.set_title("Winner's lead over the game")
        plots.legend_below(fig, ax)
    return plots.to_svg(fig, "feel-fan", "Winner's lead over the game")


def _table(table: pl.DataFrame, ctx: Context) -> Table:
    """The measures with their intervals, line-up labels for cell ids."""
    rows = [
        [ctx.label(r["group"]), r["measure"], interval(r), f"{r['n']:,}"]
        for r in table.iter_rows(named=True)
    ]
    return Table(
        caption="How the game plays: every measure with its 95% interval",
        headers=["Group", "Measure", "Estimate (95% interval)", "n"],
        rows=rows,
        numeric=[False, False, True, True],
    )
