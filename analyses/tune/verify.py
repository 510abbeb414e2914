"""Verification of the best candidates on fresh seeds, paired against the current version.

The games that chose a candidate flatter it (the winner's curse): its measures are estimated
again on other seeds (``TuneConfig.verify_seed``), in the same games as the current version,
so each change old -> new is a paired difference. :func:`compare_on_fresh_seeds` is the one
place that does this; the ``compare`` command (issue 48) is meant to take its place.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import optuna
import polars as pl

from analyses.tune import measures as ms
from analyses.tune.config import TuneConfig
from analyses.tune.evaluate import Candidate, make_candidate, play, sweep_config
from analyses.tune.study import objective_sum, replay, slot_trials


def compare_on_fresh_seeds(
    tc: TuneConfig, current: Candidate, candidate: Candidate, played: dict, n_jobs: int
) -> dict[str, Any]:
    """Each target for the current version and the candidate on the fresh seeds, and the
    paired change (candidate minus current, per game) where the measure is a mean of games.
    ``played`` caches tables by candidate key (the current version plays once)."""
    tables = {}
    for c in (current, candidate):
        if c.key() not in played:
            cfg = sweep_config(tc, c, tc.verify_games, tc.verify_seed)
            played[c.key()] = play(cfg, 0, tc.verify_games, n_jobs)
        tables[c.key()] = played[c.key()]
    out: dict[str, Any] = {}
    for t in tc.targets:
        before = ms.estimate(t, *tables[current.key()], current.cells, tc.conf)
        after = ms.estimate(t, *tables[candidate.key()], candidate.cells, tc.conf)
        rows = []
        for b, a in zip(before, after, strict=True):
            change = _paired(t, tables, current, candidate, a.item, tc.conf)
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


def _paired(t, tables, current, candidate, item, conf) -> list[float] | None:
    if t.measure == "value_set_share":
        return None
    a = ms.per_game(t, *tables[current.key()], current.cells, item)
    b = ms.per_game(t, *tables[candidate.key()], candidate.cells, item)
    joined = a.join(b, on="game_index", suffix="_new")
    m, lo, hi = ms.mean_interval((joined["value_new"] - joined["value"]).to_numpy(), conf)
    return [m, lo, hi]


def finalists(tc: TuneConfig, study: optuna.Study) -> list[optuna.trial.FrozenTrial]:
    """The best played candidates (distinct values, all rungs played): by summed miss, then
    slot; with several objectives the Pareto front first."""
    done = [
        t for t in slot_trials(study).values() if t.values and not t.user_attrs.get("infeasible")
    ]
    front: set[int] = set()
    if len(tc.targets) > 1 and done and len(done[0].values) > 1:
        front = {t.number for t in replay(tc, done).best_trials}
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
    the fresh seeds, else (unreachable) the one missing them least."""
    current = make_candidate(tc, tc.space.current(), work)
    played: dict[str, Any] = {}
    results = []
    for t in finalists(tc, study):
        cand = make_candidate(tc, t.user_attrs["values"], work)
        say(f"verifying trial {t.user_attrs['slot']} on {tc.verify_games} fresh games")
        res = compare_on_fresh_seeds(tc, current, cand, played, n_jobs)
        miss = sum(r["miss"] for r in res.values())
        results.append(
            {
                "slot": t.user_attrs["slot"],
                "values": t.user_attrs["values"],
                "changes": [list(c) for c in tc.space.changes(t.user_attrs["values"])],
                "search_miss": objective_sum(t),
                "targets": res,
                "miss": miss,
            }
        )
    # met: every band holds on the fresh seeds (a maximize target has no band); among those
    # the least fresh-seed miss (a maximize target's miss is minus its value) in ranking order
    meets = [r for r in results if _all_met(r)]
    best = min(meets or results, key=lambda r: r["miss"], default=None)
    if best is None:
        return {"recommended": None, "reached": False, "finalists": results}
    return {
        "recommended": best["slot"],
        "reached": bool(meets),
        "finalists": results,
        "current_miss": sum(v["miss_before"] for v in best["targets"].values()),
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
    """Every trial of the study: slot, state, games played, summed objective."""
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
            }
        )
    return pl.DataFrame(rows)
