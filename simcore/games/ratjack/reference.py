"""The generated parts of the rules reference ``docs/rules/ratjack.md``: parameters, the cards
of every deck and the chips, written from the Params and the data files.

``python -m simcore.games.ratjack.reference docs/rules/ratjack.md`` rewrites each block between
``<!-- generated:NAME -->`` and ``<!-- end generated:NAME -->``; ``--check`` only reports
(exit 1) a block that no longer matches. The test of the doc runs the check.
"""

from __future__ import annotations

import argparse
import dataclasses
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from simcore.content import read_toml
from simcore.errors import ContentError
from simcore.games.ratjack.content import DATA_FILE, EFFECT_IDS, _check_chips, _check_decks
from simcore.games.ratjack.params import FACE_IDS, RatjackParams

TEXTS_FILE = DATA_FILE.parent / "texts.toml"


def _value(v: object) -> str:
    """A parameter value as the TOML/CLI spelling (`true`, `"face_down"`, `["a", "b"]`)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return f'"{v}"'
    if isinstance(v, tuple):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    return str(v)


def parameter_defaults() -> dict[str, str]:
    """Every parameter and its default, as the doc spells it."""
    return {f.name: _value(f.default) for f in dataclasses.fields(RatjackParams)}


def assumption_names() -> list[str]:
    """The [A] parameters (readings the seed leaves open)."""
    return [f.name for f in dataclasses.fields(RatjackParams) if f.metadata["assumption"]]


def params_block() -> str:
    """Every parameter: default, allowed values, [A] mark, description."""
    rows = ["| parameter | default | allowed | [A] | meaning |", "|---|---|---|---|---|"]
    for f in dataclasses.fields(RatjackParams):
        meta = f.metadata
        if meta["choices"]:
            allowed = ", ".join(f"`{c}`" for c in meta["choices"])
        else:
            bounds = [f"≥ {meta['ge']:g}" if meta["ge"] is not None else ""]
            bounds.append(f"≤ {meta['le']:g}" if meta["le"] is not None else "")
            allowed = ", ".join(b for b in bounds if b)
        mark = "[A]" if meta["assumption"] else ""
        doc = meta["doc"].replace("|", "\\|")
        rows.append(f"| `{f.name}` | `{_value(f.default)}` | {allowed} | {mark} | {doc} |")
    return "\n".join(rows)


def load_texts(path: Path = TEXTS_FILE) -> tuple[dict[str, Any], dict[str, Any]]:
    """Effect and chip-face texts (``text`` as implemented, ``seed`` the Japanese), checked:
    exactly one entry per effect id and per face, each with both strings."""
    raw = read_toml(str(path))
    out = []
    for table, ids in (("effects", EFFECT_IDS), ("faces", FACE_IDS)):
        entries = raw.get(table)
        if not isinstance(entries, dict):
            raise ContentError(f"{path}: missing [{table}] table")
        unknown = sorted(set(entries) - set(ids))
        missing = [i for i in ids if i not in entries]
        if unknown or missing:
            raise ContentError(f"{path}: [{table}] unknown {unknown}, missing {missing}")
        for key, entry in entries.items():
            if not isinstance(entry, dict) or set(entry) != {"text", "seed"}:
                raise ContentError(f"{path}: {table}.{key} needs exactly the keys text and seed")
            if not all(isinstance(v, str) and v.strip() for v in entry.values()):
                raise ContentError(f"{path}: {table}.{key}: text and seed must be non-empty")
        out.append(entries)
    return out[0], out[1]


def cards_block() -> str:
    """Every deck of data/cards.toml, value by value: the effect, its text, the seed's text.
    Decks with the same effects (the red and blue rats) share a table."""
    raw = read_toml(str(DATA_FILE))
    decks = _check_decks(str(DATA_FILE), raw)
    effects, _ = load_texts()
    groups: dict[tuple[int, ...], list[str]] = {}
    for name, mapping in decks.items():
        groups.setdefault(tuple(mapping[v] for v in range(1, 13)), []).append(name)
    out: list[str] = []
    for row, names in groups.items():
        out += [f"**{', '.join(f'`{n}`' for n in names)}**", ""]
        out += ["| value | effect | as implemented | seed |", "|---|---|---|---|"]
        for value, code in enumerate(row, start=1):
            e = EFFECT_IDS[code]
            text, seed = effects[e]["text"], effects[e]["seed"]
            out.append(f"| {value} | `{e}` | {text} | {seed} |")
        out.append("")
    return "\n".join(out).rstrip()


def chips_block() -> str:
    """The six chips of data/cards.toml (faces paired as in the file) and every face's effect
    on a face-up card of printed value v."""
    raw = read_toml(str(DATA_FILE))
    pairs = _check_chips(str(DATA_FILE), raw)
    _, faces = load_texts()
    chips = ", ".join(f"`{FACE_IDS[a]}|{FACE_IDS[b]}`" for a, b in pairs)
    out = [f"The six chips of the data file: {chips}.", ""]
    out += ["| face | modified value / effect | seed |", "|---|---|---|"]
    for a, b in pairs:
        for f in (FACE_IDS[a], FACE_IDS[b]):
            out.append(f"| `{f}` | {faces[f]['text']} | {faces[f]['seed']} |")
    return "\n".join(out)


BLOCKS: dict[str, Callable[[], str]] = {
    "params": params_block,
    "cards": cards_block,
    "chips": chips_block,
}
GENERATED = re.compile(r"(<!-- generated:(\w+) -->\n)(.*?)(<!-- end generated:\2 -->)", re.S)


def refresh(text: str) -> tuple[str, list[str]]:
    """``text`` with every generated block rewritten, and the names of blocks that changed."""
    changed: list[str] = []

    def fill(m: re.Match[str]) -> str:
        name = m.group(2)
        if name not in BLOCKS:
            raise ContentError(f"unknown generated block {name!r}; known: {sorted(BLOCKS)}")
        body = BLOCKS[name]() + "\n"
        if body != m.group(3):
            changed.append(name)
        return m.group(1) + body + m.group(4)

    new = GENERATED.sub(fill, text)
    missing = sorted(set(BLOCKS) - {m.group(2) for m in GENERATED.finditer(text)})
    if missing:
        raise ContentError(f"the doc has no generated block {missing[0]!r}")
    return new, changed


def main(argv: list[str] | None = None) -> int:
    """Rewrite (or ``--check``) the generated blocks of the rules reference."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("doc", type=Path)
    parser.add_argument("--check", action="store_true", help="report stale blocks, write nothing")
    args = parser.parse_args(argv)
    try:
        new, changed = refresh(args.doc.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ContentError) as exc:
        print(f"error: {args.doc}: {exc}", file=sys.stderr)
        return 2
    if args.check:
        if changed:
            print(f"stale generated blocks: {', '.join(changed)}", file=sys.stderr)
        return 1 if changed else 0
    args.doc.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
