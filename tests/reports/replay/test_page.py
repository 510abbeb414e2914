"""``boardlab replay``: the page of one recorded game (each decision, the mode it shows, no
hidden card in the seat view), and bad input as one line with exit code 2."""

from __future__ import annotations

import json
import re
import shutil
from html import escape

import pytest

from analyses.replay.rebuild import load_replay
from reports.replay.page import ANALYST_MODE, SEAT_MODE, replay_html
from tests.analyses.replay.test_rebuild import small_run
from tests.boardlab.crafted import as_older_version
from tests.conftest import run_cli


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    return small_run(tmp_path_factory.mktemp("replay-cli"), "ratjack", games=2)


def _frames(html: str) -> dict:
    data = re.search(r'<script type="application/json" id="replay-data">(.*?)</script>', html, re.S)
    return json.loads(data.group(1).replace("<\\/", "</"))


def test_the_page_lists_each_decision(run):
    replay = load_replay(run, 1)
    html = replay_html(replay)
    log = re.findall(r'<li data-i="(\d+)">(.*?)</li>', html)
    assert [int(i) for i, _ in log] == list(range(len(replay.steps) + 1))
    for step, (_, item) in zip(replay.steps, log, strict=False):
        assert escape(step.label) in item and f"seat {step.seat}" in item
    frames = _frames(html)["frames"]
    assert len(frames) == len(replay.steps) + 1  # every decision, then the end
    assert "http://" not in html.replace("http://www.w3.org", "")  # self-contained


def test_the_page_says_which_view_it_is_and_hides_cards_by_default(run):
    seat, analyst = load_replay(run, 0), load_replay(run, 0, reveal=True)
    plain, revealed = replay_html(seat), replay_html(analyst)
    assert escape(SEAT_MODE) in plain and escape(ANALYST_MODE) not in plain
    assert escape(ANALYST_MODE) in revealed
    # the first decision: seat 1's hand is hidden from the acting seat 0, named in --reveal
    first = seat.steps[0]
    other = 1 - first.seat
    hidden = [c for c in analyst.steps[0].view["seats"][other]["hand"] if c]
    assert hidden and first.view["seats"][other]["hand"] == [None] * len(hidden)
    shown = _frames(plain)
    frame = shown["frames"][0]
    page_view = shown["views"][frame["v"][0]] + shown["views"][frame["v"][1]]
    assert all(name not in page_view for name in hidden if name not in _public(first.view))


def _public(view: dict) -> str:
    """Card names the acting seat may see anywhere in its view (its own cards, face-up ones)."""
    names = [view["discard_top"] or ""]
    for row in view["seats"]:
        names += [c for c in row["hand"] if c] + [d["card"] for d in row["display"] if d["card"]]
    return " ".join(names)


def test_cli_writes_the_page(run, tmp_path):
    out = tmp_path / "page.html"
    result = run_cli(
        "replay", str(run), "--game-index", "1", "--out", str(tmp_path), "--name", out.name
    )
    assert result.returncode == 0, result.stderr
    assert "ends as recorded" in result.stdout and out.read_text().startswith("<!DOCTYPE html>")


def _one_line_exit_2(result, words: str) -> None:
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0], result.stderr


@pytest.mark.parametrize(
    "args, words",
    [
        (["--game-index", "7"], "games 0..1"),
        (["--game-index", "0", "--cell", "c004"], "no cell 'c004'"),
        (["--game-index", "x"], "invalid int value"),
        (["--game-index", "0", "--name", "page.txt"], "expected a plain file name ending in .html"),
    ],
)
def test_bad_arguments(run, tmp_path, args, words):
    _one_line_exit_2(run_cli("replay", str(run), *args, cwd=tmp_path), words)


def test_not_a_run_directory(tmp_path):
    _one_line_exit_2(run_cli("replay", str(tmp_path), "--game-index", "0"), "not a run directory")


def _edited(run, tmp_path, edit) -> str:
    copy = tmp_path / "run"
    shutil.copytree(run, copy)
    manifest = json.loads((copy / "manifest.json").read_text())
    edit(manifest)
    (copy / "manifest.json").write_text(json.dumps(manifest))
    return str(copy)


def test_another_game_version_is_refused(run, tmp_path):
    copy = _edited(run, tmp_path, lambda m: None)
    version = json.loads((tmp_path / "run" / "manifest.json").read_text())["game_version"]
    as_older_version(tmp_path / "run", version - 1)
    _one_line_exit_2(run_cli("replay", copy, "--game-index", "0"), "cannot rebuild its games")


def test_other_rules_than_recorded_are_refused(run, tmp_path):
    def edit(m):
        m["cells"][0]["params"]["decks"] = ["weasel", "raccoon"]

    copy = _edited(run, tmp_path, edit)
    _one_line_exit_2(run_cli("replay", copy, "--game-index", "0"), "recorded")


def test_no_actions_and_not_deterministic_is_refused(tmp_path):
    plain = small_run(tmp_path / "runs", "ratjack", record=False, games=1)

    def edit(m):
        m["execution"]["deterministic"] = False

    copy = _edited(plain, tmp_path, edit)
    _one_line_exit_2(run_cli("replay", copy, "--game-index", "0"), "no actions table")


def test_several_cells_need_a_cell(tmp_path):
    from simcore.engine.sweep.config import build_config
    from simcore.engine.sweep.sweep import run_sweep

    raw = {
        "name": "two",
        "game": "ratjack",
        "players": 2,
        "games": 1,
        "seed": 1,
        "policies": ["random", "random"],
        "record_actions": True,
        "grid": {"points_to_win": [3, 4]},
    }
    run = run_sweep(build_config(raw), tmp_path / "runs", quiet=True).run_dir
    _one_line_exit_2(run_cli("replay", str(run), "--game-index", "0"), "name one with --cell")
    ok = run_cli("replay", str(run), "--game-index", "0", "--cell", "c001", cwd=tmp_path)
    assert ok.returncode == 0 and (tmp_path / "two-c001-game0.html").exists(), ok.stderr
