"""The verification games of ``boardlab tune``: the current version and a finalist played as two
sweep runs on fresh seeds (never the search's), compared with ``boardlab compare``
(:func:`analyses.compare.changes.compare_versions`, paired game by game). Each target is read on
both runs with its interval, and its paired change is the comparison's row for the same quantity.

Two sets of fresh seeds: the finalists are played on the choosing seeds
(``TuneConfig.verify_seed``, runs ``verify/current``, ``verify/trial-7``); the one chosen there is
played again with the current version on the measuring seeds (``TuneConfig.measure_seed``, runs
``verify/measure-current``, ``verify/measure-trial-7``), whose numbers the report gives.

A fitted player (a search over slot 0's policy options) is also played head to head against the
style it started from in every other seat: each fresh seed once with it in each seat
(:func:`head_to_head`).
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
MEASURE = "measure-"  # a measuring run's label: the choosing run's with this in front
# The comparison's measure that is each target's quantity (cell ids of the candidate's config);
# a share of win share there is points here (x100).
COMPARE_KEYS = {
    "effect_worth": "worth:{cell}",
    "section_worth": "worth:{cell}",
    "first_player_advantage": "first:" + ms.BASE,
    "mean_turns": "length:" + ms.BASE,
}


def run_label(slot: int | None, measure: bool = False) -> str:
    """The verification run's folder name: ``current`` or ``trial-7`` on the choosing seeds,
    ``measure-current`` or ``measure-trial-7`` on the measuring seeds."""
    label = CURRENT if slot is None else f"trial-{slot}"
    return MEASURE + label if measure else label


def side_name(slot: int | None) -> str:
    """How the comparison names a side: ``current version`` or ``trial 7``."""
    return "current version" if slot is None else f"trial {slot}"


def played_side(
    tc: TuneConfig,
    cand: Candidate,
    slot: int | None,
    work: Path,
    n_jobs: int,
    measure: bool = False,
    label: str | None = None,
) -> SideData:
    """Play (or resume, or reuse) the version's verification run on the choosing seeds (on the
    measuring seeds with ``measure``); return it as a side. ``label`` names a run that is not
    a trial's own (a simplified trial)."""
    label = label or run_label(slot, measure)
    seed = tc.measure_seed if measure else tc.verify_seed
    cfg = sweep_config(tc, cand, tc.verify_games, seed, name=label)
    out = work / VERIFY_DIR
    resume = (out / label / MANIFEST).exists()
    run_dir = play_run(cfg, out, n_jobs=n_jobs, resume=resume, quiet=True)
    return load_side(side_name(slot), run_dir)


def load_comparison(
    run_dir: Path, slot: int, measure: bool = False, label: str | None = None
) -> ComparisonResult:
    """The current version against a verified finalist, from their runs in ``run_dir`` (on the
    measuring seeds with ``measure``; ``label``: the finalist's run when it is not the trial's
    own, e.g. a simplified trial's)."""
    out = run_dir / VERIFY_DIR
    labels = [run_label(None, measure), label or run_label(slot, measure)]
    sides = [
        load_side(side_name(s), out / name) for s, name in zip((None, slot), labels, strict=True)
    ]
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
        changes = []
        for a in after:
            change = compared_change(t, cands[1].cells.get(a.item, ""), rows_by_key)
            if change is None and t.measure == "win_rate":
                change = per_game_change(t, cands, sides, tc.conf)
            changes.append(change)
        out[t.name] = target_result(t, before, after, changes)
    return out


def target_result(
    t: Target,
    before: list[ms.Estimate],
    after: list[ms.Estimate],
    changes: list[list[float] | None],
) -> dict[str, Any]:
    """A target's rows (one per item: current, finalist, paired change and whether the band is
    met) and its summed miss before and after, by the point estimates."""
    rows = [target_row(t, b, a, c) for b, a, c in zip(before, after, changes, strict=True)]
    return {"rows": rows, "miss": ms.miss(t, after), "miss_before": ms.miss(t, before)}


def target_row(
    t: Target, b: ms.Estimate, a: ms.Estimate, change: list[float] | None
) -> dict[str, Any]:
    """One item's row. ``meets``: the interval lies inside the band (``met_before`` likewise
    for the current version); ``in_band``: the estimate does; ``ruled_out``: the interval lies
    wholly outside. None for a target to maximize (no band); it has ``better``: whether the
    paired change against the current version is shown above zero ("yes"), below ("no") or
    neither ("not shown"), None without a paired change."""
    band = not t.maximize
    better = None
    if t.maximize and change is not None:
        better = "yes" if change[1] > 0 else "no" if change[2] < 0 else "not shown"
    return {
        "item": a.item,
        "before": [b.value, b.lo, b.hi],
        "after": [a.value, a.lo, a.hi],
        "change": change,
        "meets": t.holds(a.lo, a.hi) if band else None,
        "met_before": t.holds(b.lo, b.hi) if band else None,
        "in_band": bool(t.miss(a.value) == 0) if band else None,
        "ruled_out": t.ruled_out(a.lo, a.hi) if band else None,
        "better": better,
    }


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
    """Whether the search fits slot 0's player (its options only)."""
    return {(d.kind, d.slot) for d in tc.space.dims} == {("policy", 0)}


def head_to_head(tc: TuneConfig, values: dict[str, Any], work: Path, n_jobs: int) -> dict:
    """A fitted slot-0 player against its starting self in every other seat: each fresh seed
    played once with the fitted player in each seat; the fitted player's win share per seed
    (mean of its games) with its interval. A fair share is 100 / players."""
    fitted = make_candidate(tc, values, work).policies[0]
    start = tc.policies[0]
    n = tc.players
    seatings = [[fitted if s == k else start for s in range(n)] for k in range(n)]
    raw = {
        "name": "head-to-head",
        "game": tc.game,
        "players": n,
        "games": tc.head_to_head,
        "seed": tc.head_seed,
        "params": dict(tc.params),
        "policies": seatings[0],
        "seat_rotation": False,  # the grid's line-ups are the seatings
        "grid": {"policies": seatings},
    }
    cfg = build_config(raw, source="head-to-head", allow_import=tc.allow_import)
    _, seats = play(cfg, 0, tc.head_to_head, n_jobs)
    mine = pl.concat(
        seats.filter((pl.col("cell") == c.id) & (pl.col("slot") == k))
        for k, c in enumerate(cfg.cells())
    )
    per_seed = mine.group_by("game_index").agg(v=100.0 * pl.col("win_share").mean())
    m, lo, hi = ms.mean_interval(per_seed["v"].to_numpy(), tc.conf)
    return {
        "fitted": fitted,
        "start": start,
        "players": n,
        "seeds": tc.head_to_head,
        "games": int(mine.height),
        "win_share": [m, lo, hi],
    }
