"""Build hook for the compiled core; the package itself is configured in pyproject.toml.

``pip install .`` compiles the modules listed in ``simcore/native_modules.txt`` with mypyc when
it can: a C compiler that builds a tiny extension against this Python's headers, and mypyc
(pyproject.toml's build requirements bring it). The compiled build plays the same games,
``SPEEDUP`` as fast. Its C files compile in parallel, and its progress goes to the terminal
(pip shows a build's own output only with ``-v``). Without a working compiler, or when the
compiled build fails part-way, it installs the pure-Python build instead and says why on one
stderr line. The reason is also written into the installed package
(``simcore/build_note.txt``), where ``boardlab demo`` and ``boardlab bench`` print it
(``simcore.core.native.build_line``).

``BOARDLAB_COMPILE=0`` forces the pure build, ``BOARDLAB_COMPILE=1`` the compiled one (a failure
is then an error). An editable install stays pure: compiled files would shadow later edits of
the sources.
"""

from __future__ import annotations

import contextlib
import importlib.machinery
import importlib.util
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from setuptools import Distribution, Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

LIST = Path(__file__).parent / "simcore" / "native_modules.txt"
# -O2, a C file per module, compiled in parallel: 87 CPU-s and 58 s for a wheel on 2 cores,
# against 133 CPU-s and 134 s for -O3 in one file, and the same games/s on every row
# (docs/performance.md, "Compiled build"); -O1 was 5% slower
OPT_LEVEL = "2"
SAY_EVERY = 4.0  # seconds between progress lines of the compile (a line a file was 76 lines)
NOTE = "simcore/build_note.txt"  # in the built package only, never in the sources
# the one figure, from simcore/core/native.py (this file cannot import the package it builds)
NATIVE = (LIST.parent / "core" / "native.py").read_text()
SPEEDUP = re.findall(r'^SPEEDUP = "(.+)"', NATIVE, re.MULTILINE)[0]
PURE = f"installing the pure-Python build (the same games, {SPEEDUP} slower)"
EDITABLE = "an editable install stays pure Python (compiled files would shadow source edits)"
# setup.py runs once per build step; only these steps build, the others only read metadata
BUILD_COMMANDS = frozenset({"bdist_wheel", "build", "build_ext", "install", "bdist", "bdist_egg"})
EDITABLE_COMMANDS = frozenset({"editable_wheel", "develop"})
PROBE_C = """#include <Python.h>
static struct PyModuleDef probe = {PyModuleDef_HEAD_INIT, "boardlab_probe", NULL, -1, NULL};
PyMODINIT_FUNC PyInit_boardlab_probe(void) { return PyModule_Create(&probe); }
"""


def say(line: str) -> None:
    """The build's one line about which build it makes (stderr; ``pip install -v`` shows it)."""
    print(f"boardlab: {line}", file=sys.stderr, flush=True)


def tell(line: str) -> None:
    """A progress line for the person installing (``boardlab build:``, apart from the one
    ``say`` line). pip shows a build's output only with ``-v``, behind a spinner that says
    nothing for minutes; so the line also goes to the terminal itself, when there is one."""
    text = f"boardlab build: {line}\n"
    sys.stderr.write(text)
    sys.stderr.flush()
    with contextlib.suppress(OSError), open("/dev/tty", "w") as tty:
        tty.write(text)


def _load_ticker() -> Any:
    """``reports/kit/ticker.py``, loaded from its file (a build cannot import the package it
    builds; the module needs only the standard library)."""
    path = LIST.parent.parent / "reports" / "kit" / "ticker.py"
    spec = importlib.util.spec_from_file_location("boardlab_build_ticker", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


TICKER = _load_ticker()


def ticking(what: str, every: float = 8.0) -> contextlib.AbstractContextManager[None]:
    """``tell`` ``what`` now and ``... still <what> (N s)`` every ``every`` seconds until the
    block ends (``reports.kit.ticker``, the demo's): no silent minute in a build."""
    return TICKER.ticking(tell, what, every)


def build_jobs() -> int:
    """C files compiled at once: one per core this process may use."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def parallel_compile(compile_files: Callable[..., list[str]], jobs: int) -> Callable[..., Any]:
    """A compiler's ``compile`` that compiles its sources ``jobs`` at a time, each in its own
    call (setuptools compiles an extension's files one after another), telling how many are
    done; the objects come back in the sources' order, as the linker expects them."""

    def compile_all(sources: list[str], *args: Any, **kwargs: Any) -> list[str]:
        if len(sources) < 2:
            return compile_files(sources, *args, **kwargs)
        done, lock, start, told = [0], threading.Lock(), time.monotonic(), [0.0]

        def one(source: str) -> list[str]:
            objects = compile_files([source], *args, **kwargs)
            with lock:
                done[0] += 1
                took = time.monotonic() - start
                if done[0] == len(sources) or took - told[0] >= SAY_EVERY:
                    told[0] = took
                    tell(f"  compiled {done[0]}/{len(sources)} C files ({took:.0f} s)")
            return objects

        with ThreadPoolExecutor(max(1, min(jobs, len(sources)))) as pool:
            return [obj for objects in pool.map(one, sources) for obj in objects]

    return compile_all


def decide(
    value: str | None, argv: list[str], problem: Callable[[], str | None]
) -> tuple[bool, str]:
    """(compile?, why not): ``value`` is BOARDLAB_COMPILE, ``problem()`` why no compiled build
    can be made here (None: it can). Refuses a BOARDLAB_COMPILE other than 0, 1 or unset, and a
    forced compiled build that cannot be made."""
    value = (value or "").strip()
    if value not in ("", "0", "1"):
        raise SystemExit(f"boardlab: BOARDLAB_COMPILE must be 0, 1 or unset, got {value!r}")
    commands = set(argv[1:])
    if commands & EDITABLE_COMMANDS:
        return False, EDITABLE
    if not commands & BUILD_COMMANDS:
        return False, ""  # a metadata step: nothing is built, nothing to say
    if value == "0":
        return False, "BOARDLAB_COMPILE=0"
    why_not = problem()
    if why_not and value == "1":
        raise SystemExit(f"boardlab: BOARDLAB_COMPILE=1 but {why_not}")
    return why_not is None, why_not or ""


def build_problem() -> str | None:
    """Why the compiled build cannot be made here: no mypyc, or no working C compiler."""
    if importlib.util.find_spec("mypyc") is None:
        return "mypyc is not installed (it comes with mypy)"
    return c_compiler_problem()


def c_compiler_problem() -> str | None:
    """Why a tiny C extension does not compile and link here, through the same setuptools
    machinery as the real build (``CC``, ``LDSHARED``, the Python headers); None if it does."""
    with tempfile.TemporaryDirectory() as tmp, captured_output() as log:
        source = Path(tmp, "boardlab_probe.c")
        source.write_text(PROBE_C)
        dist = Distribution({"name": "probe", "script_name": "setup.py"})
        dist.ext_modules = [Extension("boardlab_probe", [str(source)])]
        cmd = dist.get_command_obj("build_ext")
        cmd.build_lib, cmd.build_temp = str(Path(tmp, "lib")), str(Path(tmp, "temp"))
        try:
            cmd.ensure_finalized()
            cmd.run()
        except Exception as exc:  # the error classes differ between setuptools versions
            return f"no working C compiler ({failure_text(log(), exc, program_of(cmd))})"
    return None


def failure_text(output: str, exc: BaseException, program: str = "") -> str:
    """Why a build step failed, short: the first error line of its ``output``, else what the
    exception (or its cause) says, after the ``program`` that failed."""
    for line in output.splitlines():
        if re.search(r"\berror\b", line, flags=re.IGNORECASE) and "command" not in line:
            return line.strip()[:200]  # not setuptools' "error: command 'gcc' failed" summary
    cause: BaseException | None = exc
    while cause is not None:
        if isinstance(cause, subprocess.CalledProcessError):
            return f"{program or cause.cmd[0]}: exit status {cause.returncode}"
        if isinstance(cause, OSError) and cause.strerror:
            return f"{program}: {cause.strerror}" if program else cause.strerror
        cause = cause.__cause__ or cause.__context__
    text = str(exc).strip()
    return text.splitlines()[0][:200] if text else type(exc).__name__


def program_of(cmd: build_ext) -> str:
    """The C compiler a ``build_ext`` ran (empty before it made one)."""
    words = getattr(cmd.compiler, "compiler_so", None) or [""]
    return str(words[0])


@contextlib.contextmanager
def captured_output() -> Iterator[Callable[[], str]]:
    """File descriptors 1 and 2 (this process's and the compiler's) into a temporary file; the
    context gives a function that reads what was written."""
    with tempfile.TemporaryFile(mode="w+") as sink:
        sys.stdout.flush()
        sys.stderr.flush()
        saved = os.dup(1), os.dup(2)
        os.dup2(sink.fileno(), 1)
        os.dup2(sink.fileno(), 2)

        def read() -> str:
            sys.stdout.flush()
            sys.stderr.flush()
            sink.seek(0)
            return sink.read()

        try:
            yield read
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            os.close(saved[0])
            os.close(saved[1])


def remove_extensions(build_lib: str) -> None:
    """Delete every compiled module under ``build_lib``: a shim left by a failed build, or by an
    earlier compiled build in the same ``build/``, would import a group library that may be
    missing or stale."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    for path in Path(build_lib).rglob("*"):
        if path.is_file() and path.name.endswith(suffixes):
            path.unlink()


def write_note(build_lib: str, text: str) -> None:
    """Record in the built package which build this is and why (``simcore.core.native``)."""
    note = Path(build_lib, NOTE)
    note.parent.mkdir(parents=True, exist_ok=True)
    note.write_text(text + "\n")


class BuildPyWithNote(build_py):
    """``build_py`` that writes the build note and, for a pure build, clears stale extensions."""

    note = ""  # set before setup(): "compiled", or why the build is pure

    def run(self) -> None:
        """Copy the sources, then record which build this is."""
        super().run()
        if self.editable_mode:
            return  # the sources themselves are installed: they carry no note
        if not self.distribution.ext_modules:
            remove_extensions(self.build_lib)
        write_note(self.build_lib, self.note)


class CompiledOrPure(build_ext):
    """``build_ext`` that compiles the C files in parallel and falls back to the pure build
    when a compiled module fails, unless BOARDLAB_COMPILE=1 forces the compiled build."""

    def build_extension(self, ext: Extension) -> None:
        """Build one extension, its C files compiled ``build_jobs()`` at a time."""
        compiler: Any = self.compiler
        if not getattr(compiler, "boardlab_parallel", False):
            compiler.compile = parallel_compile(compiler.compile, build_jobs())
            compiler.boardlab_parallel = True
        super().build_extension(ext)

    def run(self) -> None:
        """Build the extensions; on a failure, remove them all and go on pure."""
        if not self.extensions:
            super().run()
            return
        what = f"compiling the C of the compiled build, {build_jobs()} files at a time"
        if os.environ.get("BOARDLAB_COMPILE", "").strip() == "1":
            with ticking(what):
                super().run()
            return
        failure = None
        with captured_output() as log, ticking(what):
            try:
                super().run()
            except Exception as exc:  # any failure: the pure build must still install
                failure = failure_text(log(), exc, program_of(self))
            output = log()
        sys.stderr.write(output)  # what the compiler said, for pip install -v
        if failure is not None:
            self.fall_back(f"the compiled build failed ({failure})")

    def fall_back(self, reason: str) -> None:
        """Drop every extension, built or not, so that the wheel is the pure build."""
        remove_extensions(self.build_lib)
        self.extensions = []
        self.distribution.ext_modules = []
        wheel = self.distribution.command_obj.get("bdist_wheel")
        if wheel is not None:
            wheel.root_is_pure = True  # tagged py3-none-any: no compiled file in it
        write_note(self.build_lib, f"pure Python: {reason}")
        say(f"{reason}; {PURE}")


def compiled_modules() -> list[Extension]:
    """mypyc's extensions for the listed modules (mypy type-checks them first)."""
    from mypyc.build import mypycify

    lines = (line.strip() for line in LIST.read_text().splitlines())
    paths = [line for line in lines if line and not line.startswith("#")]
    # Only the listed modules must type-check; what they import stays interpreted and unchecked
    # (the isolated build environment has none of the runtime dependencies).
    flags = ["--follow-imports=silent", "--ignore-missing-imports"]
    # multi_file: a C file per module, not one for all, so that they compile in parallel
    with ticking(f"type-checking {len(paths)} modules and writing their C (mypyc)"):
        return mypycify(
            flags + paths, opt_level=OPT_LEVEL, multi_file=True, group_name="boardlab_native"
        )


def extensions_and_note() -> tuple[list[Extension], str]:
    """The extensions to build and the build note, saying the one line when the build is pure."""
    value = os.environ.get("BOARDLAB_COMPILE")
    compile_it, why_not = decide(value, sys.argv, build_problem)
    if not compile_it:
        if why_not == EDITABLE:
            say(EDITABLE)
        elif why_not:
            say(f"{why_not}; {PURE}")
        return [], f"pure Python: {why_not}"
    if (value or "").strip() == "1":
        return compiled_modules(), "compiled"
    with captured_output() as log:
        try:
            return compiled_modules(), "compiled"
        except (Exception, SystemExit) as exc:  # mypyc exits on a type error
            reason = f"mypyc failed ({failure_text(log(), exc)})"
    say(f"{reason}; {PURE}")
    return [], f"pure Python: {reason}"


if __name__ == "__main__":  # setuptools runs this file as __main__; tests import it
    ext_modules, BuildPyWithNote.note = extensions_and_note()
    setup(
        ext_modules=ext_modules,
        cmdclass={"build_py": BuildPyWithNote, "build_ext": CompiledOrPure},
    )
