"""Every game's rules reference (docs/rules/<game>.md): generated tables match the params and
data, every assumption is in the fidelity table, no development history; and the shared
block machinery (simcore.core.rules_doc) on a small doc."""

from __future__ import annotations

import re

import pytest

from simcore.core import rules_doc
from simcore.core.errors import ContentError
from simcore.games.lord_of_worlds.reference import REFERENCE as LORD_OF_WORLDS
from simcore.games.ratjack.reference import REFERENCE as RATJACK
from simcore.games.rats_of_wistar.reference import REFERENCE as RATS_OF_WISTAR

REFERENCES = {"ratjack": RATJACK, "lord_of_worlds": LORD_OF_WORLDS,
              "rats_of_wistar": RATS_OF_WISTAR}  # fmt: skip


def _hand_written(text: str) -> str:
    """The doc without its generated blocks, whitespace collapsed."""
    return " ".join(rules_doc.GENERATED.sub("", text).split())


@pytest.fixture(params=sorted(REFERENCES))
def reference(request) -> rules_doc.Reference:
    return REFERENCES[request.param]


def test_the_doc_is_in_the_repository_under_docs_rules(reference):
    assert reference.doc.parent.name == "rules" and reference.doc.parent.parent.name == "docs"
    assert reference.doc.is_file()


def test_generated_blocks_match_the_params_and_data_files(reference):
    text = reference.doc.read_text(encoding="utf-8")
    assert reference.refresh(text) == (text, [])
    assert reference.main(["--check", str(reference.doc)]) == 0


def test_every_assumption_is_in_the_fidelity_table(reference):
    fidelity = reference.doc.read_text(encoding="utf-8").split("## Fidelity", 1)[1]
    for name in reference.assumption_names():
        assert f"`{name}`" in fidelity, name


def test_no_development_history_in_the_doc(reference):
    # the generated tables may hold data hashes (the content set's), the prose may not
    text = _hand_written(reference.doc.read_text(encoding="utf-8")).lower()
    assert not re.search(r"session|previous main|\b[0-9a-f]{7,40}\b", text)


# --- the block machinery on a small doc ----------------------------------------------------

BLOCKS = {"one": lambda: "| a |\n|---|\n| 1 |", "two": lambda: "two"}
DOC = """# Title
<!-- generated:one -->
| a |
|---|
| 1 |
<!-- end generated:one -->
prose
<!-- generated:two -->
two
<!-- end generated:two -->
"""


def test_a_fresh_doc_is_unchanged_and_a_stale_block_is_rewritten_and_named():
    assert rules_doc.refresh(DOC, BLOCKS) == (DOC, [])
    stale = DOC.replace("| 1 |", "| 9 |")
    assert rules_doc.refresh(stale, BLOCKS) == (DOC, ["one"])


def test_check_mode_reports_and_write_mode_repairs(tmp_path, capsys):
    path = tmp_path / "doc.md"
    path.write_text(DOC.replace("two\n<!-- end", "old\n<!-- end"), encoding="utf-8")
    assert rules_doc.main(["--check", str(path)], BLOCKS, path, "x") == 1
    assert "stale generated blocks: two" in capsys.readouterr().err
    assert rules_doc.main([str(path)], BLOCKS, path, "x") == 0
    assert path.read_text(encoding="utf-8") == DOC


def test_a_missing_or_unknown_block_or_file_is_bad_input(tmp_path, capsys):
    with pytest.raises(ContentError, match="no generated block 'two'"):
        rules_doc.refresh(DOC.split("prose")[0], BLOCKS)
    path = tmp_path / "doc.md"
    path.write_text(DOC + "<!-- generated:nope -->\n<!-- end generated:nope -->\n")
    assert rules_doc.main([str(path)], BLOCKS, path, "x") == 2
    assert "unknown generated block 'nope'" in capsys.readouterr().err
    assert rules_doc.main([str(tmp_path / "missing.md")], BLOCKS, path, "x") == 2


def test_param_values_are_spelled_as_toml_spells_them():
    assert [rules_doc.param_value(v) for v in (True, "a", (1, 2), 3)] == [
        "true",
        '"a"',
        "[1, 2]",
        "3",
    ]
