"""Each pairing's head-to-head win share in a run of 2-player games, with an interval over seeds.

    python benchmarks/head_to_head.py RUN_DIR

Reads the run's seats table (which policy sat where) and prints, per pair of policies: the
first's win share, averaged per seed over the games in which the two met (both seatings when
the sweep plays both, as the shipped head-to-head sweeps do: game ``i`` of each cell is played
from the same seed), with a 95% t interval over seeds.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

import polars as pl

from analyses.data import scan
from analyses.tune.measures import mean_interval
from simcore.errors import BoardlabError


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


def print_pairs(table: pl.DataFrame) -> None:
    """One line per pairing."""
    for r in table.iter_rows(named=True):
        print(f"{r['policy']} vs {r['opponent']}: {r['seeds']} seeds, {r['games']} games, "
              f"win share {r['share']:.1f}% ({r['lo']:.1f}-{r['hi']:.1f})")  # fmt: skip


def run_dir_main(argv: list[str] | None, doc: str, show: Callable[[str], None]) -> int:
    """A script's ``main``: ``show(RUN_DIR)``; a bad run directory is one line, exit 2."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("run_dir")
    args = parser.parse_args(argv)
    try:
        show(args.run_dir)
    except BoardlabError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


def main(argv: list[str] | None = None) -> int:
    """Print the pairings."""
    return run_dir_main(argv, __doc__, lambda run: print_pairs(head_to_head(run)))


if __name__ == "__main__":
    sys.exit(main())
