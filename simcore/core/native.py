"""Which modules of this installation run compiled (the optional mypyc build, README
"Compiled build"): the figure a speed reading needs beside it, since the games are the same."""

from __future__ import annotations

import importlib.util
import types
from functools import cache
from importlib.resources import files
from typing import Any

EXTENSION_SUFFIXES = (".so", ".pyd")
# How much faster the compiled build plays than the pure one: the one figure every message and
# document gives (setup.py reads it from here; docs/performance.md, "Compiled build", has the
# measurement and its command; tests/test_setup.py checks the README and docs say the same).
SPEEDUP = "2.5-3.3x"


def listed_modules() -> list[str]:
    """Dotted names of the modules the compiled build compiles (``native_modules.txt``)."""
    text = files("simcore").joinpath("native_modules.txt").read_text()
    lines = (line.strip() for line in text.splitlines())
    paths = [line for line in lines if line and not line.startswith("#")]
    return [p.removesuffix(".py").replace("/", ".") for p in paths]


@cache
def compiled_modules() -> tuple[str, ...]:
    """The listed modules that import from a C extension here (none in a pure build)."""
    out = []
    for name in listed_modules():
        spec = importlib.util.find_spec(name)
        if spec is not None and str(spec.origin).endswith(EXTENSION_SUFFIXES):
            out.append(name)
    return tuple(out)


def build_label() -> str:
    """``pure Python``, or ``compiled: ratjack (14 modules)`` naming the compiled games."""
    names = compiled_modules()
    if not names:
        return "pure Python"
    games = sorted({n.split(".")[2] for n in names if n.startswith("simcore.games.")})
    return f"compiled: {', '.join(games) or 'engine'} ({len(names)} modules)"


def build_note() -> str:
    """What the build that installed this package wrote about itself (``setup.py``): ``compiled``
    or ``pure Python: <why>``; empty for the sources themselves (a checkout, an editable
    install)."""
    try:
        return files("simcore").joinpath("build_note.txt").read_text().strip()
    except OSError:  # no note: not installed from a built wheel
        return ""


def build_line() -> str:
    """``build: <label>``, for a pure build with why it is pure and how to get the compiled one."""
    label = build_label()
    if compiled_modules():
        return f"build: {label}"
    note = build_note().removeprefix("pure Python: ")
    if note == "compiled":
        note = "its compiled modules are missing"
    elif not note:
        note = "running from the sources: a checkout or an editable install"
    return (
        f"build: {label} — {note}; `python -m pip install .` with a C compiler builds the "
        f"compiled one (the same games, {SPEEDUP} as fast)"
    )


def bind_pure(cls: type, name: str, function: Any) -> None:
    """Make ``function`` the method ``name`` of ``cls`` when it is plain Python (one call layer
    less on a hot path); a compiled function is a builtin, which would not bind as a method, so
    the class then keeps its own."""
    if isinstance(function, types.FunctionType):
        setattr(cls, name, function)
