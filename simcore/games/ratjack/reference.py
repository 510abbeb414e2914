"""The generated parts of the rules reference ``docs/rules/ratjack.md``: parameters, the cards
of every deck and the chips, written from the Params and the data files.

``python -m simcore.games.ratjack.reference docs/rules/ratjack.md`` rewrites each block between
``<!-- generated:NAME -->`` and ``<!-- end generated:NAME -->``; ``--check`` only reports
(exit 1) a block that no longer matches. The test of the doc runs the check.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from simcore.core import rules_doc
from simcore.core.content import read_toml
from simcore.core.errors import ContentError
from simcore.games.ratjack.content import (
    DATA_FILE,
    EFFECT_IDS,
    NUMBERED,
    _check_chips,
    _check_decks,
    check_effect_numbers,
)
from simcore.games.ratjack.params import FACE_IDS, RatjackParams

TEXTS_FILE = DATA_FILE.parent / "texts.toml"


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


_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def fill_number(text: str, n: int) -> str:
    """An effect's text with its number: ``{cards}`` as a word, ``{s}`` and ``{them}``."""
    word = _WORDS[n] if 0 <= n < len(_WORDS) else str(n)
    return text.format(cards=word, s="" if n == 1 else "s", them="it" if n == 1 else "them")


def effect_texts(cards_file: str = "", numbers: tuple[int, ...] | None = None) -> dict[str, str]:
    """Effect id → one-line text, from the ``texts.toml`` beside ``cards_file`` when there is
    one (a designer's copy of the cards), else the built-in one; every effect needs a text
    (``ContentError`` naming the file and the missing ids). ``numbers`` (per effect code, the
    content's ``[effects]``): a numbered effect's text must say its number as ``{cards}``
    and is given with it; the shipped numbers when None."""
    beside = Path(cards_file).parent / "texts.toml" if cards_file else TEXTS_FILE
    path = beside if beside.is_file() else TEXTS_FILE
    effects, _ = load_texts(path)
    if numbers is None:
        numbers = check_effect_numbers(str(DATA_FILE), read_toml(str(DATA_FILE)))
    out = {}
    for code, effect in enumerate(EFFECT_IDS):
        text = effects[effect]["text"]
        if effect in NUMBERED:
            if "{cards}" not in text:
                raise ContentError(
                    f"{path}: effects.{effect}: its text must state its number as {{cards}} "
                    f"(the number is [effects] in the cards file), got {text!r}"
                )
            text = fill_number(text, numbers[code])
        out[effect] = text
    return out


def cards_block() -> str:
    """Every deck of data/cards.toml, value by value: the effect, its text, the seed's text.
    Decks with the same effects (the red and blue rats) share a table."""
    raw = read_toml(str(DATA_FILE))
    decks = _check_decks(str(DATA_FILE), raw)
    effects, _ = load_texts()
    texts = effect_texts()
    groups: dict[tuple[int, ...], list[str]] = {}
    for name, mapping in decks.items():
        groups.setdefault(tuple(mapping[v] for v in range(1, 13)), []).append(name)
    out: list[str] = []
    for row, names in groups.items():
        out += [f"**{', '.join(f'`{n}`' for n in names)}**", ""]
        out += ["| value | effect | as implemented | seed |", "|---|---|---|---|"]
        for value, code in enumerate(row, start=1):
            e = EFFECT_IDS[code]
            text, seed = texts[e], effects[e]["seed"]
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


DOC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "ratjack.md"
BLOCKS: dict[str, Callable[[], str]] = {
    "params": lambda: rules_doc.params_block(RatjackParams),
    "cards": cards_block,
    "chips": chips_block,
}


REFERENCE = rules_doc.Reference(RatjackParams, BLOCKS, DOC)
main = REFERENCE.main


if __name__ == "__main__":
    sys.exit(main())
