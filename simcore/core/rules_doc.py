"""Generated blocks of a game's rules reference (``docs/rules/<game>.md``).

A rules reference is prose written by hand with tables written from the game's Params and data
files, so the doc cannot drift from what the simulator plays. Each table sits between
``<!-- generated:NAME -->`` and ``<!-- end generated:NAME -->``; a game's reference module maps
block names to functions that render them and runs :func:`main`, which rewrites the blocks or,
with ``--check``, reports (exit 1) the ones that no longer match.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from simcore.core.errors import ContentError

GENERATED = re.compile(r"(<!-- generated:(\w+) -->\n)(.*?)(<!-- end generated:\2 -->)", re.S)
Blocks = Mapping[str, Callable[[], str]]


def param_value(value: object) -> str:
    """A parameter value as TOML and the CLI spell it (`true`, `"choose"`, `[4, 5, 6]`)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, tuple | list):
        return "[" + ", ".join(param_value(x) for x in value) + "]"
    return str(value)


def parameter_defaults(params_cls: Any) -> dict[str, str]:
    """Every parameter of ``params_cls`` and its default, as the doc spells it."""
    return {row["name"]: param_value(row["default"]) for row in params_cls.describe()}


def assumption_names(params_cls: Any) -> list[str]:
    """The [A] parameters of ``params_cls`` (readings the seed leaves open)."""
    return [row["name"] for row in params_cls.describe() if row["assumption"]]


def params_block(params_cls: Any) -> str:
    """Every parameter: default, allowed values, [A] mark, meaning."""
    rows = ["| parameter | default | allowed | [A] | meaning |", "|---|---|---|---|---|"]
    for row in params_cls.describe():
        if row["choices"]:
            allowed = ", ".join(f"`{c}`" for c in row["choices"])
        else:
            bounds = (
                f"≥ {row['ge']:g}" if row["ge"] is not None else "",
                f"≤ {row['le']:g}" if row["le"] is not None else "",
            )
            allowed = ", ".join(b for b in bounds if b)
        mark = "[A]" if row["assumption"] else ""
        meaning = row["doc"].replace("|", "\\|")
        default = param_value(row["default"])
        rows.append(f"| `{row['name']}` | `{default}` | {allowed} | {mark} | {meaning} |")
    return "\n".join(rows)


def refresh(text: str, blocks: Blocks) -> tuple[str, list[str]]:
    """``text`` with every generated block rewritten, and the names of the blocks that changed;
    ContentError when the text lacks a block or holds an unknown one."""
    changed: list[str] = []

    def fill(m: re.Match[str]) -> str:
        name = m.group(2)
        if name not in blocks:
            raise ContentError(f"unknown generated block {name!r}; known: {sorted(blocks)}")
        body = blocks[name]().rstrip("\n") + "\n"
        if body != m.group(3):
            changed.append(name)
        return m.group(1) + body + m.group(4)

    new = GENERATED.sub(fill, text)
    missing = sorted(set(blocks) - {m.group(2) for m in GENERATED.finditer(text)})
    if missing:
        raise ContentError(f"the doc has no generated block {missing[0]!r}")
    return new, changed


def main(argv: list[str] | None, blocks: Blocks, doc: Path, description: str) -> int:
    """Rewrite (or ``--check``) the generated blocks of ``doc``: 0, 1 (stale) or 2 (bad doc)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("doc", type=Path, nargs="?", default=doc)
    parser.add_argument("--check", action="store_true", help="report stale blocks, write nothing")
    args = parser.parse_args(argv)
    try:
        new, changed = refresh(args.doc.read_text(encoding="utf-8"), blocks)
    except (OSError, UnicodeDecodeError, ContentError) as exc:
        print(f"error: {args.doc}: {exc}", file=sys.stderr)
        return 2
    if args.check:
        if changed:
            print(f"{args.doc}: stale generated blocks: {', '.join(changed)}", file=sys.stderr)
        return 1 if changed else 0
    args.doc.write_text(new, encoding="utf-8")
    return 0


@dataclass(frozen=True)
class Reference:
    """One game's rules reference: its params class, its generated blocks and the doc's path."""

    params: Any
    blocks: Blocks
    doc: Path

    def parameter_defaults(self) -> dict[str, str]:
        """Every parameter and its default, as the doc spells it."""
        return parameter_defaults(self.params)

    def assumption_names(self) -> list[str]:
        """The [A] parameters (readings the seed leaves open)."""
        return assumption_names(self.params)

    def refresh(self, text: str) -> tuple[str, list[str]]:
        """``text`` with every block rewritten, and the names of the blocks that changed."""
        return refresh(text, self.blocks)

    def main(self, argv: list[str] | None = None) -> int:
        """Rewrite (or ``--check``) the generated blocks of the doc."""
        return main(argv, self.blocks, self.doc, f"generated blocks of {self.doc.name}")
