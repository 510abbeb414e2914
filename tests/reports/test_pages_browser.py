"""Every page type read in headless Chromium as a designer reads it (issue 61): the compare,
tune, feel, replay and study pages of small real runs. Each figure fits the 900-pixel window,
no table hides columns in a scroll box, every number a summary quotes is on the page outside it
(a table or a section says it too), and the compare summary never says "no balance measure
changed" beside a table row that did."""

from __future__ import annotations

import html as html_lib
import re
from pathlib import Path

import pytest

from tests.analyses.tune.helpers import tilted_raw, write_toml
from tests.conftest import run_cli
from tests.reports.cdp import (
    BROWSER_MARKS,
    FIGURE_SIZES,
    assert_not_blank,
    console_errors,
    full_page_png,
    loaded_page,
)

# slow: .ci/run runs it with the other slow acceptance tests of real runs
pytestmark = [*BROWSER_MARKS, pytest.mark.slow]

SWEEPS = Path(__file__).parents[2] / "analyses" / "sweeps"


def _study() -> str:
    """The 20-cell wheel study under the fitted players at 40 games a cell: many measures."""
    text = (SWEEPS / "rats_of_wistar_wheel_2p_fitted.toml").read_text()
    assert "games = 2000" in text and "record_actions = true" in text
    return text.replace("games = 2000", "games = 40")


OVERFLOW = (
    "Array.from(document.querySelectorAll('.table-wrap'))"
    ".map(e => [e.scrollWidth - e.clientWidth, (e.querySelector('caption') || {}).textContent])"
)


def _ok(res, what: str) -> str:
    assert res.returncode == 0, (what, res.stderr[-2000:])
    return res.stdout


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, Path]:
    """One page of every type, from small runs."""
    tmp = tmp_path_factory.mktemp("pages")
    (tmp / "study.toml").write_text(_study())
    (tmp / "a.toml").write_text('name = "shipped"\ngame = "rats_of_wistar"\n')
    (tmp / "b.toml").write_text(
        'name = "hut 3"\ngame = "rats_of_wistar"\n[params]\nhut_potions = 3\n'
    )
    out = _ok(run_cli("compare", "a.toml", "b.toml", "--study", "study.toml", "--out", "cmp",
                      "--n-jobs", "2", cwd=tmp), "compare")  # fmt: skip
    found = {"compare": tmp / out.split()[-1]}
    run = tmp / "cmp" / "runs" / "a-shipped"
    assert run.is_dir(), sorted((tmp / "cmp" / "runs").iterdir())
    _ok(run_cli("report", str(run), "--out", "rep", "--name", "study.html", cwd=tmp), "report")
    found["study"] = tmp / "rep" / "study.html"
    replay = ("replay", str(run), "--game-index", "0", "--cell", "c000", "--out", "rp")
    _ok(run_cli(*replay, cwd=tmp), "replay")
    found["replay"] = next((tmp / "rp").glob("*.html"))
    out = _ok(run_cli("feel", "--game", "ratjack", "--games", "40", "--replay-games", "4",
                      "--out", "feel", "--quiet", cwd=tmp), "feel")  # fmt: skip
    found["feel"] = Path(tmp, re.search(r"^page: (.*)$", out, re.M).group(1))
    write_toml(tmp / "tune.toml", tilted_raw(trials=8, verify_games=400))
    out = _ok(run_cli("tune", "tune.toml", "--allow-import", "--out", "tune", "--quiet",
                      cwd=tmp), "tune")  # fmt: skip
    found["tune"] = Path(tmp, re.search(r"^report: (.*)$", out, re.M).group(1))
    return found


@pytest.mark.parametrize("kind", ["compare", "study", "replay", "feel", "tune"])
def test_figures_fit_and_tables_show_every_column(pages, kind):
    path = pages[kind]
    with loaded_page(path) as browser:
        browser.evaluate("document.readyState")
        assert console_errors(browser.events) == []
        for width, height, *_ in browser.evaluate(FIGURE_SIZES):
            assert 0 < height <= 900, (kind, width, height)
        hidden = [(px, cap) for px, cap in browser.evaluate(OVERFLOW) if px > 1]
        assert hidden == [], (kind, hidden)
        png = full_page_png(browser)
    (path.parent / f"{kind}.png").write_bytes(png)
    assert_not_blank(png, min_height=600)


def test_the_compare_summary_agrees_with_its_tables(pages):
    html = pages["compare"].read_text()
    summary = re.search(r'<section class="summary".*?</section>', html, re.S).group(0)
    changed_rows = len(re.findall(r"<td[^>]*>changed</td>", html))
    if "No balance measure changed detectably" in summary:
        assert changed_rows == 0
    else:
        assert changed_rows > 0


NUMBER = re.compile(r"\d[\d,]*\.\d+")  # a number with decimals: an estimate or a bound


def _text(markup: str) -> str:
    markup = re.sub(r"<svg.*?</svg>|<style.*?</style>|<script.*?</script>", "", markup, flags=re.S)
    return html_lib.unescape(re.sub(r"<[^>]+>", " ", markup))


@pytest.mark.parametrize("kind", ["compare", "study", "feel", "tune"])
def test_every_number_in_a_summary_is_on_the_page_outside_it(pages, kind):
    """A summary restates what the sections and tables show; a number only the summary gives
    is one nobody can check against its table."""
    page = pages[kind].read_text()
    box = re.search(r'<section class="summary".*?</section>', page, re.S)
    assert box, kind
    summary = re.sub(r'<div class="caveats">.*?</div>', "", box.group(0), flags=re.S)
    quoted = set(NUMBER.findall(_text(summary)))
    assert quoted, kind  # a summary with no estimate would pass anything
    elsewhere = set(NUMBER.findall(_text(page.replace(box.group(0), ""))))
    assert sorted(quoted - elsewhere) == [], kind
