"""benchmarks/sweep_icount.py: a sweep's own instructions, split, and its refusals."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

from tests.benchmarks.scripts import ROOT, load_script


def _module():
    return load_script("sweep_icount")


def test_refuses_without_valgrind_and_with_sizes_out_of_order(monkeypatch, capsys):
    module = _module()
    monkeypatch.setattr(module.shutil, "which", lambda name: None)
    assert module.main([str(ROOT), str(ROOT)]) == 2
    assert capsys.readouterr().err.strip() == (
        "sweep_icount: valgrind not found (Debian: apt-get install valgrind)"
    )
    monkeypatch.setattr(module.shutil, "which", lambda name: "/usr/bin/valgrind")
    assert module.main([str(ROOT), str(ROOT), "--games", "30", "10"]) == 2
    assert "--games needs 0 < SMALL < LARGE, not 30 10" in capsys.readouterr().err


def test_failed_run_is_one_line(monkeypatch, capsys, tmp_path):
    module = _module()
    monkeypatch.setattr(module.shutil, "which", lambda name: "/usr/bin/valgrind")
    error = "ModuleNotFoundError: No module named 'simcore'"
    failed = subprocess.CompletedProcess([], 1, stdout="", stderr=f"Traceback\n{error}\n")
    runner = sys.modules[module.cachegrind.__module__]  # the sibling script that runs valgrind
    monkeypatch.setattr(runner.subprocess, "run", lambda *a, **k: failed)
    assert module.main([str(tmp_path), str(ROOT), "--game", "ratjack"]) == 2
    assert capsys.readouterr().err.strip() == (
        f"sweep_icount: {tmp_path}: ratjack bare failed: {error}"
    )


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("valgrind") is None, reason="needs valgrind")
def test_a_sweep_costs_more_than_its_chunks_and_they_more_than_the_games(tmp_path):
    module = _module()
    out = tmp_path / "rows.json"
    # 200 games apart: a run's start-up wanders by ~0.5M instructions under a busy machine
    # (threads that spin while waiting), -2,700 to +16,600 a game of "parent" at 10 and 40
    args = [str(ROOT), str(ROOT), "--game", "ratjack", "--games", "20", "220", "--json", str(out)]
    assert module.main(args) == 0
    old, new = json.loads(out.read_text())
    assert old["tree"] == "old" and new["tree"] == "new"
    for row in (old, new):
        assert row["game_kinstr"] > 100  # a Ratjack game is hundreds of thousands
        assert row["worker_instr"] > 0 and row["parent_instr"] > 0
