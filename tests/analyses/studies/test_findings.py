"""Findings in words: exact sentences for crafted rows."""

from __future__ import annotations

import polars as pl

from analyses.studies import findings


def seat_row(seat, rate, lo, hi, p_holm, chi2_p=0.5, cell="c000", fair=0.5, games=1000):
    return {
        "cell": cell,
        "n_players": round(1 / fair),
        "seat": seat,
        "games": games,
        "rate": rate,
        "lo": lo,
        "hi": hi,
        "fair": fair,
        "p_holm": p_holm,
        "chi2_p": chi2_p,
    }


def test_seat_sentence_above_fair():
    table = pl.DataFrame(
        [seat_row(0, 0.542, 0.510, 0.573, 0.008), seat_row(1, 0.458, 0.427, 0.49, 0.008)]
    )
    got = findings.seat_findings(table)
    assert got[0] == ("Seat 1 wins 54.2% of games (95% interval 51.0–57.3%), above the fair 50%.")
    assert got[1].startswith("Seat 2 wins 45.8%") and got[1].endswith("below the fair 50%.")


def test_seat_sentence_consistent_and_three_players():
    rows = [seat_row(s, 0.34, 0.31, 0.37, 0.9, chi2_p=0.7, fair=1 / 3) for s in range(3)]
    got = findings.seat_findings(pl.DataFrame(rows))
    assert got == [
        "Seat 1 wins 34.0% of games (95% interval 31.0–37.0%), consistent with the fair 33.3%.",
        "Over all 3 seats there is no clear seat effect (1000 games, chi-square test p = 0.700).",
    ]


def test_many_quiet_cells_are_summed_up():
    rows = [seat_row(s, 0.5, 0.45, 0.55, 1.0, cell=f"c{i}") for i in range(5) for s in (0, 1)]
    got = findings.seat_findings(pl.DataFrame(rows), labels={"c0": "deck=small"})
    assert got[0].startswith("deck=small: Seat 1 wins 50.0%")
    assert len(got) == 3 and got[-1] == (
        "In the 3 other conditions no seat differs clearly from the fair share."
    )


def test_paired_and_rating_sentences():
    row = {
        "cell_a": "c0",
        "cell_b": "c1",
        "pairs": 500,
        "diff": 0.041,
        "lo": 0.012,
        "hi": 0.07,
        "p_value": 0.006,
        "p_holm": 0.012,
    }
    got = findings.paired_findings(
        pl.DataFrame([row]), "seat 1's win share", labels={"c0": "bonus=0", "c1": "bonus=8"}
    )
    assert got == [
        "From bonus=0 to bonus=8, seat 1's win share changes by +4.1 points (95% interval "
        "+1.2 to +7.0, 500 paired games, p = 0.006, Holm-adjusted p = 0.012): a clear difference."
    ]
    table = pl.DataFrame({"policy": ["mcts", "random"], "rating": [100.0, -100.0]})
    # head to head: mcts wins 76% (70-81%) of its comparisons with random: separated
    clear = pl.DataFrame(
        {
            "policy": ["mcts", "random"],
            "opponent": ["random", "mcts"],
            "rate": [0.76, 0.24],
            "lo": [0.7, 0.19],
            "hi": [0.81, 0.3],
        }
    )
    words = findings.rating_findings(table, matrix=clear)
    assert words[0] == "Rating order (Bradley–Terry): mcts > random."
    assert "200 Elo points above random" in words[1] and "76.0%" in words[1]
    assert words[1].endswith("comparisons.")


def test_a_rating_order_the_head_to_head_games_do_not_separate_is_not_stated():
    # Section 3 of issue 48: "Rating order: architect > heuristic" on ratings of +2 (-9 to +15)
    # and -2 (-15 to +9); the table's whole-point ratings give a gap of 4, not 5.
    table = pl.DataFrame({"policy": ["architect", "heuristic"], "rating": [2.4, -2.4]})
    even = pl.DataFrame(
        {
            "policy": ["architect", "heuristic"],
            "opponent": ["heuristic", "architect"],
            "rate": [0.507, 0.493],
            "lo": [0.44, 0.43],
            "hi": [0.57, 0.56],
        }
    )
    words = findings.rating_findings(table, matrix=even)
    assert words[0].startswith("No rating order is settled")
    assert "Rating order" not in words[0] and ">" not in words[0]
    assert "rated 4 Elo points above" in words[1]
    assert words[1].endswith("the head-to-head games do not settle that order.")
    # without head-to-head intervals nothing separates the two: no order either
    assert findings.rating_findings(table)[0].startswith("No rating order is settled")


def test_length_sentences():
    row = {
        "cell": "c0",
        "q50": 23.0,
        "q25": 19.0,
        "q75": 27.0,
        "q05": 15.0,
        "q95": 33.0,
        "min": 10.0,
        "max": 40.0,
    }
    assert findings.length_findings(pl.DataFrame([row])) == [
        "Games last 23 turns on median (half of them between 19 and 27, 90% between 15 and 33)."
    ]
    fixed = {**row, "min": 6.0, "max": 6.0, "q50": 6.0}
    assert findings.length_findings(pl.DataFrame([fixed])) == ["Every game lasts 6 turns."]


def test_formatting_helpers():
    assert findings.pct(0.5423) == "54.2%"
    assert findings.pct_range(0.51, 0.573) == "51.0–57.3%"
    assert findings.pval(0.0004) == "p < 0.001" and findings.pval(float("nan")) == "p not available"
    assert findings.num(23.0) == "23" and findings.num(23.46) == "23.5"


def test_win_rate_sentences():
    from analyses.studies.common import win_rates

    frame = pl.DataFrame(
        {
            "cell": ["c"] * 4,
            "game_index": [0, 0, 1, 1],
            "seat": [0, 1, 0, 1],
            "policy": ["A", "B", "B", "A"],
            "win_share": [1.0, 0.0, 0.0, 1.0],
        }
    )
    got = findings.win_rate_findings(win_rates(frame, by="policy"))
    assert (
        got[0] == "A wins 100.0% of games (95% interval 34.2–100.0%), consistent with the fair 50%."
    )
    assert findings.win_rate_findings(win_rates(frame, by="seat"))[1].startswith(
        "Seat 2 wins 50.0%"
    )


def test_an_interval_that_misses_the_fair_share_but_not_after_holm_says_so():
    # 52.6% (50.4-54.8%) with a Holm-adjusted p of 0.12: "consistent with 50%" next to an
    # interval that excludes 50% read as a contradiction in the 2-player variant report
    table = pl.DataFrame([seat_row(0, 0.526, 0.504, 0.548, 0.12)])
    got = findings.seat_findings(table)[0]
    assert got.endswith(
        "consistent with the fair 50% once adjusted for the run's several comparisons (Holm), "
        "although this unadjusted interval excludes it."
    )


def test_no_gap_is_quoted_across_a_perfect_record():
    # mcts - heuristic ==(400/400)==> greedy - random: the only link is the perfect record
    table = pl.DataFrame(
        {
            "policy": ["mcts", "heuristic", "greedy", "random"],
            "rating": [900.0, 600.0, -600.0, -900.0],
        }
    )
    pairs = [("mcts", "heuristic"), ("heuristic", "greedy"), ("greedy", "random")]
    matrix = pl.DataFrame(
        [{"policy": a, "opponent": b} for p, q in pairs for a, b in ((p, q), (q, p))]
    )
    perfect = pl.DataFrame(
        [{"policy": "heuristic", "opponent": "greedy", "comparisons": 400, "elo_at_least": 850.0}]
    )
    words = findings.rating_findings(table, perfect, matrix)
    assert words[-1].startswith("mcts and random are linked only through a perfect record")
    assert not any("Elo points above" in w for w in words)
    # a direct mcts-random cell measures the gap again
    extra = pl.DataFrame(
        [{"policy": "mcts", "opponent": "random"}, {"policy": "random", "opponent": "mcts"}]
    )
    direct = pl.concat([matrix, extra])
    assert "1800 Elo points above random" in findings.rating_findings(table, perfect, direct)[-1]


def test_end_reason_sentence_says_every_game_when_one_reason_ends_them_all():
    from analyses.studies.findings import end_reason_findings

    one = pl.DataFrame(
        {
            "ended_by": ["rounds"],
            "count": [300],
            "games": [300],
            "share": [1.0],
            "lo": [0.963],
            "hi": [1.0],
        }
    )
    assert end_reason_findings(one) == ["Every game ends by “rounds”."]
    two = pl.DataFrame(
        {
            "ended_by": ["points", "round_limit"],
            "count": [290, 10],
            "games": [300, 300],
            "share": [290 / 300, 10 / 300],
            "lo": [0.94, 0.02],
            "hi": [0.98, 0.06],
        }
    )
    assert end_reason_findings(two)[0].startswith("Most games end by “points” (96.7%, 95% interval")


def test_cells_that_end_differently_are_named_not_pooled():
    # Two heuristic cells always fill a planet, random vs random always stalls: a pooled
    # "66.7% by planet" describes no game, so each way of ending names its cells.
    from analyses.studies.findings import mixed_end_findings

    per_cell = pl.DataFrame(
        {
            "cell": ["c000", "c001", "c002", "c003", "c003"],
            "ended_by": ["planet", "planet", "stall", "planet", "stall"],
            "count": [300, 300, 300, 270, 30],
            "games": [300] * 5,
            "share": [1.0, 1.0, 1.0, 0.9, 0.1],
        }
    )
    labels = {"c000": "h vs r", "c001": "h vs h", "c002": "r vs r", "c003": "g vs r"}
    assert mixed_end_findings(per_cell, labels) == [
        "Games end by “planet” in h vs r, h vs h and g vs r (90.0% to 100.0% of games per cell).",
        "Games end by “stall” in r vs r (every game).",
    ]


def test_a_sentence_about_the_only_usable_cell_of_several_names_it():
    # Three cells, two flagged (saturated, stalled): the first-player line is about the one
    # left, and without its name it would read as the whole run's first-player advantage.
    from analyses.studies.findings import first_player_findings

    row = {
        "cell": "c001",
        "position": 1,
        "rate": 0.563,
        "lo": 0.507,
        "hi": 0.618,
        "fair": 0.5,
        "p_value": 0.028,
        "p_holm": 0.028,
        "mde": 0.081,
    }
    labels = {"c000": "h vs r", "c001": "h vs h", "c002": "r vs r"}
    line = first_player_findings(pl.DataFrame([row]), labels)[0]
    assert line.startswith("h vs h: the first player wins 56.3% of games")
    assert first_player_findings(pl.DataFrame([row]), {"c001": "h vs h"})[0].startswith("The first")


def test_a_perfect_record_too_short_to_show_a_gap_says_so():
    # 2 seeds all won: the 95% lower bound of the gap is below 0, so no "at least" claim
    table = pl.DataFrame({"policy": ["a", "b"], "rating": [100.0, -100.0]})
    for bound, said in ((-216.0, "too few to show it stronger (95% lower bound -216 Elo "
                         "points, each seed one unit)"),
                        (140.0, "it is at least 140 Elo points stronger")):  # fmt: skip
        perfect = pl.DataFrame({"policy": ["a"], "opponent": ["b"], "comparisons": [2],
                                "seeds": [2], "elo_at_least": [bound]})  # fmt: skip
        words = " ".join(findings.rating_findings(table, perfect))
        assert said in words, words
        assert ("at least" in words) == (bound > 0)
