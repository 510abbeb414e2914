"""Content file validation (cards.toml) and parameter validation."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from simcore.core.errors import ConfigError, ContentError
from simcore.games.ratjack import Ratjack
from simcore.games.ratjack.content import DATA_FILE, EFFECT_IDS, load_content
from simcore.games.ratjack.params import RatjackParams

GOOD = DATA_FILE.read_text()


def _game(tmp_path: Path, text: str, **params) -> Ratjack:
    path = tmp_path / "cards.toml"
    path.write_text(text)
    return Ratjack.from_overrides({"cards_file": str(path), **params})


def test_packaged_content_is_the_spec_table():
    g = Ratjack.from_overrides({"decks": ["weasel", "raccoon"]})
    ct = g.content
    assert [EFFECT_IDS[e] for e in ct.card_effect[:12]] == [f"weasel_{v}" for v in range(1, 13)]
    assert ct.card_value[12:] == tuple(range(1, 13)) and ct.card_deck[12] == "raccoon"


def test_alternative_file_moves_an_effect(tmp_path):
    text = GOOD.replace('{ value = 1, effect = "rat_1" }', '{ value = 1, effect = "raccoon_5" }')
    g = _game(tmp_path, text)
    assert EFFECT_IDS[g.content.card_effect[0]] == "raccoon_5"


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('effect = "rat_7" }', 'effect = "rat_77" }', "unknown effect id 'rat_77'"),
        ("{ value = 2,", "{ value = 3,", "duplicate value 3"),
        ('  { value = 12, effect = "rat_12" },\n', "", "missing value(s) [12]"),
        ('"zero", "blank"', '"zero", "sparkle"', "chip face 'sparkle' does not exist"),
        ('"zero", "blank"', '"zero", "plus1"', "appears twice"),
        ('family = "rat"', 'family = "mouse"', "family must be one of"),
    ],
)
def test_bad_content_names_file_and_entry(tmp_path, old, new, message):
    assert old in GOOD
    with pytest.raises(ContentError) as err:
        _game(tmp_path, GOOD.replace(old, new, 1))
    assert message in str(err.value) and "cards.toml" in str(err.value)
    assert "decks.rat_red" in str(err.value) or "chips.pairs" in str(err.value)


def test_missing_and_broken_files(tmp_path):
    with pytest.raises(ContentError, match="not found"):
        Ratjack.from_overrides({"cards_file": str(tmp_path / "nope.toml")})
    with pytest.raises(ContentError, match="not valid TOML"):
        _game(tmp_path, "decks = [")


@pytest.mark.parametrize(
    ("overrides", "key"),
    [
        ({"decks": ["rat_red"]}, "ratjack.decks"),
        ({"decks": ["rat_red", "rat_red"]}, "ratjack.decks"),
        ({"decks": ["rat_red", "mouse"]}, "ratjack.decks"),
        ({"token_pairs": ["plus1|minus1"]}, "ratjack.token_pairs"),
        ({"token_pairs": ["plus1|minus1"] * 6}, "ratjack.token_pairs"),
        ({"exhaustion_tie": "coin"}, "ratjack.exhaustion_tie"),
        ({"target": 0}, "ratjack.target"),
        ({"max_tokens_per_card": 2}, "ratjack.max_tokens_per_card"),
    ],
)
def test_bad_params_name_the_key(overrides, key):
    with pytest.raises(ConfigError, match=key.replace(".", r"\.")):
        Ratjack.from_overrides(overrides)


def test_first_player_beyond_seats():
    g = Ratjack.from_overrides({"first_player": 3})
    with pytest.raises(ConfigError, match="first_player"):
        g.new_state(2, 0)
    assert g.new_state(4, 0).start_seat == 3


def test_token_pairs_override():
    pairs = [
        "plus1|plus5",
        "minus1|minus5",
        "plus10|minus3",
        "double|half",
        "zero|blank",
        "lock|shield",
    ]
    g = Ratjack.from_overrides({"token_pairs": pairs})
    assert g.content.chip_faces[0] == (0, 2)


def test_content_tables_pickle_by_their_constructor():
    # compiled, the tables are a frozen native class (no field-by-field restore)
    content = load_content(RatjackParams())
    assert pickle.loads(pickle.dumps(content)) == content


def test_a_position_carries_every_param_in_its_compiled_copy():
    import dataclasses

    from simcore.engine.check.conformance import check_params_copy

    changed = {"target": 21, "max_turns_per_round": 9, "elimination_timing": "immediate"}
    for overrides in ({}, changed):
        game = Ratjack.from_overrides(overrides)
        copy = game.new_state(2, 1).params
        names = check_params_copy(copy, game.params)
        assert names == [f.name for f in dataclasses.fields(RatjackParams)]
    assert {k: getattr(copy, k) for k in changed} == changed


def test_the_params_mirror_is_generated_from_the_params_class():
    # tables.ParamsMirror carries RatjackParams' fields between generated markers: after a
    # parameter changes, ``python -m simcore.core.fields simcore/games/ratjack/tables.py``
    from simcore.core import fields
    from simcore.games.ratjack import tables

    text = (Path(tables.__file__).parent / "tables.py").read_text(encoding="utf-8")
    assert "# <generated: the fields of simcore.games.ratjack.params:RatjackParams>" in text
    assert fields.refresh_mirrors(text) == (text, [])
