"""The skill-ladder section: present for a budget ladder, with the doubling sentences."""

from __future__ import annotations

import re

from reports.build import generic_report
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
