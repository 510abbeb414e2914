"""A minimal Chrome DevTools Protocol client over a standard-library websocket.

Enough to open a page in headless Chromium, collect console errors and network requests,
evaluate JavaScript and take a screenshot — without extra dependencies or downloads.
"""

from __future__ import annotations

import base64
import contextlib
import io
import json
import os
import re
import shutil
import socket
import struct
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
    "--window-size=1200,900",
    "--remote-debugging-port=0",
]


def chromium_path() -> str | None:
    """The Chromium binary, or None when it is not installed."""
    if os.access(CHROMIUM, os.X_OK):
        return CHROMIUM
    return shutil.which("chromium") or shutil.which("chromium-browser")


BROWSER_MARKS = [  # every browser test module: ``pytestmark = BROWSER_MARKS``
    pytest.mark.browser,
    pytest.mark.skipif(chromium_path() is None, reason="headless Chromium not installed"),
]


class WebSocket:
    """Client side of RFC 6455: masked text frames out, (fragmented) frames in."""

    def __init__(self, url: str, timeout: float = 30.0) -> None:
        m = re.match(r"ws://([^:/]+):(\d+)(/.*)", url)
        if not m:
            raise ValueError(f"unsupported websocket url {url}")
        host, port, path = m.group(1), int(m.group(2)), m.group(3)
        self.sock = socket.create_connection((host, port), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (
            f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        self.sock.sendall(request.encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(1)
            if not chunk:
                raise ConnectionError("websocket handshake: connection closed")
            head += chunk
        if b" 101 " not in head.split(b"\r\n", 1)[0]:
            raise ConnectionError(f"websocket handshake refused: {head[:200]!r}")

    def send(self, text: str) -> None:
        """Send one masked text frame."""
        data = text.encode()
        header = bytearray([0x81])
        n = len(data)
        if n < 126:
            header.append(0x80 | n)
        elif n < 1 << 16:
            header += bytes([0x80 | 126]) + struct.pack(">H", n)
        else:
            header += bytes([0x80 | 127]) + struct.pack(">Q", n)
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(data))
        self.sock.sendall(bytes(header) + mask + masked)

    def _exact(self, n: int) -> bytes:
        buf = bytearray()
        while len(buf) < n:
            chunk = self.sock.recv(n - len(buf))
            if not chunk:
                raise ConnectionError("websocket closed")
            buf += chunk
        return bytes(buf)

    def recv(self) -> str:
        """Receive one whole text message (joining continuation frames)."""
        parts = []
        while True:
            b0, b1 = self._exact(2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._exact(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._exact(8))[0]
            payload = self._exact(n)
            opcode = b0 & 0x0F
            if opcode == 0x8:
                raise ConnectionError("websocket closed by peer")
            if opcode in (0x9, 0xA):  # ping/pong: not used by DevTools in practice
                continue
            parts.append(payload)
            if b0 & 0x80:
                return b"".join(parts).decode()

    def close(self) -> None:
        """Close the socket."""
        self.sock.close()


class Browser:
    """Headless Chromium with one page, driven over the DevTools protocol."""

    def __init__(self, timeout: float = 30.0) -> None:
        binary = chromium_path()
        if binary is None:
            raise FileNotFoundError("chromium not installed")
        self.profile = tempfile.mkdtemp(prefix="boardlab-chromium-")
        self.proc = subprocess.Popen(
            [binary, *FLAGS, f"--user-data-dir={self.profile}", "about:blank"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.timeout = timeout
        self.events: list[dict[str, Any]] = []
        self._id = 0
        self.ws: WebSocket | None = None
        try:
            self.ws = WebSocket(self._page_url(self._devtools_port()), timeout)
        except BaseException:
            self.close()  # never leave the browser we started running
            raise

    def _devtools_port(self) -> int:
        # Chromium writes the chosen port to DevToolsActivePort in the profile directory.
        marker = Path(self.profile) / "DevToolsActivePort"
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:
            if marker.exists() and marker.read_text().strip():
                return int(marker.read_text().split()[0])
            if self.proc.poll() is not None:
                raise RuntimeError(f"chromium exited: {self.proc.stderr.read()[-2000:]}")
            time.sleep(0.05)
        raise TimeoutError("chromium did not open its DevTools port")

    def _page_url(self, port: int) -> str:
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:
            url = f"http://127.0.0.1:{port}/json/list"  # local DevTools endpoint only
            with urllib.request.urlopen(url, timeout=5) as r:
                pages = [t for t in json.load(r) if t.get("type") == "page"]
            if pages:
                return pages[0]["webSocketDebuggerUrl"]
            time.sleep(0.05)
        raise TimeoutError("no page target")

    def call(self, method: str, **params: Any) -> dict[str, Any]:
        """Send a command and return its result; events that arrive meanwhile are kept."""
        self._id += 1
        self.ws.send(json.dumps({"id": self._id, "method": method, "params": params}))
        while True:
            msg = json.loads(self.ws.recv())
            if msg.get("id") == self._id:
                if "error" in msg:
                    raise RuntimeError(f"{method}: {msg['error']}")
                return msg.get("result", {})
            self.events.append(msg)

    def wait_for(self, event: str) -> dict[str, Any]:
        """Block until ``event`` arrives (or was already received) and return it."""
        for msg in self.events:
            if msg.get("method") == event:
                return msg
        while True:
            msg = json.loads(self.ws.recv())
            self.events.append(msg)
            if msg.get("method") == event:
                return msg

    def evaluate(self, expression: str) -> Any:
        """Evaluate JavaScript in the page and return the JSON value."""
        res = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in res:
            raise RuntimeError(f"evaluate failed: {res['exceptionDetails']}")
        return res["result"].get("value")

    def close(self) -> None:
        """Stop Chromium (only the process this object started) and remove its profile."""
        try:
            if self.ws is not None:
                self.ws.close()
        finally:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
            shutil.rmtree(self.profile, ignore_errors=True)


FIGURE_SIZES = """
Array.from(document.querySelectorAll('figure svg')).map(e => {
  const r = e.getBoundingClientRect(); const b = e.getBBox();
  return [r.width, r.height, b.width, b.height];
})
"""


@contextlib.contextmanager
def loaded_page(path: Path) -> Iterator[Browser]:
    """A browser with ``path`` loaded and console, log and network events recorded."""
    browser = Browser()
    try:
        for domain in ("Runtime", "Log", "Network", "Page"):
            browser.call(f"{domain}.enable")
        browser.call("Page.navigate", url=path.resolve().as_uri())
        browser.wait_for("Page.loadEventFired")
        yield browser
    finally:
        browser.close()


def console_errors(events: list[dict[str, Any]]) -> list[str]:
    """Exceptions, console errors and error log entries among the recorded events."""
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


def requested_urls(events: list[dict[str, Any]]) -> list[str]:
    """URLs the page requested."""
    return [
        e["params"]["request"]["url"]
        for e in events
        if e.get("method") == "Network.requestWillBeSent"
    ]


def full_page_png(browser: Browser, width: int = 1200) -> bytes:
    """A PNG screenshot of the whole page (also saved to $BOARDLAB_SCREENSHOT if set)."""
    height = browser.call("Page.getLayoutMetrics")["cssContentSize"]["height"]
    shot = browser.call(
        "Page.captureScreenshot",
        format="png",
        captureBeyondViewport=True,
        clip={"x": 0, "y": 0, "width": width, "height": height, "scale": 1},
    )
    data = base64.b64decode(shot["data"])
    if os.environ.get("BOARDLAB_SCREENSHOT"):  # keep a copy to look at by eye
        Path(os.environ["BOARDLAB_SCREENSHOT"]).write_bytes(data)
    return data


def assert_not_blank(png: bytes, min_height: int = 2000) -> None:
    """The screenshot covers the page and shows varied content, not one flat colour."""
    import numpy as np
    from PIL import Image

    image = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))
    assert image.shape[0] > min_height  # the whole page, not just the viewport
    assert image.std() > 10
    packed = image[..., 0].astype(np.int32) << 16 | image[..., 1].astype(np.int32) << 8
    assert len(np.unique(packed | image[..., 2])) > 50
