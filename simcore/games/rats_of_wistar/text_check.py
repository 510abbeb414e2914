"""The wheel's one-line texts must say the numbers their spaces play: a designer who changes
a space's numbers and not its text gets one clear error, not a report that names the old rule.
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


def check_wheel_texts(con: Content, texts: dict[tuple[int, str], str], file: Path) -> None:
    """``ContentError`` naming the first sector or space whose text states other numbers
    than the space plays (``gain 3 potions`` under the text "Gain a potion")."""
    for n in sorted(con.wheel):
        for sid, spaces in con.wheel[n]:
            played: Counter[int] = Counter()
            for k, branches in enumerate(spaces, 1):
                does = space_text(branches)
                played += numbers(does)
                text = texts.get((n, f"place/{sid}/{k}"), "")
                _check(text, does, f"players{n} {sid} space {k}", file)
            sector = texts.get((n, f"place/{sid}"), "")
            if numbers(sector) != played:
                does = " / ".join(space_text(b) for b in spaces)
                _check(sector, does, f"players{n} {sid}", file, played)


def _check(text: str, does: str, where: str, file: Path, want: Counter[int] | None = None) -> None:
    if numbers(text) != (numbers(does) if want is None else want):
        raise ContentError(
            f"{file}: {where}: its text {text!r} does not state what it plays ({does}); "
            "update the text to the numbers"
        )
