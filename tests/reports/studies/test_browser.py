"""Open generated reports in headless Chromium (the generic report on synthetic data, the
wheel-section and scoring-variant studies on small real runs): no console errors, no network,
figures drawn, a non-blank page."""

from __future__ import annotations

import re

import pytest

from reports.studies.build import generic_report, write_report
from tests.reports.cdp import (
    BROWSER_MARKS,
    FIGURE_SIZES,
    assert_not_blank,
    console_errors,
    full_page_png,
    loaded_page,
    requested_urls,
)
from tests.reports.studies.test_build import rich_run

pytestmark = BROWSER_MARKS


def _study_run(folder, kind: str):
    from simcore.engine.sweep.config import build_config
    from simcore.engine.sweep.sweep import run_sweep

    if kind == "wheel":
        raw = {
            "name": "wheel",
            "game": "rats_of_wistar",
            "players": 2,
            "games": 30,
            "seed": 3,
            "policies": ["heuristic", "heuristic"],
            "record_actions": True,
            "grid": {
                "policies": [
                    ["heuristic", "heuristic"],
                    ["heuristic:forbid=place/S1", "heuristic"],
                    ["heuristic:forbid=place/S3", "heuristic"],
                    ["heuristic:forbid=place/S5", "heuristic"],
                    ["heuristic:forbid=place/hut@round1-2", "heuristic"],
                ]
            },
        }
    else:  # value sets are off in the standard variant: two cells play the same games
        raw = {
            "name": "variants",
            "game": "lord_of_worlds",
            "players": 2,
            "games": 30,
            "seed": 3,
            "policies": ["heuristic", "heuristic"],
            "grid": {
                "variant": ["standard", "strategic"],
                "value_set_table": ["linear15", "doubling"],
            },
        }
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


SORT_AND_FILTER = """
(() => {
  const tables = Array.from(document.querySelectorAll('table.data'))
    .filter(t => t.tHead.querySelector('th.num'));
  const t = tables.find(t => t.tBodies[0].rows.length > 8) ||
    tables.sort((a, b) => b.tBodies[0].rows.length - a.tBodies[0].rows.length)[0];
  const heads = Array.from(t.tHead.rows[0].cells);
  const col = heads.findIndex(th => th.classList.contains('num'));
  const th = heads[col];
  const read = () => Array.from(t.tBodies[0].rows).map(r => r.cells[col].textContent.trim());
  th.click(); const up = read(); const sortUp = th.getAttribute('aria-sort');
  th.click(); const down = read(); const sortDown = th.getAttribute('aria-sort');
  const input = t.parentNode.querySelector('input.filter');
  const word = t.tBodies[0].rows[0].cells[0].textContent.trim().split(/\\s+/)[0];
  if (input) { input.value = word; input.dispatchEvent(new Event('input')); }
  const rows = Array.from(t.tBodies[0].rows);
  return {up, down, sortUp, sortDown, word, hasFilter: !!input,
          shown: rows.filter(r => !r.hidden).map(r => r.textContent),
          hidden: rows.filter(r => r.hidden).map(r => r.textContent)};
})()
"""


def _number(text: str) -> float | None:
    m = re.match(r"^[<>±]?\s*([+-]?\d[\d,]*\.?\d*)", text.replace("\u2212", "-"))
    return float(m.group(1).replace(",", "")) if m else None


def test_tables_sort_by_a_click_and_filter_by_words(page):
    # issue 48 §3: sortable, filterable tables, no network (a small inline script)
    browser, html, _ = page
    got = browser.evaluate(SORT_AND_FILTER)
    up = [x for x in map(_number, got["up"]) if x is not None]
    down = [x for x in map(_number, got["down"]) if x is not None]
    assert len(up) > 1 and up == sorted(up) and down == sorted(down, reverse=True)
    assert (got["sortUp"], got["sortDown"]) == ("ascending", "descending")
    if "wheel-section study" in html:
        assert got["hasFilter"] and len(up) > 8  # "By section and round": 35 rows
    if got["hasFilter"]:  # tables longer than 8 rows
        assert got["shown"] and all(got["word"].lower() in r.lower() for r in got["shown"])
        assert all(got["word"].lower() not in r.lower() for r in got["hidden"])


def test_every_figure_fits_one_screen_and_the_page_ends_with_a_glossary(page):
    browser, html, _ = page
    heights = [h for _, h, _, _ in browser.evaluate(FIGURE_SIZES)]
    assert heights and max(heights) <= 900, heights  # the window is 900 pixels tall
    assert 'id="glossary"' in html and "<dt>Holm correction</dt>" in html
    order = [html.index(f'id="{s}"') for s in ("summary", "method", "glossary", "provenance")]
    assert order == sorted(order)


def test_the_wheel_study_draws_the_wheel_and_merged_cells_are_said_once(page):
    _, html, _ = page
    if "wheel-section study" in html:
        assert 'aria-label="The wheel: each sector coloured by' in html
        assert "the Alchemist&#39;s hut (gain 1 potion and 1 move token)" in html
    elif "scoring-variant study" in html:
        assert html.count("plays exactly the same games whenever variant=standard") == 1
        assert "variant=standard · value_set_table=doubling" not in html
