"""The bad-input table's rows of issue 63 (run data, study databases, links, special files):
each an exit code, one line naming the problem, and every file that existed before the
command (a link's target folder included) byte-identical after it.

Setups lay out their input under the test's folder ``t``: ``t/runs/base`` is a copy of the
table's two-cell Ratjack run, ``t/runs/acted`` (``acted``) a 3-player run with its actions.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from tests.boardlab.crafted import Case, manifest, reseal, set_value, sweep_file, write_manifest

ACTED: list[Path] = []  # the acted run, made once by the table's module fixture
TUNE = """name = "t"
game = "ratjack"
players = 2
policies = ["random", "random"]
[search]
trials = 2
batch = 1
rungs = [4]
verify_games = 4
verify_top = 1
[[target]]
measure = "first_player_advantage"
within = [-5, 5]
[[space]]
param = "points_to_win"
"""


def acted(t: Path) -> Path:
    """A copy of the acted run at ``t/runs/acted``."""
    target = t / "runs" / "acted"
    if not target.exists():
        shutil.copytree(ACTED[0], target)
    return target


def edit(run: Path, change: Callable[[dict], None]) -> None:
    """The run's manifest changed by hand."""
    doc = manifest(run)
    change(doc)
    write_manifest(run, doc)


def tune(t: Path, *flags: str, extra: str = "", rungs: str = "[4]") -> list[str]:
    """``boardlab tune t.toml --out t/o`` with ``flags``: the tiny tune file, ``extra`` lines
    added and its rungs replaced."""
    (t / "t.toml").write_text(TUNE.replace("rungs = [4]", f"rungs = {rungs}") + extra)
    return ["tune", str(t / "t.toml"), "--out", str(t / "o"), "--quiet", *flags]


def link(t: Path, where: str, to: str = "elsewhere") -> None:
    """A symbolic link at ``t/where`` to the folder ``t/to`` (made, holding one file)."""
    target = t / to
    target.mkdir(parents=True, exist_ok=True)
    (target / "keep.txt").write_text("mine\n")
    path = t / where
    path.parent.mkdir(parents=True, exist_ok=True)
    path.symlink_to(target, target_is_directory=True)


def fifo(t: Path, where: str) -> None:
    """A named pipe at ``t/where``."""
    path = t / where
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)


def study_db(t: Path, data: bytes | None = None, sql: str = "") -> None:
    """``t/o/t/study.db``: ``data`` as its bytes, or a SQLite file made by ``sql``."""
    path = t / "o" / "t" / "study.db"
    path.parent.mkdir(parents=True, exist_ok=True)
    if data is not None:
        path.write_bytes(data)
        return
    with sqlite3.connect(path) as con:
        con.executescript(sql)


def replay(run: str, index: int = 0) -> Callable[[Path], list[str]]:
    return lambda t: ["replay", str(t / "runs" / run), "--game-index", str(index), "--out",
                      str(t / "r")]  # fmt: skip


def report(t: Path) -> list[str]:
    return ["report", str(t / "runs" / "acted"), "--out", str(t / "r")]


def compare(t: Path) -> list[str]:
    return ["compare", str(t / "runs" / "acted"), str(ACTED[0]), "--name-a", "a", "--name-b",
            "b", "--out", str(t / "c"), "--quiet"]  # fmt: skip


def rehash(doc: dict, **params: Any) -> None:
    """Cell 0's parameters changed and its ``params_hash`` recomputed, as a careful forger
    would."""
    from simcore.core import registry

    cell = doc["cells"][0]
    cell["params"].update(params)
    cls = registry.game_class(doc["game"]).params_class
    cell["params_hash"] = cls.from_overrides(cell["params"]).params_hash()


def with_acted(*changes: Callable[[Path], Any]) -> Callable[[Path], None]:
    """A setup: the acted run copied, then each change applied to it in turn."""

    def setup(t: Path) -> None:
        run = acted(t)
        for change in changes:
            change(run)

    return setup


def steps(*setups: Callable[[Path], Any]) -> Callable[[Path], None]:
    """A setup made of several, run in turn."""

    def setup(t: Path) -> None:
        for one in setups:
            one(t)

    return setup


def sweep_toml(t: Path) -> None:
    """``t/s.toml``: a small Ratjack sweep file."""
    (t / "s.toml").write_text(
        'game = "ratjack"\nplayers = 2\ngames = 8\npolicies = ["random", "random"]\n'
    )


def first_action_plus(n: int) -> Callable[[list[int]], int]:
    return lambda values: values[0] + n


def _progress(change: Callable[[list[Any]], Any], column: str = "seat") -> Callable[[Path], None]:
    return with_acted(lambda r: set_value(r, "progress", column, 0, change))


GARBAGE = bytes(range(256)) * 8
SUITE = """[[check]]
name = "tiny"
game = "ratjack"
players = 2
games = 4
seed = 1
policies = ["random", "random"]
metrics = ["turns"]
"""
# fmt: off
RUN_VALUES = {
    "replay_action_9999": Case(replay("acted"), 2, "recorded action 9999 is not legal",
                               with_acted(lambda r: set_value(r, "actions", "action", 0, 9999))),
    "replay_action_negative": Case(replay("acted"), 2, "action outside 0..2^31-1",
                                   with_acted(lambda r: set_value(r, "actions", "action", 0, -1))),
    "replay_action_2_62": Case(replay("acted"), 2, "action outside 0..2^31-1",
                               with_acted(lambda r: set_value(r, "actions", "action", 3, 2**62))),
    "replay_first_action_illegal": Case(
        replay("acted"), 2, "is not legal",
        with_acted(lambda r: set_value(r, "actions", "action", 0, first_action_plus(500)))),
    "compare_win_share_inf": Case(compare, 2, "win_share outside [0, 1]",
                                  with_acted(lambda r: set_value(r, "seats", "win_share", 0,
                                                                 float("inf")))),
    "compare_win_share_minus_inf": Case(compare, 2, "win_share outside [0, 1]",
                                        with_acted(lambda r: set_value(r, "seats", "win_share", 1,
                                                                       float("-inf")))),
    "compare_win_share_negative": Case(compare, 2, "win_share outside [0, 1]",
                                       with_acted(lambda r: set_value(r, "seats", "win_share", 0,
                                                                      -0.5))),
    "compare_seat_2_62": Case(compare, 2, "seat outside 0..n-1",
                              with_acted(lambda r: set_value(r, "seats", "seat", 0, 2**62))),
    "compare_nan_score": Case(compare, 2, "score is not a finite number",
                              with_acted(lambda r: set_value(r, "seats", "score", 2,
                                                             float("nan")))),
    "compare_n_players_5": Case(compare, 2, "n_players differs from its cell's player count",
                                with_acted(lambda r: set_value(r, "games", "n_players", 0, 5))),
    "compare_duplicate_game_index": Case(compare, 2, "game_index repeats",
                                         with_acted(lambda r: set_value(r, "games", "game_index",
                                                                        1, 0))),
    "compare_cell_param_out_of_range": Case(
        compare, 2, "field 'cells[0].params' is not valid for this game",
        with_acted(lambda r: edit(r, lambda d: d["cells"][0]["params"].update(target=10**9)))),
    "report_progress_seats_all_0": Case(
        report, 2, "not one row per seat",
        with_acted(*(lambda r, i=i: set_value(r, "progress", "seat", i, 0) for i in range(3)))),
    "report_progress_row_duplicated": Case(
        report, 2, "not one row per seat",
        with_acted(lambda r: set_value(r, "progress", "round", 3, lambda v: v[0]))),
    "report_progress_rounds_decreasing": Case(
        report, 2, "rounds go back",
        with_acted(*(lambda r, i=i: set_value(r, "progress", "round", i, 9) for i in range(3)))),
    "report_progress_round_negative": Case(report, 2, "round outside 0..steps+1",
                                           _progress(lambda v: -3, "round")),
    "report_progress_round_huge": Case(report, 2, "round outside 0..steps+1",
                                       _progress(lambda v: 2**40, "round")),
    "report_progress_seats_shifted": Case(
        report, 2, "seat outside 0..n-1",
        with_acted(lambda r: set_value(r, "progress", "seat", 2, 3))),
    "report_progress_score_nan": Case(report, 2, "score is not a finite number",
                                      _progress(lambda v: float("nan"), "score")),
    "report_game_index_out_of_range": Case(
        report, 2, "game_index outside the games its chunks planned",
        with_acted(lambda r: set_value(r, "games", "game_index", 0, 10**6))),
    "report_no_finished_games": Case(
        report, 2, "holds no finished games",
        with_acted(lambda r: edit(r, lambda d: d.update(chunks={}, complete=False)),
                   lambda r: (r / "chunks.jsonl").write_text(""))),
    "plan_from_run_part_altered": Case(
        lambda t: ["plan", str(t / "s.toml"), "--from-run", str(t / "runs" / "base")], 2,
        "is corrupted (checksum differs)",
        steps(sweep_toml, lambda t: _corrupt_a_part(t / "runs" / "base"))),
    "plan_record_in_a_missing_folder": Case(
        lambda t: ["plan", str(t / "s.toml"), "--record", str(t / "nope" / "p.json")], 2,
        "does not exist",
        sweep_toml),
    "report_small_part_of_a_million_rows": Case(
        report, 2, "1000000 games, its chunks in the manifest hold 6",
        with_acted(lambda r: _inflate(r, "games", 1_000_000))),
    "replay_cards_file_outside_the_run": Case(
        replay("acted"), 2, "outside the run folder and the packaged data",
        with_acted(lambda r: edit(r, lambda d: rehash(d, cards_file="/etc/passwd")))),
}

STUDY = {
    "tune_storage_not_a_url": Case(lambda t: tune(t, "--storage", "notaurl"), 2,
                                   "is not a database URL"),
    "tune_storage_file_url": Case(lambda t: tune(t, "--storage", f"file://{t}/x.db"), 2,
                                  "'file' is not a database kind"),
    "tune_storage_missing_driver": Case(lambda t: tune(t, "--storage", "mysql://u:p@h/db"), 2,
                                        "driver of 'mysql' is not installed"),
    "tune_storage_a_folder": Case(lambda t: tune(t, "--storage", f"sqlite:///{t}/d"), 2,
                                  "is a folder, not a database file",
                                  lambda t: (t / "d").mkdir()),
    "tune_storage_read_only": Case(lambda t: tune(t, "--storage", "sqlite:////sys/boardlab.db"),
                                   2, "cannot write in '/sys'"),
    "tune_storage_not_a_database": Case(lambda t: tune(t, "--storage", f"sqlite:///{t}/x.db"), 2,
                                        "is not a SQLite database",
                                        lambda t: (t / "x.db").write_bytes(GARBAGE)),
    "tune_storage_fifo": Case(lambda t: tune(t, "--storage", f"sqlite:///{t}/p.db"), 2,
                              "not a regular file", lambda t: fifo(t, "p.db")),
    "tune_storage_in_memory": Case(lambda t: tune(t, "--storage", "sqlite:///:memory:"), 2,
                                   "an in-memory database keeps nothing"),
    "tune_resume_garbage_study_db": Case(lambda t: tune(t, "--resume"), 2,
                                         "is not a SQLite database",
                                         lambda t: study_db(t, GARBAGE)),
    "tune_resume_malformed_study_db": Case(lambda t: tune(t, "--resume"), 2, "study database",
                                           lambda t: study_db(t, sql="create table studies "
                                                                     "(x int);")),
    "tune_float_nan": Case(lambda t: tune(t, extra='[[space]]\nparam = "target"\n'
                                                   "float = [nan, 1.0]\n"), 2,
                           "finite float numbers"),
    "tune_rungs_beyond_a_cells_games": Case(
        lambda t: tune(t, rungs="[1000000000]"), 2, "a cell plays at most 100,000,000"),
}

LINKS = {
    "tune_run_folder_a_link": Case(lambda t: tune(t), 2, "is a symbolic link",
                                   lambda t: link(t, "o/t")),
    "tune_verify_folder_a_link": Case(lambda t: tune(t), 2, "is a symbolic link",
                                      lambda t: link(t, "o/t/verify")),
    "tune_report_a_link": Case(lambda t: tune(t), 2, "is a symbolic link",
                               steps(lambda t: link(t, "o/t/x"),
                                     lambda t: os.rename(t / "o/t/x", t / "o/t/report.html"))),
    "compare_runs_folder_a_link": Case(compare, 2, "is a symbolic link",
                                       steps(acted, lambda t: link(t, "c/runs"))),
    "sweep_run_folder_a_link_inside_out": Case(
        lambda t: ["sweep", "--game", "ratjack", "--players", "2", "--policies", "random,random",
                   "--games", "2", "--name", "x", "--out", str(t / "o"), "--quiet"], 2,
        "is a symbolic link", lambda t: link(t, "o/x", "o/y")),
    "report_games_folder_a_link": Case(
        lambda t: ["report", str(t / "runs" / "base"), "--out", str(t / "r")], 2,
        "is a symbolic link", lambda t: link(t, "r/games")),
    "replay_page_a_link": Case(
        lambda t: ["replay", str(t / "runs" / "acted"), "--game-index", "0", "--out",
                   str(t / "r"), "--name", "p.html"], 2, "is a symbolic link",
        steps(acted, lambda t: link(t, "r/p.html"))),
    "demo_runs_folder_a_link": Case(lambda t: ["demo", "--out", str(t / "d"), "--quiet"], 2,
                                    "is a symbolic link", lambda t: link(t, "d/runs")),
    "report_part_a_link": Case(report, 2, "a symbolic link; boardlab reads run data",
                               with_acted(lambda r: _part_to_link(r))),
    "report_manifest_a_link": Case(report, 2, "a symbolic link; boardlab reads run data",
                                   with_acted(lambda r: _manifest_to_link(r))),
    "plan_record_fifo": Case(
        lambda t: ["plan", str(t / "s.toml"), "--record", str(t / "p.json")], 2,
        "not a regular file",
        steps(sweep_toml, lambda t: fifo(t, "p.json"))),
    "feel_run_folder_a_link": Case(
        lambda t: ["feel", "--game", "ratjack", "--players", "2", "--out", str(t / "o")], 2,
        "resolves outside --out", lambda t: link(t, "o/feel-ratjack-2p")),
    "report_page_a_link": Case(
        lambda t: ["report", str(t / "runs" / "base"), "--out", str(t / "r"), "--name", "x.html"],
        2, "is a symbolic link", steps(lambda t: link(t, "r/x.html"))),
    "bench_json_a_link": Case(
        lambda t: ["bench", "--seconds", "0.01", "--json", str(t / "b.json")], 2,
        "is a symbolic link", lambda t: (t / "b.json").symlink_to(t / "runs" / "base" /
                                                                   "manifest.json")),
}

FIFO_RUNS = {
    "drift_baseline_fifo": Case(
        lambda t: ["drift", "check", "--suite", str(t / "suite.toml"), "--baseline",
                   str(t / "b.json.gz")], 2, "not a regular file",
        steps(lambda t: (t / "suite.toml").write_text(SUITE), lambda t: fifo(t, "b.json.gz"))),
    "sweep_resume_chunk_log_fifo": Case(
        lambda t: ["sweep", str(sweep_file(t)), "--out", str(t / "runs"), "--resume", "--quiet"],
        2, "not a regular file", lambda t: _fifo_in(t / "runs" / "base", "chunks.jsonl")),
    "compare_manifest_fifo": Case(compare, 2, "not a regular file",
                                  with_acted(lambda r: _fifo_in(r, "manifest.json"))),
    "replay_manifest_fifo": Case(replay("acted"), 2, "not a regular file",
                                 with_acted(lambda r: _fifo_in(r, "manifest.json"))),
    "plan_from_run_manifest_fifo": Case(
        lambda t: ["plan", str(t / "s.toml"), "--from-run", str(t / "runs" / "base")], 2,
        "not a regular file",
        steps(sweep_toml, lambda t: _fifo_in(t / "runs" / "base", "manifest.json"))),
    "feel_manifest_fifo": Case(
        lambda t: ["feel", "--game", "ratjack", "--players", "2", "--out", str(t / "o")], 2,
        "manifest.json", lambda t: fifo(t, "o/feel-ratjack-2p/manifest.json")),
}
# fmt: on
TRUST_CASES = {**RUN_VALUES, **STUDY, **LINKS, **FIFO_RUNS}


def _fifo_in(run: Path, name: str) -> None:
    """A run file replaced by a named pipe."""
    (run / name).unlink(missing_ok=True)
    os.mkfifo(run / name)


def _inflate(run: Path, table: str, rows: int) -> None:
    """A part of ``rows`` copies of its first row (a few kB compressed), the run resealed:
    refused from its metadata, before it is read."""
    part = next((run / table).glob("*.parquet"))
    data = pq.read_table(part)
    big = data.take(pa.array([0] * rows))
    part.unlink()
    pq.write_table(big, part)
    reseal(run)


def _corrupt_a_part(run: Path) -> None:
    part = next((run / "games").glob("*.parquet"))
    data = bytearray(part.read_bytes())
    data[len(data) // 2] ^= 0xFF
    part.write_bytes(bytes(data))


def _part_to_link(run: Path) -> None:
    """The games part moved out of the run, a link left in its place (same bytes)."""
    part = next((run / "games").glob("*.parquet"))
    outside = run.parent.parent / "outside.parquet"
    shutil.move(part, outside)
    part.symlink_to(outside)


def _manifest_to_link(run: Path) -> None:
    outside = run.parent.parent / "outside.json"
    shutil.move(run / "manifest.json", outside)
    (run / "manifest.json").symlink_to(outside)
