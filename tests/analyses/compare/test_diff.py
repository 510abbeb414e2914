"""What a version changes, in words (issue 61): content item by item, similar items merged,
a reordered copy reads as no change, parameters with their descriptions."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from analyses.compare.diff import Change, merge_similar, version_diff
from simcore.core.errors import ContentError

RATJACK_CARDS = Path("simcore/games/ratjack/data/cards.toml")
WISTAR_DATA = Path("simcore/games/rats_of_wistar/data")
RATS = {"decks": ["rat_red", "rat_blue"]}


def _cards(tmp_path: Path, old: str, new: str) -> str:
    text = RATJACK_CARDS.read_text()
    assert old in text
    path = tmp_path / "cards.toml"
    path.write_text(text.replace(old, new))
    return str(path)


def _wheel(tmp_path: Path, old: str, new: str) -> str:
    """A content folder holding only wheel.toml, with ``old`` replaced once."""
    folder = tmp_path / "wheel"
    folder.mkdir()
    text = (WISTAR_DATA / "wheel.toml").read_text()
    assert old in text
    (folder / "wheel.toml").write_text(text.replace(old, new, 1))
    return str(folder)


def test_a_card_moved_in_both_rat_decks_reads_as_one_change_in_words(tmp_path):
    # rat_red and rat_blue:  value 5 carries rat_5 -> rat_7 (rat 5 leaves the game)
    cards = _cards(tmp_path, '{ value = 5, effect = "rat_5" }', '{ value = 5, effect = "rat_7" }')
    changes = version_diff("ratjack", RATS, {**RATS, "cards_file": cards})
    words = [c.words("A", "B") for c in changes]
    assert words[0].startswith("5 card of rat_red and rat_blue: rat 5: Look at one face-down")
    assert "→ rat 7: Swap one of your other face-up cards" in words[0]
    assert words[1] == "rat 5 effect: not in B"
    assert len(changes) == 2
    assert {"resolve/rat/5", "resolve/rat/7", "card/rat_red/5"} <= set(changes[0].classes)


def test_a_copy_with_the_chips_listed_in_reverse_changes_nothing(tmp_path):
    old = '["plus1", "minus1"], ["plus5", "minus5"]'
    cards = _cards(tmp_path, old, '["plus5", "minus5"], ["plus1", "minus1"]')
    assert version_diff("ratjack", {}, {"cards_file": cards}) == []


def test_a_wheel_space_change_names_the_sector_with_both_texts(tmp_path):
    folder = _wheel(
        tmp_path,
        'text = "The main action of its slot, plus: gain a potion"\n'
        'spaces = [{ text = "Gain a potion", all = [{ gain = { potion = 1 } }] }]',
        'text = "The main action of its slot, plus: gain 3 potions"\n'
        'spaces = [{ text = "Gain 3 potions", all = [{ gain = { potion = 3 } }] }]',
    )
    changes = version_diff("rats_of_wistar", {}, {"content_dir": folder, "hut_potions": 2})
    words = [c.words("shipped", "mine") for c in changes]
    assert words == [
        "hut_potions (potions gained in the Alchemist's hut (§5)): 1 → 2",
        "S6 at 2 players: gain 1 potion → gain 3 potions",
    ]
    assert changes[1].classes[0] == "place/S6"


def test_a_stale_wheel_text_is_bad_input_naming_the_space(tmp_path):
    # the numbers change, the text still says "a potion"
    folder = _wheel(tmp_path, "potion = 1 } }] }]", "potion = 3 } }] }]")
    from simcore.core import registry

    with pytest.raises(ContentError, match=r"players2 S6 space 1: its text 'Gain a potion'"):
        registry.make_game("rats_of_wistar", {"content_dir": folder})


def test_a_content_folder_needs_only_the_files_it_changes(tmp_path):
    folder = tmp_path / "mine"
    folder.mkdir()
    shutil.copy(WISTAR_DATA / "farm.toml", folder / "farm.toml")
    from simcore.core import registry

    game = registry.make_game("rats_of_wistar", {"content_dir": str(folder)})
    assert game.content_items() == registry.make_game("rats_of_wistar").content_items()
    assert version_diff("rats_of_wistar", {}, {"content_dir": str(folder)}) == []


def test_a_parameter_set_to_its_default_is_no_change_and_another_value_is():
    assert version_diff("lord_of_worlds", {}, {"chain_table": "triangular"}) == []
    (change,) = version_diff("lord_of_worlds", {}, {"chain_table": "linear"})
    assert change.words() == "chain_table (chain_points table (scoring file)): triangular → linear"
    (change,) = version_diff("lord_of_worlds", {}, {"sage_points_per_tile": 4})
    assert change.classes == ("place/sage_tree",)


def test_merge_joins_the_one_word_that_differs():
    same = dict(before="x", after="y")
    merged = merge_similar(
        [Change("S1 at 2 players", **same), Change("S1 at 3 players", **same),
         Change("S1 at 4 players", before="x", after="z")]
    )  # fmt: skip
    assert [c.what for c in merged] == ["S1 at 2 and 3 players", "S1 at 4 players"]
