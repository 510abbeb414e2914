"""Rats of Wistar wheel sections, observed: how often each sector is taken, when, at what
strength, and what a placement yields (the §12 placement records in the actions table).

Correlational by construction: strong positions choose differently. The restricted-play
analysis (``analyses.studies.ablation``) gives the interventional worth.
"""

from __future__ import annotations

import polars as pl

from analyses.stats.intervals import clustered_mean

YIELDS = ("y_vp", "y_cards", "y_inventions", "y_missions", "y_visitors", "y_doors", "y_rooms",
          "y_beds", "y_wood", "y_metal", "y_joker", "y_potion", "y_move_token")  # fmt: skip


def placements(actions: pl.DataFrame, games: pl.DataFrame) -> pl.DataFrame:
    """Placement rows (``kind = "place"``) with the game's player count."""
    n = games.select("cell", "game_index", "n_players")
    return actions.filter(pl.col("kind") == "place").join(n, on=["cell", "game_index"])


def sector_use(
    actions: pl.DataFrame, games: pl.DataFrame, by_round: bool = False, by_space: bool = False
) -> pl.DataFrame:
    """Per player count and sector (and space, and round): placements per game, share of
    placements, mean strength and mean yields, each with a 95% interval clustered by game."""
    rows = []
    data = placements(actions, games)
    keys = [
        "n_players",
        "sector",
        *(["space"] if by_space else []),
        *(["round"] if by_round else []),
    ]
    games_per = pl.struct("cell", "game_index").n_unique().alias("g")
    per_count = data.group_by("n_players").agg(pl.len().alias("all"), games_per)
    totals = {n: (a, g) for n, a, g in per_count.rows()}
    for key, part in data.group_by(keys, maintain_order=True):
        n = key[0]
        clusters = (part["cell"] + ":" + part["game_index"].cast(str)).to_numpy()
        row = dict(zip(keys, key, strict=True))
        row.update(
            placements=part.height,
            per_game=part.height / totals[n][1],
            share=part.height / totals[n][0],
        )
        for col in ("strength", *YIELDS):
            if col in part.columns:
                mean, lo, hi = clustered_mean(part[col].to_numpy(), clusters)
                row.update({col: mean, f"{col}_lo": lo, f"{col}_hi": hi})
        rows.append(row)
    return pl.DataFrame(rows).sort(keys) if rows else pl.DataFrame()
