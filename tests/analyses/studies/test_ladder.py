"""Skill ladder: rungs, per-budget rates, paired steps and where returns flatten."""

from __future__ import annotations

import pytest

from analyses.studies.ladder import flattens_after, ladders, mcts_budget, step_sentence
from simcore.engine.run.dataset import read_table
from tests.analyses.synthetic import Cell, write_run

REF = "heuristic"


def rung(budget: int, strength: float) -> Cell:
    spec = f"mcts:iterations={budget},horizon=10"
    return Cell(f"b{budget}", [spec, REF], strengths={spec: strength, REF: 0.0})


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    # Bradley-Terry strengths: 0 (50%), 1.1 (75%), 1.1 again (no gain), in 2-player games with
    # common random numbers; plus an unrelated cell that is not a rung.
    cells = [
        rung(100, 0.0),
        rung(200, 1.1),
        rung(400, 1.1),
        Cell("other", ["random", REF], strengths={REF: 2.0}),
    ]
    return write_run(tmp_path_factory.mktemp("ladder"), cells, games=800)


def test_budgets_of_specs():
    assert mcts_budget("mcts:iterations=400,horizon=10") == ("mcts:horizon=10", 400)
    assert mcts_budget("mcts", "ratjack") == ("mcts:horizon=10", 560)  # plain = recommended
    assert mcts_budget("mcts:time_ms=50") is None  # a clock budget is not a rung
    assert mcts_budget("heuristic") is None


def test_ladder_rates_steps_and_flattening(run):
    table = ladders(read_table(run, "seats")).sort("budget")
    assert table["budget"].to_list() == [100, 200, 400]
    assert table["ladder"].unique().to_list() == ["mcts:horizon=10 vs heuristic, 2 players"]
    # on Ratjack horizon=10 is what plain mcts plays: the ladder is named for that player
    named = ladders(read_table(run, "seats"), "ratjack")["ladder"].unique().to_list()
    assert named == ["plain mcts vs heuristic, 2 players"]
    rates = table["rate"].to_list()
    assert rates[0] == pytest.approx(0.5, abs=0.05) and rates[1] == pytest.approx(0.75, abs=0.05)
    first, second = table.row(1, named=True), table.row(2, named=True)
    assert first["significant"] and first["gain_lo"] > 0.15
    # same strength and same seeds: the 400 cell replays the 200 cell's games exactly
    assert second["gain"] == pytest.approx(0.0) and not second["significant"]
    assert flattens_after(table) == 200
    words = step_sentence(table.row(0, named=True), first)
    assert words.startswith("Doubling thinking time from 100 to 200 iterations gains +")
    assert "changes no game" in step_sentence(first, second)


def test_a_still_rising_ladder_has_no_flattening_point(tmp_path):
    run = write_run(tmp_path, [rung(50, -1.0), rung(100, 0.0), rung(200, 1.0)], games=600)
    assert flattens_after(ladders(read_table(run, "seats"))) is None


def test_step_sentence_states_what_a_null_step_could_have_detected():
    prev = {"budget": 200}
    row = {
        "budget": 400,
        "gain": 0.012,
        "gain_lo": -0.02,
        "gain_hi": 0.044,
        "significant": False,
        "mde": 0.046,
        "identical": False,
    }
    assert step_sentence(prev, row) == (
        "Doubling thinking time from 200 to 400 iterations gains +1.2 win-rate points "
        "(95% interval -2.0 to +4.4): not significant; a gain of 4.6 points would have shown."
    )


def test_step_sentence_says_when_only_the_holm_correction_holds_it_back():
    # the step's own interval excludes 0, the Holm-corrected test over the ladder does not
    prev = {"budget": 140}
    row = {
        "budget": 280,
        "gain": 0.095,
        "gain_lo": 0.005,
        "gain_hi": 0.185,
        "significant": False,
        "mde": 0.148,
        "identical": False,
    }
    assert step_sentence(prev, row) == (
        "Doubling thinking time from 140 to 280 iterations gains +9.5 win-rate points "
        "(95% interval +0.5 to +18.5): not significant after the Holm correction over this "
        "ladder's steps; a gain of 14.8 points would have shown."
    )
