"""A study database is data (issue 63): a crafted ``study.db`` with a pickle payload in any
attribute a trial or a study can hold runs nothing; ``tune --resume`` exits 2 naming the field.

The search is a CMA-ES one (a space of floats), the sampler Optuna restores with
``pickle.loads``; its second batch is failed in the database so that ``--resume`` has to draw
it again from the first batch's trials: the moment the payload would have been unpickled.
"""

from __future__ import annotations

import json
import pickle
import sqlite3
from pathlib import Path

import pytest

from tests.analyses.tune.helpers import tilted_raw, write_toml
from tests.boardlab.crafted import assert_one_line, cli, run_main


class Canary:
    """Unpickling this creates the file ``path``: proof that code ran."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __reduce__(self):
        return (Path.touch, (self.path,))


def _raw() -> dict:
    raw = tilted_raw(trials=6, batch=3, rungs=[20], verify_games=40, verify_top=1)
    raw["space"] = [{"param": "head_start", "float": [0.0, 6.0]}]  # floats: CMA-ES
    return raw


@pytest.fixture(scope="module")
def searched(tmp_path_factory) -> Path:
    """A finished CMA-ES search (its trials are infeasible: head_start is an integer)."""
    work = tmp_path_factory.mktemp("stored")
    path = write_toml(work / "tilted.toml", _raw())
    done = cli("tune", str(path), "--out", str(work / "runs"), "--allow-import", "--quiet")
    assert done.returncode == 0, done.stderr
    return work


def _copy(searched: Path, tmp: Path) -> tuple[Path, Path]:
    import shutil

    shutil.copytree(searched, tmp / "w")
    db = tmp / "w" / "runs" / "tilted" / "study.db"
    with sqlite3.connect(db) as con:  # batch 2 to play again on --resume
        con.execute("update trials set state = 'FAIL' where number >= 3")
    return tmp / "w", db


def _payload(canary: Path) -> str:
    return json.dumps(pickle.dumps(Canary(canary)).hex())


INSERTS = {
    "user_attrs.sampler_attrs": (
        "insert into trial_user_attributes (trial_id, key, value_json) values (1, "
        "'sampler_attrs', ?)",
        lambda p: json.dumps({"cma:optimizer:0": json.loads(p)}),
    ),
    "system_attrs.cma:optimizer:0": (
        "insert into trial_system_attributes (trial_id, key, value_json) values (1, "
        "'cma:optimizer:0', ?)",
        lambda p: p,
    ),
    "user_attrs.anything": (
        "insert into trial_user_attributes (trial_id, key, value_json) values (2, 'anything', ?)",
        lambda p: p,
    ),
    "user_attrs.slot": (
        "update trial_user_attributes set value_json = ? where trial_id = 1 and key = 'slot'",
        lambda p: p,
    ),
    "user_attrs.estimates": (
        "insert into trial_user_attributes (trial_id, key, value_json) values (1, 'estimates', ?)",
        lambda p: json.dumps({"first_player_advantage": [["x", json.loads(p), 0, 0, 1]]}),
    ),
    "study user_attrs.x": (
        "insert into study_user_attributes (study_id, key, value_json) values (1, 'x', ?)",
        lambda p: p,
    ),
    "study system_attrs.cma:optimizer:0": (
        "insert into study_system_attributes (study_id, key, value_json) values (1, "
        "'cma:optimizer:0', ?)",
        lambda p: p,
    ),
}


@pytest.mark.parametrize("field", sorted(INSERTS))
def test_a_pickle_payload_in_any_attribute_runs_nothing_and_names_the_field(
    tmp_path, searched, field
):
    work, db = _copy(searched, tmp_path)
    canary = tmp_path / "canary"
    sql, value = INSERTS[field]
    with sqlite3.connect(db) as con:
        con.execute(sql, (value(_payload(canary)),))
    argv = ["tune", str(work / "tilted.toml"), "--out", str(work / "runs"), "--allow-import"]
    proc = run_main(*argv, "--resume", "--quiet")  # in this process: a payload would run here
    assert not canary.exists(), "the payload ran"
    assert_one_line(proc, 2, field.split(" ")[-1])


def test_the_clean_copy_resumes_and_draws_the_same_batch(tmp_path, searched):
    # the control of the test above: without a payload, --resume plays batch 2 again
    work, _ = _copy(searched, tmp_path)
    before = json.loads((work / "runs" / "tilted" / "tune.json").read_text())
    argv = ["tune", str(work / "tilted.toml"), "--out", str(work / "runs"), "--allow-import"]
    proc = cli(*argv, "--resume", "--quiet")
    assert proc.returncode == 0, proc.stderr
    after = json.loads((work / "runs" / "tilted" / "tune.json").read_text())
    assert [t["values"] for t in after["trials"]] == [t["values"] for t in before["trials"]]


def test_a_stored_trial_the_search_would_not_draw_is_refused(tmp_path, searched):
    work, db = _copy(searched, tmp_path)
    with sqlite3.connect(db) as con:  # a first-batch candidate moved, its record kept
        con.execute("update trial_params set param_value = param_value / 2 where trial_id = 1")
        con.execute("delete from trial_user_attributes where trial_id = 1 and key = 'values'")
    argv = ["tune", str(work / "tilted.toml"), "--out", str(work / "runs"), "--allow-import"]
    proc = cli(*argv, "--resume", "--quiet")
    assert_one_line(proc, 2, "holds parameters this search does not draw")
