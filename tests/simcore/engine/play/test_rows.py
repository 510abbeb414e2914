"""The worker's rows-to-columns buffer (``simcore.engine.play.rows``, compiled in the compiled
build)."""

from __future__ import annotations

import pytest

from simcore.engine.play.rows import Rows


def test_rows_become_columns_lead_values_first():
    assert Rows(("run",)).columns() == {}
    rows = Rows(("run", "game_index"))
    rows.add_dict(("r", 0), {"a": 1, "b": 2.5})
    rows.add(("r", 1), ("a", "b"), (3, None))
    cols = {"run": ["r", "r"], "game_index": [0, 1], "a": [1, 3], "b": [2.5, None]}
    assert rows.columns() == cols
    # a row with other keys (or another key order) falls back to per-key columns, each as
    # long as the table: None where a row lacks the column
    rows.add_dict(("r", 2), {"b": 7, "a": 5, "c": "x"})
    rows.add_dict(("r", 3), {"a": 6})
    assert rows.columns() == {
        "run": ["r"] * 4,
        "game_index": [0, 1, 2, 3],
        "a": [1, 3, 5, 6],
        "b": [2.5, None, 7, None],
        "c": [None, None, "x", None],
    }


def test_rows_consts_are_kept_once_and_repeated_first_in_both_paths():
    rows = Rows(("game_index",), {"run": "r", "cell": "c000"})
    assert rows.columns() == {}
    rows.add((0,), ("a",), (1,))
    rows.add((1,), ("a",), (2,))
    cols = {"run": ["r", "r"], "cell": ["c000", "c000"], "game_index": [0, 1], "a": [1, 2]}
    assert rows.columns() == cols
    rows.add((2,), ("cell", "a"), ("own", 3))  # a row's column overrides a const, in place
    assert rows.columns() == {
        "run": ["r"] * 3,
        "cell": ["c000", "c000", "own"],
        "game_index": [0, 1, 2],
        "a": [1, 2, 3],
    }


def test_rows_a_row_column_overrides_a_lead_column_as_a_dict_merge_would():
    for second in ({"run": "own", "a": 2}, {"a": 2, "run": "own", "z": 0}):  # same keys or others
        rows = Rows(("run",))
        rows.add(("r",), ("run", "a"), ("own", 1))
        rows.add_dict(("r",), second)
        cols = rows.columns()
        assert list(cols)[:2] == ["run", "a"] and cols["run"] == ["own", "own"]
        assert all(len(v) == 2 for v in cols.values())


def test_rows_a_repeated_name_keeps_its_last_value_in_both_paths():
    rows = Rows(("run",))
    rows.add(("r",), ("a", "a"), (1, 2))  # as {"a": 1, "a": 2} would
    assert rows.columns() == {"run": ["r"], "a": [2]}
    rows.add(("r",), ("b", "a", "b"), (3, 4, 5))
    assert rows.columns() == {"run": ["r", "r"], "a": [2, 4], "b": [None, 5]}


def test_rows_refuses_a_row_whose_values_do_not_match_its_names():
    rows = Rows(("run",))
    rows.add(("r",), ("a", "b"), (1, 2))
    with pytest.raises(ValueError):
        rows.add(("r",), ("a", "b"), (1, 2, 3))
