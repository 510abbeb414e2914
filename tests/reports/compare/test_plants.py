"""Changes planted as a designer makes them, compared on real small runs (issue 61): the page
names the change in words and leads with the changed item's own measure, with its sign under
the players that play the section well; content reordered changes no measure of any family.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import run_cli
from tests.reports.compare.test_page import _summary

DATA = Path(__file__).parents[3] / "simcore" / "games"
S6_OLD = (
    'text = "The main action of its slot, plus: gain a potion"\n'
    'spaces = [{ text = "Gain a potion", all = [{ gain = { potion = 1 } }] }]'
)
S6_NEW = (
    'text = "The main action of its slot, plus: gain 3 potions"\n'
    'spaces = [{ text = "Gain 3 potions", all = [{ gain = { potion = 3 } }] }]'
)
WHEEL_STUDY = """name = "s6-study"
game = "rats_of_wistar"
players = 2
games = 400
seed = 4242
policies = ["heuristic:style=fitted", "heuristic:style=fitted"]
[grid]
policies = [
  ["heuristic:style=fitted", "heuristic:style=fitted"],
  ["heuristic:style=fitted,forbid=place/S2", "heuristic:style=fitted"],
  ["heuristic:style=fitted,forbid=place/S6", "heuristic:style=fitted"],
]
"""


def _version(path: Path, name: str, game: str, params: str = "") -> None:
    path.write_text(f'name = "{name}"\ngame = "{game}"\n[params]\n{params}')


def _compare(tmp: Path, a: str, b: str, study: str, *extra: str) -> list[str]:
    res = run_cli(
        "compare", a, b, "--study", study, "--out", "out", "--n-jobs", "2", *extra, cwd=tmp
    )
    assert res.returncode == 0, res.stderr
    return _summary(Path(tmp, res.stdout.split()[-1]))


def _s6_versions(tmp: Path) -> None:
    """shipped.toml and s6.toml, whose content folder holds only wheel.toml with S6 at 2
    players giving 3 potions (its texts saying so)."""
    folder = tmp / "wheel"
    folder.mkdir()
    text = (DATA / "rats_of_wistar" / "data" / "wheel.toml").read_text()
    (folder / "wheel.toml").write_text(text.replace(S6_OLD, S6_NEW, 1))
    _version(tmp / "shipped.toml", "shipped", "rats_of_wistar")
    _version(tmp / "s6.toml", "S6 gives 3 potions", "rats_of_wistar", 'content_dir = "wheel"\n')


@pytest.mark.slow  # .ci/run runs the slow acceptance tests of real runs
def test_a_wheel_section_made_stronger_leads_with_its_worth(tmp_path):
    # S6 at 2 players: gain 1 potion -> gain 3 potions, in a folder holding only wheel.toml
    _s6_versions(tmp_path)
    (tmp_path / "study.toml").write_text(WHEEL_STUDY)
    lines = _compare(tmp_path, "shipped.toml", "s6.toml", "study.toml")
    assert lines[0] == (
        "“S6 gives 3 potions” changes against “shipped”: S6 at 2 players: gain 1 potion → "
        "gain 3 potions."
    )
    head = lines[2]
    assert head.startswith("Worth of S6 (gain 1 potion → gain 3 potions): "), lines
    assert "“S6 gives 3 potions” raises it by" in head, head


@pytest.mark.slow
def test_two_rat_cards_swapped_lead_with_both_effects_worths(tmp_path):
    # the 7 and 9 cards of both rat decks trade effects
    cards = (DATA / "ratjack" / "data" / "cards.toml").read_text()
    swapped = (
        cards.replace('{ value = 7, effect = "rat_7" }', "@7")
        .replace('{ value = 9, effect = "rat_9" }', '{ value = 9, effect = "rat_7" }')
        .replace("@7", '{ value = 7, effect = "rat_9" }')
    )
    (tmp_path / "swap.toml.cards").write_text(swapped)
    _version(tmp_path / "shipped.toml", "shipped", "ratjack", 'decks = ["rat_red", "rat_blue"]\n')
    _version(
        tmp_path / "swap.toml",
        "rats 7 and 9 swapped",
        "ratjack",
        'decks = ["rat_red", "rat_blue"]\ncards_file = "swap.toml.cards"\n',
    )
    (tmp_path / "study.toml").write_text(
        'name = "rat-study"\ngame = "ratjack"\nplayers = 2\ngames = 150\nseed = 11\n'
        'policies = ["heuristic", "heuristic"]\n[grid]\npolicies = [["heuristic", "heuristic"],'
        ' ["heuristic:forbid=resolve/rat/1", "heuristic"],'
        ' ["heuristic:forbid=resolve/rat/7", "heuristic"],'
        ' ["heuristic:forbid=resolve/rat/9", "heuristic"]]\n'
    )
    lines = _compare(tmp_path, "shipped.toml", "swap.toml", "study.toml")
    assert lines[0].startswith(
        "“rats 7 and 9 swapped” changes against “shipped”: 7 card of rat_red and rat_blue: "
        "rat 7: Swap one"
    ), lines[0]
    assert "9 card of rat_red and rat_blue: rat 9: Move a chip" in lines[0]
    worths = [line[:22] for line in lines if line.startswith("Worth of ")]
    assert set(worths[:2]) == {"Worth of resolve/rat/7", "Worth of resolve/rat/9"}, lines


@pytest.mark.slow
def test_content_listed_in_another_order_changes_no_measure_of_any_family(tmp_path):
    # The same six chips, listed in reverse: the same game, no section may flag a change.
    # Seed 777 (and 31337): nothing flagged. At the study's own seed 2024 two play measures
    # read as changed (Holm p 0.013 and 0.046): a chip's index decides which coin toss it
    # gets and the heuristic's ties between chip choices, so for these players the order is
    # not quite nothing. The family's false-alarm rate under a true null (seeds split in
    # halves): tests/analyses/feel/test_change_null.py.
    cards = (DATA / "ratjack" / "data" / "cards.toml").read_text()
    old = (
        'pairs = [["plus1", "minus1"], ["plus5", "minus5"], ["plus10", "minus3"], '
        '["double", "half"], ["zero", "blank"], ["lock", "shield"]]'
    )
    assert old in cards
    new = (
        'pairs = [["lock", "shield"], ["zero", "blank"], ["double", "half"], '
        '["plus10", "minus3"], ["plus5", "minus5"], ["plus1", "minus1"]]'
    )
    (tmp_path / "reversed.cards").write_text(cards.replace(old, new))
    _version(tmp_path / "shipped.toml", "shipped", "ratjack")
    _version(tmp_path / "rev.toml", "chips reversed", "ratjack", 'cards_file = "reversed.cards"\n')
    study = (
        Path(__file__).parents[3] / "analyses" / "sweeps" / "ratjack_cards_rat.toml"
    ).read_text()
    assert "seed = 2024" in study
    (tmp_path / "study.toml").write_text(study.replace("seed = 2024", "seed = 777"))
    lines = _compare(tmp_path, "shipped.toml", "rev.toml", "study.toml", "--games", "300")
    assert lines[0].startswith("“shipped” and “chips reversed” set every rule parameter and")
    assert lines[2] == (
        "No balance measure changed detectably between “shipped” and “chips reversed” "
        "(15 measures, tested together)."
    )
    page = Path(tmp_path, "out", "shipped-vs-chips-reversed.html").read_text()
    assert " raises it " not in page and " lowers it " not in page
    assert "a change of" not in page  # the play family's sentence for a change found


@pytest.mark.slow
def test_a_changed_item_the_players_misuse_is_said_beside_its_measure(tmp_path):
    # The default heuristic misuses S6 once it gives 3 potions (it does better forbidden it):
    # the page says so next to S6's worth and names the player to measure with instead.
    _s6_versions(tmp_path)
    study = WHEEL_STUDY.replace("heuristic:style=fitted,forbid=", "heuristic:forbid=")
    study = study.replace("heuristic:style=fitted", "heuristic")
    (tmp_path / "study.toml").write_text(study)
    lines = _compare(tmp_path, "shipped.toml", "s6.toml", "study.toml")
    worth = next(i for i, line in enumerate(lines) if line.startswith("Worth of S6 ("))
    flaw = lines[worth + 1]
    assert flaw.startswith(
        "Under “S6 gives 3 potions” the players do better when forbidden S6 ("
    ), lines
    assert "heuristic:style=fitted plays as strong as this game's top player" in flaw
