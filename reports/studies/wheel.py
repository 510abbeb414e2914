"""Rats of Wistar: the observed use of each wheel section (correlational), per player count."""

from __future__ import annotations

import polars as pl

from analyses.stats.runs import has_table, scan
from analyses.studies import wheel
from analyses.studies.findings import num, pct
from reports.kit.tables import Spec, render_table
from reports.studies.examples import most_used_examples
from reports.studies.sections import Context, Section

NOTE = (
    "From the placement records (actions table, kind = place): how often each sector is taken, "
    "at what strength, and what a placement yielded once all its parts resolved (VP, cards, "
    "inventions, missions, visitors, doors, rooms, beds; resources net of payments). 95% "
    "intervals treat each game as a cluster. Correlational: strong positions choose "
    "differently, so a high yield does not prove a sector strong; the restricted-play section "
    "measures worth by intervention. A sector is named by its bonus spaces at that player "
    "count; its main action rotates with the wheel."
)


def wheel_use_section(ctx: Context) -> Section | None:
    """Per player count: sector shares, strengths and yields, with the most-taken sector."""
    if ctx.manifest.get("game") != "rats_of_wistar" or ctx.run_dir is None:
        return None
    if not has_table(ctx.run_dir, "actions"):
        return None
    actions = scan(ctx.run_dir, "actions").filter(pl.col("kind") == "place").collect()
    table = wheel.sector_use(actions, ctx.games)
    if table.is_empty():
        return None
    game = ctx.game
    names = [
        game.describe_class(f"place/{s}", n) if game else s
        for n, s in table.select("n_players", "sector").rows()
    ]
    table = table.with_columns(name=pl.Series(names, dtype=pl.String))
    words = []
    for (n,), part in table.group_by(["n_players"], maintain_order=True):
        top = part.sort("share", descending=True).row(0, named=True)
        vp = part.sort("y_vp", descending=True).row(0, named=True)
        words.append(
            f"With {n} players the most taken section is {top['name']} ({pct(top['share'])} of "
            f"placements, {num(top['per_game'])} a game); the highest VP per placement comes "
            f"from {vp['name']} ({num(vp['y_vp'], 2)}, 95% interval {num(vp['y_vp_lo'], 2)} to "
            f"{num(vp['y_vp_hi'], 2)}). Correlational."
        )
    specs: list[Spec] = [
        ("Players", "int", "n_players"),
        ("Section", "text", "name"),
        ("Placements / game", "num", "per_game"),
        ("Share", "pct", "share"),
        ("Strength", "num", "strength"),
        ("VP", "num", "y_vp"),
        ("VP 95% interval", "num_interval", ("y_vp_lo", "y_vp_hi")),
        ("Inventions", "num", "y_inventions"),
        ("Missions", "num", "y_missions"),
        ("Visitors", "num", "y_visitors"),
        ("Cards", "num", "y_cards"),
        ("Rooms", "num", "y_rooms"),
        ("Wood", "num", "y_wood"),
        ("Metal", "num", "y_metal"),
        ("Jokers", "num", "y_joker"),
        ("Potions", "num", "y_potion"),
        ("Move tokens", "num", "y_move_token"),
    ]
    by_round = wheel.sector_use(actions, ctx.games, by_round=True)
    rspecs: list[Spec] = [
        ("Players", "int", "n_players"),
        ("Sector", "text", "sector"),
        ("Round", "int", "round"),
        ("Placements / game", "num", "per_game"),
        ("Strength", "num", "strength"),
        ("VP", "num", "y_vp"),
        ("VP 95% interval", "num_interval", ("y_vp_lo", "y_vp_hi")),
    ]
    by_space = wheel.sector_use(actions, ctx.games, by_space=True)
    spaces = [
        game.describe_class(f"place/{s}/{k}", n) if game and s != "hut" else s
        for n, s, k in by_space.select("n_players", "sector", "space").rows()
    ]
    by_space = by_space.with_columns(name=pl.Series(spaces, dtype=pl.String))
    return Section(
        id="wheel-use",
        title="Wheel sections as played (observational)",
        findings=words,
        tables=[
            render_table(table, specs, "Per placement, by section"),
            render_table(
                by_space,
                [s if s[2] != "name" else ("Space", "text", "name") for s in specs],
                "Per placement, by space",
            ),
            render_table(by_round, rspecs, "By section and round"),
        ],
        notes=[NOTE],
        examples=most_used_examples(ctx, table.sort("share", descending=True).row(0, named=True)),
    )
