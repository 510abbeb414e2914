"""Lord of Worlds texts checked against the numbers they describe, so a text cannot go stale.

A special tile whose effect is a rule number states it as ``{points}``, filled from the rule
parameter (``sage_points_per_tile``, ``viewpoint_points_per_tile``). A scoring table's text may
state only numbers its table holds: its points, its tile counts and the steps between them; a
list such as ``1, 3, 6, 10`` must be a run of the table, and "5 score 40" must be its entry.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from itertools import pairwise
from pathlib import Path
from typing import Any

from simcore.core.errors import ContentError

TILE_NUMBERS = {"sage_tree": "sage_points_per_tile", "viewpoint": "viewpoint_points_per_tile"}
_LIST = re.compile(r"\d+(?:, \d+){2,}")
_SCORES = re.compile(r"(\d+)\D{0,40}?\bscores? (\d+)")


def tile_numbers(params: Any) -> dict[str, int]:
    """Per special tile type, the rule number its text states (from ``params``)."""
    return {tile: int(getattr(params, name)) for tile, name in TILE_NUMBERS.items()}


def tile_text(path: Path, entry: str, tile: str, text: str, numbers: Mapping[str, int]) -> str:
    """A tile type's text with its rule number filled in; a numbered tile's text must say
    ``{points}`` and no other number (a literal number would go stale with the parameter)."""
    if tile not in TILE_NUMBERS:
        return text
    param = TILE_NUMBERS[tile]
    if "{points}" not in text or re.search(r"\d", text.replace("{points}", "")):
        raise ContentError(
            f"{path}: entry {entry!r}: the {tile} text must state its number as {{points}} "
            f"(the number is the rule parameter {param}) and no other number, got {text!r}"
        )
    return text.replace("{points}", str(numbers[tile]))


def check_table_text(
    path: Path, entry: str, text: str, table: tuple[int, ...], start: int, listed: int
) -> None:
    """ContentError when the text of a scoring table states a number the table does not hold:
    ``table`` by count (extended past the ``listed`` points), counts from ``start``. A number
    said as points ("3 points", "+15", "score 10") must be a point value or a step."""
    points = table[start:]
    counts = set(range(start, start + listed))
    worths = set(points) | {b - a for a, b in pairwise(points)}
    stale: list[Any] = []
    for match in re.finditer(r"\d+", text):
        n = int(match.group())
        says_points = text[match.end() :].startswith(" point") or text[: match.start()].endswith(
            ("+", "score ", "scores ")
        )
        if n not in (worths if says_points else worths | counts) and n not in stale:
            stale.append(n)
    for run in _LIST.findall(text):
        numbers = [int(n) for n in run.split(", ")]
        if not any(list(points[i : i + len(numbers)]) == numbers for i in range(len(points))):
            stale.append(run)
    for count, score in _SCORES.findall(text):
        n = int(count)
        if not start <= n < len(table) or table[n] != int(score):
            stale.append(f"{count} score {score}")
    if stale:
        shown = ", ".join(map(str, stale))
        raise ContentError(
            f"{path}: entry {entry!r}: its text states {shown}, which its points do not hold "
            f"({', '.join(map(str, points[:8]))} ...): update the text, or leave it out and "
            "boardlab writes it from the numbers"
        )
