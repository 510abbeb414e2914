"""The search as an Optuna study in an RDB storage, asked and told in batches.

Determinism: batch ``b``'s candidates are a pure function of the seed, ``b`` and the trials of
batches before it: they are drawn by a fresh sampler (seeded by ``seed`` and ``b``) replaying
those trials in memory, then enqueued in the storage with their slot number. Any process takes
(``ask``) the waiting trials one by one, plays them and tells the result; the next batch starts
once every slot of this one is finished, in whatever process. So one process or several, one
worker or many, give the same trials. A slot holds one finished trial; a trial whose process
died (its heartbeat stopped) is failed and its slot enqueued again, so after ``kill -9`` and
``--resume`` no finished trial is lost or played twice.
"""

from __future__ import annotations

import json
import math
import threading
import time
import warnings
from collections.abc import Callable
from typing import Any, Literal

import optuna
from optuna.trial import FrozenTrial, TrialState

from analyses.tune.config import TuneConfig
from simcore.core.errors import ConfigError
from simcore.core.seedseq import seed63

HEARTBEAT_SECONDS = 5
GRACE_SECONDS = 20  # a RUNNING trial without a heartbeat this long belongs to a dead process
POLL_SECONDS = 1.0
SAMPLER_STREAM = 2
DONE = (TrialState.COMPLETE, TrialState.PRUNED)
warnings.filterwarnings("ignore", category=optuna.exceptions.ExperimentalWarning)
warnings.filterwarnings("ignore", message="Heartbeat of storage is supposed to be used")
optuna.logging.set_verbosity(optuna.logging.WARNING)


class IntervalPruner(optuna.pruners.BasePruner):
    """Racing: stop a trial once its interval at the current rung rules a target out.

    Reads only the trial's own record (``ruled_out_step``), so pruning never depends on which
    other trials happen to be running: a condition of determinism.
    """

    def prune(self, study: optuna.Study, trial: FrozenTrial) -> bool:
        """True when the trial's last rung ruled a target out."""
        step = trial.last_step
        return step is not None and trial.user_attrs.get("ruled_out_step") == step


def n_objectives(tc: TuneConfig) -> int:
    """One objective (the summed misses) or one per target (NSGA-II)."""
    several = tc.sampler == "nsga2" or (tc.sampler == "auto" and len(tc.targets) > 1)
    return len(tc.targets) if several else 1


def sampler_name(tc: TuneConfig) -> str:
    """The sampler ``auto`` stands for: NSGA-II for several objectives, CMA-ES for a space of
    floats, else TPE (mixed, integer, choice and permutation spaces)."""
    if tc.sampler != "auto":
        return tc.sampler
    floats = all(d.domain == "float" for d in tc.space.dims)
    return "nsga2" if n_objectives(tc) > 1 else ("cmaes" if floats else "tpe")


def make_sampler(tc: TuneConfig, seed: int) -> optuna.samplers.BaseSampler:
    """The sampler that fits the space: NSGA-II for several objectives, CMA-ES for a space of
    floats, else TPE (mixed, integer, choice and permutation spaces)."""
    name = sampler_name(tc)
    startup = max(tc.batch, min(10, tc.trials // 3))
    if name == "nsga2":
        return optuna.samplers.NSGAIISampler(population_size=max(2, tc.batch), seed=seed)
    if name == "cmaes":
        return optuna.samplers.CmaEsSampler(seed=seed, n_startup_trials=startup)
    if name == "random":
        return optuna.samplers.RandomSampler(seed=seed)
    return optuna.samplers.TPESampler(seed=seed, n_startup_trials=startup, multivariate=True)


def open_study(tc: TuneConfig, url: str) -> optuna.Study:
    """Create or join the study named ``tc.name`` in ``url``; ``ConfigError`` if that name
    holds another search."""
    from sqlalchemy.exc import SQLAlchemyError

    directions: list[Literal["minimize"]] = ["minimize"] * n_objectives(tc)
    for attempt in range(5):
        # processes starting together race to create the schema: the loser tries again
        try:
            storage = optuna.storages.RDBStorage(
                url, heartbeat_interval=HEARTBEAT_SECONDS, grace_period=GRACE_SECONDS
            )
            study = optuna.create_study(
                storage=storage,
                study_name=tc.name,
                directions=directions,
                load_if_exists=True,
                sampler=optuna.samplers.RandomSampler(seed=0),
                pruner=IntervalPruner(),
            )
            break
        except (SQLAlchemyError, optuna.exceptions.StorageInternalError):
            if attempt == 4:
                raise
            time.sleep(0.5 + attempt)
    key = json.dumps(tc.study_key(), sort_keys=True, default=str)
    held = study.user_attrs.get("search")
    if held is None:
        study.set_user_attr("search", key)
    elif held != key:
        raise ConfigError(
            f"study {tc.name!r} in {redact(url)} holds another search (other "
            "settings, targets or space); use another name"
        )
    return study


def redact(url: str) -> str:
    """A storage URL without its password."""
    head, at, tail = url.rpartition("@")
    if not at:
        return url
    scheme, _, cred = head.partition("://")
    return f"{scheme}://{cred.split(':')[0]}:***@{tail}"


def slot_trials(study: optuna.Study) -> dict[int, FrozenTrial]:
    """The finished trial of each slot (the first told, if a slot was ever played twice)."""
    out: dict[int, FrozenTrial] = {}
    for t in study.get_trials(deepcopy=False, states=DONE):
        slot = t.user_attrs.get("slot")
        if slot is not None and (slot not in out or t.number < out[slot].number):
            out[slot] = t
    return dict(sorted(out.items()))


def batch_slots(tc: TuneConfig, b: int) -> range:
    """The slot numbers of batch ``b``."""
    return range(b * tc.batch, min(tc.trials, (b + 1) * tc.batch))


def replay(tc: TuneConfig, trials: list[FrozenTrial], sampler: Any = None) -> optuna.Study:
    """An in-memory study holding ``trials`` (their sampler records restored)."""
    mem = optuna.create_study(directions=["minimize"] * n_objectives(tc), sampler=sampler)
    for t in trials:
        mem.add_trial(
            optuna.trial.create_trial(
                state=t.state,
                values=t.values if t.state == TrialState.COMPLETE else None,
                params=t.params,
                distributions=t.distributions,
                user_attrs=t.user_attrs,
                system_attrs=t.user_attrs.get("sampler_attrs", {}),
                intermediate_values=t.intermediate_values if n_objectives(tc) == 1 else None,
            )
        )
    return mem


def batch_params(tc: TuneConfig, study: optuna.Study, b: int) -> list[tuple[dict, dict]]:
    """``(params, sampler records)`` of each slot of batch ``b``: drawn by a sampler seeded
    by (seed, b) after replaying the finished trials of the batches before it."""
    done = [t for s, t in slot_trials(study).items() if s < b * tc.batch]
    mem = replay(tc, done, make_sampler(tc, seed63(tc.seed, SAMPLER_STREAM, b) % 2**32))
    dists = tc.space.distributions()
    out = []
    for _ in batch_slots(tc, b):
        trial = mem.ask(dists)
        attrs = mem._storage.get_trial(trial._trial_id).system_attrs
        out.append((trial.params, _plain(attrs)))
    return out


def _plain(attrs: dict) -> dict:
    try:
        return json.loads(json.dumps(attrs))
    except TypeError:
        return {}


def ensure_batch(tc: TuneConfig, study: optuna.Study, b: int, cache: dict) -> None:
    """Enqueue every slot of batch ``b`` that has no finished, running or waiting trial."""
    live = (*DONE, TrialState.RUNNING, TrialState.WAITING)
    held = {t.user_attrs.get("slot") for t in study.get_trials(deepcopy=False, states=live)}
    missing = [s for s in batch_slots(tc, b) if s not in held]
    if not missing:
        return
    if b not in cache:
        cache[b] = batch_params(tc, study, b)
    first = batch_slots(tc, b).start
    for s in missing:
        params, attrs = cache[b][s - first]
        study.enqueue_trial(params, user_attrs={"slot": s, "batch": b, "sampler_attrs": attrs})


def take(tc: TuneConfig, study: optuna.Study, b: int) -> optuna.Trial | None:
    """Ask for a waiting trial of batch ``b`` (None if none waits); a trial the storage made
    up (another process took the last waiting one first) or a slot already played is failed
    at once and skipped."""
    while any(
        t.user_attrs.get("batch") == b
        for t in study.get_trials(deepcopy=False, states=(TrialState.WAITING,))
    ):
        trial = study.ask(tc.space.distributions())
        slot = trial.user_attrs.get("slot")
        others = [
            t
            for t in study.get_trials(deepcopy=False, states=(*DONE, TrialState.RUNNING))
            if t.user_attrs.get("slot") == slot and t.number < trial.number
        ]
        if slot is None or trial.user_attrs.get("batch") != b or others:
            trial.set_user_attr("skipped", "stray" if slot is None else "duplicate")
            study.tell(trial, state=TrialState.FAIL)
            continue
        return trial
    return None


def batch_finished(tc: TuneConfig, study: optuna.Study, b: int) -> bool:
    """Whether every slot of batch ``b`` has a finished trial."""
    done = slot_trials(study)
    return all(s in done for s in batch_slots(tc, b))


def fail_dead(study: optuna.Study, alone: bool) -> int:
    """Fail RUNNING trials of dead processes: all of them when this process is ``alone`` on
    the storage (a SQLite study in its locked run folder), else those whose heartbeat is
    stale. Returns how many were failed."""
    if not alone:
        before = len(study.get_trials(deepcopy=False, states=(TrialState.FAIL,)))
        optuna.storages.fail_stale_trials(study)
        return len(study.get_trials(deepcopy=False, states=(TrialState.FAIL,))) - before
    running = study.get_trials(deepcopy=False, states=(TrialState.RUNNING,))
    for t in running:
        study._storage.set_trial_state_values(t._trial_id, TrialState.FAIL)
    return len(running)


def heartbeat(study: optuna.Study, trial: optuna.Trial) -> Callable[[], None]:
    """Record the trial's heartbeat every few seconds until the returned stop is called."""
    stop = threading.Event()
    # an RDB storage, which records heartbeats (the type of _storage, BaseStorage, does not)
    storage: Any = study._storage

    def beat() -> None:
        while not stop.is_set():
            storage.record_heartbeat(trial._trial_id)
            stop.wait(HEARTBEAT_SECONDS)

    thread = threading.Thread(target=beat, daemon=True)
    thread.start()

    def end() -> None:
        stop.set()
        thread.join()

    return end


def run_batches(
    tc: TuneConfig,
    study: optuna.Study,
    evaluate: Callable[[optuna.Study, optuna.Trial], None],
    alone: bool,
    say: Callable[[str], None],
) -> None:
    """Play every batch to the end (sharing them with any other process on the storage)."""
    cache: dict[int, Any] = {}
    fail_dead(study, alone)
    for b in range(tc.n_batches):
        while not batch_finished(tc, study, b):
            ensure_batch(tc, study, b, cache)
            trial = take(tc, study, b)
            if trial is None:
                time.sleep(POLL_SECONDS)  # another process plays the rest of the batch
                if fail_dead(study, alone=False):
                    say("a trial's process died: its slot is played again")
                continue
            stop = heartbeat(study, trial)
            try:
                evaluate(study, trial)
            finally:
                stop()
        say(f"batch {b + 1}/{tc.n_batches} done")


def objective_sum(t: FrozenTrial) -> float:
    """Summed objectives of a finished trial (inf without values)."""
    return float(sum(t.values)) if t.values else math.inf
