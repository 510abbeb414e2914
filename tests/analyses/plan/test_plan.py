"""``boardlab plan`` / ``sweep --plan``: pilot figures, the plan's numbers, the command."""

from __future__ import annotations

import json

import pytest

from analyses.plan.pilot import (
    CellPilot,
    ComparisonPilot,
    Pilot,
    make_plan,
    pilot_from_run,
    plan_lines,
)
from analyses.stats.power import Moves, paired_detectable
from tests.analyses.synthetic import Cell, write_run
from tests.conftest import DUEL, run_cli

SWEEP = f"""
name = "plan-me"
game = "{DUEL}"
players = 2
games = 500
seed = 4
policies = ["random", "random"]
[grid]
policies = [["random", "random"], ["random:forbid=play/8", "random"]]
"""


def _pilot(games: int = 100) -> Pilot:
    cells = [CellPilot("c000", 10.0, 0.5), CellPilot("c001", 20.0, 0.45)]
    comparisons = [ComparisonPilot("c000", "c001", 0.02, 1.0, 1.0, 0.14)]
    return Pilot(games, 11, cells, comparisons, "restricted cells against their baselines")


def test_plan_numbers_follow_the_power_model():
    pilot = _pilot()
    plan = make_plan(pilot, 2000, detect=0.01, half=0.02)
    mv = Moves(0.02, 1.0, 1.0)
    assert plan.detectable == [pytest.approx(paired_detectable(2000, mv, 0.05))]
    assert plan.cpu_s == pytest.approx(2000 * 30 / 1000)
    # the games the detect target needs do detect it, one game fewer by a few do not
    n = plan.needed["detect"]
    assert paired_detectable(n, mv, 0.05) <= 0.01 < paired_detectable(n - 20, mv, 0.05)
    # a slot-0 rate near 50% needs (1.96 / 0.02)^2 * 0.25 = 2,401 games for +-2 points
    assert plan.needed["half_width"] == 2401
    words = " ".join(plan_lines(pilot, plan))
    assert "2,000 games per cell x 2 cells" in words and "Games per cell for" in words


def test_a_small_pilot_plans_for_the_worst_case():
    plan = make_plan(_pilot(games=10), 2000)
    assert plan.detectable[0] > make_plan(_pilot(), 2000).detectable[0]
    assert "at their worst case" in plan_lines(_pilot(games=10), plan)[0]


def test_pilot_from_a_run_compares_rule_changes_with_their_baseline(tmp_path):
    cells = [
        Cell("c000", ["a", "b"], {"target": 10}),
        Cell("c001", ["a", "b"], {"target": 12}),
        Cell("c002", ["a", "b"], {"target": 14}, {"a": 0.3}),
    ]
    pilot = pilot_from_run(write_run(tmp_path, cells, games=300))
    assert [c.cell for c in pilot.cells] == ["c000", "c001", "c002"] and pilot.games == 300
    pairs = [(c.cell_a, c.cell_b) for c in pilot.comparisons]
    assert pairs == [("c000", "c001"), ("c000", "c002")]
    assert pilot.compared == "each rule change against its baseline value"
    assert Pilot.from_json(json.loads(json.dumps(pilot.to_json()))) == pilot


def test_the_two_seatings_of_one_line_up_are_not_a_budget_ladder(tmp_path):
    # a head to head played in both seatings has one MCTS budget: nothing to compare per step;
    # two budgets against the same reference are one doubling step
    seatings = [Cell("c000", ["mcts", "heuristic"]), Cell("c001", ["heuristic", "mcts"])]
    pilot = pilot_from_run(write_run(tmp_path / "h2h", seatings, games=120))
    assert pilot.comparisons == [] and pilot.compared == "none"
    budgets = [
        Cell("c000", ["mcts:iterations=100", "heuristic"]),
        Cell("c001", ["mcts:iterations=200", "heuristic"]),
    ]
    pilot = pilot_from_run(write_run(tmp_path / "ladder", budgets, games=120))
    assert [(c.cell_a, c.cell_b) for c in pilot.comparisons] == [("c000", "c001")]
    assert pilot.compared == "each doubling of the MCTS budget"


def test_plan_command_plays_a_pilot_and_records_it(tmp_path):
    sweep = tmp_path / "plan_me.toml"
    sweep.write_text(SWEEP)
    record = tmp_path / "pilots.json"
    result = run_cli(
        "plan",
        str(sweep),
        "--allow-import",
        "--pilot",
        "60",
        "--detect",
        "5",
        "--record",
        str(record),
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    assert "pilot of 60 games per cell" in result.stdout
    assert "Games per cell for that change detected in every comparison" in result.stdout
    assert "(restricted cells against their baselines)" in result.stdout
    assert json.loads(record.read_text())["plan_me.toml"]["games"] == 60
    assert not (tmp_path / "runs").exists()


def test_sweep_plan_flag_plans_instead_of_running(tmp_path):
    sweep = tmp_path / "plan_me.toml"
    sweep.write_text(SWEEP)
    result = run_cli(
        "sweep", str(sweep), "--allow-import", "--plan", "--out", str(tmp_path / "runs")
    )
    assert result.returncode == 0, result.stderr
    assert "500 games per cell x 2 cells" in result.stdout
    assert not (tmp_path / "runs").exists()


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (["--pilot", "1"], "--pilot"),
        (["--detect", "0"], "--detect"),
        (["--half-width", "150"], "--half-width"),
        (["--games", "1"], "--games"),
    ],
)
def test_bad_plan_flags_are_one_line(tmp_path, flags, message):
    sweep = tmp_path / "plan_me.toml"
    sweep.write_text(SWEEP)
    result = run_cli("plan", str(sweep), "--allow-import", *flags)
    assert result.returncode == 2 and message in result.stderr
    assert "Traceback" not in result.stderr
