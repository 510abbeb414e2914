"""Open a generated report in headless Chromium: no console errors, no network, figures drawn."""

from __future__ import annotations

import base64
import io
import os

import numpy as np
import pytest

from reports.build import generic_report, write_report
from tests.reports.cdp import Browser, chromium_path
from tests.reports.test_build import rich_run

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(chromium_path() is None, reason="headless Chromium not installed"),
]

FIGURE_SIZES = """
Array.from(document.querySelectorAll('figure svg')).map(e => {
  const r = e.getBoundingClientRect(); const b = e.getBBox();
  return [r.width, r.height, b.width, b.height];
})
"""


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    """Load the report once; yield the browser after the load event."""
    folder = tmp_path_factory.mktemp("browser")
    html = generic_report(rich_run(folder))
    path = write_report(html, folder / "report.html")
    browser = Browser()
    try:
        for domain in ("Runtime", "Log", "Network", "Page"):
            browser.call(f"{domain}.enable")
        browser.call("Page.navigate", url=path.resolve().as_uri())
        browser.wait_for("Page.loadEventFired")
        yield browser, html, folder
    finally:
        browser.close()


def _errors(events):
    out = []
    for e in events:
        method, params = e.get("method"), e.get("params", {})
        if method == "Runtime.exceptionThrown":
            out.append(params["exceptionDetails"].get("text"))
        elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            out.append(str(params.get("args")))
        elif method == "Log.entryAdded" and params["entry"].get("level") == "error":
            out.append(params["entry"].get("text"))
    return out


def test_no_console_errors(page):
    browser, _, _ = page
    browser.evaluate("document.readyState")  # flush events that arrived after load
    assert _errors(browser.events) == []


def test_no_network_requests_beyond_the_file(page):
    browser, _, _ = page
    urls = [
        e["params"]["request"]["url"]
        for e in browser.events
        if e.get("method") == "Network.requestWillBeSent"
    ]
    assert urls and all(u.startswith("file://") for u in urls), urls


def test_every_figure_is_rendered(page):
    browser, html, _ = page
    sizes = browser.evaluate(FIGURE_SIZES)
    assert len(sizes) == html.count("<figure>") >= 6
    for width, height, content_w, content_h in sizes:
        assert width > 100 and height > 50
        assert content_w > 50 and content_h > 30  # something is drawn inside


def test_screenshot_is_not_blank(page):
    from PIL import Image

    browser, _, folder = page
    metrics = browser.call("Page.getLayoutMetrics")["cssContentSize"]
    shot = browser.call(
        "Page.captureScreenshot",
        format="png",
        captureBeyondViewport=True,
        clip={"x": 0, "y": 0, "width": 1200, "height": metrics["height"], "scale": 1},
    )
    data = base64.b64decode(shot["data"])
    (folder / "report.png").write_bytes(data)
    if os.environ.get("BOARDLAB_SCREENSHOT"):  # keep a copy to look at by eye
        with open(os.environ["BOARDLAB_SCREENSHOT"], "wb") as fh:
            fh.write(data)
    image = np.asarray(Image.open(io.BytesIO(data)).convert("RGB"))
    assert image.shape[0] > 2000  # the whole page, not just the viewport
    assert image.std() > 10
    packed = image[..., 0].astype(np.int32) << 16 | image[..., 1].astype(np.int32) << 8
    colours = np.unique(packed | image[..., 2])
    assert len(colours) > 50
