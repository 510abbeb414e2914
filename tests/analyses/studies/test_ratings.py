"""Pairwise matrix and Bradley-Terry: exact cases, recovery of known strengths, edge cases."""

from __future__ import annotations

import math

import numpy as np
import polars as pl
import pytest

from analyses.stats.intervals import wilson_interval
from analyses.studies import ratings
from tests.analyses.synthetic import Cell, write_run


def test_two_policies_exact_mle():
    # 70 wins to 30: the MLE of the log-odds is log(70/30), split evenly around zero.
    fit = ratings.bradley_terry(np.array([[0, 70], [30, 0]]), prior=0.0)
    d = math.log(70 / 30)
    assert fit.theta == pytest.approx([d / 2, -d / 2], abs=1e-8)
    # Var(log-odds) = 1 / (n p (1 - p)); each centred strength carries half of it.
    se_d = 1 / math.sqrt(100 * 0.7 * 0.3)
    assert fit.se == pytest.approx([se_d / 2, se_d / 2], rel=1e-6)


def test_recovers_known_strengths(tmp_path):
    truth = {"p0": -1.0, "p1": -0.3, "p2": 0.4, "p3": 0.9}
    names = list(truth)
    cells = [
        Cell(f"c{i}{j}", [a, b], strengths=truth)
        for i, a in enumerate(names)
        for j, b in enumerate(names)
        if i < j
    ]
    run = write_run(tmp_path, cells, games=600)
    df = ratings.policy_ratings(run, prior=0.0)
    got = dict(zip(df["policy"], df["theta"], strict=True))
    se = dict(zip(df["policy"], df["se"] / ratings.ELO, strict=True))
    centre = np.mean(list(truth.values()))
    for name, theta in truth.items():
        assert abs(got[name] - (theta - centre)) < 3.5 * se[name], name
    assert df["policy"].to_list() == ["p3", "p2", "p1", "p0"]
    assert ((df["lo"] < df["rating"]) & (df["rating"] < df["hi"])).all()


def test_prior_keeps_an_unbeaten_policy_finite():
    wins = np.array([[0, 50], [0, 0]])
    with pytest.raises(ValueError, match="never lost"):
        ratings.bradley_terry(wins, prior=0.0)
    fit = ratings.bradley_terry(wins, prior=1.0)
    # 50.5 : 0.5 after the virtual drawn comparison.
    assert fit.theta[0] - fit.theta[1] == pytest.approx(math.log(50.5 / 0.5), abs=1e-6)


def test_disconnected_groups_are_refused():
    wins = np.zeros((4, 4))
    wins[0, 1] = wins[1, 0] = 5
    wins[2, 3] = wins[3, 2] = 5
    with pytest.raises(ValueError, match="never met"):
        ratings.bradley_terry(wins)


def test_pairwise_results_with_ties_in_a_three_player_game():
    # One 3-player game: A rank 1, B and C tied at rank 2.
    #   A beats B, A beats C, B ties C (half a win each). A's two seats would be skipped.
    seats = pl.DataFrame(
        {
            "cell": ["c"] * 3,
            "game_index": [0, 0, 0],
            "seat": [0, 1, 2],
            "policy": ["A", "B", "C"],
            "rank": [1, 2, 2],
        }
    )
    df = ratings.pairwise_results(seats)
    rows = {(r["policy"], r["opponent"]): r for r in df.iter_rows(named=True)}
    assert rows[("A", "B")]["wins"] == 1.0 and rows[("B", "A")]["wins"] == 0.0
    assert rows[("B", "C")]["wins"] == 0.5 and rows[("B", "C")]["ties"] == 1
    assert all(r["comparisons"] == 1 for r in rows.values()) and len(rows) == 6


def test_win_matrix_intervals(tmp_path):
    run = write_run(tmp_path, [Cell("c0", ["a", "b"], strengths={"a": 1.0})], games=500)
    df = ratings.win_matrix(run)
    a = df.filter(pl.col("policy") == "a").row(0, named=True)
    truth = math.exp(1) / (math.exp(1) + 1)
    assert a["comparisons"] == 500 and a["lo"] < truth < a["hi"]
    b = df.filter(pl.col("policy") == "b").row(0, named=True)
    assert a["rate"] + b["rate"] == pytest.approx(1.0)


def test_perfect_record_gives_a_bound_not_a_point():
    matrix = pl.DataFrame(
        {
            "policy": ["heuristic", "random"],
            "opponent": ["random", "heuristic"],
            "comparisons": [900, 900],
            "wins": [900.0, 0.0],
            "seeds": [300, 300],
        }
    )
    bound = ratings.perfect_records(matrix)
    assert bound.rows() == [
        (
            "heuristic",
            "random",
            900,
            300,
            pytest.approx(400 * math.log10(0.05 ** (1 / 300) / (1 - 0.05 ** (1 / 300)))),
        )
    ]
    # 300 seeds won in full: at least ~799 Elo (one-sided 95%), whatever the 900 comparisons
    # say; point fits gave 833-1511 depending on the prior.
    assert 790 < bound["elo_at_least"][0] < 810


def test_perfect_record_bound_counts_seeds_not_comparisons(tmp_path):
    # 2 cells replay the same 150 seeds: 300 comparisons of a with b, all won. As independent
    # trials they would bound the gap at ~920 Elo; the seeds, the independent units, at ~800.
    cells = [
        Cell("c0", ["a", "b"], {"target": 10}, {"a": 60.0}),
        Cell("c1", ["a", "b"], {"target": 12}, {"a": 60.0}),
    ]
    matrix = ratings.win_matrix(write_run(tmp_path, cells, games=150))
    bound = ratings.perfect_records(matrix).row(0, named=True)
    assert (bound["comparisons"], bound["seeds"]) == (300, 150)
    p_lo = 0.05 ** (1 / 150)
    assert bound["elo_at_least"] == pytest.approx(400 * math.log10(p_lo / (1 - p_lo)))
    assert bound["elo_at_least"] < 700


def test_head_to_head_interval_treats_a_seed_as_one_unit(tmp_path):
    # Four cells of one line-up replay 300 seeds (1,200 comparisons of a with b, strongly
    # correlated within a seed): the clustered interval is wider than a Wilson interval of
    # 1,200 independent comparisons.
    cells = [Cell(f"c{i}", ["a", "b"], {"target": 10 + i}, {"a": 0.5}) for i in range(4)]
    row = ratings.win_matrix(write_run(tmp_path, cells, games=300)).row(0, named=True)
    lo, hi = wilson_interval(row["wins"], row["comparisons"])
    assert row["seeds"] == 300 and row["comparisons"] == 1200
    assert row["hi"] - row["lo"] > 1.5 * (hi - lo)


def test_four_seat_games_get_game_resampled_intervals_wider_than_fisher(tmp_path):
    # In a 4-seat game the 6 pairwise comparisons share one outcome: treating them as
    # independent (Fisher) understates the error; resampling whole games does not.
    truth = {"a": 0.0, "b": 0.2}
    run = write_run(
        tmp_path, [Cell("c0", ["a", "a", "b", "b"], strengths=truth)], games=400, n_players=4
    )
    clustered = ratings.policy_ratings(run)
    fisher = ratings.policy_ratings(run, clustered=False)
    assert clustered["interval"][0] == "seeds resampled" and fisher["interval"][0] == "fisher"
    width = (clustered["hi"] - clustered["lo"]).mean()
    assert width > 1.2 * (fisher["hi"] - fisher["lo"]).mean()


def test_a_policy_seen_only_in_self_play_is_left_out_of_the_ratings(tmp_path):
    # The 2-player variant sweeps: cell 0 is heuristic self-play, cell 1 two styles against
    # each other; the self-play policy meets no other policy and has no rating (it used to
    # crash the seed-resampled intervals with a KeyError).
    truth = {"h": 0.0, "x": 0.3, "y": 0.0}
    run = write_run(
        tmp_path,
        [Cell("c0", ["h", "h"], strengths=truth), Cell("c1", ["x", "y"], strengths=truth)],
        games=200,
    )
    df = ratings.policy_ratings(run)
    assert sorted(df["policy"]) == ["x", "y"] and df["interval"][0] == "seeds resampled"


def test_rating_groups_split_at_perfect_records():
    # a - b ==perfect==> c - d, and e met only b: groups {a, b, e} and {c, d}
    pairs = [("a", "b"), ("b", "c"), ("c", "d"), ("e", "b")]
    matrix = pl.DataFrame(
        [{"policy": x, "opponent": y} for p, q in pairs for x, y in ((p, q), (q, p))]
    )
    perfect = pl.DataFrame([{"policy": "b", "opponent": "c"}])
    assert ratings.rating_groups(matrix, perfect) == {"a": 0, "b": 0, "e": 0, "c": 1, "d": 1}
    assert ratings.rating_groups(matrix, None) == {}


def test_a_tie_for_first_decided_by_the_rules_counts_as_won():
    # Game 0: a and b tie on score, the tie-break gives a the win (win shares 1 / 0); game 1:
    # a shared win (no tie-break, 0.5 each); game 2: b wins on score. The head-to-head rate
    # must agree with the win shares (1.5 of 3 for a), not call game 0 a draw.
    seats = pl.DataFrame(
        {
            "cell": ["c"] * 6,
            "game_index": [0, 0, 1, 1, 2, 2],
            "seat": [0, 1] * 3,
            "policy": ["a", "b"] * 3,
            "rank": [1, 1, 1, 1, 2, 1],
            "tiebreak": [1, -1, 0, 0, 0, 0],
            "win_share": [1.0, 0.0, 0.5, 0.5, 0.0, 1.0],
        }
    )
    row = ratings.pairwise_results(seats).filter(pl.col("policy") == "a").row(0, named=True)
    assert (row["wins"], row["ties"], row["comparisons"]) == (1.5, 1, 3)
    per_game = ratings.game_pair_wins(seats, ["a", "b"])
    assert per_game[:, 0, 1].tolist() == [1.0, 0.5, 0.0]
    # a run written before tie-breaks were recorded still rates on ranks alone
    old = ratings.pairwise_results(seats.drop("tiebreak")).filter(pl.col("policy") == "a")
    assert old["wins"].item() == 1.0
