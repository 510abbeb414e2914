"""Every content entry carries a one-line text in its data file (issue 48 §2): card effects,
wheel sections and spaces, tiles and scoring tables. A content file without a text for an
entry is bad input: one line naming the file and the entry, exit code 2."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from simcore.core.registry import make_game
from tests.conftest import run_cli

RATJACK = Path(__file__).parents[3] / "simcore" / "games" / "ratjack" / "data"
LORD = Path(__file__).parents[3] / "simcore" / "games" / "lord_of_worlds" / "data"
WISTAR = Path(__file__).parents[3] / "simcore" / "games" / "rats_of_wistar" / "data"


def test_every_entry_of_every_game_has_its_text():
    ratjack = make_game("ratjack")
    for family in ("rat", "weasel", "raccoon"):
        for v in range(1, 13):
            assert ratjack.content_text(f"resolve/{family}/{v}")
    assert ratjack.content_text("rat 7").startswith("Swap one of your other face-up cards")
    lord = make_game("lord_of_worlds")
    for name in (
        "tile/basic",
        "architect",
        "sage_tree",
        "viewpoint",
        "mix",
        "chain_table/linear",
        "chain_table=triangular",
        "value_set_table=linear15",
        "value_set_table/doubling",
    ):
        assert lord.content_text(name), name
    assert lord.content_text("forest") == lord.content_text("tile/basic")
    wistar = make_game("rats_of_wistar")
    assert wistar.content_text("place/S6", 2) == "The main action of its slot, plus: gain a potion"


def _copy(folder: Path, tmp_path: Path, name: str, old: str, new: str) -> Path:
    out = tmp_path / "content"
    shutil.copytree(folder, out)
    text = (out / name).read_text()
    assert old in text
    (out / name).write_text(text.replace(old, new, 1))
    return out


def _play(game: str, param: str) -> object:
    return run_cli(
        "play", "--game", game, "--players", "2", "--policies", "random,random", "--param", param
    )


def test_a_ratjack_cards_copy_whose_texts_miss_an_effect_is_refused(tmp_path):
    # a designer's copy of the cards reads the texts.toml beside it
    folder = _copy(RATJACK, tmp_path, "texts.toml", "rat_7 = {", "# rat_7 = {")
    done = _play("ratjack", f"cards_file={folder / 'cards.toml'}")
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert "texts.toml" in done.stderr and "missing ['rat_7']" in done.stderr
    # the copy with all its texts plays, and its own text is the one reports show
    (folder / "texts.toml").write_text(
        (RATJACK / "texts.toml")
        .read_text()
        .replace("Swap one of your other face-up cards", "Trade one of your face-up cards")
    )
    game = make_game("ratjack", {"cards_file": str(folder / "cards.toml")})
    assert game.content_text("rat 7").startswith("Trade one of your face-up cards")


@pytest.mark.parametrize(
    ("name", "old", "entry"),
    [
        ("tiles.toml", 'text = "On placement, +{points} points', "special[1]"),
        (
            "scoring.toml",
            'text = "A chain scores 3 points per tile, whatever its length"',
            "chain_points.linear",
        ),
    ],
)
def test_a_lord_of_worlds_file_without_a_text_is_refused(tmp_path, name, old, entry):
    # a tile's text is prose; a scoring table's may be left out (written from its numbers),
    # but not left empty
    folder = _copy(LORD, tmp_path, name, old, "# " + old if name == "tiles.toml" else 'text = ""')
    key = "tiles_file" if name == "tiles.toml" else "scoring_file"
    done = _play("lord_of_worlds", f"{key}={folder / name}")
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert name in done.stderr and entry in done.stderr and "one-line text" in done.stderr


def test_a_wheel_with_an_empty_space_text_is_refused_on_the_command_line(tmp_path):
    folder = _copy(WISTAR, tmp_path, "wheel.toml", 'text = "Gain a joker", ', 'text = " ", ')
    done = _play("rats_of_wistar", f"content_dir={folder}")
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert "wheel.toml: players2 S2 space 1: missing its one-line text" in done.stderr


def test_a_scoring_table_without_its_text_says_its_numbers():
    from simcore.games.lord_of_worlds.content import _text

    spec = {"min": 3, "points": [10, 25, 40], "extend": "linear"}
    assert _text(Path("x"), "t", spec) == (
        "Scores 10, 25, 40 for 3, 4, 5 tiles, then the last step repeated"
    )
