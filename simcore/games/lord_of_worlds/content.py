"""Load and validate the TOML content of Lord of Worlds (cards, tiles, planet, scoring)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import Any

from simcore.core.content import read_toml
from simcore.core.errors import ContentError
from simcore.games.lord_of_worlds.tables import (
    SPECIALS,
    TERRAIN_COLOURS,
    TERRAINS,
    TYPE_NAMES,
    WILD,
    Cards,
    Planet,
    Scoring,
    Tiles,
    card_kinds,
)
from simcore.games.lord_of_worlds.text_check import check_table_text, tile_text

DATA = Path(__file__).parent / "data"
DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
MAX_KINDS = 64
TEXT_COUNTS = 20  # tile counts a scoring text may speak of beyond the table's start


def data_path(override: str, name: str) -> Path:
    """The packaged data file ``name`` unless ``override`` names another file."""
    return Path(override) if override else DATA / name


def fail(path: Path, entry: str, problem: str) -> ContentError:
    """A ContentError naming the file and the entry."""
    return ContentError(f"{path}: entry {entry!r}: {problem}")


def _int_list(path: Path, entry: str, value: Any, lo: int = 0) -> list[int]:
    if not isinstance(value, list) or not value:
        raise fail(path, entry, "must be a non-empty list of integers")
    for v in value:
        if not isinstance(v, int) or isinstance(v, bool) or v < lo:
            raise fail(path, entry, f"{v!r} is not an integer >= {lo}")
    return value


@cache
def load_cards(path: Path) -> Cards:
    """Assistant cards from ``path``."""
    raw = read_toml(path)
    colours = raw.get("colours")
    if list(colours or []) != list(TERRAIN_COLOURS):
        raise fail(path, "colours", f"must be exactly {list(TERRAIN_COLOURS)} (the hex colours)")
    assert colours is not None  # equal to the non-empty TERRAIN_COLOURS
    values = _int_list(path, "values", raw.get("values"), lo=1)
    copies = raw.get("copies")
    if not isinstance(copies, int) or copies < 1:
        raise fail(path, "copies", "must be an integer >= 1")
    wild = raw.get("wild", {})
    if not isinstance(wild, dict):
        raise fail(path, "wild", "must be a table value -> copies")
    val, col, cop = [], [], []
    for c in range(len(colours)):
        for v in values:
            val.append(v)
            col.append(c)
            cop.append(copies)
    for key in sorted(wild, key=lambda k: int(k) if k.isdigit() else -1):
        if not key.isdigit() or int(key) < 1 or not isinstance(wild[key], int) or wild[key] < 1:
            raise fail(path, f"wild.{key}", "needs a positive integer value and copy count")
        val.append(int(key))
        col.append(WILD)
        cop.append(wild[key])
    if len(val) > MAX_KINDS:
        raise fail(path, "values", f"at most {MAX_KINDS} card kinds are supported")
    names, colour = tuple(colours), tuple(col)
    return Cards(names, tuple(val), colour, tuple(cop), *card_kinds(names, colour))


@cache
def load_tiles(path: Path) -> Tiles:
    """Terrain tiles from ``path``."""
    raw = read_toml(path)
    basic = raw.get("basic")
    if not isinstance(basic, dict):
        raise fail(path, "basic", "missing table")
    types = basic.get("types")
    if not isinstance(types, list) or not types:
        raise fail(path, "basic.types", "must be a non-empty list")
    ty, val = [], []
    for name in types:
        if name not in TERRAINS:
            raise fail(path, f"basic.types.{name}", f"unknown terrain; known: {TERRAINS}")
        for v in _int_list(path, "basic.values", basic.get("values"), lo=1):
            ty.append(TERRAINS.index(name))
            val.append(v)
    for i, spec in enumerate(raw.get("special", [])):
        name = spec.get("type") if isinstance(spec, dict) else None
        entry = f"special[{i}]"
        if name not in SPECIALS:
            raise fail(path, entry, f"tile type {name!r} is not in play; known: {SPECIALS}")
        copies = spec.get("copies", 1)
        if not isinstance(copies, int) or copies < 1:
            raise fail(path, f"{entry}.copies", "must be an integer >= 1")
        for v in _int_list(path, f"{entry}.values", spec.get("values"), lo=1):
            for _ in range(copies):
                ty.append(TYPE_NAMES.index(name))
                val.append(v)
    return Tiles(tuple(ty), tuple(val), tuple(types))


def neighbours(coords: list[tuple[int, int]]) -> list[list[int]]:
    """Per hex, the index of the neighbour in each of the six directions (-1 if none)."""
    index = {c: i for i, c in enumerate(coords)}
    return [[index.get((q + dq, r + dr), -1) for dq, dr in DIRS] for q, r in coords]


def connected(adj: list[list[int]]) -> bool:
    """True when the hex graph is connected."""
    seen, todo = {0}, [0]
    while todo:
        for n in adj[todo.pop()]:
            if n >= 0 and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(adj)


def parse_hexes(path: Path, entry: str, items: Any, width: int = 2) -> list[tuple]:
    """A list of [q, r(, kind)] hex entries; ContentError on a malformed one."""
    if not isinstance(items, list) or not items:
        raise fail(path, entry, "must be a non-empty list of hexes")
    out = []
    for item in items:
        ok = isinstance(item, list) and len(item) == width
        ok = ok and all(isinstance(x, int) and not isinstance(x, bool) for x in item[:2])
        if not ok:
            raise fail(path, entry, f"bad hex {item!r}")
        out.append(tuple(item))
    return out


@cache
def load_planet(path: Path) -> Planet:
    """The planet from ``path``."""
    raw = read_toml(path)
    coords = parse_hexes(path, "hexes", raw.get("hexes"))
    if len(set(coords)) != len(coords):
        raise fail(path, "hexes", "overlapping hexes (a coordinate is listed twice)")
    if len(coords) > 64:
        raise fail(path, "hexes", "at most 64 planet hexes are supported")
    arch = set(parse_hexes(path, "architect", raw.get("architect")))
    if not arch <= set(coords):
        raise fail(path, "architect", f"hexes {sorted(arch - set(coords))} are not on the planet")
    nb = neighbours(coords)
    if not connected(nb):
        raise fail(path, "hexes", "the planet is not connected")
    adj = tuple(tuple(n for n in row if n >= 0) for row in nb)
    return Planet(tuple(coords), adj, tuple(c in arch for c in coords))


def _table(path: Path, entry: str, spec: Any, start: int, upto: int) -> tuple[int, ...]:
    """Points by count (index = count, 0 below ``start``), extended up to ``upto``."""
    if not isinstance(spec, dict):
        raise fail(path, entry, "must be a table with 'points'")
    pts = spec.get("points")
    if isinstance(pts, dict):
        raise fail(path, entry, "points must be a list without gaps")
    pts = _int_list(path, f"{entry}.points", pts)
    extend = spec.get("extend", "linear")
    if extend not in ("linear", "double"):
        raise fail(path, f"{entry}.extend", "must be 'linear' or 'double'")
    if any(b < a for a, b in pairwise(pts)):
        raise fail(path, f"{entry}.points", "must not decrease")
    out = [0] * start + list(pts)
    while len(out) <= upto:
        step = out[-1] - out[-2] if len(out) > start + 1 else out[-1]
        out.append(out[-1] * 2 if extend == "double" else out[-1] + step)
    return tuple(out)


def load_texts(tiles: Path, scoring: Path, numbers: Mapping[str, int]) -> dict[str, str]:
    """One-line texts: ``tile/<type>`` for the basic terrains (``tile/basic``) and each special
    type, ``chain_table/<name>`` and ``value_set_table/<name>`` for every scoring table. An
    entry without a non-empty ``text`` is bad input; so is a text that states other numbers
    than it plays (``text_check``: ``numbers`` are the special tiles' rule numbers)."""
    raw, out = read_toml(tiles), {}
    out["tile/basic"] = _text(tiles, "basic", raw.get("basic"))
    for i, spec in enumerate(raw.get("special", [])):
        name = spec.get("type") if isinstance(spec, dict) else f"special[{i}]"
        text = _text(tiles, f"special[{i}]", spec)
        out[f"tile/{name}"] = tile_text(tiles, f"special[{i}]", str(name), text, numbers)
    raw = read_toml(scoring)
    for group, key in (("chain_points", "chain_table"), ("value_set_points", "value_set_table")):
        section = raw.get(group)
        for name, spec in section.items() if isinstance(section, dict) else ():
            entry = f"{group}.{name}"
            out[f"{key}/{name}"] = text = _text(scoring, entry, spec)
            start = spec.get("min", 1) if key == "value_set_table" else 1
            if isinstance(start, int) and start >= 1:  # else load_scoring says what is wrong
                upto = start + TEXT_COUNTS
                table = _table(scoring, entry, spec, start, upto)
                check_table_text(scoring, entry, text, table, start, len(spec["points"]))
    return out


def _text(path: Path, entry: str, spec: Any) -> str:
    """An entry's one-line text; a scoring table's left out (a candidate of ``boardlab tune``
    whose numbers changed) is written from its numbers; any other missing or empty one is bad
    input."""
    if isinstance(spec, dict) and "text" not in spec and "points" in spec:
        return _numbers_text(spec)  # a scoring table: its numbers are what it says
    text = spec.get("text") if isinstance(spec, dict) else None
    if not isinstance(text, str) or not text.strip():
        raise fail(path, entry, 'missing its one-line text (text = "...")')
    return text.strip()


def _numbers_text(spec: dict) -> str:
    """``Scores 10, 25, 40 for 3, 4, 5 tiles, then the last step repeated`` from a table."""
    points = spec["points"]
    start = int(spec.get("min", 1)) if isinstance(spec.get("min", 1), int) else 1
    counts = ", ".join(
        str(start + i) for i in range(len(points) if isinstance(points, list) else 0)
    )
    more = {"linear": "the last step repeated", "double": "doubling"}.get(str(spec.get("extend")))
    tail = f", then {more}" if more else ""
    shown = ", ".join(map(str, points)) if isinstance(points, list) else str(points)
    return f"Scores {shown} for {counts} tiles{tail}"


@cache
def load_scoring(path: Path, chain: str, value_sets: str, upto: int) -> Scoring:
    """Tables named ``chain`` / ``value_sets`` from ``path``, covering counts up to ``upto``."""
    raw = read_toml(path)
    tables = []
    for group, name, in_start in (
        ("chain_points", chain, False),
        ("value_set_points", value_sets, True),
    ):
        section = raw.get(group)
        if not isinstance(section, dict) or name not in section:
            known = sorted(section) if isinstance(section, dict) else []
            raise fail(path, f"{group}.{name}", f"no such table; available: {known}")
        spec = section[name]
        start = 1
        if in_start:
            start = spec.get("min", 1) if isinstance(spec, dict) else 1
            if not isinstance(start, int) or start < 1:
                raise fail(path, f"{group}.{name}.min", "must be an integer >= 1")
        tables.append(_table(path, f"{group}.{name}", spec, start, upto))
    return Scoring(tables[0], tables[1])
