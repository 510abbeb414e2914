"""Open a generated report in headless Chromium: no console errors, no network, figures drawn."""

from __future__ import annotations

import pytest

from reports.build import generic_report, write_report
from tests.reports.cdp import (
    FIGURE_SIZES,
    assert_not_blank,
    chromium_path,
    console_errors,
    full_page_png,
    loaded_page,
    requested_urls,
)
from tests.reports.test_build import rich_run

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(chromium_path() is None, reason="headless Chromium not installed"),
]


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    """Load the report once; yield the browser after the load event."""
    folder = tmp_path_factory.mktemp("browser")
    html = generic_report(rich_run(folder))
    path = write_report(html, folder / "report.html")
    with loaded_page(path) as browser:
        yield browser, html, folder


def test_no_console_errors(page):
    browser, _, _ = page
    browser.evaluate("document.readyState")  # flush events that arrived after load
    assert console_errors(browser.events) == []


def test_no_network_requests_beyond_the_file(page):
    browser, _, _ = page
    urls = requested_urls(browser.events)
    assert urls and all(u.startswith("file://") for u in urls), urls


def test_every_figure_is_rendered(page):
    browser, html, _ = page
    sizes = browser.evaluate(FIGURE_SIZES)
    assert len(sizes) == html.count("<figure>") >= 6
    for width, height, content_w, content_h in sizes:
        assert width > 100 and height > 50
        assert content_w > 50 and content_h > 30  # something is drawn inside


def test_screenshot_is_not_blank(page):
    browser, _, folder = page
    png = full_page_png(browser)
    (folder / "report.png").write_bytes(png)
    assert_not_blank(png)
