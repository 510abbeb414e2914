"""benchmarks/head_to_head.py: each pairing's win share, per seed over both seatings."""

from __future__ import annotations

from benchmarks.head_to_head import main
from tests.benchmarks.played import pairings, played_run

SWEEP = """
name = "h2h"
game = "ratjack"
players = 2
games = 5
seed = 8
policies = ["heuristic", "random"]
seat_rotation = false

[grid]
policies = [["heuristic", "random"], ["random", "heuristic"]]
"""


def test_pairings_of_a_two_seating_run(tmp_path, capsys):
    run = played_run(tmp_path, "h2h", SWEEP)
    pairs = pairings(run)
    assert set(pairs) == {("heuristic", "random"), ("random", "heuristic")}
    ahead, behind = pairs["heuristic", "random"], pairs["random", "heuristic"]
    assert ahead["seeds"] == 5 and ahead["games"] == 10  # each seed in both seatings
    assert abs(ahead["share"] + behind["share"] - 100.0) < 1e-9  # shares of a game sum to 1
    assert ahead["lo"] <= ahead["share"] <= ahead["hi"]
    assert main([run]) == 0 and "heuristic vs random: 5 seeds, 10 games" in capsys.readouterr().out


def test_missing_run_is_one_line_exit_2(tmp_path, capsys):
    assert main([str(tmp_path / "nope")]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
