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

import datetime
import json
import math
import threading
import time
import warnings
from collections.abc import Callable
from typing import Any, Literal

import optuna
from optuna.trial import FrozenTrial, TrialState

from analyses.tune.config import TuneConfig, n_objectives
from analyses.tune.storage import open_failed, redact, storage_errors
from analyses.tune.stored import check_study
from simcore.core.errors import ConfigError, RunDirError
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
        # processes starting together race to create the schema (SQLite: "locked";
        # PostgreSQL: a duplicate type or table): the loser tries again
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
        except (SQLAlchemyError, optuna.exceptions.StorageInternalError) as exc:
            if attempt == 4 or _unreachable(exc):
                raise open_failed(exc, url) from None
            time.sleep(0.5 + attempt)
        except storage_errors() as exc:  # not a study database, or one of another version
            raise open_failed(exc, url) from None
    key = json.dumps(tc.study_key(), sort_keys=True, default=str)
    held = study.user_attrs.get("search")
    if held is None:
        study.set_user_attr("search", key)
    elif held != key:
        raise ConfigError(
            f"study {tc.name!r} in {redact(url)} holds another search (other "
            "settings, targets or space); use another name"
        )
    check_study(tc, study, redact(url))
    return study


def _unreachable(exc: BaseException) -> bool:
    """A server that is not there (trying again would only wait)."""
    text = str(exc)
    return "Connection refused" in text or "could not translate host name" in text


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


class SamplerReplay:
    """The sampler's side of the study, rebuilt in memory from trial parameters and results.

    Batch ``b`` is drawn by a sampler seeded by (seed, b) in an in-memory study where every
    earlier batch was asked by its own sampler and told its stored result, in slot order: the
    same calls in every process, so the same candidates. Nothing a sampler keeps (CMA-ES
    pickles its state into trial attributes) is ever read from the storage; a stored trial
    whose parameters are not the ones its batch draws here is refused.
    """

    def __init__(self, tc: TuneConfig, where: str) -> None:
        self.tc, self.where = tc, where
        self.mem = optuna.create_study(directions=["minimize"] * n_objectives(tc))
        self.told = 0  # batches told so far
        self.asked: dict[int, list[optuna.Trial]] = {}

    def draw(self, study: optuna.Study, b: int) -> list[dict[str, Any]]:
        """The parameters of each slot of batch ``b`` (every earlier batch finished)."""
        done = slot_trials(study)
        while self.told < b:
            self._tell(self.told, done)
            self.told += 1
        if b not in self.asked:
            self.asked[b] = self._ask(b)
        return [t.params for t in self.asked[b]]

    def _ask(self, b: int) -> list[optuna.Trial]:
        self.mem.sampler = make_sampler(self.tc, seed63(self.tc.seed, SAMPLER_STREAM, b) % 2**32)
        dists = self.tc.space.distributions()
        return [self.mem.ask(dists) for _ in batch_slots(self.tc, b)]

    def _tell(self, b: int, done: dict[int, FrozenTrial]) -> None:
        asked = self.asked.pop(b, None) or self._ask(b)
        for slot, trial in zip(batch_slots(self.tc, b), asked, strict=True):
            stored = done[slot]
            if stored.params != trial.params:
                raise RunDirError(
                    f"{self.where}: trial {stored.number} (slot {slot}) holds parameters this "
                    "search does not draw (another boardlab version or an edited database)"
                )
            if stored.state == TrialState.COMPLETE:
                self.mem.tell(trial, stored.values)
                continue
            if n_objectives(self.tc) == 1:
                for step, value in sorted(stored.intermediate_values.items()):
                    trial.report(value, step)
            self.mem.tell(trial, state=TrialState.PRUNED)


def ensure_batch(tc: TuneConfig, study: optuna.Study, b: int, replay: SamplerReplay) -> None:
    """Enqueue every slot of batch ``b`` that has no finished, running or waiting trial."""
    live = (*DONE, TrialState.RUNNING, TrialState.WAITING)
    held = {t.user_attrs.get("slot") for t in study.get_trials(deepcopy=False, states=live)}
    missing = [s for s in batch_slots(tc, b) if s not in held]
    if not missing:
        return
    drawn = replay.draw(study, b)
    first = batch_slots(tc, b).start
    for s in missing:
        study.enqueue_trial(drawn[s - first], user_attrs={"slot": s, "batch": b})


def take(tc: TuneConfig, study: optuna.Study, b: int) -> optuna.Trial | None:
    """Ask for a waiting trial of batch ``b`` (None if none waits); a trial the storage made
    up (another process took the last waiting one first) or a slot already played is failed
    at once and skipped."""
    while any(
        t.user_attrs.get("batch") == b
        for t in study.get_trials(deepcopy=False, states=(TrialState.WAITING,))
    ):
        trial = study.ask(tc.space.distributions())
        # a first heartbeat at once: a process killed before its beat thread starts would
        # leave a RUNNING trial with none, which Optuna never counts as stale
        storage: Any = study._storage
        if hasattr(storage, "record_heartbeat"):
            storage.record_heartbeat(trial._trial_id)
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
        for trial_id in heartless(study):
            study._storage.set_trial_state_values(trial_id, TrialState.FAIL)
        return len(study.get_trials(deepcopy=False, states=(TrialState.FAIL,))) - before
    running = study.get_trials(deepcopy=False, states=(TrialState.RUNNING,))
    for t in running:
        study._storage.set_trial_state_values(t._trial_id, TrialState.FAIL)
    return len(running)


def heartless(study: optuna.Study) -> list[int]:
    """Ids of RUNNING trials that never recorded a heartbeat and started more than
    ``GRACE_SECONDS`` ago: a process killed between Optuna's ``ask``
    (which marks the trial RUNNING, then writes its parameters) and the first heartbeat left
    them, and Optuna's ``fail_stale_trials`` skips a trial without heartbeats, so another
    process would wait for it forever. Optuna's RDB models are read here (its own stale check
    reads them the same way); another storage: none."""
    try:
        from optuna.storages._rdb import models

        storage: Any = getattr(study._storage, "_backend", study._storage)  # under the cache
        session = storage.scoped_session()
        try:
            now = datetime.datetime.now()  # Optuna writes datetime_start with this clock
            rows = (
                session.query(models.TrialModel)
                .filter(models.TrialModel.state == TrialState.RUNNING)
                .filter(models.TrialModel.study_id == study._study_id)
                .all()
            )
            return [
                t.trial_id
                for t in rows
                if not t.heartbeats
                and t.datetime_start is not None
                and (now - t.datetime_start.replace(tzinfo=None)).total_seconds() > GRACE_SECONDS
            ]
        finally:
            session.close()
    except (AttributeError, ImportError, TypeError):  # not an RDB storage
        return []


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
    url: str = "the study's storage",
) -> None:
    """Play every batch to the end (sharing them with any other process on the storage)."""
    where = redact(url)
    replay = SamplerReplay(tc, where)
    fail_dead(study, alone)
    for b in range(tc.n_batches):
        while not batch_finished(tc, study, b):
            check_study(tc, study, where)  # another process may have written since
            ensure_batch(tc, study, b, replay)
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


def pareto_front(trials: list[FrozenTrial]) -> set[int]:
    """Numbers of the trials no other trial beats on every objective (all minimised)."""

    def beats(a: list[float], b: list[float]) -> bool:
        return all(x <= y for x, y in zip(a, b, strict=True)) and a != b

    return {t.number for t in trials if not any(beats(u.values, t.values) for u in trials)}
