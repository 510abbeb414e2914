"""The rules reference docs/rules/lord_of_worlds.md matches the parameters and the content."""

from __future__ import annotations

from pathlib import Path

from simcore.core import rules_doc
from simcore.games.lord_of_worlds import reference

DOC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "lord_of_worlds.md"


def _hand_written(text: str) -> str:
    """The doc without its generated blocks, whitespace collapsed."""
    return " ".join(rules_doc.GENERATED.sub("", text).split())


def test_every_assumption_is_described_with_its_default():
    prose = _hand_written(DOC.read_text(encoding="utf-8"))
    defaults = reference.REFERENCE.parameter_defaults()
    for name in reference.REFERENCE.assumption_names():
        shown = defaults[name].strip('"')
        assert f"**[A]** `{name}` (default `{shown}`)" in prose, name
