"""A synthetic ``boardlab tune`` with ground truth, for the winner's curse of the verification
(issue 62): trials with known true values, noisy search estimates, the best few (finalists)
verified on fresh seeds with noisy estimates, one chosen and reported. No game is played; the
rows, the choice and the verdict are those of :mod:`analyses.tune.fresh` and
:mod:`analyses.tune.verify` (or a pipeline given in their place, e.g. the logic before)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
from scipy import stats as sps

from analyses.tune import measures as ms
from analyses.tune.fresh import target_result
from analyses.tune.targets import Target
from analyses.tune.verify import all_met, choose


@dataclass(frozen=True)
class Setting:
    """A synthetic search: one target (``items`` of it), ``trials`` candidates whose true values
    are drawn once per repetition, estimates with standard errors ``search_se`` (search games)
    and ``fresh_se`` (one set of fresh games), ``top`` finalists verified."""

    target: Target
    true_mean: float
    true_sd: float
    search_se: float
    fresh_se: float
    trials: int = 24
    top: int = 3
    items: int = 1
    conf: float = 0.95
    games: int = 1000  # fresh games: only the interval's t quantile uses it


@dataclass(frozen=True)
class Outcome:
    """What a pipeline reports for one repetition: the chosen finalist, its targets as
    reported (rows with ``after``) and whether it says the targets are met."""

    chosen: int
    targets: dict[str, Any]
    reached: bool


# finalists' true values, their fresh estimates on the choosing seeds and on other seeds, and
# the current version's (row "before") on each: (true, choosing, measuring)
Draw = tuple[np.ndarray, list[dict[str, Any]], list[dict[str, Any]]]
Pipeline = Callable[[Setting, Draw], Outcome]


def estimates(s: Setting, true: np.ndarray, se: float, rng: np.random.Generator) -> list:
    """One noisy estimate per item of ``true`` with its ``conf`` interval."""
    half = _quantile(s.conf, s.games) * se
    values = true + rng.normal(0.0, se, size=true.shape)
    return [
        ms.Estimate(f"i{j}" if s.items > 1 else "", float(v), float(v - half), float(v + half), 1)
        for j, v in enumerate(values)
    ]


def draw(s: Setting, rng: np.random.Generator) -> Draw:
    """Trials' true values, the finalists by search estimate (summed miss, then slot) and their
    fresh targets on two independent sets of seeds."""
    true = rng.normal(s.true_mean, s.true_sd, size=(s.trials, s.items))
    found = true + rng.normal(0.0, s.search_se, size=true.shape)
    t = s.target
    # ms.miss by numpy: minus the value to maximize, else the distance outside the band
    per_item = -found if t.maximize else np.maximum(0.0, np.maximum(t.lo - found, found - t.hi))
    search = per_item.sum(axis=1)
    top = sorted(range(s.trials), key=lambda i: (search[i], i))[: s.top]
    current = np.full(s.items, s.true_mean)
    sets = []
    for _ in range(2):
        before = estimates(s, current, s.fresh_se, rng)
        sets.append(
            [
                {s.target.name: _result(s, before, estimates(s, true[i], s.fresh_se, rng))}
                for i in top
            ]
        )
    return true[top], sets[0], sets[1]


@functools.cache
def _quantile(conf: float, games: int) -> float:
    return float(sps.t.ppf(0.5 + conf / 2, games - 1))


def _result(s: Setting, before: list, after: list) -> dict[str, Any]:
    return target_result(s.target, before, after, [None] * len(after))


def new_pipeline(s: Setting, d: Draw) -> Outcome:
    """Choose on the choosing seeds (:func:`choose`); report and judge (:func:`all_met`) on the
    measuring seeds, or on the choosing seeds when there is one finalist."""
    _, choosing, measuring = d
    results = [{"targets": t, "miss": _miss(t)} for t in choosing]
    best = choose(results)
    assert best is not None
    i = results.index(best)
    shown = measuring[i] if len(results) > 1 else choosing[i]
    return Outcome(i, shown, all_met(shown))


def _miss(targets: dict[str, Any]) -> float:
    return sum(r["miss"] for r in targets.values())


def simulate(s: Setting, pipeline: Pipeline, reps: int, seed: int) -> dict[str, float]:
    """Over ``reps`` searches: the reported value's mean error against the chosen finalist's
    true value (first item), the share of "met" recommendations truly outside the band, and
    how many were "met"."""
    rng = np.random.default_rng(seed)
    errors, met, met_outside = [], 0, 0
    for _ in range(reps):
        d = draw(s, rng)
        out = pipeline(s, d)
        true = d[0][out.chosen]
        errors.append(out.targets[s.target.name]["rows"][0]["after"][0] - true[0])
        if out.reached:
            met += 1
            met_outside += any(s.target.miss(float(v)) > 0 for v in true)
    return {
        "bias": float(np.mean(errors)),
        "bias_se": float(np.std(errors, ddof=1) / np.sqrt(reps)),
        "met": met,
        "met_outside": met_outside / met if met else 0.0,
    }
