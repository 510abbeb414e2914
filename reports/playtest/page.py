"""The play page of ``boardlab playtest``: the awaited seat's view, its moves as buttons, the
other seats' moves since its last decision one at a time, and a "pass to seat N" screen
between people sharing the screen. Everything it shows comes from the server per request."""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

from simcore.core.registry import display_name

TEMPLATES = Path(__file__).parent / "templates"


def page_html(session: Any) -> str:
    """The whole page; the data comes from the API as the game goes on."""
    title = f"Playtest: {display_name(session.cfg.game)}, {session.cfg.players} players"
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>
<style>{(TEMPLATES / "play.css").read_text()}</style></head><body>
<h1>{escape(title)}</h1>
<p id="progress"></p><p id="thinking"></p><p id="error" role="alert"></p>
<div id="pass" hidden><p>Pass the screen to <span id="passto" class="seat"></span>.</p>
<button id="passbtn">I am that seat: show my view</button></div>
<div id="play" hidden><h2 id="who" class="seat"></h2><div id="moves"></div>
<div id="view"></div><div id="legal"></div></div>
<div id="results"></div>
<script>{(TEMPLATES / "play.js").read_text()}</script></body></html>"""
