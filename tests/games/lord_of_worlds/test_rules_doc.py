"""The rules reference docs/rules/lord_of_worlds.md matches the parameters and the content."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from simcore.errors import ContentError
from simcore.games.lord_of_worlds import reference

DOC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "lord_of_worlds.md"


def _hand_written(text: str) -> str:
    """The doc without its generated blocks, whitespace collapsed."""
    return " ".join(reference.GENERATED.sub("", text).split())


def test_generated_blocks_match_the_params_and_data_files():
    text = DOC.read_text(encoding="utf-8")
    assert reference.refresh(text) == (text, [])
    assert reference.main(["--check", str(DOC)]) == 0


def test_every_assumption_is_described_with_its_default():
    prose = _hand_written(DOC.read_text(encoding="utf-8"))
    defaults = reference.parameter_defaults()
    for name in reference.assumption_names():
        shown = defaults[name].strip('"')
        assert f"**[A]** `{name}` (default `{shown}`)" in prose, name


def test_every_parameter_is_named_outside_the_generated_table():
    prose = _hand_written(DOC.read_text(encoding="utf-8"))
    for name in reference.parameter_defaults():
        assert f"`{name}`" in prose, name


def test_no_development_history_in_the_doc():
    text = DOC.read_text(encoding="utf-8").lower()
    assert not re.search(r"session|previous main|\b[0-9a-f]{7,40}\b", text)


def test_a_stale_block_is_rewritten_and_reported(tmp_path):
    stale = DOC.read_text(encoding="utf-8").replace("| cyan | 1, 2, 3, 4, 5 | 3 | 15 |", "| x |")
    path = tmp_path / "doc.md"
    path.write_text(stale, encoding="utf-8")
    assert reference.main(["--check", str(path)]) == 1
    assert reference.main([str(path)]) == 0
    assert path.read_text(encoding="utf-8") == DOC.read_text(encoding="utf-8")


def test_a_doc_without_a_block_or_with_an_unknown_one_is_bad_input(tmp_path, capsys):
    text = DOC.read_text(encoding="utf-8")
    with pytest.raises(ContentError, match="no generated block 'cards'"):
        reference.refresh(reference.GENERATED.sub("", text, count=1))
    path = tmp_path / "doc.md"
    path.write_text(text + "<!-- generated:nope -->\n<!-- end generated:nope -->\n")
    assert reference.main([str(path)]) == 2
    assert "unknown generated block 'nope'" in capsys.readouterr().err
    assert reference.main([str(tmp_path / "missing.md")]) == 2
