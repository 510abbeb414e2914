"""A measure without a finding says its own interval and the family-wide bound apart, and
why an own interval that leaves out zero is still no finding (a designer read "at most ±9.2"
beside "-3.4 to +4.9" as a contradiction)."""

from __future__ import annotations

from reports.compare.page import change_sentence

ROW = {
    "key": "first:c000",
    "what": "first player's win share",
    "unit": "share",
    "mean_a": 0.408,
    "mean_b": 0.416,
    "diff": 0.008,
    "lo": -0.034,
    "hi": 0.049,
    "p_holm": 1.0,
    "significant": False,
    "bound": 0.092,
    "fixed": False,
    "headline": True,
}


def test_no_change_gives_its_own_interval_and_the_bound_over_all_measures():
    words = change_sentence(ROW, "“A”", "“B”", sequential=False)
    assert "no change found (95% interval -3.4 to +4.9 points, Holm-adjusted p = 1.000)" in words
    assert "with all the measures taken together, “B” changes it by at most ±9.2 points" in words


def test_an_own_interval_without_zero_says_why_it_is_no_finding():
    row = {**ROW, "unit": "score", "what": "score from viewpoint", "mean_a": 8.0,
           "mean_b": 7.78, "diff": -0.22, "lo": -0.42, "hi": -0.01, "p_holm": 0.451,
           "bound": 0.53}  # fmt: skip
    words = change_sentence(row, "“A”", "“B”", sequential=False)
    assert (
        "its own 95% interval (-0.42 to -0.01) leaves out zero, but the change is not clear"
        in words
    )
    assert "(Holm-adjusted p = 0.451)" in words and "at most ±0.53" in words
    assert "no change found" not in words
