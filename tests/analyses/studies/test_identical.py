"""Cells that play exactly the same games are found and merged, and said once."""

from __future__ import annotations

import polars as pl

from analyses.studies.identical import drop_cells, identical_cells, merge_sentences, restore


def _run(changed: bool):
    # c0 standard+linear15, c1 standard+doubling (value sets off: the same games), c2 strategic
    games = pl.DataFrame(
        {
            "cell": ["c0", "c1", "c2"] * 2,
            "game_index": [0, 0, 0, 1, 1, 1],
            "turns": [40, 40, 45, 41, 41 if not changed else 42, 44],
            "wall_ms": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0],
            "value_set_table": ["linear15", "doubling", "linear15"] * 2,
        }
    )
    seats = pl.DataFrame(
        {
            "cell": ["c0", "c1", "c2"] * 2,
            "game_index": [0, 0, 0, 1, 1, 1],
            "seat": [0] * 6,
            "policy": ["h"] * 6,
            "score": [10, 10, 30, 12, 12, 28],
        }
    )
    lineup = ["h", "h"]
    cells = [
        {
            "cell": "c0",
            "policies": lineup,
            "variant": {"variant": "standard", "value_set_table": "linear15", "policies": lineup},
        },
        {
            "cell": "c1",
            "policies": lineup,
            "variant": {"variant": "standard", "value_set_table": "doubling", "policies": lineup},
        },
        {
            "cell": "c2",
            "policies": lineup,
            "variant": {"variant": "strategic", "value_set_table": "linear15", "policies": lineup},
        },
    ]
    return games, seats, {"cells": cells}


def test_a_rule_that_cannot_matter_is_found_merged_and_said_once():
    games, seats, manifest = _run(changed=False)
    merges = identical_cells(games, seats, manifest)
    assert [(m.dropped, m.kept) for m in merges] == [("c1", "c0")]
    assert merge_sentences(merges) == [
        "value_set_table=doubling instead of linear15 plays exactly the same games whenever "
        "variant=standard (1 cell): the rule cannot matter there, so those cells are shown "
        "once, under the first value, and left out of the comparisons."
    ]
    g, s, m = drop_cells(games, seats, manifest, merges)
    assert sorted(g["cell"].unique()) == ["c0", "c2"] and [c["cell"] for c in m["cells"]] == [
        "c0",
        "c2",
    ]
    assert restore(s, merges).filter(pl.col("cell") == "c1")["score"].to_list() == [10, 12]


def test_one_differing_game_keeps_the_cells_apart():
    games, seats, manifest = _run(changed=True)
    assert identical_cells(games, seats, manifest) == []
