"""A Ratjack version that changes an effect's number (rat 5 looks at two cards) compares and
tunes end to end (issue 61): the page and the recommendation say the change in words."""

from __future__ import annotations

from pathlib import Path

import pytest

from simcore.games.ratjack.content import DATA_FILE
from tests.analyses.tune.helpers import write_toml
from tests.conftest import run_cli
from tests.reports.compare.test_page import _summary

pytestmark = pytest.mark.slow  # .ci/run runs it with the other slow real-run tests

STUDY = (
    'name = "rat5-study"\ngame = "ratjack"\nplayers = 2\ngames = 150\nseed = 5\n'
    'policies = ["heuristic", "heuristic"]\n[params]\ndecks = ["rat_red", "rat_blue"]\n'
    '[grid]\npolicies = [["heuristic", "heuristic"], '
    '["heuristic:forbid=resolve/rat/5", "heuristic"]]\n'
)


def _files(tmp: Path) -> None:
    folder = tmp / "two_looks"
    folder.mkdir()
    text = DATA_FILE.read_text()
    (folder / "cards.toml").write_text(
        text.replace("rat_5 = { cards = 1 }", "rat_5 = { cards = 2 }")
    )
    (tmp / "study.toml").write_text(STUDY)
    (tmp / "a.toml").write_text(
        'name = "shipped"\ngame = "ratjack"\n[params]\ndecks = ["rat_red", "rat_blue"]\n'
    )
    (tmp / "b.toml").write_text(
        'name = "rat 5 looks at two"\ngame = "ratjack"\n[params]\n'
        'decks = ["rat_red", "rat_blue"]\ncards_file = "two_looks/cards.toml"\n'
    )


def test_compare_names_the_number_and_leads_with_the_effects_worth(tmp_path):
    _files(tmp_path)
    res = run_cli("compare", "a.toml", "b.toml", "--study", "study.toml", "--out", "out",
                  "--n-jobs", "2", cwd=tmp_path)  # fmt: skip
    assert res.returncode == 0, res.stderr
    lines = _summary(Path(tmp_path, res.stdout.split()[-1]))
    assert "rat 5 effect: Look at one face-down card of other players" in lines[0], lines[0]
    assert "→ Look at two face-down cards of other players" in lines[0]
    worths = [line for line in lines if line.startswith("Worth of ")]
    assert worths[0].startswith("Worth of resolve/rat/5 (Look at one"), worths


def test_tune_moves_the_number_back_and_says_so(tmp_path):
    _files(tmp_path)
    raw = {
        "name": "rat5-back",
        "game": "ratjack",
        "players": 2,
        "policies": ["heuristic", "heuristic"],
        "seed": 9,
        "params": {
            "decks": ["rat_red", "rat_blue"],
            "cards_file": str(tmp_path / "two_looks" / "cards.toml"),
        },
        "search": {"trials": 4, "batch": 2, "rungs": [60], "verify_games": 200, "verify_top": 1},
        "target": [{"measure": "effect_worth", "within": [-50, 50]}],
        # two values, neither the version's 2: whatever is recommended moves the number
        "space": [
            {
                "name": "rat 5 looks",
                "content": "cards",
                "path": "effects.rat_5.cards",
                "choice": [1, 3],
            }
        ],
    }
    write_toml(tmp_path / "tune.toml", raw)
    res = run_cli("tune", "tune.toml", "--out", "tune", "--quiet", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    first = res.stdout.splitlines()[0]
    # the old value is the version's (2), and the recommendation says its move in words
    assert first.startswith("recommended (trial "), first
    assert "rat 5 effect: Look at two face-down cards of other players" in first, first
    assert "5 card of" not in first  # no echo of the effect's change on the cards
    assert "→ Look at one face-down card" in first or "→ Look at three face-down" in first
