"""Verification through ``boardlab compare``: the current version and each finalist are sweep
runs on fresh seeds, the paired change of a target is the comparison's, each finalist's
"A vs B" report is written and linked; a fitted player meets its starting self head to head."""

from __future__ import annotations

import json
import math

import pytest

from analyses.compare.changes import compare_versions, load_side
from analyses.tune.config import build_tune
from analyses.tune.fresh import head_to_head, load_comparison
from analyses.tune.run import run_tune
from simcore.engine.run.dataset import load_manifest
from tests.analyses.tune.helpers import tilted


@pytest.fixture(scope="module")
def searched(tmp_path_factory):
    """A small search of Tilted's planted advantage, verified on 400 fresh games."""
    tc = tilted(trials=4, batch=2, rungs=[50, 100], verify_games=400, verify_top=2)
    out = tmp_path_factory.mktemp("fresh")
    return tc, out / tc.name, run_tune(tc, out, None, 1, False, lambda _: None)


def test_verification_runs_are_sweep_runs_on_fresh_seeds(searched):
    tc, run_dir, result = searched
    ver = result["verification"]
    for f in ver["finalists"]:
        for rel in f["runs"]:
            manifest = load_manifest(run_dir / rel)
            assert manifest["config"]["seed"] == tc.verify_seed != tc.seed
            assert manifest["config"]["games"] == tc.verify_games
    assert ver["finalists"][0]["runs"][0] == "verify/current"  # the current version plays once
    assert len({tuple(f["runs"]) for f in ver["finalists"]}) == len(ver["finalists"])


def test_the_recommendation_is_measured_on_other_fresh_seeds_than_chose_it(searched):
    # chosen among the finalists on the verify seeds, then the current version and the chosen
    # one played again on the measure seeds (issue 62): its numbers are the second pair's
    tc, run_dir, result = searched
    ver = result["verification"]
    shown = ver["measured"]
    assert len(ver["finalists"]) == ver["chosen_on"]["finalists"] == 2
    assert ver["chosen_on"]["seed"] == tc.verify_seed
    assert shown["seed"] == tc.measure_seed not in (tc.seed, tc.verify_seed, tc.head_seed)
    assert shown["slot"] == ver["recommended"] and not shown["same_games"]
    assert shown["runs"] == ["verify/measure-current", f"verify/measure-trial-{shown['slot']}"]
    for rel in shown["runs"]:
        manifest = load_manifest(run_dir / rel)
        assert manifest["config"]["seed"] == tc.measure_seed
        assert manifest["config"]["games"] == tc.verify_games
    chosen = next(f for f in ver["finalists"] if f["slot"] == ver["recommended"])
    row = shown["targets"]["first_player_advantage"]["rows"][0]
    assert row["after"] != chosen["targets"]["first_player_advantage"]["rows"][0]["after"]
    sides = [load_side(name, run_dir / rel) for name, rel in zip("AB", shown["runs"], strict=True)]
    diff = compare_versions(*sides).table.filter(key="first:c000").row(0, named=True)["diff"]
    assert row["change"][0] == pytest.approx(100 * diff)
    # met and reached are read on the measuring games, a band by its interval
    lo, hi = row["after"][1:]
    assert row["meets"] == (lo >= -2 and hi <= 2) and ver["reached"] == row["meets"]
    assert ver["current_miss"] == shown["targets"]["first_player_advantage"]["miss_before"]


def test_the_report_says_which_games_chose_and_which_measured(searched):
    from reports.tune.cli import write_measured_comparison
    from reports.tune.page import compare_file, render, summary_lines

    tc, run_dir, result = searched
    slot = result["verification"]["recommended"]
    assert summary_lines(result)[-1] == (
        f"  chosen among 2 finalists on 400 fresh games (seed {tc.verify_seed}); measured on "
        f"another 400 (seed {tc.measure_seed})"
    )
    path = write_measured_comparison(result, run_dir)
    assert path is not None and path.name == compare_file(slot, measured=True)
    html = render(result)
    assert f'href="{path.name}"' in html and "on the games that measured it" in html
    assert "fresh seeds that did not choose it" in html
    assert "interval lies wholly inside it" in html


def test_a_targets_paired_change_is_the_comparisons(searched):
    # first_player_advantage is 100 x (first player's win share - 1/2): its paired change is
    # 100 x the comparison's change of the first player's win share, interval and all
    _, run_dir, result = searched
    for f in result["verification"]["finalists"]:
        sides = [load_side(name, run_dir / rel) for name, rel in zip("AB", f["runs"], strict=True)]
        row = compare_versions(*sides).table.filter(key="first:c000").row(0, named=True)
        change = f["targets"]["first_player_advantage"]["rows"][0]["change"]
        assert change == pytest.approx([100 * row["diff"], 100 * row["lo"], 100 * row["hi"]])
        before = f["targets"]["first_player_advantage"]["rows"][0]["before"][0]
        after = f["targets"]["first_player_advantage"]["rows"][0]["after"][0]
        assert after - before == pytest.approx(change[0])


def test_each_finalist_has_an_a_vs_b_report_linked_from_the_tune_report(searched):
    from reports.tune.cli import write_comparisons
    from reports.tune.page import compare_file, render

    _, run_dir, result = searched
    written = write_comparisons(result, run_dir)
    html = render(result)
    for f, path in zip(result["verification"]["finalists"], written, strict=True):
        assert path.name == compare_file(f["slot"])
        text = path.read_text()
        assert f"current version vs trial {f['slot']}" in text
        assert f'href="{compare_file(f["slot"])}"' in html
    comparison = load_comparison(run_dir, result["verification"]["recommended"])
    assert comparison.name_a == "current version"
    assert json.loads(json.dumps(result))  # the result stays plain data (relative run paths)


def _ratjack_fit(**search):
    raw = {
        "name": "fit",
        "game": "ratjack",
        "players": 2,
        "policies": ["heuristic", "heuristic:style=aggressive"],
        "seed": 11,
        "search": {"trials": 2, "batch": 2, "rungs": [10], "head_to_head": 30, **search},
        "target": [{"measure": "win_rate", "maximize": True}],
        "space": [{"policy_slot": 0, "option": "close", "float": [0.5, 3.0]}],
    }
    return build_tune(raw)


def test_a_player_against_itself_head_to_head_wins_exactly_half(tmp_path):
    # the same policy in both seats of both seatings of a seed: whatever seat 0 wins in one
    # seating the other copy wins in the other, so the "fitted" share is 50% on every seed
    tc = _ratjack_fit()
    h2h = head_to_head(tc, tc.space.current(), tmp_path, 1)
    assert h2h["games"] == 2 * h2h["seeds"] == 60
    assert h2h["win_share"] == pytest.approx([50.0, 50.0, 50.0])


def test_a_changed_player_head_to_head_is_not_a_mirror(tmp_path):
    tc = _ratjack_fit()
    h2h = head_to_head(tc, {"slot0:close": 0.5}, tmp_path, 1)
    assert h2h["fitted"] != h2h["start"] and "close=0.5" in h2h["fitted"]
    m, lo, hi = h2h["win_share"]
    assert lo <= m <= hi and lo < hi  # seeds disagree: an interval, not a mirror's point


def test_a_player_fit_is_verified_head_to_head_and_its_comparison_names_the_line_ups(tmp_path):
    from reports.tune.cli import write_comparisons
    from reports.tune.page import render, summary_lines

    tc = _ratjack_fit(verify_games=20, verify_top=1)
    result = run_tune(tc, tmp_path, None, 1, False, lambda _: None)
    h2h = result["verification"]["head_to_head"]
    assert h2h["seeds"] == 30 and h2h["start"] == "heuristic"
    assert any(
        line.startswith("  head to head: the fitted player wins") for line in summary_lines(result)
    )
    assert 'id="head-to-head"' in render(result)
    text = write_comparisons(result, tmp_path / tc.name)[0].read_text()
    assert "line-up" in text and h2h["fitted"] in text


def test_report_shows_fitted_numbers_to_four_significant_digits() -> None:
    from reports.tune.page import change_rows, summary_lines

    # a fitted weight carries every digit of the search in tune.json; the report reads 0.6129
    assert change_rows("ratjack", "slot0:close", 1.5, 0.6128861971862555) == [
        ["slot0:close", "1.5", "0.6129", ""]
    ]
    assert change_rows("ratjack", "slot0:cards", 3, 4) == [["slot0:cards", "3", "4", ""]]
    result = {
        "search": {"verify_games": 400},
        "verification": {
            "recommended": 7,
            "reached": True,
            "finalists": [
                {"slot": 7, "changes": [["slot0:flip_risk", 0.0, 41.65815268791833]], "targets": {}}
            ],
        },
    }
    assert summary_lines(result)[0].endswith("slot0:flip_risk: 0 -> 41.66")


def test_report_signs_differences_but_not_levels() -> None:
    from reports.tune.page import summary_lines

    # a win rate is a level (32.2%), its paired change a difference (+17.2); a section's worth
    # is itself a difference of win shares (+24.2)
    row = {"item": "", "before": [32.2, 27.6, 36.8], "after": [49.5, 44.6, 54.4]}
    row["change"] = [17.2, 10.8, 23.7]
    result = {
        "search": {"verify_games": 400},
        "targets": [{"name": "win_rate", "unit": "%"}, {"name": "worth", "unit": "points"}],
        "verification": {
            "recommended": 7,
            "reached": True,
            "finalists": [
                {
                    "slot": 7,
                    "changes": [],
                    "targets": {
                        "win_rate": {"rows": [row]},
                        "worth": {"rows": [dict(row, before=[24.2, 20.0, 28.4])]},
                    },
                }
            ],
        },
    }
    lines = summary_lines(result)
    assert lines[1] == (
        "  win_rate: 32.2 [27.6, 36.8] -> 49.5 [44.6, 54.4], paired change +17.2 [+10.8, +23.7] "
        "(on 400 fresh games)"
    )
    assert lines[2].startswith("  worth: +24.2 [+20.0, +28.4] -> +49.5")


def test_a_three_player_fit_is_played_head_to_head_in_every_seat(tmp_path):
    # 3 players: each seed is played three times, the fitted player once in each seat and its
    # starting self in the other two; the same policy everywhere wins exactly a third per seed
    from reports.tune.words import head_to_head_line

    tc = build_tune(
        {
            "name": "fit3",
            "game": "ratjack",
            "players": 3,
            "policies": ["heuristic", "heuristic:style=aggressive", "heuristic"],
            "seed": 11,
            "search": {"trials": 2, "batch": 2, "rungs": [10], "head_to_head": 20},
            "target": [{"measure": "win_rate", "maximize": True}],
            "space": [{"policy_slot": 0, "option": "close", "float": [0.5, 3.0]}],
        }
    )
    same = head_to_head(tc, tc.space.current(), tmp_path / "same", 1)
    assert same["games"] == 3 * same["seeds"] == 60 and same["players"] == 3
    assert same["win_share"] == pytest.approx([100 / 3] * 3)
    changed = head_to_head(tc, {"slot0:close": 0.5}, tmp_path / "changed", 1)
    m, lo, hi = changed["win_share"]
    assert lo < m < hi
    line = head_to_head_line(changed)
    assert "each played 3 times" in line and "33.3% is a fair share" in line


@pytest.mark.parametrize(
    ("change", "mark", "opening"),
    [
        ([-4.0, -6.4, -1.5], "no", "no better than the current version: worse on 2000"),
        ([2.3, -0.5, 5.1], "not shown", "not shown better than the current version on 2000"),
        ([6.6, 4.6, 8.6], "yes", "recommended (trial 7)"),
    ],
)
def test_a_target_to_maximize_is_reached_only_by_beating_the_current_version(change, mark, opening):
    # the search's best trial can measure worse than the current weights on fresh games (a
    # 3-player Ratjack fit: -4.0 points, -6.4 to -1.5); the verdict must not read "recommended"
    from analyses.tune.fresh import target_row
    from analyses.tune.measures import Estimate
    from analyses.tune.targets import Target
    from analyses.tune.verify import better
    from reports.tune.words import _verdict

    t = Target("win_rate", "win_rate", -math.inf, math.inf, True)
    row = target_row(
        t, Estimate("", 45.2, 43.0, 47.4, 2000), Estimate("", 41.2, 39.1, 43.4, 2000), change
    )
    assert row["better"] == mark and row["meets"] is None
    ver = {"reached": True, "in_band": True, "better": better({"win_rate": {"rows": [row]}})}
    best = {"slot": 7, "words": ["close: 0.72 → 0.53"]}
    assert _verdict(ver, best, 2000).startswith(opening)
