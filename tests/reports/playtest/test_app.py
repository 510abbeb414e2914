"""The playtest web app through Starlette's test client: the token on every request, refusals
that record nothing, a seat held by one browser tab, and views that never carry what the
seat has not seen (only its own ``Game.seat_view``)."""

from __future__ import annotations

import random
import time

import pytest
from starlette.testclient import TestClient

from analyses.playtest.session import LOG, RUNS, Session
from reports.playtest.app import make_app
from reports.replay.draw import draw_view
from simcore.engine.sweep.config import build_config

TOKEN = "test-token"


def _client(tmp_path, game="ratjack", seats=("human", "heuristic"), games=1):
    raw = {"name": "pt", "game": game, "players": len(seats), "games": games, "seed": 5,
           "policies": list(seats), "record_actions": True, "seat_rotation": False}  # fmt: skip
    session = Session(build_config(raw, source="test"), tmp_path)
    app, _ = make_app(session, TOKEN)
    return TestClient(app), session


def _settled(client) -> dict:
    """The status once the bots have moved (they move on a thread after a person's move)."""
    for _ in range(2000):
        status = client.get(f"/api/status?t={TOKEN}").json()
        if not status["busy"]:
            return status
        time.sleep(0.01)
    raise AssertionError("the bots never finished")


def _log(tmp_path) -> str:
    path = tmp_path / RUNS / "pt" / LOG
    return path.read_text() if path.exists() else ""


def test_every_request_needs_the_token(tmp_path):
    client, _ = _client(tmp_path)
    for url in ("/", "/?t=wrong"):  # the page a person opens: words, not JSON
        res = client.get(url)
        assert res.status_code == 403 and "Wrong or missing token" in res.text, url
    for url in ("/api/status", "/api/status?t=", "/api/view?seat=0&t=x"):
        res = client.get(url)
        assert res.status_code == 403, url
        assert "token" in res.json()["error"]
    res = client.post("/api/act?t=wrong", json={"seat": 0, "action": 0, "step": 0, "c": "x"})
    assert res.status_code == 403
    assert client.get(f"/?t={TOKEN}").status_code == 200


def test_forged_out_of_range_and_stale_moves_are_refused_and_record_nothing(tmp_path):
    client, session = _client(tmp_path)
    seat = client.get(f"/api/status?t={TOKEN}").json()["to_act"]
    view = client.get(f"/api/view?t={TOKEN}&seat={seat}&c=tab1").json()
    before = _log(tmp_path)
    legal = [m["action"] for m in view["legal"]]
    for body in (
        {"seat": seat, "action": max(legal) + 99, "step": view["step"], "c": "tab1"},
        {"seat": seat, "action": "1.5", "step": view["step"], "c": "tab1"},
        {"seat": seat, "action": legal[0], "step": view["step"] + 1, "c": "tab1"},
        {"seat": 1 - seat, "action": legal[0], "step": view["step"], "c": "tab1"},
    ):
        res = client.post(f"/api/act?t={TOKEN}", json=body)
        assert res.status_code in (400, 409), body
        assert res.json()["error"], body
    assert client.post(f"/api/act?t={TOKEN}", content=b"not json").status_code == 400
    assert _log(tmp_path) == before and session.step == view["step"]


def test_a_second_tab_cannot_act_for_a_held_seat(tmp_path):
    client, _ = _client(tmp_path)
    seat = client.get(f"/api/status?t={TOKEN}").json()["to_act"]
    view = client.get(f"/api/view?t={TOKEN}&seat={seat}&c=tab1").json()
    assert client.get(f"/api/view?t={TOKEN}&seat={seat}&c=tab2").status_code == 409
    move = {"seat": seat, "action": view["legal"][0]["action"], "step": view["step"]}
    res = client.post(f"/api/act?t={TOKEN}", json={**move, "c": "tab2"})
    assert res.status_code == 409 and "another browser tab" in res.json()["error"]
    # the person moves to the second tab on purpose: it plays, the first is refused
    assert client.get(f"/api/view?t={TOKEN}&seat={seat}&c=tab2&take=1").status_code == 200
    assert client.post(f"/api/act?t={TOKEN}", json={**move, "c": "tab1"}).status_code == 409
    assert client.post(f"/api/act?t={TOKEN}", json={**move, "c": "tab2"}).status_code == 200
    _settled(client)


def _same_in_every_world(session: Session, seat: int, shown: str) -> bool:
    """Whether the page is the same drawn from worlds sampled from the seat's own view (its
    hidden cards and deck dealt anew): it then carries nothing the seat has not seen."""
    for k in range(3):
        world = session.state.determinize(seat, random.Random(k))
        if "".join(draw_view(session.game.seat_view(world, seat))) != shown:
            return False
    return True


@pytest.mark.parametrize("game", ["ratjack", "rats_of_wistar", "lord_of_worlds"])
def test_a_whole_game_through_the_api_shows_only_the_seats_own_view(tmp_path, game):
    client, session = _client(tmp_path, game)
    steps = 0
    while not (status := _settled(client))["over"]:
        seat = status["to_act"]
        res = client.get(f"/api/view?t={TOKEN}&seat={seat}&c=tab1")
        view = res.json()
        # exactly the seat's own observation, drawn; nothing a reveal would add
        assert view["html"] == "".join(draw_view(session.view(seat)))
        assert _same_in_every_world(session, seat, view["html"])
        assert [m["label"] for m in view["legal"]] == [lab for _, lab in session.legal(seat)]
        action = view["legal"][steps % len(view["legal"])]["action"]
        move = {"seat": seat, "action": action, "step": view["step"], "c": "tab1"}
        res = client.post(f"/api/act?t={TOKEN}", json=move)
        assert res.status_code == 200 and res.json() == {"busy": True}, res.text
        steps += 1
    session.flush()
    assert status["results"] and (tmp_path / "runs" / "pt" / "manifest.json").exists()


def test_a_slow_bot_shows_who_thinks_and_for_how_long(tmp_path, monkeypatch):
    """While the bots move the page can ask: which seat thinks, its seconds, its moves so far;
    a view or a move meanwhile is refused."""
    client, session = _client(tmp_path)
    bot = session.bots[1]
    slow_act = bot.act

    def slow(state, rng):
        time.sleep(0.3)
        return slow_act(state, rng)

    monkeypatch.setattr(bot, "act", slow)
    seat = _settled(client)["to_act"]
    view = client.get(f"/api/view?t={TOKEN}&seat={seat}&c=tab1").json()
    move = {"seat": seat, "action": view["legal"][0]["action"], "step": view["step"], "c": "tab1"}
    assert client.post(f"/api/act?t={TOKEN}", json=move).json() == {"busy": True}
    time.sleep(0.1)
    status = client.get(f"/api/status?t={TOKEN}").json()
    if status["busy"]:  # the bot has the move (unless the person's move ended its turn)
        assert status["thinking"]["spec"] == "heuristic" and status["thinking"]["seconds"] >= 0
        assert client.get(f"/api/view?t={TOKEN}&seat={seat}&c=tab1").status_code == 400
    assert not _settled(client)["busy"]
