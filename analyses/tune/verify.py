"""Verification of the best candidates on fresh seeds, against the current version with
``boardlab compare`` (:mod:`analyses.tune.fresh`); parameter importance and search history.

The games that chose a candidate flatter it (the winner's curse): its measures are estimated
again on other seeds (``TuneConfig.verify_seed``), in the same games as the current version,
so each change old -> new is a paired difference.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import optuna
import polars as pl

from analyses.compare.changes import compare_versions
from analyses.tune import fresh
from analyses.tune.config import TuneConfig
from analyses.tune.evaluate import make_candidate
from analyses.tune.study import objective_sum, pareto_front, slot_trials


def finalists(tc: TuneConfig, study: optuna.Study) -> list[optuna.trial.FrozenTrial]:
    """The best played candidates (distinct values, all rungs played): by summed miss, then
    slot; with several objectives the Pareto front first."""
    done = [
        t for t in slot_trials(study).values() if t.values and not t.user_attrs.get("infeasible")
    ]
    front: set[int] = set()
    if len(tc.targets) > 1 and done and len(done[0].values) > 1:
        front = pareto_front(done)
    # fewest changes first among equal misses: a recommendation moves no number needlessly
    done.sort(
        key=lambda t: (
            t.number not in front if front else 0,
            objective_sum(t),
            len(tc.space.changes(t.user_attrs["values"])),
            t.user_attrs["slot"],
        )
    )
    out, seen = [], set()
    for t in done:
        key = repr(sorted(t.user_attrs["values"].items()))
        if key not in seen:
            seen.add(key)
            out.append(t)
    return out[: tc.verify_top]


def verify(tc: TuneConfig, study: optuna.Study, work: Path, n_jobs: int, say) -> dict[str, Any]:
    """Verify the finalists; the recommendation is the best-ranked one meeting every target on
    the fresh seeds, else (unreachable) the one missing them least. A fitted player is then
    played against its starting self (``head_to_head``)."""
    current = make_candidate(tc, tc.space.current(), work)
    say(f"playing the current version on {tc.verify_games} fresh games")
    base = fresh.played_side(tc, current, None, work, n_jobs)
    results = []
    for t in finalists(tc, study):
        slot = t.user_attrs["slot"]
        cand = make_candidate(tc, t.user_attrs["values"], work)
        say(f"verifying trial {slot} on {tc.verify_games} fresh games (boardlab compare)")
        side = fresh.played_side(tc, cand, slot, work, n_jobs)
        comparison = compare_versions(base, side)
        res = fresh.targets_on_fresh_seeds(tc, (current, cand), (base, side), comparison)
        results.append(
            {
                "slot": slot,
                "values": t.user_attrs["values"],
                "changes": [list(c) for c in tc.space.changes(t.user_attrs["values"])],
                "search_miss": objective_sum(t),
                "targets": res,
                "miss": sum(r["miss"] for r in res.values()),
                "runs": [f"{fresh.VERIFY_DIR}/{fresh.run_label(s)}" for s in (None, slot)],
                "compared": {
                    "measures": comparison.table.height,
                    "changed": comparison.changed.height,
                },
            }
        )
    # met: every band holds on the fresh seeds (a maximize target has no band); among those
    # the least fresh-seed miss (a maximize target's miss is minus its value) in ranking order
    meets = [r for r in results if _all_met(r)]
    best = min(meets or results, key=lambda r: r["miss"], default=None)
    if best is None:
        return {"recommended": None, "reached": False, "finalists": results}
    h2h = None
    if fresh.fits_player(tc):
        say(f"fitted player against its starting self on {tc.head_to_head} seeds, both seats")
        h2h = fresh.head_to_head(tc, best["values"], work, n_jobs)
    return {
        "recommended": best["slot"],
        "reached": bool(meets),
        "finalists": results,
        "current_miss": sum(v["miss_before"] for v in best["targets"].values()),
        "head_to_head": h2h,
    }


def _all_met(r: dict) -> bool:
    return all(
        row["meets"] is not False and not math.isnan(row["after"][0])
        for v in r["targets"].values()
        for row in v["rows"]
    )


def importance(tc: TuneConfig, study: optuna.Study) -> dict[str, float]:
    """Optuna's PED-ANOVA importance of each dimension for the summed miss (a permutation's
    Lehmer digits summed into one), over the finished feasible trials (a trial stopped early
    counts with its miss at the rung it reached)."""
    done = []
    for t in slot_trials(study).values():
        if t.user_attrs.get("infeasible"):
            continue
        if t.values:
            miss = float(sum(t.values))
        elif t.intermediate_values:
            miss = float(t.intermediate_values[max(t.intermediate_values)])
        else:
            continue
        done.append(
            optuna.trial.create_trial(value=miss, params=t.params, distributions=t.distributions)
        )
    if len(done) < 3:
        return {}
    mem = optuna.create_study()
    mem.add_trials(done)
    evaluator = optuna.importance.PedAnovaImportanceEvaluator()
    raw = optuna.importance.get_param_importances(mem, evaluator=evaluator, normalize=True)
    out: dict[str, float] = {d.name: 0.0 for d in tc.space.dims if not d.derived}
    for key, v in raw.items():
        out[key.split("#")[0]] = out.get(key.split("#")[0], 0.0) + float(v)
    return dict(sorted(out.items(), key=lambda kv: -kv[1]))


def history(study: optuna.Study) -> pl.DataFrame:
    """Every trial of the study: slot, state, games played, summed objective, and why a
    stopped trial stopped."""
    rows = []
    for t in study.get_trials(deepcopy=False):
        rows.append(
            {
                "trial": t.number,
                "slot": t.user_attrs.get("slot"),
                "batch": t.user_attrs.get("batch"),
                "state": t.state.name,
                "games": t.user_attrs.get("games"),
                "miss": objective_sum(t) if t.values else None,
                "stopped_by": t.user_attrs.get("stopped_by", "")
                if t.state.name == "PRUNED"
                else "",
            }
        )
    return pl.DataFrame(rows)
