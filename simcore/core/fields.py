"""State fields declared once (DESIGN §2): a state class lists its fields as typed class
annotations (``__slots__ = tuple(__annotations__)``), and its clone, its fingerprint and the
tests' clone check derive from that declaration.

What a clone does with a field follows its declared type: ``list[list[...]]`` is copied row
by row, a list of a class with a ``clone`` method is copied item by item with it, any other
``list[...]`` is copied (``None`` kept where the type allows it), a class with a ``clone``
method is cloned, and anything else (ints, strings, tuples, frozen tables) is shared.
A class names the fields a clone resets (``reset``) or shares although they are lists
(``shared``).

In the compiled build (``simcore.core.native``) a class keeps no annotations at run time, only the
names of its native fields (``__mypyc_attrs__``): fingerprints and checks work from the names
there, and a compiled class spells its clone out (a generated one would run interpreted).
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import inspect
import re
import sys
from collections.abc import Callable, Collection, Mapping
from pathlib import Path
from typing import Any, Final

SHARED, COPIED, MAYBE_COPIED, ROWS, CLONED = "shared", "copied", "maybe copied", "rows", "cloned"
CLONES: Final = "clones"  # a list of objects with their own ``clone``: each is cloned


def declared_fields(cls: type) -> tuple[str, ...]:
    """The fields ``cls`` and its bases declare, bases first, in declaration order."""
    names: list[str] = []
    for klass in reversed(cls.__mro__):
        attrs = klass.__dict__.get("__mypyc_attrs__")  # compiled: the native fields
        own = attrs if attrs is not None else _instance_annotations(klass)
        names += [n for n in own if not n.startswith("__") and n not in names]
    return tuple(names)


def _instance_annotations(klass: type) -> dict[str, Any]:
    # A ClassVar (e.g. Game.spec) is a setting of the class, not state.
    notes = inspect.get_annotations(klass)
    return {
        n: t for n, t in notes.items() if not str(t).replace("typing.", "").startswith("ClassVar")
    }


def is_compiled(cls: type) -> bool:
    """``cls`` is a native class of the compiled build."""
    return "__mypyc_attrs__" in cls.__dict__


def clone_kinds(cls: type, shared: Collection[str] = ()) -> dict[str, str]:
    """Each declared field's clone kind, from its annotation (pure build only)."""
    kinds: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        namespace = vars(sys.modules[klass.__module__])
        for name, note in _instance_annotations(klass).items():
            kinds[name] = SHARED if name in shared else _kind(note, namespace)
    return kinds


def _kind(note: Any, namespace: Mapping[str, Any]) -> str:
    text = re.sub(r"\s", "", note if isinstance(note, str) else str(note))
    if text.startswith("list[list["):
        return ROWS
    if text.startswith("list["):
        if _clonable(text[5:-1], namespace):
            return CLONES
        return MAYBE_COPIED if "|None" in text else COPIED
    return CLONED if _clonable(text, namespace) else SHARED


def _clonable(text: str, namespace: Mapping[str, Any]) -> bool:
    target = namespace.get(text) if text.isidentifier() else None
    return isinstance(target, type) and hasattr(target, "clone")


def make_clone(
    cls: type, reset: Mapping[str, Any] | None = None, shared: Collection[str] = ()
) -> Callable[[Any], Any]:
    """A ``clone`` for ``cls`` generated from its declaration.

    Generated source, not a loop over the names: a getattr/setattr loop is about twice as slow,
    and clone is the hottest call of search and lookahead.
    """
    reset = reset or {}
    lines = ["def clone(self):", "    new = _new(_cls)"]
    for name, kind in clone_kinds(cls, shared).items():
        if name in reset:
            lines.append(f"    new.{name} = _reset[{name!r}]")
        elif kind == ROWS:  # a loop, not a comprehension: each builds a frame on Python 3.11
            lines += ["    rows = []", f"    for row in self.{name}:"]
            lines += ["        rows.append(row[:])", f"    new.{name} = rows"]
        elif kind == CLONES:
            lines += ["    items = []", f"    for item in self.{name}:"]
            lines += ["        items.append(item.clone())", f"    new.{name} = items"]
        elif kind == COPIED:
            lines.append(f"    new.{name} = self.{name}[:]")
        elif kind == MAYBE_COPIED:
            lines.append(f"    value = self.{name}")
            lines.append(f"    new.{name} = None if value is None else value[:]")
        elif kind == CLONED:
            lines.append(f"    new.{name} = self.{name}.clone()")
        else:
            lines.append(f"    new.{name} = self.{name}")
    lines.append("    return new")
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_reset": dict(reset)}
    exec("\n".join(lines), namespace)  # the source is built from declared names only
    clone: Callable[[Any], Any] = namespace["clone"]
    clone.__qualname__ = f"{cls.__qualname__}.clone"
    clone.__doc__ = "Independent copy (generated from the declared fields: simcore.core.fields)."
    return clone


def derive_clone(
    cls: type, reset: Mapping[str, Any] | None = None, shared: Collection[str] = ()
) -> None:
    """Make ``cls.clone`` the generated clone, unless ``cls`` is compiled (it keeps its own)."""
    if not is_compiled(cls):
        cls.clone = make_clone(cls, reset, shared)  # type: ignore[attr-defined]


def fingerprint(state: Any, names: tuple[str, ...]) -> tuple[Any, ...]:
    """The values of ``names``, hashable: lists as tuples, streams by their ``fingerprint``."""
    return tuple(_frozen(getattr(state, name)) for name in names)


def _frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    if hasattr(value, "fingerprint"):
        return value.fingerprint()
    return value


def check_clone(
    original: Any,
    copy: Any,
    reset: Mapping[str, Any] | None = None,
    shared: Collection[str] = (),
) -> list[str]:
    """What is wrong with ``copy`` as a clone of ``original``, field by field over the
    declaration (empty: nothing). Works from the values, so on both builds."""
    reset = reset or {}
    problems = []
    for name in declared_fields(type(original)):
        try:
            mine, theirs = getattr(original, name), getattr(copy, name)
        except AttributeError:
            problems.append(f"{name}: not cloned")
            continue
        if name in reset:
            ok = theirs == reset[name]
        elif name in shared or (not isinstance(mine, list) and not hasattr(mine, "clone")):
            ok = theirs is mine or theirs == mine
        elif isinstance(mine, list) and mine and hasattr(mine[0], "clone"):
            pairs = zip(mine, theirs, strict=False)
            ok = len(theirs) == len(mine) and theirs is not mine
            ok = ok and all(a is not b and a.fingerprint() == b.fingerprint() for a, b in pairs)
        elif isinstance(mine, list):
            rows = [(a, b) for a, b in zip(mine, theirs, strict=False) if isinstance(a, list)]
            ok = theirs == mine and theirs is not mine and all(a is not b for a, b in rows)
        else:
            ok = theirs is not mine and theirs.fingerprint() == mine.fingerprint()
        if not ok:
            problems.append(f"{name}: {theirs!r} in the copy for {mine!r}")
    return problems


# --- generated mirrors ---------------------------------------------------------------------
# A compiled class that mirrors a dataclass's fields (a game's params, which compiled code
# would otherwise read by name) carries them between two marker comments; ``refresh_mirrors``
# writes them from the source class: ``python -m simcore.core.fields FILE... [--check]``.
_MIRROR: Final = re.compile(
    r"^(?P<indent> *)# <generated: the fields of (?P<module>[\w.]+):(?P<name>\w+)>\n"
    r"(?P<body>.*?)^(?P=indent)# </generated>$",
    re.S | re.M,
)


def mirror_body(source: type, indent: str = "    ") -> str:
    """The annotations of ``source``'s dataclass fields, one a line, in field order, then those
    of its properties (by return type: the mirror holds their values)."""
    lines = [f"{indent}{f.name}: {_spelled(f.type)}\n" for f in dataclasses.fields(source)]
    props = {
        name: value
        for klass in reversed(source.__mro__)
        for name, value in vars(klass).items()
        if isinstance(value, property)
    }
    if props:
        lines.append(f"{indent}# properties\n")
    for name, prop in props.items():
        lines.append(f"{indent}{name}: {_spelled(prop.fget.__annotations__['return'])}\n")
    return "".join(lines)


def _spelled(hint: Any) -> str:
    """An annotation as source: a string as written (postponed annotations), a class by name."""
    return hint if isinstance(hint, str) else getattr(hint, "__name__", str(hint))


def refresh_mirrors(text: str) -> tuple[str, list[str]]:
    """``text`` with every generated mirror rewritten from its source, and the sources whose
    mirror changed."""
    changed: list[str] = []

    def fill(m: re.Match[str]) -> str:
        source = getattr(importlib.import_module(m["module"]), m["name"])
        body = mirror_body(source, m["indent"])
        if body != m["body"]:
            changed.append(f"{m['module']}:{m['name']}")
        head = m.group(0).split("\n", 1)[0] + "\n"
        return f"{head}{body}{m['indent']}# </generated>"

    return _MIRROR.sub(fill, text), changed


def main(argv: list[str] | None = None) -> int:
    """Rewrite (or ``--check``: exit 1 when stale) the generated mirrors of source files."""
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--check", action="store_true", help="report stale mirrors only")
    args = parser.parse_args(argv)
    stale = []
    for path in args.files:
        new, changed = refresh_mirrors(path.read_text(encoding="utf-8"))
        stale += [f"{path}: {name}" for name in changed]
        if changed and not args.check:
            path.write_text(new, encoding="utf-8")
    if args.check and stale:
        print("stale generated mirrors: " + "; ".join(stale), file=sys.stderr)
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
