"""The fault campaign's bad inputs (issue 44), one row each: exit code, one line naming the
problem, and every file that existed before the command byte-identical after it.

Rows: the 35 inputs that ended in an internal error (exit 70), the 12 that exited 0 on
nonsense, the 2 that hung, and Lord of Worlds' ``max_rounds`` that passed validation into a
runaway game. A full disk has its own tests (``test_io_errors.py``), the two security cases
and the concurrent writers theirs (``test_trust.py``, ``test_run_lock.py``).
"""

from __future__ import annotations

import gzip
import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.boardlab.crafted import (
    Case,
    assert_one_line,
    cli,
    copy_run,
    make_acted,
    make_base,
    manifest,
    run_main,
    snapshot,
    sweep_file,
    write_manifest,
)
from tests.boardlab.trust_cases import ACTED, TRUST_CASES

SUITE = """alpha = 0.05
[[check]]
name = "tiny"
game = "ratjack"
players = 2
games = 20
seed = 1
policies = ["random", "random"]
metrics = ["slot0_win", "turns"]
"""
RJ = ["--game", "ratjack", "--players", "2", "--policies", "random,random", "--games", "2",
      "--quiet"]  # fmt: skip
READ_ONLY = Path("/sys")  # a folder where even root cannot create a file


def run(tmp: Path) -> str:
    return str(tmp / "runs" / "base")


def _edit(tmp: Path, change: Callable[[dict], None]) -> None:
    doc = manifest(tmp / "runs" / "base")
    change(doc)
    write_manifest(tmp / "runs" / "base", doc)


def _log(tmp: Path, line: str) -> None:
    (tmp / "runs" / "base" / "chunks.jsonl").write_text(line + "\n")


def _suite(tmp: Path, extra: str = "") -> str:
    path = tmp / "suite.toml"
    path.write_text(SUITE + extra)
    return str(path)


def _baseline(tmp: Path, change: Callable[[dict], None]) -> None:
    doc = json.loads(gzip.decompress(BASELINE.read_bytes()))
    change(doc)
    (tmp / "base.json.gz").write_bytes(gzip.compress(json.dumps(doc).encode()))


def _file(tmp: Path, name: str, data: bytes) -> None:
    (tmp / name).write_bytes(data)


def _resume(tmp: Path) -> list[str]:
    return ["sweep", str(sweep_file(tmp)), "--out", str(tmp / "runs"), "--resume", "--quiet"]


def _report(tmp: Path) -> list[str]:
    return ["report", run(tmp), "--out", str(tmp / "out"), "--name", "r.html"]


def _drift_check(tmp: Path, *flags: str) -> list[str]:
    return [
        "drift",
        "check",
        "--suite",
        _suite(tmp),
        "--baseline",
        str(tmp / "base.json.gz"),
        *flags,
    ]


def _drift_update(tmp: Path, *flags: str, suite: str = "") -> list[str]:
    return ["drift", "update", "--suite", _suite(tmp, suite), "--message", "m", *flags]


def _with_baseline(tmp: Path) -> None:
    _baseline(tmp, lambda doc: None)


def _grid_toml(tmp: Path) -> None:
    values = lambda n: list(range(n))  # noqa: E731
    grid = f"a = {values(40)}\nb = {values(40)}\nc = {values(40)}\nd = {values(120)}\n"
    (tmp / "grid.toml").write_text(
        'name = "g"\ngame = "ratjack"\nplayers = 2\ngames = 1\n'
        f'policies = ["random", "random"]\n[grid]\n{grid}'
    )


def _tolerance(value: str) -> str:
    return f"[check.tolerance]\nslot0_win = {value}\n"


def _column_length(doc: dict) -> None:
    doc["checks"]["tiny"]["columns"]["turns"] = doc["checks"]["tiny"]["columns"]["turns"][:5]


# fmt: off
EXIT_70 = {
    "play_game_os_path": Case(lambda t: ["play", "--game", "os:path", "--allow-import",
                                         "--players", "2"], 2, "'os:path' is not a game class"),
    "sweep_game_os_path": Case(lambda t: ["sweep", *RJ, "--game", "os:path", "--allow-import",
                                          "--out", str(t / "o")], 2, "not a game class"),
    "play_policy_builtins_dict": Case(
        lambda t: ["play", "--game", "ratjack", "--allow-import", "--policy", "builtins:dict",
                   "--policy", "random"], 2, "'dict' is not a policy class"),
    "sweep_policy_builtins_dict": Case(
        lambda t: ["sweep", "--game", "ratjack", "--players", "2", "--policy", "builtins:dict",
                   "--policy", "random", "--games", "2", "--allow-import", "--out", str(t / "o")],
        2, "'dict' is not a policy class"),
    "play_players_10e20": Case(lambda t: ["play", "--game", "ratjack",
                                          "--players", "99999999999999999999"],
                               2, "ratjack is for 2-4 players"),
    "play_seed_negative": Case(lambda t: ["play", "--game", "ratjack", "--seed", "-1"], 2,
                               "--seed must be between 0"),
    "sweep_scheduler_not_a_url": Case(
        lambda t: ["sweep", *RJ, "--backend", "dask", "--scheduler", "notaurl", "--out",
                   str(t / "o")], 2, "--scheduler 'notaurl'"),
    "sweep_file_binary": Case(lambda t: ["sweep", str(t / "bin.toml")], 2, "not UTF-8",
                              lambda t: _file(t, "bin.toml", b"\xff\xfe\x00\x01\x02binary")),
    "sweep_file_utf16": Case(lambda t: ["sweep", str(t / "u16.toml")], 2, "not UTF-8",
                             lambda t: _file(t, "u16.toml", 'game = "ratjack"'.encode("utf-16"))),
    "sweep_cards_file_dev_zero": Case(
        lambda t: ["sweep", *RJ, "--param", "cards_file=/dev/zero", "--out", str(t / "o")], 2,
        "/dev/zero: not a regular file"),
    "sweep_colored_hex_bonus_10e23": Case(
        lambda t: ["sweep", *RJ, "--game", "lord_of_worlds", "--param",
                   "colored_hex_bonus=100000000000000000000000", "--out", str(t / "o")], 2,
        "colored_hex_bonus': 100000000000000000000000 is out of range"),
    "resume_log_entry_not_an_object": Case(
        _resume, 2, "chunks.jsonl: field 'line 1: c000/000000000' must be an object",
        lambda t: _log(t, '{"c000/000000000": 5}')),
    "report_log_entry_without_parts": Case(
        _report, 2, "has no 'parts'",
        lambda t: _log(t, '{"c000/000000000": {"cell": "c000", "start": 0, "stop": 4}}')),
    "report_log_part_outside_the_run": Case(
        _report, 2, "is not a part file name: '../../../../etc/passwd'",
        lambda t: _log(t, json.dumps({"c000/000000000": {"cell": "c000", "start": 0, "stop": 4,
                       "parts": {"games": {"file": "../../../../etc/passwd", "rows": 1,
                                           "sha256": "0" * 64}}}}))),
    "report_manifest_chunks_a_list": Case(
        _report, 2, "field 'chunks' must be an object",
        lambda t: _edit(t, lambda d: d.update(chunks=[]))),
    "resume_manifest_cells_an_object": Case(
        _resume, 2, "field 'cells' must be a list",
        lambda t: _edit(t, lambda d: d.update(cells={}))),
    "resume_manifest_chunk_size_text": Case(
        _resume, 2, "field 'execution.chunk_size' must be an integer",
        lambda t: _edit(t, lambda d: d["execution"].update(chunk_size="ten"))),
    "report_manifest_unknown_table": Case(
        _report, 2, "field 'tables[2]' is not one of games, seats, actions",
        lambda t: _edit(t, lambda d: d.update(tables=["games", "seats", "bogus"]))),
    "report_manifest_unknown_column_kind": Case(
        _report, 2, "field 'schemas.games.turns' is not a column kind",
        lambda t: _edit(t, lambda d: d["schemas"]["games"].update(turns="complex"))),
    "report_out_html_is_a_folder": Case(
        lambda t: ["report", run(t), "--out", str(t), "--name", "x.html"], 2,
        "is a folder, not a file",
        lambda t: (t / "x.html").mkdir()),
    "drift_baseline_checks_a_list": Case(
        _drift_check, 2, "field 'checks' must be dict",
        lambda t: _baseline(t, lambda d: d.update(checks=[]))),
    "drift_baseline_check_without_hash": Case(
        _drift_check, 2, "field 'checks.tiny' must be an object with a 'config_hash'",
        lambda t: _baseline(t, lambda d: d["checks"]["tiny"].pop("config_hash"))),
    "drift_baseline_without_columns": Case(
        _drift_check, 2, "field 'columns' must be an object",
        lambda t: _baseline(t, lambda d: d["checks"]["tiny"].pop("columns"))),
    "drift_baseline_short_column": Case(
        _drift_check, 2, "field 'columns.turns' must list 20 values",
        lambda t: _baseline(t, _column_length)),
    "drift_baseline_text_in_a_number_column": Case(
        _drift_check, 2, "field 'columns.slot0_win' holds 'x'",
        lambda t: _baseline(t, lambda d: d["checks"]["tiny"]["columns"]["slot0_win"].__setitem__(
            0, "x"))),
    "drift_n_jobs_0": Case(lambda t: _drift_check(t, "--n-jobs", "0"), 2,
                           "--n-jobs must be a positive integer or -1", _with_baseline),
    "drift_junit_in_a_missing_folder": Case(
        lambda t: _drift_check(t, "--junit", str(t / "nope" / "j.xml")), 2, "does not exist",
        _with_baseline),
    "drift_html_in_a_missing_folder": Case(
        lambda t: _drift_check(t, "--html", str(t / "nope" / "h.html")), 2, "does not exist",
        _with_baseline),
    "drift_baseline_in_a_missing_folder": Case(
        lambda t: _drift_update(t, "--baseline", str(t / "nope" / "b.json.gz")), 2,
        "does not exist"),
    "bench_json_in_a_missing_folder": Case(
        lambda t: ["bench", "--seconds", "0.1", "--json", str(t / "nope" / "b.json")], 2,
        "does not exist"),
    "drift_junit_in_a_read_only_folder": Case(
        lambda t: _drift_check(t, "--junit", str(READ_ONLY / "boardlab-j.xml")), 2,
        "cannot write in", _with_baseline),
    "drift_html_under_a_file": Case(
        lambda t: _drift_check(t, "--html", str(t / "suite.toml" / "h.html")), 2,
        "is a file, not a folder", _with_baseline),
    "drift_baseline_in_a_read_only_folder": Case(
        lambda t: _drift_update(t, "--baseline", str(READ_ONLY / "boardlab-b.json.gz")), 2,
        "cannot write in"),
    "bench_json_in_a_read_only_folder": Case(
        lambda t: ["bench", "--seconds", "0.1", "--json", str(READ_ONLY / "boardlab-b.json")], 2,
        "cannot write in"),
    "bench_seconds_nan": Case(lambda t: ["bench", "--seconds", "nan"], 2,
                              "--seconds must be a number of seconds"),
}

EXIT_0_ON_NONSENSE = {
    "policies_of_game_empty_name": Case(lambda t: ["policies", "--game", ""], 2, "unknown game ''"),
    "play_players_0": Case(lambda t: ["play", "--game", "ratjack", "--players", "0"], 2,
                           "ratjack is for 2-4 players, got 0"),
    "sweep_name_empty": Case(lambda t: ["sweep", *RJ, "--name", "", "--out", str(t / "o")], 2,
                             "run name '' is not allowed"),
    "play_mcts_prior_bogus": Case(
        lambda t: ["play", "--game", "ratjack", "--policy", "mcts:prior=bogus",
                   "--policy", "random"], 2, "unknown policy 'bogus'"),
    "sweep_mcts_prior_bogus": Case(
        lambda t: ["sweep", "--game", "ratjack", "--players", "2", "--policy", "mcts:prior=bogus",
                   "--policy", "random", "--games", "2", "--out", str(t / "o")], 2,
        "unknown policy 'bogus'"),
    "drift_update_tolerance_of_an_unknown_metric": Case(
        lambda t: _drift_update(t, "--baseline", str(t / "b.json"),
                                suite="[check.tolerance]\nscore = 0.1\n"), 2,
        "tolerance for 'score', a metric the check does not monitor"),
    "drift_update_tolerance_negative": Case(
        lambda t: _drift_update(t, "--baseline", str(t / "b.json"), suite=_tolerance("-1")), 2,
        "tolerance of 'slot0_win' must be a number > 0, got -1"),
    "drift_update_tolerance_nan": Case(
        lambda t: _drift_update(t, "--baseline", str(t / "b.json"), suite=_tolerance("nan")), 2,
        "must be a number > 0, got nan"),
    "drift_update_tolerance_text": Case(
        lambda t: _drift_update(t, "--baseline", str(t / "b.json"), suite=_tolerance('"x"')), 2,
        "must be a number > 0, got 'x'"),
    "play_policies_empty": Case(lambda t: ["play", "--game", "ratjack", "--policies", ""], 2,
                                "--policies '': an empty policy name"),
    "sweep_policies_empty_entry": Case(
        lambda t: ["sweep", *RJ, "--policies", "random,,random", "--out", str(t / "o")], 2,
        "an empty policy name"),
    "drift_n_jobs_negative": Case(lambda t: _drift_check(t, "--n-jobs", "-3"), 2,
                                  "--n-jobs must be a positive integer or -1", _with_baseline),
}

HANGS = {
    "sweep_grid_of_7_68m_cells": Case(lambda t: ["sweep", str(t / "grid.toml"), "--out",
                                                 str(t / "o")], 2,
                                      "the grid has 7,680,000 cells; at most 10,000", _grid_toml),
    "bench_seconds_inf": Case(lambda t: ["bench", "--seconds", "inf"], 2,
                              "--seconds must be a number of seconds"),
}

RUNAWAY = {
    "lord_of_worlds_max_rounds_10e8": Case(
        lambda t: ["play", "--game", "lord_of_worlds", "--param", "max_rounds=100000000"], 2,
        "'lord_of_worlds.max_rounds' must be <= 1000"),
}

# fmt: on


def _fifo(tmp: Path, name: str) -> None:
    """A named pipe at ``name``: opening it for reading waits for a writer that never comes."""
    path = tmp / name
    path.unlink(missing_ok=True)
    os.mkfifo(path)


# Reads that waited forever on a FIFO (issue 63): only regular files are read, checked on the
# open file (opened without blocking)
FIFOS = {
    "sweep_file_fifo": Case(
        lambda t: ["sweep", str(t / "s.toml")],
        2,
        "not a regular file",
        lambda t: _fifo(t, "s.toml"),
    ),
    "sweep_cards_file_fifo": Case(
        lambda t: [
            "sweep",
            *RJ,
            "--param",
            f"cards_file={t / 'cards.toml'}",
            "--out",
            str(t / "o"),
        ],
        2,
        "not a regular file",
        lambda t: _fifo(t, "cards.toml"),
    ),
    "bench_compare_fifo": Case(
        lambda t: ["bench", "--seconds", "0.01", "--compare", str(t / "b.json")],
        2,
        "not a regular file",
        lambda t: _fifo(t, "b.json"),
    ),
    "report_manifest_fifo": Case(
        lambda t: ["report", run(t), "--out", str(t / "r")],
        2,
        "manifest.json",
        lambda t: _fifo(t, "runs/base/manifest.json"),
    ),
}


def _link_beside_baseline(tmp: Path, name: str) -> None:
    """The baseline, and a link at ``name`` to it (a report written there would replace it)."""
    _with_baseline(tmp)
    (tmp / name).symlink_to(tmp / "base.json.gz")


DRIFT_LINK = {
    "drift_html_a_link": Case(
        lambda t: _drift_check(t, "--html", str(t / "h.html")),
        2,
        "is a symbolic link",
        lambda t: _link_beside_baseline(t, "h.html"),
    ),
}
CASES = {**DRIFT_LINK, **EXIT_70, **EXIT_0_ON_NONSENSE, **HANGS, **RUNAWAY, **FIFOS, **TRUST_CASES}
BASELINE: Path = Path()  # set by the module fixture below


def test_the_table_holds_the_campaigns_cases():
    assert (len(EXIT_70), len(EXIT_0_ON_NONSENSE), len(HANGS)) == (35, 12, 2)
    assert len(TRUST_CASES) >= 45  # issue 63: run values, study databases, links, FIFOs


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    """A finished run and a drift baseline of the tiny suite, made once."""
    global BASELINE
    root = tmp_path_factory.mktemp("base")
    suite = root / "suite.toml"
    suite.write_text(SUITE)
    BASELINE = root / "base.json.gz"
    ACTED[:] = [make_acted(root / "acted")]
    made = cli(
        "drift", "update", "--suite", str(suite), "--baseline", str(BASELINE), "--message", "table"
    )
    assert made.returncode == 0, made.stderr
    return make_base(root / "runs")


@pytest.mark.parametrize("name", sorted(CASES))
def test_bad_input_is_one_line_exit_2_and_leaves_data_as_it_was(tmp_path, base, name):
    case = CASES[name]
    copy_run(base, tmp_path / "runs")
    case.setup(tmp_path)
    argv = case.argv(tmp_path)
    if any(a.startswith(str(READ_ONLY)) for a in argv) and not READ_ONLY.is_dir():
        pytest.skip(f"no {READ_ONLY} here")
    before = snapshot(tmp_path)
    assert_one_line(run_main(*argv), case.code, case.needle)
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize(
    "name",
    [
        "sweep_grid_of_7_68m_cells",
        "bench_seconds_inf",
        "sweep_cards_file_dev_zero",
        "sweep_file_fifo",
        "resume_log_entry_not_an_object",
        "play_players_10e20",
        "report_manifest_unknown_column_kind",
    ],
)
def test_as_a_process_too(tmp_path, base, name):
    # the rows that hung or blew up the process, run as the command a user types
    case = CASES[name]
    copy_run(base, tmp_path / "runs")
    case.setup(tmp_path)
    argv = case.argv(tmp_path)
    before = snapshot(tmp_path)
    assert_one_line(cli(*argv, env=case.env, timeout=60), case.code, case.needle)
    assert snapshot(tmp_path) == before
