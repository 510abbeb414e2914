"""The skill-ladder section: present for a budget ladder, with the doubling sentences."""

from __future__ import annotations

import re

from reports.studies.build import generic_report
from tests.analyses.synthetic import Cell, write_run

REF = "heuristic"


def _rung(budget: int, strength: float) -> Cell:
    spec = f"mcts:iterations={budget}"
    return Cell(f"b{budget}", [spec, REF], strengths={spec: strength, REF: 0.0})


def test_ladder_report_names_steps_and_flattening(tmp_path):
    # 50% -> 73% -> 73%: one real step, then none
    run = write_run(tmp_path, [_rung(100, 0.0), _rung(200, 1.0), _rung(400, 1.0)], games=600)
    html = generic_report(run)
    assert 'id="ladder"' in html and "Skill ladder (skill depth)" in html
    text = re.sub(r"<[^>]+>", " ", html)
    assert "returns flatten after 200 iterations" in text
    assert re.search(r"Doubling thinking time from 100 to 200 iterations gains \+2\d\.\d", text)
    assert "from 200 to 400 iterations changes no game" in text
    assert "synthetic: skill ladder" in html


def test_no_ladder_section_without_two_budgets(tmp_path):
    run = write_run(tmp_path, [_rung(100, 0.5), Cell("r", ["random", REF])], games=100)
    assert 'id="ladder"' not in generic_report(run)


def test_reports_warn_when_every_player_is_below_the_ladder_top():
    from reports.studies.build import _below_top

    warning = _below_top("ratjack", ["heuristic", "random"])
    assert warning and warning.startswith("The best-ranked player here (heuristic) is below")
    assert "skill ladder: plain mcts wins 68.0%" in warning
    assert "((" not in warning and "))" not in warning  # no nested parentheses
    assert _below_top("ratjack", ["mcts", "heuristic"]) is None
    assert _below_top("lord_of_worlds", ["mcts", "heuristic:style=chains"]) is None
    assert _below_top("lord_of_worlds", ["heuristic:style=chains", "random"])  # mcts is the top
    assert _below_top("no_such_game", ["random"]) is None
    # Rats of Wistar's top is one heuristic style, which beats plain mcts head to head
    assert _below_top("rats_of_wistar", ["heuristic:style=fitted", "heuristic"]) is None
    below = _below_top("rats_of_wistar", ["mcts", "heuristic:style=explorer"])
    assert below and below.startswith("The best-ranked player here (mcts) is below the top")
    assert "against plain mcts" in below
    # two styles of one rung are both named, whatever order the run lists them in
    for order in (
        ["heuristic:style=chains", "heuristic:style=architect", "random"],
        ["random", "heuristic:style=architect", "heuristic:style=chains"],
    ):
        assert _below_top("lord_of_worlds", order).startswith(
            "The best-ranked players here (heuristic:style=architect and heuristic:style=chains) "
            "are below the top"
        )


def test_a_player_measured_level_with_the_top_is_named_with_its_evidence():
    from reports.studies.build import _below_top
    from strategies.ladder import Top, top_player

    top = Top("mcts", "evidence", ("heuristic:style=fitted",), "how close")
    assert not top.reached_by(["heuristic:style=fitted", "heuristic"])  # level is not the top
    assert top.level_in(["heuristic", "heuristic:style=fitted"]) == ["heuristic:style=fitted"]
    assert top.reached_by(["mcts:iterations=50", "heuristic"])  # the family itself, as before
    # Ratjack's fitted style was measured within 3 points of plain mcts head to head: a run
    # with it draws that measurement instead of the "below the top" warning
    assert top_player("ratjack").level == ("heuristic:style=fitted",)
    note = _below_top("ratjack", ["heuristic:style=fitted", "heuristic"])
    assert note.startswith(
        "The best player here (heuristic:style=fitted) is measured as strong "
        "as the top of this game's skill ladder, mcts, within 3 points: "
    )
    assert "47.2" in note and "below the top" not in note
    assert _below_top("ratjack", ["heuristic:style=fitted", "mcts"]) is None  # the top itself
    assert "47.4" in _below_top("lord_of_worlds", ["heuristic:style=fitted", "heuristic"])


def test_three_player_ladder_draws_the_fair_share(tmp_path):
    cells = [Cell(f"b{b}", [f"mcts:iterations={b}", REF, REF]) for b in (100, 200)]
    html = generic_report(write_run(tmp_path, cells, games=200, n_players=3))
    assert "dashed: the fair share (an even match)" in html


def test_the_below_the_top_caveat_names_each_player_once():
    # Lord of Worlds' default style is chains: "heuristic" and "heuristic:style=chains" are
    # one player, so the caveat must not list them as two of the strongest.
    from types import SimpleNamespace

    from reports.studies.build import _one_name_per_player
    from simcore.core.registry import make_game

    ctx = SimpleNamespace(game=make_game("lord_of_worlds"))
    specs = ["heuristic:style=chains", "heuristic:style=architect", "heuristic"]
    assert _one_name_per_player(ctx, specs) == ["heuristic", "heuristic:style=architect"]
    assert _one_name_per_player(SimpleNamespace(game=None), specs) == sorted(specs)


def test_a_report_at_another_player_count_quotes_that_count_or_says_it_was_not_measured():
    from reports.compare.differs import stronger_hint
    from reports.studies.build import _below_top
    from strategies.ladder import top_player

    # Ratjack at 3 players has its own measurement: the fitted style is below plain mcts there
    at3 = top_player("ratjack", 3)
    assert at3 and at3.measured and at3.players == 3 and at3.level == ()
    warning = _below_top("ratjack", ["heuristic:style=fitted", "heuristic"], 3)
    assert warning and "at 3 players, against two plain mcts seats" in warning
    assert "48.6%" not in warning and "as strong as the top" not in warning
    # at 2 players the fitted style is named level with the top, with its 2-player evidence
    assert "48.6% of 12,000 2-player games" in _below_top("ratjack", ["heuristic:style=fitted"], 2)
    at4 = _below_top("ratjack", ["heuristic:style=fitted"], 4)
    assert at4 and "at 4 players, against three plain mcts seats" in at4
    # Lord of Worlds was measured at 2 players only: a 3-player report says so
    not_measured = _below_top("lord_of_worlds", ["heuristic:style=fitted", "heuristic"], 3)
    assert not_measured and not_measured.startswith(
        "This game's skill ladder was measured at 2 players only, not at 3"
    )
    # Rats of Wistar has a style fitted at each count: a 3-player report of the 2-player
    # style names the 3-player one with its own evidence
    assert _below_top("rats_of_wistar", ["heuristic:style=fitted", "heuristic"], 2) is None
    at3 = _below_top("rats_of_wistar", ["heuristic:style=fitted", "heuristic"], 3)
    assert at3 and "heuristic:style=fitted_3p" in at3 and "1,200 3-player games" in at3
    assert _below_top("rats_of_wistar", ["heuristic:style=fitted_4p"], 4) is None
    # a 3-player comparison is not told that the fitted style plays as strong as the top
    manifest = {"game": "lord_of_worlds", "config": {"players": 2}, "cells": []}
    assert "heuristic:style=fitted" in stronger_hint(manifest)
    assert stronger_hint({**manifest, "config": {"players": 3}}) == ""
