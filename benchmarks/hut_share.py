"""Rats of Wistar: each player's share of its placements at the Alchemist's hut, from a run,
and each pairing's head-to-head win share.

    python benchmarks/hut_share.py RUN_DIR

Reads the run's placement records (``record_actions = true``; actions of kind ``place``) and
the seats table (which policy sat where), and prints per policy: games, placements, placements
at the hut and their share, with a 95% interval that treats each game as a cluster. Then each
pairing's head-to-head win share (``benchmarks/head_to_head.py``).
"""

from __future__ import annotations

import sys

import polars as pl

from analyses.stats.intervals import clustered_rate
from analyses.stats.runs import scan
from benchmarks.head_to_head import head_to_head, print_pairs, run_dir_main


def hut_shares(run_dir: str) -> pl.DataFrame:
    """Per policy: games, placements, hut placements, share and its 95% interval (in %)."""
    places = scan(run_dir, "actions").filter(pl.col("kind") == "place").collect()
    seats = scan(run_dir, "seats").select("cell", "game_index", "seat", "policy").collect()
    per_game = (
        places.join(seats, on=["cell", "game_index", "seat"])
        .group_by("policy", "cell", "game_index", "seat")
        .agg(n=pl.len(), hut=(pl.col("sector") == "hut").sum())
    )
    rows = []
    for (policy,), part in per_game.group_by(["policy"], maintain_order=True):
        clusters = (part["cell"] + ":" + part["game_index"].cast(pl.String)).to_numpy()
        rate = clustered_rate(part["hut"].to_numpy(), part["n"].to_numpy(), clusters)
        rows.append(
            {
                "policy": policy,
                "games": part.height,
                "placements": int(part["n"].sum()),
                "hut": int(part["hut"].sum()),
                "share": 100 * rate.rate,
                "lo": 100 * rate.lo,
                "hi": 100 * rate.hi,
            }
        )
    return pl.DataFrame(rows).sort("share")


def show(run_dir: str) -> None:
    """Print the hut shares, then the pairings."""
    for r in hut_shares(run_dir).iter_rows(named=True):
        print(
            f"{r['policy']:<60} games {r['games']:>5}  placements {r['placements']:>6}  "
            f"hut {r['hut']:>5} = {r['share']:.1f}% ({r['lo']:.1f}-{r['hi']:.1f})"
        )
    print_pairs(head_to_head(run_dir))


def main(argv: list[str] | None = None) -> int:
    """Print the table."""
    return run_dir_main(argv, __doc__, show)


if __name__ == "__main__":
    sys.exit(main())
