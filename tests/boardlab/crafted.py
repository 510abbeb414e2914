"""Helpers of the bad-input and security tests: a small finished run, crafted copies of it,
snapshots that show earlier data unchanged, and the one-line-error assertion."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from simcore.engine.run.dataset import file_sha256
from simcore.engine.sweep.config import build_config
from simcore.engine.sweep.sweep import run_sweep
from tests.conftest import cli_env

BASE_RAW = {"game": "ratjack", "players": 2, "games": 8, "seed": 3,
            "policies": ["random", "random"], "grid": {"points_to_win": [3, 4]}}  # fmt: skip


@dataclass
class Case:
    """One bad input: the command (given the test's folder), what it must answer, and what
    to lay out first."""

    argv: Callable[[Path], list[str]]
    code: int
    needle: str
    setup: Callable[[Path], None] = lambda tmp: None
    env: dict[str, str] = field(default_factory=dict)


def make_base(root: Path, name: str = "base") -> Path:
    """A finished two-cell Ratjack run (16 games) at ``root/name``."""
    cfg = build_config({**BASE_RAW, "name": name})
    return run_sweep(cfg, root, chunk_size=4, quiet=True).run_dir


def make_acted(root: Path) -> Path:
    """A finished 3-player Ratjack run (6 games, one chunk) with its actions recorded."""
    cfg = build_config(
        {
            "name": "acted",
            "game": "ratjack",
            "players": 3,
            "games": 6,
            "seed": 5,
            "policies": ["random"] * 3,
            "record_actions": True,
        }
    )
    return run_sweep(cfg, root, chunk_size=6, quiet=True).run_dir


def sweep_file(folder: Path, name: str = "base") -> Path:
    """The sweep file of ``make_base``'s run (a resume needs the config again)."""
    path = folder / f"{name}.toml"
    grid = BASE_RAW["grid"]["points_to_win"]
    path.write_text(
        f'name = "{name}"\ngame = "ratjack"\nplayers = 2\ngames = 8\nseed = 3\n'
        'policies = ["random", "random"]\n'
        f"[grid]\npoints_to_win = {grid}\n"
    )
    return path


def copy_run(base: Path, root: Path, name: str = "base") -> Path:
    """A copy of ``base`` at ``root/name`` (folder names stay as the manifest says)."""
    target = root / name
    shutil.copytree(base, target)
    return target


def manifest(run: Path) -> dict:
    """The run's manifest as JSON."""
    return json.loads((run / "manifest.json").read_text())


def write_manifest(run: Path, doc: dict) -> None:
    """Replace the run's manifest (a hand edit, as an attacker or a broken tool would)."""
    (run / "manifest.json").write_text(json.dumps(doc))


def reseal(run: Path) -> None:
    """Update every part's checksum and row count in the manifest: what someone who edits
    parts does so that the checksums alone no longer give the edit away."""
    doc = manifest(run)
    import pyarrow.parquet as pq

    for chunk in doc["chunks"].values():
        for table, info in chunk["parts"].items():
            path = run / table / info["file"]
            info["sha256"] = file_sha256(path)
            info["rows"] = pq.ParquetFile(path).metadata.num_rows
    write_manifest(run, doc)


def as_older_version(run: Path, version: int) -> None:
    """Make ``run`` look played by game version ``version``: its manifest and every games
    row say so (a run of an older boardlab), checksums updated."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    doc = manifest(run)
    write_manifest(run, {**doc, "game_version": version})
    for path in (run / "games").glob("*.parquet"):
        data = pq.read_table(path)
        i = data.schema.get_field_index("game_version")
        column = pa.array([version] * data.num_rows, data.schema.field(i).type)
        data = data.set_column(i, data.schema.field(i), column)
        path.unlink()
        pq.write_table(data, path)
    reseal(run)


def first_part(run: Path, table: str) -> Path:
    """The part of ``table`` the run's first chunk lists."""
    chunk = next(iter(manifest(run)["chunks"].values()))
    return run / table / chunk["parts"][table]["file"]


def set_value(run: Path, table: str, column: str, row: int, value: Any) -> None:
    """One value of the first part of ``table`` changed (``value`` may be a function of the
    column's values), the run resealed."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    part = first_part(run, table)
    data = pq.read_table(part)
    values = data.column(column).to_pylist()
    values[row] = value(values) if callable(value) else value
    i = data.schema.get_field_index(column)
    data = data.set_column(i, data.schema.field(i), pa.array(values, data.schema.field(i).type))
    part.unlink()
    pq.write_table(data, part)
    reseal(run)


def snapshot(root: Path) -> dict[str, str]:
    """Every file under ``root`` with the sha256 of its bytes."""
    return {
        str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def cli(
    *args: str, env: dict | None = None, cwd: Path | None = None, timeout: float = 120
) -> subprocess.CompletedProcess:
    """``boardlab ARGS`` in a subprocess (the fixtures importable), output captured."""
    return subprocess.run(
        [sys.executable, "-m", "boardlab.cli", *args],
        env={**cli_env(), **(env or {})},
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def assert_one_line(proc: subprocess.CompletedProcess, code: int, needle: str) -> None:
    """Exit ``code`` with exactly one line on stderr that contains ``needle``, no traceback."""
    lines = proc.stderr.strip().splitlines()
    assert proc.returncode == code, (proc.returncode, proc.stderr[-2000:])
    assert len(lines) == 1, proc.stderr[-2000:]
    assert "Traceback" not in proc.stderr
    assert needle in lines[0], lines[0]


def run_main(*argv: str) -> subprocess.CompletedProcess:
    """``boardlab ARGV`` in this process (no interpreter start-up): its exit code and stderr,
    as a process would give them."""
    import contextlib
    import io

    from boardlab.cli import main

    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = main(list(argv))
    return subprocess.CompletedProcess(list(argv), code, "", err.getvalue())
