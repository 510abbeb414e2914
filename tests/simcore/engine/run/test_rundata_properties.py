"""Property: a manifest or chunk-log line with a wrong shape anywhere (one value replaced by
a value of another JSON type, or a key dropped) is bad input, exit 2 in one line, for both
``report`` and ``sweep --resume``; never an internal error (exit 70)."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.boardlab.crafted import (
    copy_run,
    make_base,
    manifest,
    run_main,
    snapshot,
    sweep_file,
    write_manifest,
)

SCALARS = {
    "null": st.none(),
    "bool": st.booleans(),
    "int": st.integers(-(2**70), 2**70),
    "float": st.floats(allow_nan=False, allow_infinity=False),
    "str": st.text(max_size=12),
}
VALUES = {
    **SCALARS,
    "list": st.lists(st.one_of(*SCALARS.values()), max_size=3),
    "dict": st.dictionaries(st.text(max_size=6), st.one_of(*SCALARS.values()), max_size=3),
}


def kind(value: Any) -> str:
    """The JSON type of a value, int and float told apart (a count must be an integer)."""
    if value is None:
        return "null"
    for name, py in (
        ("bool", bool),
        ("int", int),
        ("float", float),
        ("str", str),
        ("list", list),
        ("dict", dict),
    ):
        if isinstance(value, py):
            return name
    raise TypeError(value)


def paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path to a value inside a JSON document (the root excluded)."""
    out = []
    items = (
        value.items()
        if isinstance(value, dict)
        else enumerate(value)
        if isinstance(value, list)
        else ()
    )
    for key, child in items:
        out.append((*prefix, key))
        out += paths(child, (*prefix, key))
    return out


def at(doc: Any, path: tuple) -> Any:
    for key in path:
        doc = doc[key]
    return doc


# Values whose type is free: whatever a reader shows, it shows as text (a grid value, a
# parameter value, a description's... no: only these).
FREE = ("params", "variant", "grid")


def mutable(path: tuple) -> bool:
    """Paths whose value has one JSON type in a manifest (rule parameter values and grid
    values are the game's to type: they are checked by the game when a sweep resumes)."""
    return not any(str(k) in FREE for k in path[:-1]) and not (
        len(path) >= 2 and path[-2] in ("params",)
    )


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    root = tmp_path_factory.mktemp("prop")
    run = make_base(root / "runs")
    return run, manifest(run)


def _mutation(doc: dict) -> st.SearchStrategy:
    """(path, new value or DROP) for one value of ``doc``."""
    candidates = [p for p in paths(doc) if mutable(p)]

    @st.composite
    def pick(draw):
        path = draw(st.sampled_from(candidates))
        old = kind(at(doc, path))
        if draw(st.booleans()) and isinstance(at(doc, path[:-1]), dict):
            return path, DROP
        others = sorted(k for k in VALUES if k != old)
        if path[0] in ("content", "seeds") and len(path) > 1:  # shown as they are: any scalar
            others = ["list", "dict"]
        other = draw(st.sampled_from(others))
        return path, draw(VALUES[other])

    return pick()


DROP = object()
OPTIONAL = {"description", "created", "updated", "complete", "content", "versions", "seeds",
            "game_version", "games_per_cell", "chunk_sizes", "deterministic", "variant",
            "params", "params_hash", "fingerprint", "players", "policies"}  # fmt: skip


NEEDED = {  # what each reader needs of a manifest (a key it never reads may be missing)
    "report": {"format", "name", "game", "config", "cells", "chunks", "tables", "schemas"},
    "resume": {"format", "name", "config", "config_hash", "fingerprint", "cells", "execution",
               "chunks", "tables", "schemas"},
}  # fmt: skip


def apply(doc: dict, path: tuple, value: Any, command: str = "resume") -> bool:
    """Apply a mutation; False when it is no wrong shape for ``command`` (a key dropped that
    is optional, or that its reader does not read)."""
    parent = at(doc, path[:-1])
    if value is DROP:
        if path[-1] in OPTIONAL or path[0] not in NEEDED[command] or path[0] == "config":
            return False
        if path[:1] == ("chunks",) and len(path) == 2:
            return False  # fewer finished chunks: an interrupted run (test_trust has the rest)
        if path[0] == "execution" and command == "report":
            return False
        if path[0] == "schemas" and len(path) > 1 and path[1] not in doc.get("tables", ()):
            return False  # the schema of a table the run does not keep
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return True


def check(run: Path, command: str) -> None:
    before = snapshot(run)
    if command == "report":
        proc = run_main("report", str(run), "--out", str(run.parent), "--name", "r.html")
    else:
        proc = run_main(
            "sweep",
            str(sweep_file(run.parent.parent)),
            "--out",
            str(run.parent),
            "--resume",
            "--quiet",
        )
    lines = proc.stderr.strip().splitlines()
    assert proc.returncode == 2 and len(lines) == 1, (proc.returncode, proc.stderr[-3000:])
    assert snapshot(run) == before


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data(), command=st.sampled_from(["report", "resume"]))
def test_a_manifest_of_a_wrong_shape_is_exit_2(base, data, command):
    run0, doc0 = base
    doc = json.loads(json.dumps(doc0))
    path, value = data.draw(_mutation(doc0))
    if not apply(doc, path, value, command) or (path[0] == "execution" and command == "report"):
        return  # a report does not read how the run was executed
    with tempfile.TemporaryDirectory() as tmp:
        run = copy_run(run0, Path(tmp) / "runs")
        write_manifest(run, doc)
        check(run, command)


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data(), command=st.sampled_from(["report", "resume"]))
def test_a_chunk_log_line_of_a_wrong_shape_is_exit_2(base, data, command):
    run0, doc0 = base
    key = sorted(doc0["chunks"])[0]
    line = {key: json.loads(json.dumps(doc0["chunks"][key]))}
    if data.draw(st.booleans()):
        path, value = data.draw(_mutation(line))
        if not apply(line, path, value, command):
            return
        text = json.dumps(line)
    else:  # a line that is JSON but no object of chunk entries
        text = json.dumps(data.draw(st.one_of(*(v for k, v in VALUES.items() if k != "dict"))))
    with tempfile.TemporaryDirectory() as tmp:
        run = copy_run(run0, Path(tmp) / "runs")
        (run / "chunks.jsonl").write_text(text + "\n")
        check(run, command)
