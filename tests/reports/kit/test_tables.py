"""Table helpers shared by the reports (and the compare and tune reports)."""

from __future__ import annotations

import polars as pl

from reports.kit.tables import side_by_side


def test_player_counts_side_by_side_with_dashes_where_a_count_is_missing():
    df = pl.DataFrame(
        {
            "short": ["place/S1", "place/S1", "place/S2", "place/hut", "place/hut"],
            "rounds": ["all"] * 5,
            "players": [3, 2, 2, 2, 4],
            "worth": [0.2, 0.3, 0.05, -0.1, 0.0],
            "worth_lo": [0.1, 0.2, -0.02, -0.2, -0.05],
            "worth_hi": [0.3, 0.4, 0.12, 0.0, 0.05],
        }
    )
    table = side_by_side(
        df,
        [("Forbidden", "text", "short"), ("Rounds", "text", "rounds")],
        "players",
        [
            ("worth", "points", "worth"),
            ("95% interval", "points_interval", ("worth_lo", "worth_hi")),
        ],
        "by count",
    )
    assert table.headers == [
        "Forbidden",
        "Rounds",
        "2p worth",
        "2p 95% interval",
        "3p worth",
        "3p 95% interval",
        "4p worth",
        "4p 95% interval",
    ]
    assert table.rows == [
        ["place/S1", "all", "+30.0", "+20.0 to +40.0", "+20.0", "+10.0 to +30.0", "–", "–"],
        ["place/S2", "all", "+5.0", "-2.0 to +12.0", "–", "–", "–", "–"],
        ["place/hut", "all", "-10.0", "-20.0 to 0.0", "–", "–", "0.0", "-5.0 to +5.0"],
    ]
    assert table.numeric == [False, False] + [True] * 6
