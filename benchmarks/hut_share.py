"""Rats of Wistar: each player's share of its placements at the Alchemist's hut, from a run,
and each pairing's head-to-head win share.

    python benchmarks/hut_share.py RUN_DIR

Reads the run's placement records (``record_actions = true``; actions of kind ``place``) and
the seats table (which policy sat where), and prints per policy: games, placements, placements
at the hut and their share, with a 95% interval that treats each game as a cluster. Then, for
2-player games, per pair of policies: the first's win share, averaged per seed over the games
in which the two met (both seatings when the sweep plays both), with a 95% interval over seeds.
"""

from __future__ import annotations

import argparse
import sys

import polars as pl

from analyses.data import scan
from analyses.stats import clustered_rate
from analyses.tune.measures import mean_interval
from simcore.errors import BoardlabError


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
        rows.append({"policy": policy, "games": part.height, "placements": int(part["n"].sum()),
                     "hut": int(part["hut"].sum()), "share": 100 * rate.rate,
                     "lo": 100 * rate.lo, "hi": 100 * rate.hi})  # fmt: skip
    return pl.DataFrame(rows).sort("share")


def head_to_head(run_dir: str) -> pl.DataFrame:
    """Per (policy, opponent) of 2-player games: seeds, games, mean win share per seed and its
    95% interval over seeds (in %)."""
    seats = scan(run_dir, "seats").select("cell", "game_index", "policy", "win_share").collect()
    pairs = seats.join(seats, on=["cell", "game_index"], suffix="_opp").filter(
        pl.col("policy") != pl.col("policy_opp")
    )
    per_seed = pairs.group_by("policy", "policy_opp", "game_index").agg(
        v=100.0 * pl.col("win_share").mean(), games=pl.len()
    )
    rows = []
    for (me, opp), part in per_seed.group_by(["policy", "policy_opp"], maintain_order=True):
        mean, lo, hi = mean_interval(part["v"].to_numpy(), 0.95)
        games = int(part["games"].sum())
        rows.append({"policy": me, "opponent": opp, "seeds": part.height, "games": games,
                     "share": mean, "lo": lo, "hi": hi})  # fmt: skip
    return pl.DataFrame(rows).sort("policy", "opponent")


def main(argv: list[str] | None = None) -> int:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run_dir")
    args = parser.parse_args(argv)
    try:
        table = hut_shares(args.run_dir)
    except BoardlabError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for r in table.iter_rows(named=True):
        print(f"{r['policy']:<60} games {r['games']:>5}  placements {r['placements']:>6}  "
              f"hut {r['hut']:>5} = {r['share']:.1f}% ({r['lo']:.1f}-{r['hi']:.1f})")  # fmt: skip
    for r in head_to_head(args.run_dir).iter_rows(named=True):
        print(f"{r['policy']} vs {r['opponent']}: {r['seeds']} seeds, {r['games']} games, "
              f"win share {r['share']:.1f}% ({r['lo']:.1f}-{r['hi']:.1f})")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
