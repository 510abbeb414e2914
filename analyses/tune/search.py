"""One trial's evaluation in rungs (racing), and the search from start to verified result."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import optuna
import polars as pl
from optuna.trial import TrialState

from analyses.tune import measures as ms
from analyses.tune.config import TuneConfig
from analyses.tune.evaluate import make_candidate, play, sweep_config
from analyses.tune.study import n_objectives, slot_trials
from simcore.core.errors import BoardlabError

PENALTY = 1e6  # the objective of an infeasible candidate (a constraint ruled it out unplayed)


def objectives(tc: TuneConfig, est: dict[str, list[ms.Estimate]]) -> list[float]:
    """The summed misses (one objective) or each target's miss."""
    misses = [ms.miss(t, est[t.name]) for t in tc.targets]
    return misses if n_objectives(tc) > 1 else [float(sum(misses))]


def ruled_out(
    tc: TuneConfig,
    games: pl.DataFrame,
    seats: pl.DataFrame,
    cells: dict,
    bars: dict[str, float] | None = None,
) -> str:
    """Why the trial is out at the racing level, "" if it is not: a target's interval lies
    wholly outside its band, or (a ``maximize`` target) wholly below ``bars[target]``, the
    best an earlier trial reached."""
    for t in tc.targets:
        for e in ms.estimate(t, games, seats, cells, tc.prune_conf):
            if math.isnan(e.value):
                continue
            if t.ruled_out(e.lo, e.hi):
                return f"{t.name} outside its band"
            if e.hi < (bars or {}).get(t.name, -math.inf):
                return f"{t.name} below an earlier trial's best"
    return ""


def best_so_far(tc: TuneConfig, study: optuna.Study, batch: int) -> dict[str, float]:
    """Per ``maximize`` target of one item: the highest estimate of the trials of the batches
    before ``batch`` that played every rung. Those trials are all finished before ``batch`` is
    drawn, so the bar is the same in every process: racing against it stays deterministic."""
    bars: dict[str, float] = {}
    for s, t in slot_trials(study).items():
        full = t.state == TrialState.COMPLETE and t.user_attrs.get("games") == tc.rungs[-1]
        if s >= batch * tc.batch or not full:
            continue
        for target in tc.targets:
            est = t.user_attrs["estimates"].get(target.name, [])
            if target.maximize and len(est) == 1:
                bars[target.name] = max(bars.get(target.name, -math.inf), est[0][1])
    return bars


def encode(est: dict[str, list[ms.Estimate]]) -> dict[str, list[list[Any]]]:
    """Estimates as JSON-ready lists ``[item, value, lo, hi, n]``."""
    return {k: [[e.item, e.value, e.lo, e.hi, e.n] for e in v] for k, v in est.items()}


def trial_evaluator(
    tc: TuneConfig, work: Path, n_jobs: int, say: Callable[[str], None]
) -> Callable[[optuna.Study, optuna.Trial], None]:
    """The function that plays one trial rung by rung and tells the study its result."""

    def evaluate(study: optuna.Study, trial: optuna.Trial) -> None:
        values, feasible = tc.space.values(trial.params)
        trial.set_user_attr("values", values)
        slot = trial.user_attrs["slot"]
        if not feasible:
            trial.set_user_attr("infeasible", True)
            study.tell(trial, [PENALTY] * n_objectives(tc))
            say(f"trial {slot}: infeasible (a kept sum leaves its domain), not played")
            return
        cand = make_candidate(tc, values, work)
        try:  # the game's own loader judges content: a table it refuses is infeasible
            sweep_config(tc, cand, tc.rungs[0], tc.seed)
        except BoardlabError as exc:
            trial.set_user_attr("infeasible", str(exc)[-300:])
            study.tell(trial, [PENALTY] * n_objectives(tc))
            say(f"trial {slot}: infeasible, the game refuses it: {str(exc)[-120:]}")
            return
        games, seats, played = pl.DataFrame(), pl.DataFrame(), 0
        bars = best_so_far(tc, study, trial.user_attrs["batch"])
        for step, n in enumerate(tc.rungs):
            cfg = sweep_config(tc, cand, n, tc.seed)
            g, s = play(cfg, played, n, n_jobs)
            games = pl.concat([games, g], how="vertical_relaxed") if played else g
            seats = pl.concat([seats, s], how="vertical_relaxed") if played else s
            played = n
            est = {t.name: ms.estimate(t, games, seats, cand.cells, tc.conf) for t in tc.targets}
            obj = objectives(tc, est)
            trial.set_user_attr("estimates", encode(est))
            trial.set_user_attr("games", n)
            last = step == len(tc.rungs) - 1
            why = "" if last else ruled_out(tc, games, seats, cand.cells, bars)
            if why:
                trial.set_user_attr("ruled_out_step", step)
                trial.set_user_attr("stopped_by", why)
            if n_objectives(tc) == 1:
                trial.report(obj[0], step)
                if not last and trial.should_prune():
                    study.tell(trial, state=TrialState.PRUNED)
                    say(f"trial {slot}: stopped after {n} games ({why})")
                    return
            elif why:  # several objectives: no Optuna pruner reads the step, the reason does
                study.tell(trial, state=TrialState.PRUNED)
                say(f"trial {slot}: stopped after {n} games ({why})")
                return
        study.tell(trial, obj)
        say(f"trial {slot}: miss {sum(obj):.2f} after {played} games")

    return evaluate
