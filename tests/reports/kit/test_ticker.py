"""A long step says it is still running every few seconds (``reports.kit.ticker``)."""

from __future__ import annotations

import itertools
import time

from reports.kit.ticker import ticking


def test_a_long_step_ticks_and_stops_ticking_when_it_ends():
    # Waits for the ticks rather than sleeping a fixed time: a loaded machine only delays them
    lines: list[str] = []
    stamps: list[float] = []

    def say(line: str) -> None:
        stamps.append(time.perf_counter())
        lines.append(line)

    with ticking(say, "writing report 1/1: x", every=0.2):
        deadline = time.monotonic() + 60
        while len(lines) < 4 and time.monotonic() < deadline:
            time.sleep(0.01)
    ended = len(lines)
    time.sleep(0.5)
    assert lines[0] == "writing report 1/1: x"
    ticks = lines[1:]
    assert len(ticks) >= 3, lines
    assert all(t.startswith("  ... still writing report 1/1: x (") for t in ticks)
    # never more often than asked (a tick may come late, not early)
    assert all(b - a >= 0.19 for a, b in itertools.pairwise(stamps)), stamps
    assert len(lines) == ended  # no tick after the step


def test_a_quiet_run_says_nothing():
    with ticking(None, "anything", every=0.05):
        time.sleep(0.2)  # nothing to assert but that no one was called: say is None
