"""Skill ladder section: win rate against budget, and what each doubling of thinking time buys."""

from __future__ import annotations

from itertools import pairwise

from analyses.studies import ladder
from reports.kit import plots
from reports.kit.tables import Spec, render_table
from reports.studies.sections import Context, Figure, Section

NOTE = (
    "Each rung is one cell: the search player at one budget (iterations per decision) against "
    "the same reference player, seats rotated. Every rung replays the same seeds, so a step is "
    "the paired difference game by game; steps of one ladder are Holm-corrected, and a step "
    "that is not significant states the gain it would have detected with 80% power. Returns "
    "flatten after the smallest budget from which no further doubling gains significantly."
)

CAPTION = "Win rate of the search player by budget; whiskers: 95% interval"


def ladder_section(ctx: Context) -> Section | None:
    """Per ladder: rate by budget, the gain of each step in words, where returns flatten."""
    game_id = ctx.manifest.get("game")
    table = ladder.ladders(ctx.open_seats, game_id)
    if table.is_empty():
        return None
    words, series, overall = [], [], []
    for (name,), part in table.group_by(["ladder"], maintain_order=True):
        part = part.sort("budget")
        rows = part.to_dicts()
        overall.append(ladder.overall_sentence(name, part))
        words.append(overall[-1])
        words += [ladder.step_sentence(a, b) for a, b in pairwise(rows)]
        series.append((name, part["budget"], part["rate"], part["lo"], part["hi"]))
    counts = table["players"].unique().to_list()
    fair = 1.0 / counts[0] if len(counts) == 1 else None  # one fair share line, or none
    svg = plots.budget_curve(
        series,
        xlabel="MCTS iterations per decision",
        ylabel="win rate against the reference",
        title="Skill ladder",
        name="ladder",
        ref=fair,
        ref_label="fair share",
    )
    caption = CAPTION + (
        "; dashed: the fair share (an even match)."
        if fair is not None
        else "; the fair share differs per player count (1 / players)."
    )
    several = table["ladder"].n_unique() > 1
    specs: list[Spec] = [
        *([("Ladder", "text", "ladder")] if several else []),
        ("Iterations", "int", "budget"),
        ("Games", "int", "games"),
        ("Win rate", "pct", "rate"),
        ("95% interval", "interval", ("lo", "hi")),
        ("Gain over previous", "points", "gain"),
        ("Gain 95% interval", "points_interval", ("gain_lo", "gain_hi")),
        ("p (Holm)", "p", "p_holm"),
        ("Detectable gain", "pm_points", "mde"),
    ]
    return Section(
        id="ladder",
        title="Skill ladder (skill depth)",
        findings=words,
        figures=[Figure(svg, caption)],
        tables=[
            render_table(
                table.sort("ladder", "budget"),
                specs,
                "Rungs and steps" if several else f"Rungs and steps: {name}",
            )
        ],
        notes=[NOTE],
        headline=overall[:2],
    )
