"""The golden trace (one seeded 3-player game) and the trace/render hooks."""

from __future__ import annotations

from simcore.games.ratjack import Ratjack
from tests.games.ratjack.make_golden_trace import GOLDEN, golden_lines


def test_golden_trace_unchanged():
    expected = GOLDEN.read_text().splitlines()
    actual = golden_lines()
    for i, (a, b) in enumerate(zip(actual, expected, strict=False)):
        assert a == b, f"line {i + 1} differs:\n  got      {a}\n  expected {b}"
    assert len(actual) == len(expected)


def test_trace_mentions_everything_the_spec_asks_for():
    text = "\n".join(golden_lines())
    for needle in ("draws", "face up", "resolve ", "chips show", "values ", "VP", "round 2"):
        assert needle in text


def test_trace_off_by_default_and_render():
    s = Ratjack().new_state(2, 5)
    assert s.trace is None and s.trace_lines() == []
    s.enable_trace()
    assert any("is dealt" in line for line in s.trace_lines())
    assert "seat 0" in s.render() and "deck" in s.render()
