"""A small sweep played for a benchmark script's test, and its head-to-head pairings."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from benchmarks.head_to_head import head_to_head
from tests.conftest import run_cli


def played_run(tmp_path: Path, name: str, sweep: str) -> str:
    """Play the sweep file text ``sweep`` (its ``name`` is ``name``) into ``tmp_path``."""
    path = tmp_path / f"{name}.toml"
    path.write_text(sweep)
    assert run_cli("sweep", str(path), "--out", str(tmp_path), "--quiet").returncode == 0
    return str(tmp_path / name)


def pairings(run: str) -> dict[tuple[str, str], dict[str, Any]]:
    """Each (policy, opponent) pairing's head-to-head row."""
    return {(r["policy"], r["opponent"]): r for r in head_to_head(run).iter_rows(named=True)}
