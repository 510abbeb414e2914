"""A study database is data: every trial and study attribute read back is checked here.

A ``study.db`` or a shared ``--storage`` may have been written by someone else. boardlab
reads only the fields it writes itself (``FIELDS``), each of its type and range, and the
parameters of the search's own space; anything else, above all a stored sampler state (which
Optuna's CMA-ES would restore with ``pickle``), is refused with one line naming the field,
before any of it is used. The sampler's state is never read from storage: it is rebuilt from
trial parameters and results alone (``analyses.tune.study.SamplerReplay``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

import optuna
from optuna.trial import FrozenTrial, TrialState

from analyses.tune.config import TuneConfig, n_objectives
from simcore.core.errors import RunDirError

MAX_TEXT = 400  # reasons and messages boardlab writes are shorter than this
SKIPPED = ("stray", "duplicate")


def _int(value: Any, lo: int, hi: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _text(value: Any) -> bool:
    return isinstance(value, str) and len(value) <= MAX_TEXT


def _estimates(tc: TuneConfig) -> Callable[[Any], bool]:
    names = {t.name for t in tc.targets}

    def ok(value: Any) -> bool:
        if not isinstance(value, dict) or not set(value) <= names:
            return False
        rows = [row for rows in value.values() if isinstance(rows, list) for row in rows]
        return all(isinstance(rows, list) for rows in value.values()) and all(
            isinstance(r, list)
            and len(r) == 5
            and _text(r[0])
            and all(_number(x) for x in r[1:4])
            and _int(r[4], 0, 10**12)
            for r in rows
        )

    return ok


def fields(tc: TuneConfig) -> dict[str, tuple[Callable[[Any], bool], str]]:
    """Each trial user attribute boardlab writes: its check and what it must be."""
    last = len(tc.rungs) - 1
    return {
        "slot": (lambda v: _int(v, 0, tc.trials - 1), f"an integer 0 to {tc.trials - 1}"),
        "batch": (lambda v: _int(v, 0, tc.n_batches - 1), f"an integer 0 to {tc.n_batches - 1}"),
        "values": (lambda v: isinstance(v, dict), "the candidate's values"),
        "estimates": (_estimates(tc), "a list of [item, value, lo, hi, games] per target"),
        "games": (lambda v: v in tc.rungs and _int(v, 1, 10**9), f"one of the rungs {tc.rungs}"),
        "ruled_out_step": (lambda v: _int(v, 0, last), f"a rung number 0 to {last}"),
        "stopped_by": (_text, f"a text of at most {MAX_TEXT} characters"),
        "infeasible": (lambda v: v is True or _text(v), "true or a reason"),
        "skipped": (lambda v: v in SKIPPED, f"one of {', '.join(SKIPPED)}"),
    }


def check_study(tc: TuneConfig, study: optuna.Study, where: str) -> list[FrozenTrial]:
    """Every trial of ``study``, each checked (``RunDirError`` naming the first bad field);
    the study's own attributes too."""
    storage = study._storage
    extra = sorted(set(study.user_attrs) - {"search"})
    system = sorted(storage.get_study_system_attrs(study._study_id))
    if extra or system:
        field = f"user_attrs.{extra[0]}" if extra else f"system_attrs.{system[0]}"
        raise RunDirError(f"{where}: study {tc.name!r}: {_foreign(field)}")
    if not isinstance(study.user_attrs.get("search", ""), str):
        raise RunDirError(f"{where}: study {tc.name!r}: field 'user_attrs.search' is not text")
    trials = study.get_trials(deepcopy=False)
    checks = fields(tc)
    for t in trials:
        check_trial(tc, t, checks, f"{where}: trial {t.number}")
    return trials


def _foreign(field: str) -> str:
    return (
        f"field {field!r} is not one boardlab writes; a study database is data and boardlab "
        "reads only its own fields (stored sampler state is never restored)"
    )


Checks = Mapping[str, tuple[Callable[[Any], bool], str]]


def check_trial(tc: TuneConfig, t: FrozenTrial, checks: Checks, where: str) -> None:
    """One trial's attributes, parameters and results are what boardlab writes."""
    for key, value in t.user_attrs.items():
        if key not in checks:
            raise RunDirError(f"{where}: {_foreign('user_attrs.' + key)}")
        ok, wanted = checks[key]
        if not ok(value):
            raise RunDirError(
                f"{where}: field 'user_attrs.{key}' must be {wanted}, got {repr(value)[:60]}"
            )
    for key, value in t.system_attrs.items():
        if key != "fixed_params":
            raise RunDirError(f"{where}: {_foreign('system_attrs.' + key)}")
        if not isinstance(value, dict) or set(value) - set(tc.space.distributions()):
            raise RunDirError(f"{where}: field 'system_attrs.fixed_params' names no parameter here")
    _check_params(tc, t, where)
    _check_results(tc, t, where)


def _check_params(tc: TuneConfig, t: FrozenTrial, where: str) -> None:
    dists = tc.space.distributions()
    for name, value in t.params.items():
        dist = dists.get(name)
        if dist is None:
            raise RunDirError(f"{where}: parameter {name[:60]!r} is not in this search's space")
        if t.distributions[name] != dist or not dist._contains(dist.to_internal_repr(value)):
            raise RunDirError(
                f"{where}: parameter {name!r} = {repr(value)[:40]} is outside its range"
            )
    if t.state in (TrialState.COMPLETE, TrialState.PRUNED) and set(t.params) != set(dists):
        raise RunDirError(f"{where}: its parameters are not those of this search's space")
    complete = set(t.params) == set(dists)
    if "values" in t.user_attrs and (
        not complete or t.user_attrs["values"] != tc.space.values(t.params)[0]
    ):
        raise RunDirError(
            f"{where}: field 'user_attrs.values' is not the candidate its parameters make"
        )


def _check_results(tc: TuneConfig, t: FrozenTrial, where: str) -> None:
    if t.values is not None and (
        len(t.values) != n_objectives(tc) or not all(math.isfinite(v) for v in t.values)
    ):
        wanted = n_objectives(tc)
        raise RunDirError(f"{where}: its objective values are not {wanted} finite numbers")
    if t.state == TrialState.COMPLETE and t.values is None:
        raise RunDirError(f"{where}: finished without objective values")
    for step, value in t.intermediate_values.items():
        if not _int(step, 0, len(tc.rungs) - 1) or not math.isfinite(value):
            raise RunDirError(f"{where}: intermediate value {step!r} is not a rung's finite miss")
