"""Verification of the best candidates on fresh seeds, against the current version with
``boardlab compare`` (:mod:`analyses.tune.fresh`); parameter importance and search history.

The games that chose a candidate flatter it (the winner's curse): the search's games flatter the
finalists, so they are played again on fresh seeds (``TuneConfig.verify_seed``) in the same games
as the current version, each change old -> new a paired difference; and choosing among several
finalists on those games flatters the chosen one again, so it is measured on a second set of
fresh seeds (``TuneConfig.measure_seed``) that chose nothing. A single finalist was chosen by the
search's games alone: its first fresh games measure it. A band is met when the measured interval
lies inside it, not merely the estimate.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import optuna
import polars as pl

from analyses.compare.changes import SideData, compare_versions
from analyses.tune import fresh
from analyses.tune.config import TuneConfig
from analyses.tune.evaluate import Candidate, make_candidate
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


def verify(
    tc: TuneConfig,
    study: optuna.Study,
    work: Path,
    n_jobs: int,
    say,
    weights: dict[str, float] | None = None,
) -> dict[str, Any]:
    """Verify the finalists on the choosing seeds, choose the recommendation among them
    (:func:`choose`), measure it on the measuring seeds (:func:`measure`): met and reached are
    read there. A fitted player is then played against its starting self (``head_to_head``).
    ``weights``: each dimension's importance; the changes that matter least are put back where
    the recommendation does as well without them (:func:`simplify`)."""
    current = make_candidate(tc, tc.space.current(), work)
    say(f"playing the current version on {tc.verify_games} fresh games")
    base = fresh.played_side(tc, current, None, work, n_jobs)
    results = []
    for t in finalists(tc, study):
        slot = t.user_attrs["slot"]
        say(f"verifying trial {slot} on {tc.verify_games} fresh games (boardlab compare)")
        res = _verified(tc, t.user_attrs["values"], slot, (current, base), work, n_jobs)
        results.append({**res, "search_miss": objective_sum(t)})
    best = choose(results)
    if best is None:
        return {"recommended": None, "reached": False, "finalists": results}
    best, reverted = simplify(tc, best, weights, (current, base), work, n_jobs, say)
    # the recommendation is the simpler candidate: it stands in its trial's place
    results = [best if r["slot"] == best["slot"] else r for r in results]
    shown = measure(tc, best, current, len(results) + len(reverted), work, n_jobs, say)
    h2h = None
    if fresh.fits_player(tc):
        say(f"fitted player against its starting self on {tc.head_to_head} seeds, every seating")
        h2h = fresh.head_to_head(tc, best["values"], work, n_jobs)
    return {
        "recommended": best["slot"],
        "reached": all_met(shown["targets"]),
        "in_band": all_in_band(shown["targets"]),
        "better": better(shown["targets"]),
        "finalists": results,
        "current_miss": sum(v["miss_before"] for v in shown["targets"].values()),
        "head_to_head": h2h,
        "conf": tc.conf,
        "chosen_on": {"seed": tc.verify_seed, "games": tc.verify_games, "finalists": len(results)},
        "measured": shown,
        "simplified": reverted,
    }


def _verified(
    tc: TuneConfig,
    values: dict[str, Any],
    slot: int | None,
    current: tuple[Candidate, SideData],
    work: Path,
    n_jobs: int,
    measure_run: bool = False,
    label: str | None = None,
) -> dict[str, Any]:
    """A finalist played next to the current version's run (on the choosing seeds, or on the
    measuring seeds with ``measure_run``), compared, and its targets read."""
    cand = make_candidate(tc, values, work)
    side = fresh.played_side(tc, cand, slot, work, n_jobs, measure_run, label)
    comparison = compare_versions(current[1], side)
    res = fresh.targets_on_fresh_seeds(tc, (current[0], cand), (current[1], side), comparison)
    return {
        "slot": slot,
        "values": values,
        "changes": [list(c) for c in tc.space.changes(values)],
        "words": change_words(tc, cand, values),
        "targets": res,
        "miss": sum(r["miss"] for r in res.values()),
        "runs": [
            f"{fresh.VERIFY_DIR}/{fresh.run_label(None, measure_run)}",
            f"{fresh.VERIFY_DIR}/{label or fresh.run_label(slot, measure_run)}",
        ],
        "compared": {"measures": comparison.table.height, "changed": comparison.changed.height},
    }


# Importance under which a moved number is tried at its old value. A game's number is tried
# unless it carries half the search's variation or more: with a few trials the importance of a
# number that changes nothing reads 0.1-0.15 by chance (the S6 plant: 0.13 in 8 trials), and
# the check on the choosing games, not the importance, decides. A player's weight is a fit,
# not a designer's change: only the near-irrelevant ones are tried (each try is a run).
SIMPLIFY_BELOW = {"param": 0.5, "content": 0.5, "permute": 0.5, "policy": 0.05}


def simplify(
    tc: TuneConfig,
    best: dict[str, Any],
    weights: dict[str, float] | None,
    current: tuple[Candidate, SideData],
    work: Path,
    n_jobs: int,
    say,
) -> tuple[dict[str, Any], list[str]]:
    """Put back, one at a time and least important first, each number the recommendation
    moves whose importance is below its kind's ``SIMPLIFY_BELOW``, keeping the old value where the
    candidate does as well on the choosing games (:func:`as_good`): a designer is not asked
    to change what does not matter. Returns the simpler recommendation and the dimensions put
    back; the measuring games then measure what is recommended."""
    weights = weights or {}
    moved = [d for d in tc.space.dims if not d.derived and best["values"][d.name] != d.old]
    trivial = sorted(
        (d for d in moved if weights.get(d.name, 1.0) < _below(d.kind) and len(moved) > 1),
        key=lambda d: weights.get(d.name, 1.0),
    )
    reverted: list[str] = []
    for k, dim in enumerate(trivial, 1):
        values = {**best["values"], dim.name: dim.old}
        label = f"{fresh.run_label(best['slot'])}-simpler-{k}"
        say(f"trying trial {best['slot']} without its change of {dim.name} (importance "
            f"{weights.get(dim.name, 0):.2f})")  # fmt: skip
        res = _verified(tc, values, best["slot"], current, work, n_jobs, label=label)
        if as_good(res["targets"], best["targets"]):
            first = best.get("unsimplified") or {k: best[k] for k in ("values", "words", "runs")}
            best = {**res, "search_miss": best.get("search_miss"), "unsimplified": first}
            reverted.append(dim.name)
    return best, reverted


def _below(kind: str) -> float:
    return SIMPLIFY_BELOW.get(kind, SIMPLIFY_BELOW["policy"])


def as_good(simpler: dict[str, Any], best: dict[str, Any]) -> bool:
    """Whether a simpler candidate does as well: every target the recommendation meets (its
    band's interval inside) still met, every estimate it has in its band still in it, and a
    target to maximize no lower than the recommendation's interval."""
    for name, target in best.items():
        for row, other in zip(target["rows"], simpler[name]["rows"], strict=True):
            if row["meets"] and not other["meets"]:
                return False
            if row["in_band"] and not other["in_band"]:
                return False
            if row["meets"] is None and other["after"][0] < row["after"][1]:
                return False
    return True


def change_words(tc: TuneConfig, cand: Candidate, values: dict[str, Any]) -> list[str]:
    """What the candidate changes against the version tuned, in a designer's words (the
    diff that heads ``compare``: "S6 at 2 players: gain 3 potions → gain 1 potion"), and the
    player options it moves."""
    from analyses.compare.diff import version_diff
    from simcore.core import registry

    with registry.imports_allowed(tc.allow_import):
        diff = version_diff(tc.game, tc.params, cand.params)
    words = [c.words("the version tuned", "the candidate") for c in diff]
    moved = {d.name for d in tc.space.dims if d.kind == "policy"}
    return words + [
        f"{name}: {old} → {new}" for name, old, new in tc.space.changes(values) if name in moved
    ]


def measure(
    tc: TuneConfig,
    best: dict[str, Any],
    current: Candidate,
    n_finalists: int,
    work: Path,
    n_jobs: int,
    say,
) -> dict[str, Any]:
    """The recommendation's numbers from games that did not choose it: the measuring seeds
    (the current version and the recommendation played again) when it was chosen among several
    finalists; else its choosing games, which chose nothing."""
    keep = ("slot", "targets", "miss", "runs", "compared")
    if n_finalists < 2:
        return {
            **{k: best[k] for k in keep},
            "seed": tc.verify_seed,
            "games": tc.verify_games,
            "same_games": True,
        }
    say(f"measuring trial {best['slot']} on another {tc.verify_games} fresh games")
    base = fresh.played_side(tc, current, None, work, n_jobs, measure=True)
    res = _verified(tc, best["values"], best["slot"], (current, base), work, n_jobs, True)
    return {
        **{k: res[k] for k in keep},
        "seed": tc.measure_seed,
        "games": tc.verify_games,
        "same_games": False,
    }


def choose(results: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The recommendation among verified finalists (in ranking order), on their choosing games:
    first one whose every band holds (its interval inside), then one whose every estimate lies
    in its band, then any; among those the least miss (a maximize target's miss is minus its
    value), the best-ranked on ties."""
    return min(
        results,
        key=lambda r: (not all_met(r["targets"]), not all_in_band(r["targets"]), r["miss"]),
        default=None,
    )


def all_met(targets: dict[str, Any]) -> bool:
    """Whether every target is met: each band's interval wholly inside it, each target to
    maximize measured."""
    return _every(targets, "meets")


def better(targets: dict[str, Any]) -> str | None:
    """For targets to maximize, whether the recommendation is shown better than the current
    version on every one ("yes"), shown worse on any ("no"), else "not shown"; None without
    such a target (or an older tune.json's rows)."""
    marks = [row.get("better") for v in targets.values() for row in v["rows"]]
    marks = [m for m in marks if m is not None]
    if not marks:
        return None
    return "no" if "no" in marks else "yes" if all(m == "yes" for m in marks) else "not shown"


def all_in_band(targets: dict[str, Any]) -> bool:
    """Whether every band's estimate lies inside it (each target to maximize measured)."""
    return _every(targets, "in_band")


def _every(targets: dict[str, Any], key: str) -> bool:
    # None: a target to maximize (no band); NaN: nothing measured (e.g. no points scored)
    return all(
        row[key] is not False and not math.isnan(row["after"][0])
        for v in targets.values()
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
