"""The build hook ``setup.py``: ``pip install .`` compiles when it can and otherwise installs the
pure build, saying why on one line and in the package's build note."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import re
import shutil
import stat
import threading
import time
import zipfile
from pathlib import Path

import pytest
from setuptools import Distribution, Extension

from simcore.core.native import SPEEDUP
from tests.wheels import ROOT, build_wheel, copy_sources, run_in, unpack

HAS_CC = shutil.which("cc") is not None or shutil.which("gcc") is not None
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]
WHEEL = ["setup.py", "bdist_wheel", "--dist-dir", "dist"]  # what pip's build step runs


def load_setup():
    """``setup.py`` as a module: its functions, without running ``setup()``."""
    spec = importlib.util.spec_from_file_location("boardlab_setup", ROOT / "setup.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


S = load_setup()


def never():
    raise AssertionError("the compiler was probed when the decision did not need it")


def test_a_wheel_build_compiles_when_it_can_and_says_why_not_otherwise():
    assert S.decide(None, WHEEL, lambda: None) == (True, "")
    assert S.decide("", WHEEL, lambda: "no working C compiler (cc: x)") == (
        False,
        "no working C compiler (cc: x)",
    )
    assert S.decide(" 0 ", WHEEL, never) == (False, "BOARDLAB_COMPILE=0")
    assert S.decide("1", WHEEL, lambda: None) == (True, "")


def test_editable_installs_and_metadata_steps_build_nothing():
    for value in (None, "1"):
        assert S.decide(value, ["setup.py", "editable_wheel"], never) == (False, S.EDITABLE)
    for step in ("egg_info", "dist_info", "sdist"):
        assert S.decide(None, ["setup.py", step], never) == (False, "")


def test_the_c_files_compile_in_parallel_in_order_and_say_how_many_are_done(capsys, monkeypatch):
    # two compiles must be in flight at once to pass the barrier: one after the other, the
    # first waits for a second that never comes and the barrier breaks
    both = threading.Barrier(2, timeout=20)
    calls: list[list[str]] = []

    def compile_files(sources: list[str], output_dir: str = "") -> list[str]:
        calls.append(sources)
        if sources[0] in ("a.c", "b.c"):
            both.wait()
        return [f"{output_dir}/{sources[0][:-2]}.o"]

    monkeypatch.setattr(S, "SAY_EVERY", 0.0)  # a line per file
    compile_all = S.parallel_compile(compile_files, jobs=2)
    objects = compile_all(["a.c", "b.c", "c.c", "d.c"], output_dir="tmp")
    assert objects == ["tmp/a.o", "tmp/b.o", "tmp/c.o", "tmp/d.o"]  # the linker's order
    assert sorted(calls) == [["a.c"], ["b.c"], ["c.c"], ["d.c"]]
    said = [line for line in capsys.readouterr().err.splitlines() if "C files" in line]
    assert [line.split(" (")[0] for line in said] == [
        f"boardlab build:   compiled {k}/4 C files" for k in range(1, 5)
    ]
    monkeypatch.setattr(S, "SAY_EVERY", 60.0)  # at most a line a minute: the last one only
    calls.clear()
    both.reset()
    compile_all(["a.c", "b.c", "c.c"], output_dir="tmp")
    said = [line for line in capsys.readouterr().err.splitlines() if "C files" in line]
    assert [line.split(" (")[0] for line in said] == ["boardlab build:   compiled 3/3 C files"]


def test_a_long_build_step_is_never_silent_for_long(capsys):
    said = ""
    with S.ticking("writing C", every=0.05):
        deadline = time.monotonic() + 30
        while said.count("boardlab build:   ... still writing C (") < 2:
            assert time.monotonic() < deadline, f"no tick: {said!r}"
            time.sleep(0.01)
            said += capsys.readouterr().err
    assert said.startswith("boardlab build: writing C\n")


def test_every_message_and_document_gives_the_one_measured_speed_up():
    assert S.SPEEDUP == SPEEDUP and SPEEDUP in S.PURE
    for doc in ("README.md", "docs/performance.md"):
        text = (ROOT / doc).read_text()
        assert f"{SPEEDUP} as fast" in text, doc
        stated = set(re.findall(r"\b\d\.\d-\d\.\dx as fast", text))
        assert stated == {f"{SPEEDUP} as fast"}, (doc, stated)


def test_a_forced_compile_that_cannot_be_made_and_a_bad_setting_are_refused():
    with pytest.raises(SystemExit, match=r"^boardlab: BOARDLAB_COMPILE=1 but no working C comp"):
        S.decide("1", WHEEL, lambda: "no working C compiler (cc: x)")
    with pytest.raises(SystemExit, match=r"BOARDLAB_COMPILE must be 0, 1 or unset, got 'yes'"):
        S.decide("yes", WHEEL, never)


def test_the_compiler_probe_names_a_compiler_that_fails(monkeypatch):
    monkeypatch.setenv("CC", "/bin/false")
    worded = {  # by setuptools 74 and later, and by earlier versions' own message
        "no working C compiler (/bin/false: exit status 1)",
        "no working C compiler (command '/bin/false' failed with exit code 1)",
    }
    assert S.c_compiler_problem() in worded
    monkeypatch.setenv("CC", "boardlab-no-such-cc")
    assert S.c_compiler_problem() == (
        "no working C compiler (boardlab-no-such-cc: No such file or directory)"
    )


@pytest.mark.skipif(not HAS_CC, reason="no C compiler here")
def test_the_compiler_probe_passes_with_a_working_compiler(monkeypatch):
    monkeypatch.delenv("CC", raising=False)
    assert S.c_compiler_problem() is None


@pytest.mark.skipif(not HAS_CC, reason="no C compiler here")
def test_a_compile_failing_part_way_leaves_no_extension_and_a_pure_note(
    tmp_path, monkeypatch, capfd
):
    # pkg.good compiles, then pkg.bad fails; a shim of an earlier build lies in build_lib too
    monkeypatch.delenv("BOARDLAB_COMPILE", raising=False)
    lib = tmp_path / "lib"
    (lib / "pkg").mkdir(parents=True)
    (lib / "pkg" / f"stale{SUFFIX}").write_text("an earlier build's shim")
    cmd = _build_ext(tmp_path, lib)
    cmd.run()
    assert [p.name for p in lib.rglob("*") if p.is_file()] == ["build_note.txt"]
    note = (lib / "simcore" / "build_note.txt").read_text()
    assert note.startswith("pure Python: the compiled build failed (") and "bad.c" in note, note
    assert cmd.distribution.ext_modules == [] and not cmd.distribution.has_ext_modules()
    lines = [line for line in capfd.readouterr().err.splitlines() if line.startswith("boardlab:")]
    assert len(lines) == 1 and lines[0].endswith(
        f"; installing the pure-Python build (the same games, {SPEEDUP} slower)"
    )


@pytest.mark.skipif(not HAS_CC, reason="no C compiler here")
def test_a_forced_compile_failing_part_way_is_an_error(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDLAB_COMPILE", "1")
    with pytest.raises(Exception):  # noqa: B017 (the error class depends on setuptools' version)
        _build_ext(tmp_path, tmp_path / "lib").run()
    assert not (tmp_path / "lib" / "simcore" / "build_note.txt").exists()


def _build_ext(tmp_path: Path, lib: Path):
    """setup.py's ``build_ext`` on two tiny extensions, the second one not valid C."""
    good, bad = tmp_path / "good.c", tmp_path / "bad.c"
    good.write_text(S.PROBE_C.replace("boardlab_probe", "good"))
    bad.write_text("this is not C;\n")
    dist = Distribution({"name": "pkg", "script_name": "setup.py"})
    dist.ext_modules = [Extension("pkg.good", [str(good)]), Extension("pkg.bad", [str(bad)])]
    dist.cmdclass["build_ext"] = S.CompiledOrPure
    cmd = dist.get_command_obj("build_ext")
    cmd.build_lib, cmd.build_temp = str(lib), str(tmp_path / "temp")
    cmd.ensure_finalized()
    return cmd


# The real builds: pip, an isolated build environment, the whole package.


def _wheel(tmp_path: Path, env: dict[str, str], source: Path | None = None):
    """Build with ``env``; (pip's -v output, the wheel, its unpacked tree)."""
    source = source or copy_sources(tmp_path)
    built = build_wheel(source, tmp_path / "wheels", env, verbose=True)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    wheel = next((tmp_path / "wheels").glob("boardlab-*.whl"))
    return built.stdout + built.stderr, wheel, unpack(wheel, tmp_path / "tree")


def _assert_pure_and_playing(wheel: Path, tree: Path, tmp_path: Path, why: str) -> None:
    """A pure wheel (no compiled file, tagged for any platform) that installs and plays."""
    assert wheel.name.endswith("-py3-none-any.whl"), wheel.name
    with zipfile.ZipFile(wheel) as whl:
        assert [n for n in whl.namelist() if n.endswith(SUFFIX) or n.endswith(".so")] == []
    play = "main(['play', 'ratjack', '--players', '2', '--seed', '3'])"
    code = (
        "import simcore.core.native as n; from boardlab.cli import main; "
        f"print(n.build_line()); {play}"
    )
    played = run_in(tree, code, tmp_path)
    assert played.returncode == 0, played.stderr
    first = played.stdout.splitlines()[0]
    assert first.startswith(f"build: pure Python — {why}"), first


@pytest.mark.slow  # a pip build (~15 s)
def test_without_a_working_compiler_the_install_is_pure_and_says_so(tmp_path):
    output, wheel, tree = _wheel(tmp_path, {"CC": "/bin/false", "BOARDLAB_COMPILE": ""})
    said = [s for s in map(str.strip, output.splitlines()) if s.startswith("boardlab: ")]
    assert len(said) == 1 and said[0].startswith("boardlab: no working C compiler (/bin/false"), (
        said
    )
    assert said[0].endswith(f"installing the pure-Python build (the same games, {SPEEDUP} slower)")
    _assert_pure_and_playing(wheel, tree, tmp_path, "no working C compiler (/bin/false")


@pytest.mark.slow  # a pip build (~15 s)
def test_boardlab_compile_0_gives_the_pure_build_without_stale_extensions(tmp_path):
    source = copy_sources(tmp_path)
    # a module left in build/lib by an earlier build of this folder: not to be shipped
    stale = source / "build" / "lib" / "simcore" / "games" / "ratjack" / f"state{SUFFIX}"
    stale.parent.mkdir(parents=True)
    stale.write_text("an earlier build's module")
    _, wheel, tree = _wheel(tmp_path, {"BOARDLAB_COMPILE": "0"}, source)
    _assert_pure_and_playing(wheel, tree, tmp_path, "BOARDLAB_COMPILE=0;")


@pytest.mark.slow  # a pip build (~15 s)
def test_boardlab_compile_1_without_a_working_compiler_fails_the_install(tmp_path):
    env = {"CC": "/bin/false", "BOARDLAB_COMPILE": "1"}
    built = build_wheel(copy_sources(tmp_path), tmp_path / "w", env)
    assert built.returncode != 0
    assert "boardlab: BOARDLAB_COMPILE=1 but no working C compiler (" in built.stderr + built.stdout


@pytest.mark.slow  # most of a compiled build (~1.5 CPU-minutes), then a module fails
@pytest.mark.skipif(not HAS_CC, reason="no C compiler here")
def test_a_compiled_build_failing_part_way_installs_the_pure_build(tmp_path):
    # The C compiler fails on the shim of simcore.engine.play.rows: mypyc builds its group
    # library first, then the shims in module order, so most shims are built by then
    # (simcore.core.rng's among them), and none may be left pointing at a library that is not
    # installed.
    compiler = shutil.which("cc") or shutil.which("gcc")
    wrapper = tmp_path / "cc-failing-on-rows"
    fail = "echo 'rows.c: fatal error: the compiler ran out of memory' >&2; exit 1"
    wrapper.write_text(
        f'#!/bin/sh\ncase "$*" in *simcore/engine/play/rows.c*) {fail};; esac\n'
        f'exec {compiler} "$@"\n'
    )
    wrapper.chmod(wrapper.stat().st_mode | stat.S_IEXEC)
    output, wheel, tree = _wheel(tmp_path, {"CC": str(wrapper), "BOARDLAB_COMPILE": ""})
    said = [s for s in map(str.strip, output.splitlines()) if s.startswith("boardlab: ")]
    assert len(said) == 1 and said[0].startswith("boardlab: the compiled build failed ("), said
    assert "ran out of memory" in said[0]
    # the group library and the shims before rows' were linked (pip -v shows the links)
    assert f"boardlab_native__mypyc{SUFFIX}" in output and f"/rng{SUFFIX}" in output
    _assert_pure_and_playing(wheel, tree, tmp_path, "the compiled build failed (")
