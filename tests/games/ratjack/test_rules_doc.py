"""The rules reference docs/rules/ratjack.md matches the parameters and the content data."""

from __future__ import annotations

from pathlib import Path

import pytest

from simcore.core import rules_doc
from simcore.core.content import read_toml
from simcore.core.errors import ContentError
from simcore.games.ratjack import reference
from simcore.games.ratjack.content import DATA_FILE, EFFECT_IDS
from simcore.games.ratjack.params import FACE_IDS

DOC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "ratjack.md"


def _hand_written(text: str) -> str:
    """The doc without its generated blocks, whitespace collapsed."""
    return " ".join(rules_doc.GENERATED.sub("", text).split())


def test_every_card_and_chip_face_of_the_data_is_listed_with_its_text():
    text = DOC.read_text(encoding="utf-8")
    effects, faces = reference.load_texts()
    texts = reference.effect_texts()  # numbered effects with their shipped numbers
    decks = read_toml(str(DATA_FILE))["decks"]
    for deck, table in decks.items():
        assert f"`{deck}`" in text, deck
        for entry in table["cards"]:
            e = entry["effect"]
            row = f"| {entry['value']} | `{e}` | {texts[e]} | {effects[e]['seed']} |"
            assert row in text, (deck, entry)
    for face in FACE_IDS:
        assert f"| `{face}` | {faces[face]['text']} |" in text, face
    assert len(effects) == len(EFFECT_IDS) == 36


def test_every_assumption_is_described_with_its_default():
    prose = _hand_written(DOC.read_text(encoding="utf-8"))
    defaults = reference.REFERENCE.parameter_defaults()
    for name in reference.REFERENCE.assumption_names():
        shown = defaults[name].strip('"')
        assert f"**[A]** `{name}` (default `{shown}`)" in prose, name


RAT3 = 'rat_3 = { text = "Take an extra turn after this one.", '
BROKEN = [
    (lambda t: t.replace(RAT3, "rat_3 = { "), "rat_3 needs exactly the keys text and seed"),
    (lambda t: t.replace("rat_3 = {", "rat_13 = {"), r"unknown \['rat_13'\], missing \['rat_3'\]"),
    (lambda t: t.replace("[faces]", "[facez]"), r"missing \[faces\] table"),
]


@pytest.mark.parametrize(("edit", "message"), BROKEN)
def test_a_broken_texts_file_is_refused_naming_the_entry(tmp_path, edit, message):
    path = tmp_path / "texts.toml"
    path.write_text(edit(reference.TEXTS_FILE.read_text(encoding="utf-8")), encoding="utf-8")
    with pytest.raises(ContentError, match=message):
        reference.load_texts(path)
