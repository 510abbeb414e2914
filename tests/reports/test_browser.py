"""Open generated reports in headless Chromium (the generic report on synthetic data, the
wheel-section and scoring-variant studies on small real runs): no console errors, no network,
figures drawn, a non-blank page."""

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


def _study_run(folder, kind: str):
    from simcore.config import build_config
    from simcore.sweep import run_sweep

    if kind == "wheel":
        raw = {"name": "wheel", "game": "rats_of_wistar", "players": 2, "games": 30, "seed": 3,
               "policies": ["heuristic", "heuristic"], "record_actions": True,
               "grid": {"policies": [
                   ["heuristic", "heuristic"],
                   ["heuristic:forbid=place/S1", "heuristic"],
                   ["heuristic:forbid=place/hut@round1-2", "heuristic"]]}}  # fmt: skip
    else:
        raw = {"name": "variants", "game": "lord_of_worlds", "players": 2, "games": 30,
               "seed": 3, "policies": ["heuristic", "heuristic"],
               "grid": {"variant": ["standard", "strategic"]}}  # fmt: skip
    return run_sweep(build_config(raw), folder, n_jobs=2, quiet=True).run_dir


@pytest.fixture(scope="module", params=["generic", "wheel", "variants"])
def page(request, tmp_path_factory):
    """Load each report once; yield the browser after the load event."""
    folder = tmp_path_factory.mktemp("browser")
    run = rich_run(folder) if request.param == "generic" else _study_run(folder, request.param)
    html = generic_report(run)
    if request.param != "generic":
        assert "study" in html.split("<title>")[1].split("</title>")[0]
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
    assert len(sizes) == html.count("<figure>") >= 3
    for width, height, content_w, content_h in sizes:
        assert width > 100 and height > 50
        assert content_w > 50 and content_h > 30  # something is drawn inside


def test_screenshot_is_not_blank(page):
    browser, _, folder = page
    png = full_page_png(browser)
    (folder / "report.png").write_bytes(png)
    assert_not_blank(png)


BROKEN_WORDS = """
(() => {
  const ctx = document.createElement('canvas').getContext('2d');
  const out = [];
  for (const td of document.querySelectorAll('td.text')) {
    const cs = getComputedStyle(td);
    ctx.font = cs.font;
    const room = td.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    for (const word of td.textContent.trim().split(/\\s+/)) {
      const w = ctx.measureText(word).width;
      if (w > room + 1 && w < 250) out.push(word);  // only words a column could hold whole
    }
  }
  return out;
})()
"""


def test_table_cells_break_only_at_spaces_and_tables_fit(page):
    # Policy specs in a narrow column used to be cut mid-word ("heuristic:st / yle=explor...")
    browser, _, _ = page
    assert browser.evaluate(BROKEN_WORDS) == []
    # tables of up to 8 columns fit the page; wider ones (per-seat statistics) may scroll
    overflow = browser.evaluate(
        "Array.from(document.querySelectorAll('.table-wrap'))"
        ".filter(e => e.querySelectorAll('thead th').length <= 8)"
        ".map(e => e.scrollWidth - e.clientWidth)"
    )
    assert overflow and max(overflow) <= 1, overflow


def test_the_section_links_wrap_within_the_page(page):
    # the links used to be one unbreakable line that ran past the page's right edge
    browser, _, _ = page
    nav = "document.querySelector('nav.toc')"
    assert browser.evaluate(f"{nav}.scrollWidth - {nav}.clientWidth") <= 1
    links = f"Array.from({nav}.querySelectorAll('a'))"
    right = browser.evaluate(f"Math.max(...{links}.map(a => a.getBoundingClientRect().right))")
    assert right <= browser.evaluate(f"{nav}.getBoundingClientRect().right") + 1
