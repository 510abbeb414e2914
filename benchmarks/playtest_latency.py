"""How long a playtest move takes on the server: POST /api/act (the person's move, every bot
move up to the person's next decision, the decision logged) plus GET /api/view (the next view
drawn), through Starlette's test client, per game and bot spec; 20 games, 2 players.

    python benchmarks/playtest_latency.py
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path

from starlette.testclient import TestClient

from analyses.playtest.session import Session
from reports.playtest.app import make_app
from simcore.engine.sweep.config import build_config

GAMES = ("ratjack", "rats_of_wistar", "lord_of_worlds")
BOTS = ("heuristic", "heuristic:style=fitted")


def measure(game: str, bot: str, games: int = 20) -> list[float]:
    """Seconds per person's move (act + next view) over ``games`` games."""
    raw = {"name": "lat", "game": game, "players": 2, "games": games, "seed": 1,
           "policies": ["human", bot], "record_actions": True, "seat_rotation": False}  # fmt: skip
    with tempfile.TemporaryDirectory() as tmp:
        session = Session(build_config(raw, source="bench"), Path(tmp))
        client, rng, times = TestClient(make_app(session, "t")[0]), random.Random(1), []
        view = client.get("/api/view?t=t&seat=0&c=b").json()
        while not view.get("over"):
            move = {"seat": 0, "action": rng.choice(view["legal"])["action"],
                    "step": view["step"], "c": "b"}  # fmt: skip
            start = time.perf_counter()
            client.post("/api/act?t=t", json=move)
            while (status := client.get("/api/status?t=t").json())["busy"]:
                time.sleep(0.001)  # the bots move on a thread: the page polls like this
            if status["over"]:
                break
            view = client.get("/api/view?t=t&seat=0&c=b").json()
            times.append(time.perf_counter() - start)
        session.flush()
    return times


def main() -> None:
    """Print median and worst latency per game and bot."""
    for game in GAMES:
        for bot in BOTS:
            t = measure(game, bot)
            median, worst = 1000 * statistics.median(t), 1000 * max(t)
            print(f"{game:15s} {bot:24s} moves {len(t):5d}  median {median:6.1f} ms  "
                  f"worst {worst:6.1f} ms")  # fmt: skip


if __name__ == "__main__":
    main()
