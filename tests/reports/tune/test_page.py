"""The tune report says which fresh games chose the recommendation and which measured it, and
meets a band only when its interval lies inside (issue 62); a ``tune.json`` from before reads as
it was."""

from __future__ import annotations

import copy
from typing import Any

from reports.tune.page import meets_words, render, summary_lines


def _row(after: list[float], meets: bool, in_band: bool, ruled_out: bool) -> dict[str, Any]:
    return {
        "item": "",
        "before": [9.0, 7.0, 11.0],
        "after": after,
        "change": [-8.0, -10.0, -6.0],
        "meets": meets,
        "met_before": False,
        "in_band": in_band,
        "ruled_out": ruled_out,
    }


def _targets(row: dict[str, Any]) -> dict[str, Any]:
    return {"fpa": {"rows": [row], "miss": 0.0, "miss_before": 7.0}}


def _result(finalists: int = 3, same_games: bool = False) -> dict[str, Any]:
    """A finished search of one band target, its recommendation trial 5."""
    chosen_row = _row([0.5, -1.0, 2.0], True, True, False)  # on the choosing games
    measured_row = _row([1.0, -0.5, 2.5], False, True, False)  # on the measuring games
    fins = [
        {
            "slot": 5 + i,
            "values": {"head_start": i},
            "changes": [["head_start", 1, i]],
            "targets": _targets(chosen_row),
            "miss": 0.0,
            "runs": ["verify/current", f"verify/trial-{5 + i}"],
            "compared": {"measures": 3, "changed": 2},
        }
        for i in range(finalists)
    ]
    measured = {
        "slot": 5,
        "targets": fins[0]["targets"] if same_games else _targets(measured_row),
        "miss": 0.0,
        "runs": ["verify/measure-current", "verify/measure-trial-5"],
        "compared": {"measures": 3, "changed": 1},
        "seed": 111 if same_games else 222,
        "games": 1000,
        "same_games": same_games,
    }
    reached = same_games  # the measured interval crosses +2
    return {
        "name": "t",
        "game": "tilted",
        "players": 2,
        "policies": ["random", "random"],
        "seed": 7,
        "verify_seed": 111,
        "description": "",
        "search": {
            "trials": 8,
            "batch": 4,
            "rungs": [100],
            "sampler": "tpe",
            "objectives": 1,
            "verify_games": 1000,
        },
        "targets": [
            {
                "name": "fpa",
                "measure": "first_player_advantage",
                "band": "within [-2, 2] points",
                "maximize": False,
                "unit": "points",
                "items": [],
            }
        ],
        "trials": [],
        "history": [],
        "importance": {},
        "verification": {
            "recommended": 5,
            "reached": reached,
            "in_band": True,
            "finalists": fins,
            "current_miss": 7.0,
            "head_to_head": None,
            "conf": 0.95,
            "chosen_on": {"seed": 111, "games": 1000, "finalists": finalists},
            "measured": measured,
        },
    }


def test_the_summary_says_which_games_chose_and_which_measured():
    lines = summary_lines(_result())
    assert lines[-1] == (
        "  chosen among 3 finalists on 1,000 fresh games (seed 111); measured on another 1,000 "
        "(seed 222)"
    )
    # the numbers are the measuring games': the estimate in band, its interval across +2
    assert lines[1].startswith("  fpa: +9.0 [+7.0, +11.0] -> +1.0 [-0.5, +2.5]")
    assert lines[0] == (
        "targets not shown to be reached on 1000 fresh games (an interval crosses its band's "
        "edge); best candidate (trial 5): head_start: 1 -> 0"
    )


def test_one_finalist_is_measured_on_the_games_that_verified_it():
    lines = summary_lines(_result(finalists=1, same_games=True))
    assert lines[0] == "recommended (trial 5): head_start: 1 -> 0"
    assert lines[-1] == (
        "  one finalist, chosen on the search's games; measured on 1,000 fresh games (seed 111) "
        "that chose nothing"
    )
    assert "The best was played again on 1,000 fresh games" in render(
        _result(finalists=1, same_games=True)
    )


def test_the_page_names_both_sets_of_games_and_the_rule_for_a_band():
    html = render(_result())
    assert "The best 3 were played again on 1,000 fresh games (seed 111)" in html
    assert "another 1,000 fresh games (seed 222)" in html
    assert "A band is met when its 95% interval lies wholly inside it" in html
    assert "fpa: within [-2, 2] points (fresh seeds that did not choose it)" in html
    assert "not shown (estimate in band)" in html
    # the recommendation's A vs B on its measuring games comes first, then every finalist's
    first = html.index('href="current-vs-trial-5-measured.html"')
    assert first < html.index('href="current-vs-trial-5.html"')
    assert "on the games that chose among the finalists" in html


def test_meets_in_words():
    assert meets_words(_row([0.0, -1.0, 1.0], True, True, False)) == "yes"
    assert meets_words(_row([3.0, 1.0, 5.0], False, False, False)) == "not shown (estimate outside)"
    assert meets_words(_row([9.0, 7.0, 11.0], False, False, True)) == "no"
    assert meets_words({"meets": None}) == "–"  # a target to maximize has no band
    assert meets_words({"meets": False}) == "no"  # an older tune.json: by the estimate


def test_a_tune_json_from_before_reads_as_it_was():
    old = copy.deepcopy(_result())
    ver = old["verification"]
    for key in ("measured", "chosen_on", "in_band", "conf"):
        del ver[key]
    ver["reached"] = True
    for f in ver["finalists"]:
        for row in f["targets"]["fpa"]["rows"]:
            for key in ("in_band", "ruled_out"):  # rows are shared between finalists here
                row.pop(key, None)
    lines = summary_lines(old)
    assert lines[0] == "recommended (trial 5): head_start: 1 -> 0"
    assert lines[1].startswith("  fpa: +9.0 [+7.0, +11.0] -> +0.5 [-1.0, +2.0]")
    assert lines[-1] == (
        "  chosen among 3 finalists and measured on the same 1,000 fresh games (seed 111): the "
        "choice flatters these numbers"
    )
    html = render(old)
    assert "A target is met when its estimate lies in its band" in html
    assert "current-vs-trial-5-measured.html" not in html
