"""``boardlab playtest`` in a real browser: a real server process, Playwright driving the
system Chromium by clicks. Games of all three games are played to the end through the page
(one person against a bot; two people and a bot sharing the screen); the run written equals
the recorded moves; a server killed mid-game goes on with ``--resume`` from the same position.
"""

from __future__ import annotations

import html
import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import polars as pl
import pytest

from tests.conftest import cli_env
from tests.reports.cdp import BROWSER_MARKS, chromium_path

pytestmark = [*BROWSER_MARKS, pytest.mark.slow]  # .ci/run runs it with the slow real runs
playwright = pytest.importorskip("playwright.sync_api")


def _serve(out: Path, *args: str) -> tuple[subprocess.Popen, str]:
    """Start ``boardlab playtest`` and return it with the address it prints."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "boardlab.cli", "playtest", *args, "--out", str(out),
         "--run", "s", "--no-browser"],
        env=cli_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert proc.stdout is not None
    line = proc.stdout.readline()
    match = re.match(r"playtest: (http://\S+)", line)
    assert match, (line, proc.stderr.read() if proc.poll() is not None else "")
    return proc, match.group(1)


def _click_until(
    page, done: str, limit: int = 5000, stop_after: int | None = None, shown: list | None = None
) -> int:
    """Click through: "next" on other seats' moves, "I am that seat", then a legal move (the
    k-th button, k the decision count); until ``done`` is on the page. The moves clicked.
    ``shown``: the views the server sent; before each move the page's view must be the last
    of them, so the page shows nothing the seat's own view did not hold."""
    clicks = 0
    for _ in range(limit):
        page.wait_for_function(
            "t => document.querySelector('#progress').innerText.includes(t)"
            " || [...document.querySelectorAll('#passbtn, #next, #legal button')]"
            ".some(e => e.offsetParent !== null)",
            arg=done,
            timeout=10_000,
        )
        if done in page.inner_text("#progress"):
            return clicks
        if stop_after is not None and clicks >= stop_after:
            return clicks
        if page.is_visible("#passbtn"):
            page.click("#passbtn")
        elif page.is_visible("#next"):
            page.click("#next")
        else:
            buttons = page.locator("#legal button")
            if shown is not None:
                assert _same_html(page.inner_html("#view"), shown[-1])
            before = page.inner_text("#progress")
            buttons.nth(clicks % buttons.count()).click()
            clicks += 1
            page.wait_for_function(  # the move taken: the decision count moves on
                "t => document.querySelector('#progress').innerText !== t",
                arg=before,
                timeout=10_000,
            )
    raise AssertionError(f"not done after {limit} clicks: {page.inner_text('body')[:500]}")


def _same_html(dom: str, sent: str) -> bool:
    """The page's view is the sent one (the browser re-serialises markup: compare its text
    and its tags' order, not its bytes)."""

    def words(markup: str) -> list[str]:
        return re.sub(r"<[^>]+>", " ", html.unescape(markup)).split()

    def tags(markup: str) -> list[str]:  # a parser adds <tbody> to a table that has none
        return [t for t in re.findall(r"<(\w+)", markup) if t != "tbody"]

    return words(dom) == words(sent) and tags(dom) == tags(sent)


def _log(out: Path) -> list[dict]:
    lines = (out / "s" / "runs" / "s" / "decisions.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines]


def _run_actions(out: Path) -> list[int]:
    actions = pl.read_parquet(out / "s" / "runs" / "s" / "actions").sort("game_index", "step")
    return actions["action"].to_list()


@pytest.fixture(scope="module")
def browser():
    with playwright.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=chromium_path(), headless=True)
        yield chromium
        chromium.close()


@pytest.mark.parametrize(
    ("game", "seats"),
    [
        ("ratjack", ["human", "heuristic:style=fitted"]),
        ("rats_of_wistar", ["human", "heuristic"]),
        ("lord_of_worlds", ["heuristic", "human"]),
        ("ratjack", ["human", "heuristic", "human"]),  # two people share the screen
        ("rats_of_wistar", ["human", "human", "heuristic:style=fitted"]),
        ("lord_of_worlds", ["heuristic", "human", "human"]),
    ],
)
def test_a_game_played_by_clicks_lands_in_the_run(tmp_path, browser, game, seats):
    seat_args = [a for s in seats for a in ("--seat", s)]
    proc, address = _serve(tmp_path, "--game", game, *seat_args, "--seed", "3")
    try:
        page = browser.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        views: list[str] = []  # every view the server sent (the API tests check each one)
        page.on("response", lambda r: views.append(r.json()["html"]) if "/api/view" in r.url
                and r.ok else None)  # fmt: skip
        page.goto(address)
        clicks = _click_until(page, "games played", shown=views)
        assert clicks > 0 and errors == []
        assert "Won" in page.inner_text("#results")
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=30)
    log = _log(tmp_path)
    assert _run_actions(tmp_path) == [e["action"] for e in log]
    assert sum(e["by"] == "human" for e in log) == clicks


def test_a_killed_server_resumes_where_it_stopped(tmp_path, browser):
    args = ["--game", "ratjack", "--seat", "human", "--seat", "heuristic", "--seed", "8"]
    proc, address = _serve(tmp_path, *args)
    page = browser.new_page()
    page.goto(address)
    _click_until(page, "games played", stop_after=3)
    before = _log(tmp_path)
    os.kill(proc.pid, signal.SIGKILL)  # no goodbye: only the log remains
    proc.wait(timeout=30)
    proc, address = _serve(tmp_path, "--resume")
    try:
        page.goto(address)
        page.wait_for_selector("#legal button")
        assert f"decision {before[-1]['step'] + 2}" in page.inner_text("#progress")
        _click_until(page, "games played")
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=30)
    log = _log(tmp_path)
    assert log[: len(before)] == before
    assert _run_actions(tmp_path) == [e["action"] for e in log]
