"""Load and validate the content TOML files (rules spec §10) into immutable tables."""

from __future__ import annotations

import hashlib
import os
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

from simcore.core.content import read_toml
from simcore.games.rats_of_wistar.tables import Card, Content, Farm, Tile
from simcore.games.rats_of_wistar.vocab import (
    DECKS,
    ICONS,
    KINDS,
    TYPES,
    UNDOABLE_OPS,
    compile_condition,
    compile_effect,
    fail,
)

DATA_DIR = Path(__file__).parent / "data"
FILES = ("wheel", "farm", "abilities", "inventions", "missions", "goals", "visitors", "doors",
         "heroes")  # fmt: skip
MAX_SPACES = 3


def _int(where: str, entry: dict, key: str, lo: int = 0, hi: int = 20, default: Any = None) -> int:
    value = entry.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise fail(where, f"{key!r} must be an integer in {lo}..{hi}, got {value!r}")
    return value


def _name(where: str, entry: dict, key: str, names: tuple[str, ...]) -> int:
    value = entry.get(key)
    if value not in names:
        raise fail(where, f"{key!r} must be one of {', '.join(names)}, got {value!r}")
    return names.index(value)


def _entries(data: dict, key: str, file: str, count: int | None = None) -> list[dict]:
    items = data.get(key)
    if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
        raise fail(file, f"needs a list of tables {key!r}")
    ids = [i.get("id") for i in items]
    if len(set(ids)) != len(ids) or not all(isinstance(i, str) for i in ids):
        raise fail(file, f"{key!r} ids must be distinct strings")
    if count is not None and len(items) != count:
        raise fail(file, f"needs exactly {count} {key!r}, got {len(items)}")
    return items


def _requirements(where: str, raw: Any) -> dict[str, Any]:
    req: dict[str, Any] = {
        "wood": 0,
        "metal": 0,
        "move": 0,
        "power": 0,
        "room": False,
        "icons": [],
        "type": -1,
    }
    if not isinstance(raw, list):
        raise fail(where, f"'requires' must be a list, got {raw!r}")
    for item in raw:
        if not isinstance(item, dict) or len(item) != 1:
            raise fail(where, f"a requirement must be a one-key table, got {item!r}")
        ((key, value),) = item.items()
        if key in ("wood", "metal", "move_token"):
            req["move" if key == "move_token" else key] += _int(where, item, key, 1, 6)
        elif key == "power":
            req["power"] = _int(where, item, key, 1, 2)
        elif key == "room":
            if value != 1:
                raise fail(where, f"impossible requirement: room {value!r} (only 1 room)")
            req["room"] = True
        elif key == "played_type":
            req["type"] = _name(where, item, key, TYPES)
        elif key == "icon":
            if not isinstance(value, dict) or not value:
                raise fail(where, f"icon requirement needs a table, got {value!r}")
            for icon in value:
                if icon not in ICONS:
                    raise fail(where, f"unknown tech icon {icon!r}")
                req["icons"].append((ICONS.index(icon), _int(where, value, icon, 1, 6)))
        else:
            raise fail(where, f"unknown requirement {key!r}")
    return req


def _cards(file: str, data: dict) -> tuple[Card, ...]:
    cards: list[Card] = []
    for deck, key in enumerate(DECKS):
        for entry in _entries(data, key, file):
            where = f"{file}: {entry['id']}"
            kind = KINDS[_name(where, entry, "kind", KINDS)]
            req = _requirements(where, entry.get("requires", []))
            effect = compile_effect(where, entry.get("effect"), kind)
            card = Card(
                entry["id"],
                str(entry.get("name", entry["id"])),
                deck,
                _int(where, entry, "vp", 0, 10),
                _name(where, entry, "type", TYPES),
                _name(where, entry, "icon", ICONS),
                kind,
                req["wood"],
                req["metal"],
                req["move"],
                req["power"],
                req["room"],
                tuple(req["icons"]),
                req["type"],
                effect,
            )
            cards += [card] * _int(where, entry, "copies", 1, 10)
    return tuple(cards)


def _tiles(file: str, data: dict, key: str, group: tuple[str, ...] | None, kinds: tuple) -> tuple:
    out = []
    for entry in _entries(data, key, file):
        where = f"{file}: {entry['id']}"
        kind = entry.get("kind", "immediate")
        if kind not in kinds:
            raise fail(where, f"kind must be one of {', '.join(kinds)}, got {kind!r}")
        grp = _name(where, entry, group[0], group[1:]) if group else 0
        eff = compile_effect(where, entry.get("effect", []), kind)
        if key == "visitors" and kind == "permanent":
            _check_undoable(where, eff)
        out.append(
            Tile(
                entry["id"],
                kind,
                _int(where, entry, "vp", 0, 10, 0),
                grp,
                eff,
                label=str(entry.get("name", entry["id"])),
            )
        )
    return tuple(out)


def _check_undoable(where: str, effect: tuple) -> None:
    """A visitor's permanent effect ends when the visitor leaves the board (§10 rev. 3): only
    modifiers the engine can take back are allowed."""
    for prim in effect:
        if prim[0] not in UNDOABLE_OPS:
            allowed = ", ".join(sorted(UNDOABLE_OPS))
            raise fail(
                where,
                f"a visitor's permanent effect cannot use {prim[0]!r} (it could not end when "
                f"the visitor leaves); allowed: {allowed}",
            )


def _missions(file: str, data: dict) -> tuple[Tile, ...]:
    out = []
    for entry in _entries(data, "missions", file, 10):
        where = f"{file}: {entry['id']}"
        floor = _name(where, entry, "floor", ("ground", "cellar"))
        out.append(
            Tile(
                entry["id"],
                group=floor,
                effect=compile_effect(where, entry.get("reveal", [])),
                condition=compile_condition(where, entry.get("condition")),
                reward=compile_effect(where, entry.get("reward", [])),
            )
        )
    if sum(m.group == 0 for m in out) != 6:
        raise fail(file, "needs 6 ground and 4 cellar missions")
    return tuple(out)


def _goals(file: str, data: dict) -> tuple:
    out = []
    for entry in _entries(data, "goals", file, 13):
        where = f"{file}: {entry['id']}"
        spaces = entry.get("spaces")
        if not isinstance(spaces, list) or not 1 <= len(spaces) <= 4:
            raise fail(where, "needs 1..4 spaces")
        comp = tuple(
            (compile_condition(where, s.get("condition")), compile_effect(where, s.get("reward")))
            for s in spaces
        )
        out.append((entry["id"], comp))
    return tuple(out)


def _abilities(file: str, data: dict) -> tuple[tuple[Tile, ...], tuple]:
    tiles: list[Tile] = []
    for track, key, size in ((0, "upper", 6), (1, "lower", 4)):
        for entry in _entries(data, key, file, size):
            where = f"{file}: {entry['id']}"
            tiles.append(
                Tile(
                    entry["id"],
                    "ability",
                    _int(where, entry, "vp", 0, 10),
                    track,
                    compile_effect(where, entry.get("effect", []), "ability"),
                    cost=_int(where, entry, "cost", 0, 3),
                    label=str(entry.get("label", "")),
                )
            )
    ids = [t.id for t in tiles]
    pairs = []
    for pair in data.get("pairs", []):
        if pair.get("a") not in ids or pair.get("b") not in ids:
            raise fail(file, f"pair {pair!r} names an unknown ability")
        pairs.append((ids.index(pair["a"]), ids.index(pair["b"]), _int(file, pair, "vp", 0, 10)))
    return tuple(tiles), tuple(pairs)


def _wheel(file: str, data: dict) -> dict:
    wheel = {}
    for n in (2, 3, 4):
        sectors = _entries(data, f"players{n}", file, 6)
        built = []
        for sector in sectors:
            where = f"{file}: players{n} {sector['id']}"
            spaces = sector.get("spaces")
            if not isinstance(spaces, list) or not 1 <= len(spaces) <= MAX_SPACES:
                raise fail(
                    where,
                    f"a sector needs 1..{MAX_SPACES} spaces, got "
                    f"{len(spaces) if isinstance(spaces, list) else spaces!r}",
                )
            built.append((sector["id"], tuple(_space(where, s) for s in spaces)))
        if [s[0] for s in built] != [f"S{i}" for i in range(1, 7)]:
            raise fail(file, f"players{n}: sector ids must be S1..S6 in order")
        wheel[n] = tuple(built)
    return wheel


def _space(where: str, raw: Any) -> tuple[tuple, ...]:
    raw = {k: v for k, v in raw.items() if k != "text"} if isinstance(raw, dict) else raw
    if not isinstance(raw, dict) or len(raw) != 1 or next(iter(raw)) not in ("all", "any"):
        raise fail(where, f"a space must be {{all = [...]}} or {{any = [[...], ...]}}, got {raw!r}")
    if "all" in raw:
        return (compile_effect(where, raw["all"]),)
    branches = raw["any"]
    if not isinstance(branches, list) or len(branches) < 2:
        raise fail(where, "an 'any' space needs at least two branches")
    return tuple(compile_effect(where, b) for b in branches)


def _farm(file: str, data: dict) -> Farm:
    rooms = data.get("rooms")
    if not isinstance(rooms, list) or len(set(rooms)) != len(rooms):
        raise fail(file, "'rooms' must be a list of distinct names")

    def room(name: Any, what: str) -> int:
        """Index of a named room (ContentError if unknown)."""
        if name not in rooms:
            raise fail(file, f"{what} names unknown room {name!r}")
        return rooms.index(name)

    def pairs(key: str) -> tuple[tuple[int, int], ...]:
        """Room pairs of a passage/door list."""
        return tuple((room(a, key), room(b, key)) for a, b in data.get(key, []))

    doors = pairs("doors")
    counts = data.get("door_tokens", {})
    tokens = {n: _int(file, counts, f"players{n}", 0, len(doors)) for n in (2, 3, 4)}
    cellar = frozenset(room(r, "cellar") for r in data.get("cellar", []))
    slots = data.get("mission_slots", {})
    mis = {
        n: tuple(room(r, f"mission_slots.players{n}") for r in slots.get(f"players{n}", []))
        for n in (2, 3, 4)
    }
    for n, where in mis.items():
        cellar_slots = sum(r in cellar for r in where)
        if not where or len(where) - cellar_slots > 6 or cellar_slots > 4:
            raise fail(
                file,
                f"'mission_slots.players{n}' needs 1-6 ground and at most 4 "
                f"cellar rooms (one per mission), got {len(where)}",
            )
    vis = tuple(
        tuple(room(r, key) for r in data.get(key, []))
        for key in ("visitor_rooms_basic", "visitor_rooms_advanced")
    )
    return Farm(
        tuple(rooms),
        room(data.get("entrance"), "entrance"),
        pairs("open_passages"),
        doors,
        tokens,
        mis,
        vis,
        room(data.get("cheese_room"), "cheese_room"),
        cellar,
    )


def goal_stops(spaces: tuple[tuple[tuple, tuple], ...]) -> tuple[bool, ...]:
    """Per space: a player who misses its condition misses every later space's too.

    Every condition term is "stat >= n" (goals take no jokers), so a later space implies an
    earlier one when each of the earlier one's terms has a term on the same stat with at least
    the same ``n`` in the later one. The goal checks stop at such a space (shipped goals grow
    harder left to right); any other content is checked space by space.
    """

    def implies(later: tuple, earlier: tuple) -> bool:
        need = {(kind, arg): n for kind, arg, n in later}
        return all(need.get((kind, arg), -1) >= n for kind, arg, n in earlier)

    conds = [cond for cond, _ in spaces]
    return tuple(
        all(implies(later, cond) for later in conds[k + 1 :]) for k, cond in enumerate(conds)
    )


def content_file(folder: str, name: str) -> Path:
    """``folder/<name>.toml`` when the folder has it, else the packaged file: a version's
    content folder holds only the files it changes."""
    if folder:
        mine = Path(folder) / f"{name}.toml"
        if os.path.lexists(mine):
            return mine
        if not Path(folder).is_dir():
            raise fail(folder, "content_dir is not a folder")
    return DATA_DIR / f"{name}.toml"


@cache
def load_texts(folder: str = "") -> dict[tuple[int, str], str]:
    """The one-line text of the hut and of the wheel sectors and spaces that give one, keyed
    by (player count, class name): (2, "place/S1"), (2, "place/S1/1"), (0, "place/hut"). The
    hut needs one; a sector or space without one is written from its numbers
    (``text_check.wheel_texts``), an empty one is bad input (``ContentError`` naming it)."""
    path = content_file(folder, "wheel")
    raw = read_toml(path)
    hut = raw.get("hut", {}).get("text") if isinstance(raw.get("hut"), dict) else None
    out = {(0, "place/hut"): _text(f"{path}: [hut]", hut)}
    for n in (2, 3, 4):
        for sector in _entries(raw, f"players{n}", str(path), 6):
            where = f"{path}: players{n} {sector['id']}"
            if "text" in sector:
                out[(n, f"place/{sector['id']}")] = _text(where, sector["text"])
            for k, space in enumerate(sector.get("spaces") or [], 1):
                if isinstance(space, dict) and "text" in space:
                    out[(n, f"place/{sector['id']}/{k}")] = _text(
                        f"{where} space {k}", space["text"]
                    )
    return out


def _text(where: str, text: Any) -> str:
    if not isinstance(text, str) or not text.strip():
        raise fail(where, 'missing its one-line text (text = "...")')
    return text.strip()


@cache
def load_content(folder: str = "") -> Content:
    """Load and validate every content file of ``folder`` (default: the built-in set)."""
    files = {name: content_file(folder, name) for name in FILES}
    raw = {name: read_toml(files[name]) for name in FILES}
    digest = hashlib.sha256()
    for name in FILES:
        digest.update(files[name].read_bytes())
    sets = {d.get("content_set") for d in raw.values()}
    if len(sets) != 1 or not isinstance(next(iter(sets)), str):
        counts = Counter(str(d.get("content_set")) for d in raw.values())
        usual = counts.most_common(1)[0][0]
        odd = ", ".join(
            f"{n}.toml {'names none' if d.get('content_set') is None else repr(d['content_set'])}"
            for n, d in raw.items()
            if str(d.get("content_set")) != usual
        )
        raise fail(
            folder or str(DATA_DIR),
            f"all content files must name the same content_set (a file the folder lacks is "
            f"the packaged one); the others say {usual!r}, but {odd}",
        )
    content_set = next(iter(sets))
    assert isinstance(content_set, str)  # checked above
    abilities, pairs = _abilities("abilities.toml", raw["abilities"])
    f = {n: str(p) for n, p in files.items()}  # errors name the full path
    goals = _goals(f["goals"], raw["goals"])
    return Content(
        content_set=content_set,
        content_hash=digest.hexdigest()[:16],
        provisional=any(d.get("provisional", False) for d in raw.values()),
        cards=_cards(f["inventions"], raw["inventions"]),
        missions=_missions(f["missions"], raw["missions"]),
        goals=goals,
        goal_stops=tuple(goal_stops(spaces) for _, spaces in goals),
        visitors=_tiles(
            f["visitors"],
            raw["visitors"],
            "visitors",
            ("color", *DECKS),
            ("immediate", "permanent", "income"),
        ),
        doors=_tiles(f["doors"], raw["doors"], "doors", None, ("immediate",)),
        heroes=_tiles(f["heroes"], raw["heroes"], "heroes", None, KINDS),
        abilities=abilities,
        pairs=pairs,
        wheel=_wheel(f["wheel"], raw["wheel"]),
        farm=_farm(f["farm"], raw["farm"]),
    )
