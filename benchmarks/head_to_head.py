"""Each pairing's head-to-head win share in runs of 2-player games, with an interval over seeds.

    python benchmarks/head_to_head.py RUN_DIR [RUN_DIR ...] [--sequential T_STAR]

Reads the runs' seats tables (which policy sat where) and prints, per pair of policies: the
first's win share, averaged per seed over the games in which the two met (both seatings when
the sweep plays both, as the shipped head-to-head sweeps do: game ``i`` of each cell is played
from the same seed), with a 95% t interval over seeds. Several runs pool their seeds (each run
has its own). ``--sequential T_STAR`` adds the 95% confidence sequence (narrowest near T_STAR
seeds, ``analyses/stats/sequential.py``): the interval to read when a run continues one that was
already looked at. A run still playing (or stopped part-way) can be read: a seed counts once
it has been played in every seating.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

import polars as pl

from analyses.stats.runs import load_manifest, scan
from analyses.stats.sequential import cs_estimate
from analyses.tune.measures import mean_interval
from simcore.core.errors import BoardlabError


def head_to_head(run_dirs: str | list[str], t_star: float | None = None) -> pl.DataFrame:
    """Per (policy, opponent) of 2-player games: seeds, games, mean win share per seed and its
    95% interval over seeds (in %); with ``t_star`` also the confidence sequence (cs_lo, cs_hi)."""
    dirs = [run_dirs] if isinstance(run_dirs, str) else run_dirs
    _distinct_seeds(dirs)
    per_seed = pl.concat(
        [complete_seeds(_per_seed(d)).with_columns(run=pl.lit(i)) for i, d in enumerate(dirs)]
    )
    rows = []
    for (me, opp), part in per_seed.group_by(["policy", "policy_opp"], maintain_order=True):
        left_out = int(part["waiting"].sum())
        part = part.filter(~pl.col("waiting"))
        values = part.sort("run", "game_index")["v"].to_numpy()
        mean, lo, hi = mean_interval(values, 0.95)
        row = {
            "policy": me,
            "opponent": opp,
            "seeds": part.height,
            "left_out": left_out,
            "games": int(part["games"].sum()),
            "share": mean,
            "lo": lo,
            "hi": hi,
        }
        if t_star is not None:
            cs = cs_estimate(values, 0.05, t_star)
            row |= {"cs_lo": cs.lo, "cs_hi": cs.hi}
        rows.append(row)
    return pl.DataFrame(rows).sort("policy", "opponent")


def _distinct_seeds(dirs: list[str]) -> None:
    """``BoardlabError`` when two runs played from the same seed: their games would count twice."""
    seen: dict[object, str] = {}
    for d in dirs:
        seed = load_manifest(d).get("config", {}).get("seed")
        if seed in seen:
            raise BoardlabError(
                f"{d} and {seen[seed]} were both played from seed {seed}: "
                "pooled, their games would count twice"
            )
        seen[seed] = d


def _per_seed(run_dir: str) -> pl.DataFrame:
    """One run's win share (in %) of each policy against each opponent, per game seed."""
    seats = scan(run_dir, "seats").select("cell", "game_index", "policy", "win_share").collect()
    pairs = seats.join(seats, on=["cell", "game_index"], suffix="_opp").filter(
        pl.col("policy") != pl.col("policy_opp")
    )
    return pairs.group_by("policy", "policy_opp", "game_index").agg(
        v=100.0 * pl.col("win_share").mean(), games=pl.len()
    )


def complete_seeds(per_seed: pl.DataFrame) -> pl.DataFrame:
    """``per_seed`` with ``waiting``: True for a seed the pairing has met in fewer games than
    its other seeds, i.e. not yet in every seating (a run still playing, or stopped part-way);
    counted, it would carry that seating's first-player edge."""
    most = pl.col("games").max().over("policy", "policy_opp")
    return per_seed.with_columns(waiting=pl.col("games") < most)


def print_pairs(table: pl.DataFrame) -> None:
    """One line per pairing."""
    for r in table.iter_rows(named=True):
        cs = f"; confidence sequence {r['cs_lo']:.1f}-{r['cs_hi']:.1f}" if "cs_lo" in r else ""
        wait = (
            f" ({r['left_out']} more seeds not yet played in every seating left out)"
            if r["left_out"]
            else ""
        )
        print(
            f"{r['policy']} vs {r['opponent']}: {r['seeds']} seeds{wait}, {r['games']} games, "
            f"win share {r['share']:.1f}% ({r['lo']:.1f}-{r['hi']:.1f}){cs}"
        )


def run_dir_main(
    argv: list[str] | None, doc: str, show: Callable[..., None], several: bool = False
) -> int:
    """A script's ``main``: ``show(RUN_DIR)`` (``several``: ``show(RUN_DIRS, T_STAR)``); a bad
    run directory is one line, exit 2."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    if several:
        parser.add_argument("run_dir", nargs="+")
        parser.add_argument(
            "--sequential",
            type=float,
            metavar="T_STAR",
            default=None,
            help="add the 95%% confidence sequence near T_STAR seeds",
        )
    else:
        parser.add_argument("run_dir")
    args = parser.parse_args(argv)
    if several and args.sequential is not None and not args.sequential > 0:
        parser.error(
            f"--sequential: T_STAR must be a positive number of seeds, got {args.sequential}"
        )
    try:
        show(args.run_dir, args.sequential) if several else show(args.run_dir)
    except BoardlabError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


def main(argv: list[str] | None = None) -> int:
    """Print the pairings."""
    return run_dir_main(
        argv, __doc__, lambda runs, t: print_pairs(head_to_head(runs, t)), several=True
    )


if __name__ == "__main__":
    sys.exit(main())
