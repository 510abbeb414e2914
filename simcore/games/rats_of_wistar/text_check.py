"""The wheel's one-line texts say the numbers their spaces play: a text a designer wrote is
checked against the numbers (a designer who changes a space's numbers and not its text gets
one clear error, not a report that names the old rule), a missing one is written from them.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from simcore.core.errors import ContentError
from simcore.games.rats_of_wistar.rules_text import space_text
from simcore.games.rats_of_wistar.tables import Content

_NUMBER = re.compile(r"\d+")


def numbers(text: str) -> Counter[int]:
    """The counts a text states (2 and more: "a potion", "one worker" are 1 in words)."""
    return Counter(n for n in map(int, _NUMBER.findall(text)) if n >= 2)


def wheel_texts(
    con: Content, texts: dict[tuple[int, str], str], file: Path
) -> dict[tuple[int, str], str]:
    """``texts`` with every sector's and space's text: one the file gives is checked
    (``ContentError`` naming the first that states other numbers than it plays: "Gain a
    potion" over ``gain 3 potions``); one it leaves out is written from the numbers."""
    out = dict(texts)
    for n in sorted(con.wheel):
        for sid, spaces in con.wheel[n]:
            played: Counter[int] = Counter()
            does = [space_text(branches) for branches in spaces]
            for k, text in enumerate(does, 1):
                played += numbers(text)
                key = (n, f"place/{sid}/{k}")
                if key in out:
                    _check(out[key], text, f"players{n} {sid} space {k}", file)
                else:
                    out[key] = text[:1].upper() + text[1:]
            key = (n, f"place/{sid}")
            if key in out:
                _check(out[key], " / ".join(does), f"players{n} {sid}", file, played)
            else:
                plus = " one space" if len(does) > 1 else ""
                out[key] = f"The main action of its slot, plus{plus}: {' / '.join(does)}"
    return out


def _check(text: str, does: str, where: str, file: Path, want: Counter[int] | None = None) -> None:
    if numbers(text) != (numbers(does) if want is None else want):
        raise ContentError(
            f"{file}: {where}: its text {text!r} does not state what it plays ({does}); "
            "update the text to the numbers"
        )
