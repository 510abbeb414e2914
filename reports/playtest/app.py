"""The local web app of ``boardlab playtest`` (Starlette): a page and a small JSON API.

Every request carries the session's random token (``?t=``); a wrong one is refused. The
server sends a seat's view only to a request for the seat whose decision is awaited, and only
what that seat sees (``Game.seat_view``): the browser never receives hidden information. A
seat is held by the first browser tab that asks for it; another tab acting for it is refused,
as is a move that is not legal or was already taken; a refused move records nothing.
"""

from __future__ import annotations

import secrets
import threading
import time
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from analyses.playtest.session import RefusedAction, Session
from reports.playtest.page import page_html
from reports.replay.draw import draw_view


def make_app(session: Session, token: str | None = None) -> tuple[Starlette, str]:
    """The app serving ``session`` and the token every request must carry."""
    token = token or secrets.token_urlsafe(16)
    lock = threading.Lock()  # one move at a time: the session is not shared state otherwise
    holders: dict[int, str] = {}  # seat -> the browser tab (client id) playing it
    # While the bots move (on a thread, holding the lock), status answers from ``busy`` and
    # ``session.thinking`` without the lock, so the page can show their progress.
    busy = threading.Event()
    failures: list[str] = []

    def run_bots() -> None:
        try:
            with lock:
                session.advance()
        except Exception as exc:  # the page says it; the log keeps every move made
            failures.append(f"{type(exc).__name__}: {exc}")
        finally:
            busy.clear()

    def refused(status: int, message: str) -> JSONResponse:
        return JSONResponse({"error": message}, status_code=status)

    def checked(request: Request) -> JSONResponse | None:
        if not secrets.compare_digest(request.query_params.get("t", ""), token):
            return refused(403, "wrong or missing token: open the address boardlab printed")
        return None

    async def page(request: Request) -> Response:
        if checked(request) is not None:  # a person reads this one: a page, not JSON
            return HTMLResponse(
                "<p>Wrong or missing token: open the address <code>boardlab playtest</code> "
                "printed (it changes each time the server starts).</p>",
                status_code=403,
            )
        return HTMLResponse(page_html(session))

    async def status(request: Request) -> Response:
        if (bad := checked(request)) is not None:
            return bad
        if failures:
            return refused(500, f"the bots' moves failed ({failures[0]}); resume with --resume")
        if busy.is_set():
            return JSONResponse(_thinking(session))
        with lock:
            return JSONResponse({**_status(session), "busy": False})

    async def view(request: Request) -> Response:
        if (bad := checked(request)) is not None:
            return bad
        seat, client = _int(request.query_params.get("seat")), request.query_params.get("c", "")
        if busy.is_set():
            return refused(400, "the other seats are still moving")
        with lock:
            if seat is None or seat != session.to_act() or seat not in session.humans:
                return refused(400, "that seat has no decision to take now")
            if request.query_params.get("take") == "1":  # the person moved to this tab
                holders[seat] = client
            if holders.setdefault(seat, client) != client:
                return refused(409, f"seat {seat} is played in another browser tab")
            return JSONResponse(_view(session, seat))

    async def act(request: Request) -> Response:
        if (bad := checked(request)) is not None:
            return bad
        try:
            body = await request.json()
        except ValueError:
            return refused(400, "the move must be JSON: {seat, action, step, c}")
        seat, action, step = (_int(body.get(k)) for k in ("seat", "action", "step"))
        if seat is None or action is None or step is None:
            return refused(400, "the move needs whole numbers seat, action and step")
        if busy.is_set():
            return refused(400, "the other seats are still moving")
        with lock:
            if holders.get(seat) != body.get("c"):
                return refused(409, f"seat {seat} is played in another browser tab")
            try:
                session.act(seat, action, step, advance=False)
            except RefusedAction as exc:
                return refused(400, str(exc))
            busy.set()
        threading.Thread(target=run_bots, name="bots", daemon=True).start()
        return JSONResponse({"busy": True})

    async def no_icon(request: Request) -> Response:
        return Response(status_code=204)

    app = Starlette(
        routes=[
            Route("/", page),
            Route("/favicon.ico", no_icon),
            Route("/api/status", status),
            Route("/api/view", view),
            Route("/api/act", act, methods=["POST"]),
        ]
    )
    return app, token


def _int(value: Any) -> int | None:
    """A whole number from a request, or None (a forged "1.5" or "x" is not one)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.lstrip("-").isdigit():
        return int(value)
    return None


def _thinking(session: Session) -> dict[str, Any]:
    """While the bots move: which seat thinks, for how long, and the bot moves made."""
    now = session.thinking
    if now is None:
        return {"busy": True, "thinking": None}
    return {
        "busy": True,
        "thinking": {
            "seat": now["seat"],
            "spec": session.cfg.policies[now["seat"]],
            "seconds": round(time.monotonic() - now["since"], 1),
            "moves": now["moves"],
        },
    }


def _status(session: Session) -> dict[str, Any]:
    """Whose decision is awaited and how far the session is; no seat's view."""
    seat = session.to_act()
    return {
        "game": session.index,
        "games": session.cfg.games,
        "to_act": seat,
        "human": seat in session.humans,
        "over": session.over,
        "step": session.step,
        "seats": list(session.cfg.policies),
        "humans": session.humans,
        "results": session.results,
        "saving": any(not w.done() for w in session.writes),
        "run": str(session.run_dir),
    }


def _view(session: Session, seat: int) -> dict[str, Any]:
    """The awaited seat's view, its legal moves and the bots' moves since, as it saw them."""
    picture, text = draw_view(session.view(seat))
    moves = []
    for move in session.moves.get(seat, []):
        pic, txt = draw_view(move.view)
        moves.append({"seat": move.seat, "label": move.label, "html": pic + txt})
    return {
        **_status(session),
        "seat": seat,
        "html": picture + text,
        "legal": [{"action": a, "label": label} for a, label in session.legal(seat)],
        "moves": moves,
    }
