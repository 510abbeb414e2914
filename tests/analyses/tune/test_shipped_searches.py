"""Every shipped tune file (``analyses/tune/searches/``) loads, and docs/tune.md runs each one."""

from __future__ import annotations

from pathlib import Path

import pytest

from analyses.tune.config import load_tune

ROOT = Path(__file__).resolve().parents[3]
SEARCHES = sorted((ROOT / "analyses" / "tune" / "searches").glob("*.toml"))


@pytest.mark.parametrize("path", SEARCHES, ids=lambda p: p.name)
def test_shipped_search_loads_and_is_documented(path: Path) -> None:
    tc = load_tune(path)  # a bad file raises ConfigError naming the problem
    assert tc.trials >= 1 and tc.space
    assert f"analyses/tune/searches/{path.name}" in (ROOT / "docs" / "tune.md").read_text()


def test_docs_count_the_shipped_searches() -> None:
    words = [
        "One",
        "Two",
        "Three",
        "Four",
        "Five",
        "Six",
        "Seven",
        "Eight",
        "Nine",
        "Ten",
        "Eleven",
        "Twelve",
        "Thirteen",
        "Fourteen",
    ]
    text = (ROOT / "docs" / "tune.md").read_text()
    assert f"{words[len(SEARCHES) - 1]} tune files ship" in text
