"""tune reads a version's own content (issue 61): the "old" value of a number is the
version's, a candidate starts from the version's files, and the recommendation says its change
in words against the version."""

from __future__ import annotations

from pathlib import Path

from analyses.tune.config import build_tune
from analyses.tune.evaluate import make_candidate
from analyses.tune.verify import change_words
from simcore.core import registry

WHEEL = Path(__file__).parents[3] / "simcore" / "games" / "rats_of_wistar" / "data" / "wheel.toml"
S6 = 'spaces = [{ text = "Gain a potion", all = [{ gain = { potion = 1 } }] }]'


def _version(tmp: Path) -> str:
    """A content folder holding only wheel.toml, S6 at 2 players giving 3 potions, S4 2 wood."""
    folder = tmp / "mine"
    folder.mkdir()
    text = WHEEL.read_text()
    text = text.replace(
        'text = "The main action of its slot, plus: gain a potion"\n' + S6,
        'text = "The main action of its slot, plus: gain 3 potions"\n'
        + S6.replace("Gain a potion", "Gain 3 potions").replace("potion = 1", "potion = 3"),
        1,
    )
    text = text.replace(
        "gain = { wood = 1 } }, { move_workers = 1 }",
        "gain = { wood = 2 } }, { move_workers = 1 }",
        1,
    )
    text = text.replace("Gain 1 wood and move 1 worker", "Gain 2 wood and move 1 worker", 1)
    text = text.replace("gain 1 wood and move 1 worker", "gain 2 wood and move 1 worker", 1)
    (folder / "wheel.toml").write_text(text)
    return str(folder)


def _tune(folder: str):
    return build_tune(
        {
            "name": "back",
            "game": "rats_of_wistar",
            "players": 2,
            "policies": ["heuristic", "heuristic"],
            "params": {"content_dir": folder},
            "target": [{"measure": "section_worth", "within": [-6, 6]}],
            "space": [
                {
                    "name": "S6 potions",
                    "content": "wheel",
                    "path": "players2[id=S6].spaces[0].all[0].gain.potion",
                    "int": [1, 3],
                }
            ],
        }
    )


def test_the_old_value_is_the_versions_and_the_candidate_keeps_its_other_changes(tmp_path):
    folder = _version(tmp_path)
    tc = _tune(folder)
    (dim,) = tc.space.dims
    assert dim.old == 3  # the version's, not the packaged 1
    cand = make_candidate(tc, {"S6 potions": 1}, tmp_path / "work")
    game = registry.make_game("rats_of_wistar", cand.params)  # its texts check out
    items = game.content_items()
    assert items["S6 at 2 players"].text == "gain 1 potion"
    assert items["S4 at 2 players"].text == "gain 2 wood & move 1 worker"  # the version's
    # the changed space's text is written from its numbers, not left naming 3 potions
    assert game.content_text("place/S6/1", 2) == "Gain 1 potion"
    assert change_words(tc, cand, {"S6 potions": 1}) == [
        "S6 at 2 players: gain 3 potions → gain 1 potion"
    ]
