"""Parquet parts from column batches, constant columns, and the manifest's JSON layout."""

from __future__ import annotations

import json

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from simcore.core import registry
from simcore.engine.play.rows import compact_columns
from simcore.engine.run.dataset import (
    INT_ENCODING,
    IntScratch,
    build_schemas,
    column_array,
    file_sha256,
    readable_json,
    write_part,
)
from simcore.engine.sweep.bench import selfplay_config
from simcore.engine.sweep.chunks import Chunk, run_chunk
from simcore.engine.sweep.sweep import BATCH_ROWS, row_batches


def test_a_constant_column_is_repeated_and_reads_back_the_same():
    arr = column_array(["c001"] * 5, pa.string(), 5)
    assert arr.to_pylist() == ["c001"] * 5 and arr.type == pa.string()
    assert column_array([0, 0, 0], pa.int64(), 3).to_pylist() == [0, 0, 0]
    assert column_array([3, 1, 3], pa.int64(), 3).to_pylist() == [3, 1, 3]  # first == last only


def test_float_columns_keep_the_sign_of_zero():
    # 0.0 == -0.0, so a float column is never taken for a constant one
    assert [str(x) for x in column_array([0.0, -0.0, 0.0], pa.float64(), 3).to_pylist()] == [
        "0.0",
        "-0.0",
        "0.0",
    ]


def test_a_constant_column_of_the_wrong_type_is_still_refused():
    with pytest.raises((pa.ArrowInvalid, pa.ArrowTypeError)):
        column_array(["7", "7"], pa.int64(), 2)
    with pytest.raises((pa.ArrowInvalid, pa.ArrowTypeError)):
        column_array([True, True], pa.int64(), 2)


def test_small_int_columns_convert_the_same_as_through_arrow():
    for values in ([0, 255, 7, 7], [0, 256, 1], [-1, 3], [1, None, 2], [3, 2.0, 1]):
        assert column_array(values, pa.int64(), len(values)).equals(pa.array(values, pa.int64()))
    with pytest.raises((pa.ArrowInvalid, pa.ArrowTypeError)):
        column_array([1, "2", 3], pa.int64(), 3)


def test_a_worker_sends_small_int_columns_as_bytes_and_the_parent_reads_them_by_kind():
    cols = compact_columns(
        {
            "n": [0, 5, 255],
            "big": [1, 256, 2],
            "neg": [-1, 0, 1],
            "f": [0.5, 1.0, 2.0],
            "s": ["a", "b", "c"],
            "none": [1, None, 2],
            "flag": [True, False, True],
        }
    )
    assert cols["n"] == b"\x00\x05\xff" and cols["flag"] == b"\x01\x00\x01"
    assert all(isinstance(cols[k], list) for k in ("big", "neg", "f", "s", "none"))
    assert column_array(cols["n"], pa.int64(), 3).to_pylist() == [0, 5, 255]
    assert column_array(cols["flag"], pa.bool_(), 3).to_pylist() == [True, False, True]
    assert column_array(cols["n"], pa.float64(), 3).to_pylist() == [0.0, 5.0, 255.0]
    # what a list of the same ints would be refused as, the bytes are refused as
    with pytest.raises(pa.ArrowInvalid):
        column_array(cols["n"], pa.bool_(), 3)
    with pytest.raises(pa.ArrowTypeError):
        column_array(cols["n"], pa.string(), 3)


def test_a_column_a_batch_lacks_is_null():
    assert column_array(None, pa.int64(), 2).to_pylist() == [None, None]


def test_big_chunks_stay_batches_and_small_ones_are_joined_in_order():
    big = {"g": list(range(BATCH_ROWS))}
    small = [{"g": [-1]}, {"g": [-2], "x": b"\x05"}, {"g": [-3]}]
    batches = row_batches([small[0], small[1], big, small[2]])
    assert len(batches) == 3 and batches[1] is big  # not copied
    # a column only some joined chunks have stays aligned, None where a chunk lacks it; a
    # column sent as bytes joins as its ints
    assert batches[0] == {"g": [-1, -2], "x": [None, 5]}
    assert batches[2] == {"g": [-3]}


def test_small_chunks_sent_as_bytes_join_as_bytes():
    (batch,) = row_batches([{"g": b"\x01", "s": ["a"]}, {"g": b"\x02\x03", "s": ["b", "c"]}])
    assert batch == {"g": b"\x01\x02\x03", "s": ["a", "b", "c"]}


def test_a_part_from_batches_has_their_rows_in_order(tmp_path):
    schema = pa.schema([("cell", pa.string()), ("g", pa.int64()), ("x", pa.float64())])
    batches = [
        {"cell": ["c0"] * 3, "g": [0, 1, 2], "x": [0.5, 1.5, -0.0]},
        {"cell": ["c1"], "g": [3]},
    ]
    meta = write_part(tmp_path / "p.parquet", batches, schema)
    table = pq.read_table(tmp_path / "p.parquet")
    assert meta["rows"] == 4 and table.schema.equals(schema)
    assert table.to_pydict() == {
        "cell": ["c0", "c0", "c0", "c1"],
        "g": [0, 1, 2, 3],
        "x": [0.5, 1.5, -0.0, None],
    }
    assert pq.ParquetFile(tmp_path / "p.parquet").metadata.num_row_groups == 1


def test_a_part_delta_encodes_ints_and_keeps_statistics_for_key_columns(tmp_path):
    schema = pa.schema(
        [("cell", pa.string()), ("game_index", pa.int64()), ("n", pa.int64()), ("x", pa.float64())]
    )
    batch = {
        "cell": ["c0"] * 4,
        "game_index": [0, 1, 2, 3],
        "n": b"\x00\x03\x01\x09",
        "x": [0.5, 1.5, 2.5, 0.5],
    }
    later = {"cell": ["c1"], "game_index": b"\x04", "n": b"\x02", "x": [3.0]}
    write_part(tmp_path / "p.parquet", [batch, later], schema)
    group = pq.ParquetFile(tmp_path / "p.parquet").metadata.row_group(0)
    meta = {group.column(i).path_in_schema: group.column(i) for i in range(group.num_columns)}
    assert INT_ENCODING in meta["n"].encodings and INT_ENCODING in meta["game_index"].encodings
    assert "RLE_DICTIONARY" in meta["cell"].encodings  # strings keep their dictionaries
    assert meta["game_index"].statistics.max == 4 and meta["cell"].statistics.min == "c0"
    assert meta["n"].statistics is None and meta["x"].statistics is None
    table = pq.read_table(tmp_path / "p.parquet")
    assert table["n"].to_pylist() == [0, 3, 1, 9, 2]  # bytes in every batch: joined
    assert table["game_index"].to_pylist() == [0, 1, 2, 3, 4]  # a list, then bytes


def test_the_manifest_json_has_a_line_per_key_and_per_chunk():
    chunks = {"c000/000000000": {"stop": 5}, "c000/000000005": {"stop": 9}}
    manifest = {"format": 1, "cells": [{"cell": "c000"}], "tables": {}, "chunks": chunks}
    text = readable_json(manifest)
    assert json.loads(text) == manifest
    lines = text.splitlines()
    assert '  "c000/000000005": {"stop": 9}' in lines
    assert ' "tables": {},' in lines and len(lines) == 9


@pytest.mark.parametrize("game", ["ratjack", "rats_of_wistar"])
def test_a_real_chunk_writes_the_same_table_compacted_or_not(tmp_path, game):
    """The worker's bytes columns are a transport only: a part written from them reads back
    exactly as one written from the plain lists (values and types, games and seats)."""
    cfg = selfplay_config(game, "random", 40, "t")
    g = registry.make_game(game)
    schemas = build_schemas(g.game_columns, g.seat_columns, g.action_columns, {})
    compacted = run_chunk(cfg, Chunk(0, 0, 40))
    assert any(isinstance(v, bytes) for v in compacted["seats"].values())
    for table in ("games", "seats"):
        as_lists = {k: list(v) if isinstance(v, bytes) else v for k, v in compacted[table].items()}
        write_part(tmp_path / f"{table}-b.parquet", [compacted[table]], schemas[table])
        write_part(tmp_path / f"{table}-l.parquet", [as_lists], schemas[table])
        assert pq.read_table(tmp_path / f"{table}-b.parquet").equals(
            pq.read_table(tmp_path / f"{table}-l.parquet")
        )


def test_parts_written_through_one_scratch_keep_their_own_values(tmp_path):
    # the second write reuses the buffer the first one widened its int columns into
    schema = pa.schema([("n", pa.int64()), ("m", pa.int64()), ("s", pa.string())])
    scratch = IntScratch()
    first = [
        {"n": b"\x01\x02", "m": b"\x07\x07", "s": ["a", "b"]},
        {"n": b"\x03", "m": b"\x07", "s": ["c"]},
    ]
    second = [{"n": b"\xff\x00", "m": [300, 4], "s": ["d", "e"]}]
    metas = [
        write_part(tmp_path / f"p{i}.parquet", batches, schema, scratch)
        for i, batches in enumerate((first, second))
    ]
    assert pq.read_table(tmp_path / "p0.parquet").to_pydict() == {
        "n": [1, 2, 3],
        "m": [7, 7, 7],
        "s": ["a", "b", "c"],
    }
    assert pq.read_table(tmp_path / "p1.parquet").to_pydict() == {
        "n": [255, 0],
        "m": [300, 4],
        "s": ["d", "e"],
    }
    for i, meta in enumerate(metas):  # the checksum is of the bytes on disk
        assert meta["sha256"] == file_sha256(tmp_path / f"p{i}.parquet")


def test_scratch_reuses_its_buffer_and_grows_without_touching_handed_out_values():
    scratch = IntScratch()
    scratch.reserve(11)
    held = scratch.widen([b"\x05" * 10, b"\x06"])
    buffer = scratch.buffer
    assert buffer.size == 13  # the part's size and a quarter: one allocation
    scratch.reserve(12)
    assert scratch.widen([b"\x01"]).to_pylist() == [1] and scratch.buffer is buffer  # reused
    big = scratch.widen([b"\x02" * (buffer.size + 1)])  # does not fit: a new buffer
    assert scratch.buffer is not buffer and big.to_pylist() == [2] * (buffer.size + 1)
    assert held.to_pylist()[1:] == [5] * 9 + [6]  # held[0] was the reused slot
