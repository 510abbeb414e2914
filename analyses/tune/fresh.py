"""The verification games of ``boardlab tune``: the current version and a finalist played as two
sweep runs on fresh seeds (never the search's), compared with ``boardlab compare``
(:func:`analyses.compare.changes.compare_versions`, paired game by game). Each target is read on
both
runs with its interval, and its paired change is the comparison's row for the same quantity.

A fitted player (a search over slot 0's policy options) is also played head to head against the
style it started from: each fresh seed twice, once in each seat (:func:`head_to_head`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import polars as pl

from analyses.compare.changes import ComparisonResult, SideData, compare_versions, load_side
from analyses.compare.play import play as play_run
from analyses.stats.intervals import paired_difference
from analyses.tune import measures as ms
from analyses.tune.config import TuneConfig
from analyses.tune.evaluate import Candidate, make_candidate, play, sweep_config
from analyses.tune.targets import Target
from simcore.engine.run.dataset import MANIFEST
from simcore.engine.sweep.config import build_config

VERIFY_DIR = "verify"  # inside the search's run folder: one sweep run per verified version
CURRENT = "current"
# The comparison's measure that is each target's quantity (cell ids of the candidate's config);
# a share of win share there is points here (x100).
COMPARE_KEYS = {
    "effect_worth": "worth:{cell}",
    "section_worth": "worth:{cell}",
    "first_player_advantage": "first:" + ms.BASE,
    "mean_turns": "length:" + ms.BASE,
}


def run_label(slot: int | None) -> str:
    """The verification run's folder name: ``current`` or ``trial-7``."""
    return CURRENT if slot is None else f"trial-{slot}"


def side_name(slot: int | None) -> str:
    """How the comparison names a side: ``current version`` or ``trial 7``."""
    return "current version" if slot is None else f"trial {slot}"


def played_side(
    tc: TuneConfig, cand: Candidate, slot: int | None, work: Path, n_jobs: int
) -> SideData:
    """Play (or resume, or reuse) the version's verification run; return it as a side."""
    label = run_label(slot)
    cfg = sweep_config(tc, cand, tc.verify_games, tc.verify_seed, name=label)
    out = work / VERIFY_DIR
    resume = (out / label / MANIFEST).exists()
    run_dir = play_run(cfg, out, n_jobs=n_jobs, resume=resume, quiet=True)
    return load_side(side_name(slot), run_dir)


def load_comparison(run_dir: Path, slot: int) -> ComparisonResult:
    """The current version against a verified finalist, from their runs in ``run_dir``."""
    out = run_dir / VERIFY_DIR
    sides = [load_side(side_name(s), out / run_label(s)) for s in (None, slot)]
    return compare_versions(sides[0], sides[1])


def targets_on_fresh_seeds(
    tc: TuneConfig,
    cands: tuple[Candidate, Candidate],
    sides: tuple[SideData, SideData],
    comparison: ComparisonResult,
) -> dict[str, Any]:
    """Each target before (current) and after (finalist) with intervals, and its paired change
    (finalist minus current) where the comparison measures the same quantity."""
    rows_by_key = {row["key"]: row for row in comparison.table.to_dicts()}
    out: dict[str, Any] = {}
    for t in tc.targets:
        before, after = (
            ms.estimate(t, s.games, s.seats, c.cells, tc.conf)
            for c, s in zip(cands, sides, strict=True)
        )
        rows = []
        for b, a in zip(before, after, strict=True):
            change = compared_change(t, cands[1].cells.get(a.item, ""), rows_by_key)
            if change is None and t.measure == "win_rate":
                change = per_game_change(t, cands, sides, tc.conf)
            rows.append(
                {
                    "item": a.item,
                    "before": [b.value, b.lo, b.hi],
                    "after": [a.value, a.lo, a.hi],
                    "change": change,
                    "meets": t.miss(a.value) == 0 if not t.maximize else None,
                    "met_before": t.miss(b.value) == 0 if not t.maximize else None,
                }
            )
        out[t.name] = {"rows": rows, "miss": ms.miss(t, after), "miss_before": ms.miss(t, before)}
    return out


def compared_change(t: Target, cell: str, rows_by_key: dict[str, dict]) -> list[float] | None:
    """The comparison's paired change of the target's quantity, in the target's unit."""
    pattern = COMPARE_KEYS.get(t.measure)
    row = rows_by_key.get(pattern.format(cell=cell)) if pattern else None
    if row is None:
        return None
    if t.measure == "mean_turns":  # compare counts decisions where the turns are fixed
        return [row["diff"], row["lo"], row["hi"]] if row["what"].startswith("turns") else None
    return [100 * row["diff"], 100 * row["lo"], 100 * row["hi"]]


def per_game_change(
    t: Target, cands: tuple[Candidate, Candidate], sides: tuple[SideData, SideData], conf: float
) -> list[float]:
    """Slot 0's paired change in win share (the comparison has no per-slot measure)."""
    pairs = zip(cands, sides, strict=True)
    a, b = (ms.per_game(t, s.games, s.seats, c.cells, "") for c, s in pairs)
    joined = a.join(b, on="game_index", suffix="_new")
    res = paired_difference((joined["value_new"] - joined["value"]).to_numpy(), conf, 200)
    return [res.mean_diff, res.t_lo, res.t_hi]


def fits_player(tc: TuneConfig) -> bool:
    """Whether the search fits slot 0's player (its options only) in a two-player line-up."""
    return tc.players == 2 and {(d.kind, d.slot) for d in tc.space.dims} == {("policy", 0)}


def head_to_head(tc: TuneConfig, values: dict[str, Any], work: Path, n_jobs: int) -> dict:
    """A fitted slot-0 player against its starting self: each fresh seed played in both
    seatings; the fitted player's win share per seed (mean of its two games) with its
    interval."""
    fitted = make_candidate(tc, values, work).policies[0]
    start = tc.policies[0]
    raw = {
        "name": "head-to-head",
        "game": tc.game,
        "players": 2,
        "games": tc.head_to_head,
        "seed": tc.head_seed,
        "params": dict(tc.params),
        "policies": [fitted, start],
        "seat_rotation": False,  # the grid's two line-ups are the two seatings
        "grid": {"policies": [[fitted, start], [start, fitted]]},
    }
    cfg = build_config(raw, source="head-to-head", allow_import=tc.allow_import)
    _, seats = play(cfg, 0, tc.head_to_head, n_jobs)
    first, second = (c.id for c in cfg.cells())
    mine = seats.filter(
        ((pl.col("cell") == first) & (pl.col("slot") == 0))
        | ((pl.col("cell") == second) & (pl.col("slot") == 1))
    )
    per_seed = mine.group_by("game_index").agg(v=100.0 * pl.col("win_share").mean())
    m, lo, hi = ms.mean_interval(per_seed["v"].to_numpy(), tc.conf)
    return {
        "fitted": fitted,
        "start": start,
        "seeds": tc.head_to_head,
        "games": int(mine.height),
        "win_share": [m, lo, hi],
    }
