"""Property (issue 63): one value of any base column of any table of a real run, changed
within or beyond its range and the run resealed (checksums and row counts updated, as someone
who edits a run would), is never used silently when it is impossible, and never crashes a
reader: every reader's check (``load_checked``) passes or refuses the run in one
``RunDirError``; beyond its range it always refuses.

The run is a 3-player Ratjack run with its actions recorded, so all four tables are there.
"""

from __future__ import annotations

import math
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from simcore.core.errors import RunDirError
from simcore.engine.run.verify import load_checked
from tests.boardlab.crafted import first_part, make_acted, set_value

PLAYERS, GAMES = 3, 6
Impossible = Callable[[Any, dict[str, Any]], bool]  # (new value, the row) -> out of range
# Each base column with the rule that makes a value impossible whatever the other rows say.
RANGES: dict[str, dict[str, Impossible]] = {
    "games": {
        "game_index": lambda v, r: not 0 <= v < GAMES,
        "seed": lambda v, r: v < 0,
        "n_players": lambda v, r: v != PLAYERS,
        "rotation": lambda v, r: not 0 <= v < PLAYERS,
        "turns": lambda v, r: v < 0,
        "steps": lambda v, r: v < 0,
        "wall_ms": lambda v, r: not math.isfinite(v) or v < 0,
        "game_version": lambda v, r: v != r["game_version"],
    },
    "seats": {
        "seat": lambda v, r: not 0 <= v < PLAYERS,
        "slot": lambda v, r: not 0 <= v < PLAYERS,
        "score": lambda v, r: not math.isfinite(v),
        "rank": lambda v, r: not 1 <= v <= PLAYERS,
        "win_share": lambda v, r: not (math.isfinite(v) and 0 <= v <= 1),
        "forced_moves": lambda v, r: v < 0,
    },
    "progress": {
        "round": lambda v, r: v < 0,
        "seat": lambda v, r: not 0 <= v < PLAYERS,
        "score": lambda v, r: not math.isfinite(v),
    },
    "actions": {
        "step": lambda v, r: v < 0,
        "seat": lambda v, r: not -1 <= v < PLAYERS,
        "action": lambda v, r: not 0 <= v < 2**31,
    },
}
INTS = st.one_of(
    st.integers(-3, 8),
    st.sampled_from([-1, 2**31, 2**62, -(2**62)]),
    st.integers(-(2**63), 2**63 - 1),
)
FLOATS = st.one_of(
    st.floats(-5, 200), st.sampled_from([math.nan, math.inf, -math.inf, -1.0, 1.5, 1e300])
)


@pytest.fixture(scope="module")
def run(tmp_path_factory) -> Path:
    """A finished 3-player Ratjack run, actions recorded (one part per table)."""
    return make_acted(tmp_path_factory.mktemp("values"))


def mutate(run: Path, table: str, column: str, row: int, value: Any) -> dict[str, Any]:
    """Set one value in the run's part of ``table`` and reseal; returns the row as it was."""
    old = pq.read_table(first_part(run, table)).slice(row, 1).to_pylist()[0]
    set_value(run, table, column, row, value)
    return old


CASES = [(t, c) for t, cols in RANGES.items() for c in cols]


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(case=st.sampled_from(CASES), data=st.data())
def test_a_changed_value_is_refused_when_impossible_and_never_crashes(run, case, data):
    table, column = case
    rows = pq.ParquetFile(first_part(run, table)).metadata.num_rows
    row = data.draw(st.integers(0, rows - 1), label="row")
    kind = pq.ParquetFile(first_part(run, table)).schema_arrow.field(column).type
    value = data.draw(FLOATS if pa.types.is_floating(kind) else INTS, label="value")
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / run.name
        shutil.copytree(run, copy)
        old = mutate(copy, table, column, row, value)
        impossible = RANGES[table][column](value, old)
        try:
            load_checked(copy)
        except RunDirError as exc:
            assert "\n" not in str(exc)
            return
        assert not impossible, f"{table}.{column} = {value!r} was accepted"


@pytest.mark.parametrize("table,column", CASES)
def test_every_column_beyond_its_range_is_refused_by_name(run, tmp_path, table, column):
    copy = tmp_path / run.name
    shutil.copytree(run, copy)
    kind = pq.ParquetFile(first_part(run, table)).schema_arrow.field(column).type
    value = math.nan if pa.types.is_floating(kind) else -(2**62)
    if column == "n_players":
        value = 5
    mutate(copy, table, column, 0, value)
    with pytest.raises(RunDirError, match=rf"table {table!r}"):
        load_checked(copy)
