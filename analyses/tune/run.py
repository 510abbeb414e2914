"""``boardlab tune`` from a checked config to the result: the study, its batches, the
verification on fresh seeds and everything the report shows (``tune.json``)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from analyses.tune.config import TuneConfig
from analyses.tune.search import trial_evaluator
from analyses.tune.storage import (
    check_sqlite_header,
    check_storage,
    open_failed,
    redact,
    storage_errors,
)
from analyses.tune.stored import check_study
from analyses.tune.study import (
    n_objectives,
    open_study,
    run_batches,
    sampler_name,
    slot_trials,
)
from analyses.tune.verify import history, importance, verify
from simcore.core.errors import RunDirError
from simcore.engine.run.lock import RunLock
from simcore.engine.run.outputs import check_no_links

STUDY_DB = "study.db"
RESULT = "tune.json"


def default_storage(run_dir: Path) -> str:
    """SQLite in the run folder."""
    return f"sqlite:///{(run_dir / STUDY_DB).resolve()}"


def run_tune(
    tc: TuneConfig,
    out: Path,
    storage: str | None,
    n_jobs: int,
    resume: bool,
    say: Callable[[str], None],
) -> dict[str, Any]:
    """Search, verify, write ``tune.json`` in ``out/<name>``; return its content."""
    run_dir = out / tc.name
    if out.exists() and not out.is_dir():
        raise RunDirError(f"--out {str(out)!r} is a file, not a folder")
    check_no_links(out, run_dir, "--out")  # the study, its verify runs, report, comparisons
    own_db = storage is None
    if storage is not None:
        check_storage(storage)
    if own_db and (run_dir / STUDY_DB).exists() and not resume:
        raise RunDirError(f"{run_dir} already holds a search; pass --resume to continue it")
    if own_db and resume and not (run_dir / STUDY_DB).exists():
        raise RunDirError(f"{run_dir} holds no search to resume")
    if own_db and resume:
        check_sqlite_header(run_dir / STUDY_DB, "the study database")
    lock = RunLock(run_dir)
    lock.acquire()
    url = storage or default_storage(run_dir)
    try:
        study = open_study(tc, url)
        say(f"study {tc.name!r} in {redact(url)}: {tc.trials} trials in batches of {tc.batch}")
        run_batches(tc, study, trial_evaluator(tc, run_dir, n_jobs, say), own_db, say, url)
        check_study(tc, study, redact(url))  # what the result reads, as it stands now
        weights = importance(tc, study)
        result = summarize(tc, study, verify(tc, study, run_dir, n_jobs, say, weights))
    except storage_errors()[:1] as exc:  # e.g. SQLite's "database or disk is full"
        raise open_failed(exc, url) from None
    finally:
        lock.release()
    (run_dir / RESULT).write_text(json.dumps(result, indent=1, default=str) + "\n")
    return result


def summarize(tc: TuneConfig, study: Any, verification: dict[str, Any]) -> dict[str, Any]:
    """Everything the report shows, as plain data."""
    trials = [
        {
            "slot": s,
            "trial": t.number,
            "state": t.state.name,
            "values": t.user_attrs.get("values"),
            "objectives": t.values,
            "games": t.user_attrs.get("games"),
            "estimates": t.user_attrs.get("estimates"),
            "infeasible": bool(t.user_attrs.get("infeasible")),
        }
        for s, t in slot_trials(study).items()
    ]
    return {
        "name": tc.name,
        "game": tc.game,
        "players": tc.players,
        "policies": list(tc.policies),
        "seed": tc.seed,
        "verify_seed": tc.verify_seed,
        "description": tc.description,
        "search": {
            "trials": tc.trials,
            "batch": tc.batch,
            "rungs": list(tc.rungs),
            "sampler": sampler_name(tc),
            "objectives": n_objectives(tc),
            "verify_games": tc.verify_games,
        },
        "targets": [
            {
                "name": t.name,
                "measure": t.measure,
                "band": t.band(),
                "maximize": t.maximize,
                "unit": t.unit,
                "items": list(t.items),
            }
            for t in tc.targets
        ],
        "dims": [
            {
                "name": d.name,
                "kind": d.kind,
                "domain": d.domain,
                "old": d.old,
                "target": d.target,
                "derived": d.derived,
            }
            for d in tc.space.dims
        ],
        "trials": trials,
        "history": history(study).to_dicts(),
        "importance": importance(tc, study),
        "verification": verification,
    }
