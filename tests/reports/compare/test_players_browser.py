"""Open the "same game, two players" report in headless Chromium: no errors, no network, the
two wheels and every figure drawn, tables that fit, not blank. The report compares the cut
wheel study of tests/reports/compare/test_players.py under the heuristic and the explorer
style (100 games per cell)."""

from __future__ import annotations

import pytest

from analyses.compare.changes import compare_versions, load_side
from reports.compare.players import players_report
from reports.studies.build import write_report
from tests.reports.cdp import (
    BROWSER_MARKS,
    FIGURE_SIZES,
    assert_not_blank,
    console_errors,
    full_page_png,
    loaded_page,
    requested_urls,
)
from tests.reports.compare.test_players import EXPLORER, play

pytestmark = BROWSER_MARKS


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    """Load the report once; yield the browser after the load event."""
    folder = tmp_path_factory.mktemp("players-browser")
    runs = [play(folder, p, games=100) for p in ("heuristic", EXPLORER)]
    result = compare_versions(load_side("heuristic", runs[0]), load_side(EXPLORER, runs[1]))
    result.players = {"heuristic": EXPLORER}
    html = players_report(result)
    path = write_report(html, folder / "players.html")
    with loaded_page(path) as browser:
        yield browser, html, folder


def test_no_console_errors_and_no_network(page):
    browser, _, _ = page
    browser.evaluate("document.readyState")  # flush events that arrived after load
    assert console_errors(browser.events) == []
    urls = requested_urls(browser.events)
    assert urls and all(u.startswith("file://") for u in urls), urls


def test_both_wheels_and_every_figure_are_drawn_within_one_screen(page):
    browser, html, _ = page
    assert 'aria-label="The wheel under heuristic and under heuristic:style=explorer' in html
    sizes = browser.evaluate(FIGURE_SIZES)
    assert len(sizes) == html.count("<figure>") >= 3
    for width, height, content_w, content_h in sizes:
        assert width > 100 and 50 < height <= 900  # the window is 900 pixels tall
        assert content_w > 50 and content_h > 30  # something is drawn inside


def test_tables_fit_and_the_page_is_not_blank(page):
    browser, _, folder = page
    # this page's own tables (the sections shared with every compare report are not checked
    # here: with a long player name in their headers they may scroll)
    mine = ", ".join(f"#{s} .table-wrap" for s in ("cmp-players", "cmp-wheel", "cmp-hut"))
    overflow = browser.evaluate(
        f"Array.from(document.querySelectorAll('{mine}')).map(e => e.scrollWidth - e.clientWidth)"
    )
    assert len(overflow) >= 3, overflow  # a table wider than the page comes in parts
    assert overflow and max(overflow) <= 1, overflow
    png = full_page_png(browser)
    (folder / "players.png").write_bytes(png)
    assert_not_blank(png)
