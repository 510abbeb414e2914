"""Open the Ratjack card-value report in headless Chromium: no errors, figures drawn, not blank.

The report comes from the small seeded card run of the analysis tests (40 games per cell). Its
size in bytes is recorded as the ``page_bytes`` property (``--junitxml``) and printed with
``-s``; a self-contained page should stay well under 2 MB.
"""

from __future__ import annotations

import pytest

from reports.studies.build import write_report
from reports.studies.ratjack_cards import card_report
from tests.analyses.studies.test_ratjack_cards import shared_card_run
from tests.reports.cdp import (
    BROWSER_MARKS,
    FIGURE_SIZES,
    assert_not_blank,
    console_errors,
    full_page_png,
    loaded_page,
    requested_urls,
)

pytestmark = BROWSER_MARKS


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    """Load the card report once; yield the browser after the load event."""
    from simcore.core import registry

    if "ratjack" not in registry.loadable_game_ids(with_heuristic=True):
        pytest.skip("ratjack game or heuristic not available")
    folder = tmp_path_factory.mktemp("card-browser")
    html = card_report([shared_card_run(tmp_path_factory)])
    path = write_report(html, folder / "cards.html")
    with loaded_page(path) as browser:
        yield browser, html, path


def test_page_size(page, record_property):
    _, html, path = page
    size = path.stat().st_size
    record_property("page_bytes", size)
    print(f"card report: {size:,} bytes")
    assert size == len(html.encode("utf-8"))
    assert 20_000 < size < 2_000_000


def test_no_console_errors_and_no_network(page):
    browser, _, _ = page
    browser.evaluate("document.readyState")  # flush events that arrived after load
    assert console_errors(browser.events) == []
    urls = requested_urls(browser.events)
    assert urls and all(u.startswith("file://") for u in urls), urls


def test_every_figure_is_rendered(page):
    browser, html, _ = page
    sizes = browser.evaluate(FIGURE_SIZES)
    assert len(sizes) == html.count("<figure>") == 3
    for width, height, content_w, content_h in sizes:
        assert width > 300 and height > 100
        assert content_w > 200 and content_h > 80  # something is drawn inside


def test_tables_fit_the_page(page):
    browser, _, _ = page
    # A ranking table wider than its section would need sideways scrolling to read.
    overflow = browser.evaluate(
        "Array.from(document.querySelectorAll('.table-wrap'))"
        ".filter(w => w.scrollWidth > w.clientWidth + 1).map(w => w.querySelector('caption')"
        ".textContent)"
    )
    assert overflow == []


def test_screenshot_is_not_blank(page):
    browser, _, _ = page
    assert_not_blank(full_page_png(browser))
