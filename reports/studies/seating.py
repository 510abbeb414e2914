"""Report sections on turn order (from the recorded first player) and on seat numbers.

Both leave out saturated, stalled and constant cells (``analyses.studies.degenerate``): such cells
cannot show a turn-order or seat effect, and their 50% or 100% would read as a finding.
"""

from __future__ import annotations

import polars as pl

from analyses.studies import common, degenerate, findings, turn_order
from reports.kit import plots
from reports.kit.tables import render_table
from reports.studies.sections import (
    MAX_OVERLAID,
    RATE_SPECS,
    Context,
    Figure,
    Section,
    excluded_sentence,
)

TURN_NOTES = [
    "Position 1 is the seat that took the game's first turn, as the game recorded it "
    "(games.first_player); the first player is chosen at random in every game, so it is not "
    "seat 1. In games whose rounds restart with a new start player, this is the start player "
    "of round 1.",
    "Within a cell a game is one trial. When the line-up mixes policies, each position's rate "
    "is the mean of its rates in each line-up slot, so a strong policy that happened to start "
    "more often does not pass for a turn-order effect; pooled rates are stratified the same "
    "way. Positions are tested against the fair share 1/n (Holm across the positions of a "
    "cell).",
    "Only cells with the same players are pooled (cells that differ in rule values). Game i "
    "of every cell replays seed i: the games of one seed are correlated, so the pooled "
    "interval treats each seed as one cluster (cluster-robust standard error) instead of "
    "counting every game as independent. Intervals are score-type (Wilson at the effective "
    "number of games), so they stay honest near 0% and 100%.",
    "“Would catch a shift of ±x points” is the smallest true difference from the fair share "
    "that a 5%-level test on this many games detects 80% of the time (with the spread of a "
    "rate at the shifted value); smaller effects may exist unseen.",
]


def turn_order_section(ctx: Context) -> Section | None:
    """First-player (turn-order) advantage per cell, and pooled with seed-clustered intervals."""
    if "first_player" not in ctx.games.columns:
        return Section(
            "turn-order",
            "First-player advantage",
            [
                "This run predates recorded start players: turn-order advantage "
                "cannot be measured (seat numbers are not the turn order)."
            ],
        )
    open_cells = set(ctx.open_seats["cell"].unique().to_list())
    cells = [c for c in degenerate.usable_cells(ctx.flags) if c in open_cells]
    table = turn_order.first_player_advantage(ctx.games, ctx.seats, cells)
    left_out = excluded_sentence(ctx)
    pooled, pooled_cells = _pooled(ctx, cells)
    figures, tables = [], []
    if not table.is_empty() and len(cells) <= MAX_OVERLAID:
        names = [
            (f"{ctx.label(c)} · " if ctx.several_cells else "") + f"position {p}"
            for c, p in table.select("cell", "position").rows()
        ]
        svg = plots.interval_bars(
            names,
            table["rate"],
            table["lo"],
            table["hi"],
            ref=table["fair"],
            xlabel="win share",
            title="Win share by turn-order position",
            name="turnorder",
        )
        figures.append(
            Figure(
                svg,
                "Bars: share of games won by the player in each turn-order "
                "position (1 = first player); whiskers: 95% interval; red "
                "marks: the fair share.",
            )
        )
    if not table.is_empty():
        specs = [
            ("Cell", "text", "cell"),
            ("Position", "int", "position"),
            *RATE_SPECS,
            ("p (Holm)", "p", "p_holm"),
            ("Detectable shift (80% power)", "pm_points", "mde"),
        ]
        tables.append(
            render_table(
                table if ctx.several_cells else table.drop("cell"),
                specs if ctx.several_cells else specs[1:],
                "Win share by turn-order position",
                ctx.labels,
            )
        )
    outside = table.filter(~pl.col("cell").is_in(pooled_cells)) if pooled else table
    # Cells inside a pooled line-up are in the table; their own sentences would repeat it.
    outside_words = findings.first_player_findings(outside, ctx.labels)
    clear = [w for w in outside_words if " above the fair" in w or " below the fair" in w]
    headline = pooled + clear[:2] or outside_words[:1]
    if not cells:
        headline = [
            "No cell can show a first-player effect (every cell is saturated, stalled "
            "or constant); see the flags above."
        ]
    return Section(
        id="turn-order",
        title="First-player advantage",
        findings=[w for w in (*pooled, *outside_words, left_out) if w],
        figures=figures,
        tables=tables,
        notes=TURN_NOTES,
        headline=headline,
    )


def _pooled(ctx: Context, cells: list[str]) -> tuple[list[str], list[str]]:
    """Seed-clustered first-player sentences, one per line-up that several usable cells share
    (cells that differ only in rule values); cells with different players are never pooled."""
    lineups = ctx.games.filter(pl.col("cell").is_in(cells)).group_by("lineup", maintain_order=True)
    groups = [
        sorted(c) for c in lineups.agg(pl.col("cell").unique())["cell"].to_list() if len(c) > 1
    ]
    sentences, pooled = [], []
    for group in groups:
        table = turn_order.pooled_first_player(ctx.games, ctx.seats, group)
        if table.is_empty() or table["n_players"].n_unique() != 1:
            continue
        first = table.filter(pl.col("position") == 1)
        words = findings.first_player_findings(first)
        lineup = ctx.games.filter(pl.col("cell") == group[0])["lineup"][0].replace("|", " vs ")
        sentences.append(
            f"All {len(group)} {lineup} cells together ({first['seeds'][0]:,} "
            f"seeds, each seed's games one cluster): {words[0][0].lower()}"
            f"{words[0][1:]}"
        )
        pooled += group
    return sentences, pooled


def seat_section(ctx: Context) -> Section:
    """Win share by seat number (line-up rotation check), usable cells only, no pooling."""
    cells = degenerate.usable_cells(ctx.flags)
    seats = ctx.seats.filter(pl.col("cell").is_in(cells))
    table = common.seat_advantage(seats) if seats.height else pl.DataFrame()
    words = findings.seat_findings(table, ctx.labels) if not table.is_empty() else []
    left_out = excluded_sentence(ctx)
    specs = [
        ("Cell", "text", "cell"),
        ("Seat", "seat", "seat"),
        *RATE_SPECS,
        ("p (Holm)", "p", "p_holm"),
        ("All seats equal: p", "p", "chi2_p"),
    ]
    if not ctx.several_cells:
        specs = specs[1:]
    notes = [
        "Seat numbers are positions in the seating, not the turn order (see First-player "
        "advantage). With seat rotation every line-up slot sits in every seat equally often, "
        "so this table checks that no seat number is favoured by the rotation or the rules' "
        "seat-based set-up. Cells are not pooled: they replay the same seeds.",
        "A game is one trial; a seat's success is its win share (1/k for a k-way tie). "
        "Wilson intervals; score tests against 1/n, Holm-corrected across the seats of a cell. "
        "When the line-up mixes policies, a seat's rate is the mean of its rates with each "
        "line-up slot in it (score-type interval), so an uneven rotation cannot show as a seat "
        "effect.",
    ]
    if not ctx.manifest.get("config", {}).get("seat_rotation", True):
        notes.append("Seat rotation was off: seat effects are mixed with policy strength.")
    return Section(
        id="seats",
        title="Seat numbers",
        findings=[w for w in (*words, left_out) if w],
        tables=[render_table(table, specs, "Win share by seat", ctx.labels)]
        if not table.is_empty()
        else [],
        notes=notes,
    )
