"""A long step says it is still running every few seconds (``reports.kit.ticker``)."""

from __future__ import annotations

import time

from reports.kit.ticker import ticking


def test_a_long_step_ticks_and_stops_ticking_when_it_ends():
    lines: list[str] = []
    with ticking(lines.append, "writing report 1/1: x", every=0.2):
        time.sleep(0.9)
    ended = len(lines)
    time.sleep(0.5)
    assert lines[0] == "writing report 1/1: x"
    ticks = lines[1:]
    assert 3 <= len(ticks) <= 5, lines  # about every 0.2 s of 0.9 s
    assert all(t.startswith("  ... still writing report 1/1: x (") for t in ticks)
    assert len(lines) == ended  # no tick after the step


def test_a_quiet_run_says_nothing():
    with ticking(None, "anything", every=0.05):
        time.sleep(0.2)  # nothing to assert but that no one was called: say is None
