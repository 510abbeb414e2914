"""The optional compiled build (``BOARDLAB_COMPILE=1``, ``simcore.core.native``): what it lists, how
it labels itself, and that it plays the same games as the sources."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from simcore.core import native
from tests.wheels import PACKAGES, build_wheel, copy_sources, unpack

ROOT = Path(__file__).resolve().parents[3]


def test_every_listed_module_is_a_source_file_of_the_package():
    names = native.listed_modules()
    assert "simcore.games.ratjack.state" in names and "strategies.heuristics.ratjack" in names
    for name in names:
        assert (ROOT / (name.replace(".", "/") + ".py")).is_file(), name


def test_module_constants_of_the_listed_modules_are_final():
    # mypyc looks a module-level name up in the globals dict at every use unless it is Final
    # (then a literal is inlined): 655 such lookups were 5-8% of a compiled heuristic game
    import ast
    import re

    settable = {("simcore.games.lord_of_worlds.planet", "CHAIN_MEMO_LIMIT")}  # a test sets it
    plain = []
    for name in native.listed_modules():
        tree = ast.parse((ROOT / (name.replace(".", "/") + ".py")).read_text())
        for node in tree.body:
            targets = node.targets if isinstance(node, ast.Assign) else []
            for target in targets:
                for x in target.elts if isinstance(target, ast.Tuple) else [target]:
                    constant = isinstance(x, ast.Name) and re.fullmatch(r"_?[A-Z][A-Z0-9_]*", x.id)
                    if constant and (name, x.id) not in settable:
                        plain.append(f"{name}.{x.id}")
    assert plain == []


def test_no_compiled_file_shadows_a_source_in_the_checkout():
    # A compiled module next to its source is imported instead of it: edits to the source
    # would silently not run. setup.py never compiles into an editable install. (The build/
    # folder a `pip install .` of the checkout leaves shadows nothing.)
    stale = [p for name in PACKAGES for p in (ROOT / name).glob("**/*.so")]
    assert stale == []
    assert native.compiled_modules() == ()
    assert native.build_label() == "pure Python"


def test_build_label_names_the_compiled_games(monkeypatch):
    monkeypatch.setattr(
        native,
        "compiled_modules",
        lambda: ("simcore.games.ratjack.state", "strategies.heuristics.ratjack"),
    )
    assert native.build_label() == "compiled: ratjack (2 modules)"
    monkeypatch.setattr(native, "compiled_modules", lambda: ("strategies.heuristics.x",))
    assert native.build_label() == "compiled: engine (1 modules)"


def test_build_line_says_why_a_build_is_pure(monkeypatch):
    monkeypatch.setattr(native, "build_note", lambda: "pure Python: BOARDLAB_COMPILE=0")
    line = native.build_line()
    assert line.startswith("build: pure Python — BOARDLAB_COMPILE=0; `python -m pip install .`")
    monkeypatch.setattr(native, "build_note", lambda: "")  # the sources themselves
    assert "running from the sources: a checkout or an editable install;" in native.build_line()
    monkeypatch.setattr(native, "build_note", lambda: "compiled")  # but no compiled module
    assert native.build_line().startswith("build: pure Python — its compiled modules are missing")
    monkeypatch.setattr(native, "compiled_modules", lambda: ("simcore.games.ratjack.state",))
    assert native.build_line() == "build: compiled: ratjack (1 modules)"


def test_build_note_is_read_from_the_installed_package(monkeypatch, tmp_path):
    assert native.build_note() == ""  # this checkout: no build wrote one
    (tmp_path / "build_note.txt").write_text("pure Python: no working C compiler (cc: x)\n")
    monkeypatch.setattr(native, "files", lambda package: tmp_path)
    assert native.build_note() == "pure Python: no working C compiler (cc: x)"


def test_runs_record_which_build_played_them():
    from simcore.engine.run.provenance import versions

    assert versions()["build"] == native.build_label()


def _compiled_tree(tmp_path: Path) -> Path:
    """Build the compiled wheel from this checkout and unpack it (its sources included)."""
    wheels = tmp_path / "wheels"
    built = build_wheel(copy_sources(tmp_path), wheels, {"BOARDLAB_COMPILE": "1"})
    assert built.returncode == 0, built.stderr[-3000:]
    return unpack(next(wheels.glob("boardlab-*.whl")), tmp_path / "tree")


@pytest.mark.slow  # builds the compiled wheel (~1 min), then replays games in both builds
def test_the_compiled_build_plays_the_same_games_and_passes_the_game_tests(tmp_path):
    tree = _compiled_tree(tmp_path)
    # -P: the working directory (this checkout's sources) must not come before the tree
    env = {**os.environ, "PYTHONPATH": str(tree)}
    label = subprocess.run(
        [sys.executable, "-P", "-c", "import simcore.core.native as n; print(n.build_label())"],
        env=env,
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    games = ("lord_of_worlds", "ratjack", "rats_of_wistar")
    expected = f"compiled: {', '.join(games)} ({len(native.listed_modules())} modules)"
    assert label.stdout.strip() == expected, label.stderr
    for game in games:
        same = subprocess.run(
            [
                sys.executable,
                str(ROOT / "benchmarks" / "two_trees.py"),
                "same-games",
                str(ROOT),
                str(tree),
                "--game",
                game,
                "--games",
                "20",
            ],
            capture_output=True,
            text=True,
            cwd=ROOT,
        )
        assert same.returncode == 0, same.stdout + same.stderr
    tests = subprocess.run(
        [
            sys.executable,
            "-P",
            "-m",
            "pytest",
            "-q",
            "-n",
            "0",
            "--import-mode=importlib",
            *(f"tests/games/{game}" for game in games),
            "tests/strategies",
            "tests/simcore/core/test_rng.py",
            "tests/simcore/core/test_chance.py",
            "tests/simcore/core/test_seedseq.py",
            "tests/simcore/engine/play/test_rows.py",
            "tests/simcore/engine/sweep/test_chunks.py",
        ],
        env={**env, "BOARDLAB_EXPECT_BUILD": expected},
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert tests.returncode == 0, tests.stdout[-3000:] + tests.stderr[-2000:]
