"""benchmarks/icount.py: instruction counts of two trees, and its refusals."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from tests.benchmarks.scripts import ROOT, load_script


def _icount():
    return load_script("icount")


def test_refuses_without_valgrind(monkeypatch, capsys):
    icount = _icount()
    monkeypatch.setattr(icount.shutil, "which", lambda name: None)
    assert icount.main([str(ROOT), str(ROOT)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "valgrind not found" in err


def test_refuses_zero_games(monkeypatch, capsys):
    icount = _icount()
    monkeypatch.setattr(icount.shutil, "which", lambda name: "/usr/bin/valgrind")
    assert icount.main([str(ROOT), str(ROOT), "--games", "0"]) == 2
    assert "--games must be at least 1" in capsys.readouterr().err


def test_failed_run_is_one_line(monkeypatch, capsys, tmp_path):
    """A tree whose probe fails (here: no project in it) is named in one line, exit 2."""
    icount = _icount()
    monkeypatch.setattr(icount.shutil, "which", lambda name: "/usr/bin/valgrind")
    error = "ModuleNotFoundError: No module named 'simcore'"
    failed = subprocess.CompletedProcess([], 1, stdout="", stderr=f"Traceback\n{error}\n")
    monkeypatch.setattr(icount.subprocess, "run", lambda *a, **k: failed)
    assert icount.main([str(tmp_path), str(ROOT), "--game", "ratjack"]) == 2
    assert capsys.readouterr().err.strip() == f"icount: {tmp_path}: ratjack random failed: {error}"


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("valgrind") is None, reason="needs valgrind")
def test_same_tree_counts_the_same(tmp_path):
    """Counting repeats: one tree against itself reads 1.000 and identical games."""
    icount = _icount()
    out = tmp_path / "rows.json"
    args = [str(ROOT), str(ROOT), "--games", "2", "--game", "ratjack", "--spec", "random"]
    assert icount.main([*args, "--json", str(out)]) == 0
    (row,) = json.loads(out.read_text())
    assert row["identical"] is True
    assert abs(row["ratio"] - 1.0) < 1e-3
    assert row["old_instructions"] > 1e5  # a Ratjack game is hundreds of thousands
