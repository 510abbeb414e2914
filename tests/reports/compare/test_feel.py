""" "How the game plays" in an A vs B report (reports.compare.feel), on toy games."""

from __future__ import annotations

from analyses.compare.changes import compare_versions, load_side
from analyses.feel import change
from analyses.feel.text import change_text
from reports.compare.feel import feel_changes, feel_compare_section, side_frames
from tests.analyses.feel.toys import sweep


def _result(tmp_path, rounds_b: int):
    lineups = [["random", "random"], ["lowest", "random"]]
    a = sweep(tmp_path / "a", "coins", "coin_rounds", lineups, 40, params={"rounds": 5})
    b = sweep(tmp_path / "b", "coins", "coin_rounds", lineups, 40, params={"rounds": rounds_b})
    return compare_versions(load_side("five", a), load_side("longer", b))


def test_longer_coin_games_change_length_and_lead_changes(tmp_path):
    # coin rounds: 5 rounds in A, 25 in B, same seeds: every game of B is 20 rounds longer
    # (40 more turns at 2 seats) and its lead changes hands more often
    result = _result(tmp_path, 25)
    a, b = (side_frames(s) for s in result.sides)
    direct = {r["measure"]: r for r in change(a, b).iter_rows(named=True)}
    assert direct["length_turns"]["diff"] == 40.0 and direct["length_turns"]["pairs"] == 80
    assert direct["rounds"]["diff"] == 20.0
    # the comparison's own family reports game length: the feel family leaves it out
    changes = {r["measure"]: r for r in feel_changes(result).iter_rows(named=True)}
    assert not set(changes) & {"length_turns", "rounds"}
    lead = changes["lead_changes"]
    assert lead["diff"] > 0 and lead["lo"] > 0 and lead["significant"]
    section = feel_compare_section(result)
    assert section is not None and section.title == "How the game plays: five vs longer"
    both, paired = section.tables
    assert both.headers[2:] == ["five", "longer"] and paired.headers[-1] == "Pairs"
    assert any(s.startswith("Times the sole leader changed") for s in section.findings)
    assert all("95% interval" in s for s in section.findings if "a change of" in s)


def test_same_version_finds_no_change(tmp_path):
    result = _result(tmp_path, 5)
    changes = feel_changes(result)
    assert not changes["significant"].any() and (changes["diff"] == 0).all()


def test_decided_at_changes_in_percentage_points_of_the_game():
    assert change_text("decided_at", 0.125) == "+12.5 percentage points of the game"
    assert change_text("comeback", -0.03) == "-3.0 percentage points"
    assert change_text("lead_changes", 0.5) == "+0.50"
