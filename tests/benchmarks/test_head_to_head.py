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
    assert ahead["left_out"] == 0
    assert abs(ahead["share"] + behind["share"] - 100.0) < 1e-9  # shares of a game sum to 1
    assert ahead["lo"] <= ahead["share"] <= ahead["hi"]
    assert main([run]) == 0 and "heuristic vs random: 5 seeds, 10 games" in capsys.readouterr().out


def test_missing_run_is_one_line_exit_2(tmp_path, capsys):
    assert main([str(tmp_path / "nope")]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_two_runs_pool_their_seeds_with_a_confidence_sequence(tmp_path, capsys):
    from benchmarks.head_to_head import head_to_head

    first = played_run(tmp_path, "h2h", SWEEP)
    more = played_run(
        tmp_path, "h2h2", SWEEP.replace('"h2h"', '"h2h2"').replace("seed = 8", "seed = 9")
    )
    one, two = head_to_head(first), head_to_head(more)
    pooled = head_to_head([first, more], t_star=10)
    row = pooled.filter(pooled["policy"] == "heuristic").row(0, named=True)
    assert row["seeds"] == 10 and row["games"] == 20  # game_index 0-4 of each run, kept apart
    halves = [t.filter(t["policy"] == "heuristic")["share"][0] for t in (one, two)]
    assert abs(row["share"] - sum(halves) / 2) < 1e-9  # equal seeds per run: the mean of means
    # the confidence sequence holds at every look, so it is wider than the fixed-sample interval
    assert row["cs_lo"] <= row["lo"] <= row["share"] <= row["hi"] <= row["cs_hi"]
    assert main([first, more, "--sequential", "10"]) == 0
    assert "confidence sequence" in capsys.readouterr().out


def test_a_run_given_twice_is_refused(tmp_path, capsys):
    run = played_run(tmp_path, "h2h", SWEEP)
    assert main([run, run]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "both played from seed 8" in err[0]


def test_a_seed_counts_once_played_in_every_seating():
    import polars as pl

    from benchmarks.head_to_head import complete_seeds

    # a run read while playing: seed 2 has been played in the first seating only
    per_seed = pl.DataFrame(
        {
            "policy": ["a"] * 3,
            "policy_opp": ["b"] * 3,
            "game_index": [0, 1, 2],
            "v": [50.0, 100.0, 100.0],
            "games": [2, 2, 1],
        }
    )
    assert complete_seeds(per_seed)["waiting"].to_list() == [False, False, True]
