"""A replay page in headless Chromium, for each game: no console errors, no network, the
buttons and keys step through the decisions, the picture is drawn."""

from __future__ import annotations

import pytest

from analyses.replay.rebuild import load_replay
from reports.replay.page import write_replay
from tests.analyses.replay.test_rebuild import LINEUPS, small_run
from tests.reports.cdp import (
    BROWSER_MARKS,
    assert_not_blank,
    console_errors,
    full_page_png,
    loaded_page,
    requested_urls,
)

pytestmark = BROWSER_MARKS


@pytest.fixture(scope="module", params=list(LINEUPS))
def page(request, tmp_path_factory):
    folder = tmp_path_factory.mktemp("replay-browser")
    replay = load_replay(small_run(folder, request.param, games=1), 0)
    path = write_replay(replay, folder / "game.html")
    with loaded_page(path) as browser:
        yield browser, replay


def test_no_console_errors_and_no_network(page):
    browser, _ = page
    browser.evaluate("document.readyState")
    assert console_errors(browser.events) == []
    urls = [u for u in requested_urls(browser.events) if not u.startswith("data:")]
    assert urls and all(u.startswith("file://") for u in urls), urls


def test_buttons_keys_and_slider_step_through_the_game(page):
    browser, replay = page
    text = "document.getElementById('decision').textContent"
    assert f"Decision 1 of {len(replay.steps)}" in browser.evaluate(text)
    browser.evaluate("document.getElementById('next').click()")
    assert f"Decision 2 of {len(replay.steps)}" in browser.evaluate(text)
    browser.evaluate("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'End'}))")
    assert "End of the game" in browser.evaluate(text)
    browser.evaluate(
        "var s = document.getElementById('slider'); s.value = 3; "
        "s.dispatchEvent(new Event('input'))"
    )
    assert f"Decision 4 of {len(replay.steps)}" in browser.evaluate(text)
    assert browser.evaluate("document.querySelector('#log li.now').dataset.i") == "3"


def test_the_view_is_drawn(page):
    browser, _ = page
    box = "document.querySelector('#view svg').getBoundingClientRect()"
    size = browser.evaluate(f"(function(){{var r = {box}; return [r.width, r.height];}})()")
    assert size[0] > 300 and size[1] > 150
    assert_not_blank(full_page_png(browser), min_height=900)


def test_the_address_names_the_decision_and_a_changed_hash_moves_there(page):
    # issue 61: "replay ignores a changed #dN"
    browser, replay = page
    text = "document.getElementById('decision').textContent"
    browser.evaluate("document.getElementById('first').click()")
    browser.evaluate("document.getElementById('next').click()")
    assert browser.evaluate("location.hash") == "#d2"
    browser.evaluate("location.hash = '#d5'")
    browser.evaluate("new Promise(r => setTimeout(r, 50))")
    assert f"Decision 5 of {len(replay.steps)}" in browser.evaluate(text)
