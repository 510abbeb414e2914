"""The generated tables of the rules reference ``docs/rules/rats_of_wistar.md``.

The reference is hand-written prose with blocks between ``<!-- generated:NAME -->`` and
``<!-- end generated:NAME -->`` (``simcore.core.rules_doc``); each block is rendered here from the
built-in content set and the params, so the reference always shows the data the engine plays.
Regenerate with ``python -m simcore.games.rats_of_wistar.reference`` (``--check``: exit 1 if a
block is stale).
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

from simcore.core import rules_doc
from simcore.core.content import read_toml
from simcore.games.rats_of_wistar.content import DATA_DIR, load_content
from simcore.games.rats_of_wistar.determinize import SEAT_COLUMNS
from simcore.games.rats_of_wistar.labels import ACTION_COLUMNS
from simcore.games.rats_of_wistar.params import WistarParams
from simcore.games.rats_of_wistar.rules_text import (
    condition_text,
    effect_text,
    requirements_text,
    space_text,
)
from simcore.games.rats_of_wistar.tables import Content
from simcore.games.rats_of_wistar.vocab import DECKS, ICONS, TYPES

DOC: Final = Path(__file__).resolve().parents[3] / "docs" / "rules" / "rats_of_wistar.md"


def _table(head: tuple[str, ...], rows: list[tuple[Any, ...]]) -> str:
    """A markdown table; '|' inside a cell is escaped."""
    cells = [[str(c).replace("|", "\\|") for c in row] for row in rows]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    return "\n".join(lines + ["| " + " | ".join(row) + " |" for row in cells]) + "\n"


def _plain(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (tuple, list)):
        return ", ".join(map(str, value))
    return f"`{value}`" if isinstance(value, str) and value else (str(value) or '`""`')


def wheel_block(con: Content) -> str:
    """The six sectors' spaces for 2, 3 and 4 players."""
    out = []
    for n in (2, 3, 4):
        rows = []
        for sid, spaces in con.wheel[n]:
            texts = [space_text(b) for b in spaces]
            rows.append((sid, *(texts + ["-"] * (3 - len(texts)))))
        total = sum(len(sp) for _, sp in con.wheel[n])
        out.append(f"**{n} players** ({total} spaces)\n\n")
        out.append(_table(("sector", "space 1", "space 2", "space 3"), rows) + "\n")
    return "".join(out).rstrip("\n") + "\n"


def farm_block(con: Content) -> str:
    """Rooms, passages, door spaces, visitor and mission rooms of the farm map."""
    fm = con.farm
    name = fm.rooms
    doors = ", ".join(f"{i + 1}: {name[a]}-{name[b]}" for i, (a, b) in enumerate(fm.doors))
    tokens = ", ".join(f"{n}p {k}" for n, k in sorted(fm.door_tokens.items()))
    lines = [
        f"- Rooms: {', '.join(name)}; entrance {name[fm.entrance]}; cellar "
        f"{', '.join(name[r] for r in sorted(fm.cellar))}.",
        f"- Open passages: {', '.join(f'{name[a]}-{name[b]}' for a, b in fm.open_passages)}.",
        f"- Door spaces, in the order tokens are laid: {doors}.",
        f"- Door tokens laid on the first spaces ({tokens}); the other spaces are open.",
        f"- Face-down visitors: basic in {', '.join(name[r] for r in fm.visitor_rooms[0])}; "
        f"advanced in {', '.join(name[r] for r in fm.visitor_rooms[1])}.",
        f"- Cheese in {name[fm.cheese_room]}.",
    ]
    for n in (2, 3, 4):
        lines.append(f"- Missions, {n} players: {', '.join(name[r] for r in fm.mission_slots[n])}.")
    return "\n".join(lines) + "\n"


def inventions_block(con: Content) -> str:
    """Every invention design of both decks with its copies."""
    copies: dict[str, int] = {}
    for card in con.cards:
        copies[card.design] = copies.get(card.design, 0) + 1
    out, seen = [], set()
    for deck in (0, 1):
        rows = []
        for card in con.cards:
            if card.deck != deck or card.design in seen:
                continue
            seen.add(card.design)
            rows.append(
                (
                    card.design,
                    card.name,
                    copies[card.design],
                    card.vp,
                    TYPES[card.type],
                    ICONS[card.icon],
                    card.kind,
                    requirements_text(card),
                    effect_text(card.effect),
                )
            )
        n = sum(c.deck == deck for c in con.cards)
        out.append(f"**{DECKS[deck].capitalize()}** ({len(rows)} designs, {n} cards)\n\n")
        head = ("id", "name", "copies", "VP", "type", "icon", "kind", "requires", "effect")
        out.append(_table(head, rows) + "\n")
    return "".join(out).rstrip("\n") + "\n"


def missions_block(con: Content) -> str:
    """The 10 missions: floor, reveal bonus, condition, reward."""
    rows = [
        (
            m.id,
            ("ground", "cellar")[m.group],
            effect_text(m.effect),
            condition_text(m.condition),
            effect_text(m.reward),
        )
        for m in con.missions
    ]
    return _table(("id", "floor", "reveal bonus", "condition", "reward"), rows)


def goals_block(con: Content) -> str:
    """The 13 goals, spaces left to right."""
    names = {g["id"]: g.get("name", "") for g in read_toml(DATA_DIR / "goals.toml")["goals"]}
    rows = []
    for gid, spaces in con.goals:
        texts = [f"{condition_text(c)} -> {effect_text(r)}" for c, r in spaces]
        rows.append((gid, names.get(gid, ""), *(texts + ["-"] * (3 - len(texts)))))
    return _table(("id", "name", "space 1", "space 2", "space 3"), rows)


def abilities_block(con: Content) -> str:
    """The ability tracks and their pairs."""
    rows = [
        (("upper", "lower")[a.group], a.id, a.label, a.cost, a.vp, effect_text(a.effect))
        for a in con.abilities
    ]
    ids = [a.id for a in con.abilities]
    pairs = "; ".join(f"{ids[x]} and {ids[y]} both uncovered: +{vp} VP" for x, y, vp in con.pairs)
    head = ("track", "id", "space", "cost (any wood/metal/card)", "VP", "effect")
    return _table(head, rows) + f"\nPairs: {pairs}.\n"


def tiles_block(con: Content) -> str:
    """Visitors, doors and heroes."""
    vis = [(v.id, DECKS[v.group], v.vp, v.kind, effect_text(v.effect)) for v in con.visitors]
    doors = [(d.id, effect_text(d.effect)) for d in con.doors]
    heroes = [(h.id, h.label, h.kind, effect_text(h.effect)) for h in con.heroes]
    return (
        f"**Visitors** ({len(vis)})\n\n"
        + _table(("id", "colour", "VP", "kind", "effect"), vis)
        + f"\n**Doors** ({len(doors)})\n\n"
        + _table(("id", "bonus"), doors)
        + f"\n**Heroes** ({len(heroes)})\n\n"
        + _table(("id", "name", "kind", "effect"), heroes)
    )


def records_block(con: Content) -> str:
    """Columns of the actions and seats tables this game adds."""
    acts = ", ".join(f"`{k}`" for k in ACTION_COLUMNS)
    seats = ", ".join(f"`{k}`" for k in SEAT_COLUMNS)
    return f"- Actions table: {acts}.\n- Seats table: {seats}.\n"


def content_block(con: Content) -> str:
    """Name, hash and counts of the built-in content set."""
    designs = len({c.design for c in con.cards})
    return (
        f"Content set `{con.content_set}` (hash `{con.content_hash}`"
        f"{', provisional' if con.provisional else ''}): {len(con.cards)} invention cards "
        f"({designs} designs), {len(con.missions)} missions, {len(con.goals)} goals, "
        f"{len(con.visitors)} visitors, {len(con.doors)} doors, {len(con.heroes)} heroes, "
        f"{len(con.abilities)} ability spaces.\n"
    )


RENDERERS: Final[dict[str, Callable[[Content], str]]] = {
    "content": content_block, "wheel": wheel_block,
    "params": lambda con: rules_doc.params_block(WistarParams),
    "farm": farm_block, "inventions": inventions_block, "missions": missions_block,
    "goals": goals_block, "abilities": abilities_block, "tiles": tiles_block,
    "records": records_block,
}  # fmt: skip


_builtin = functools.cache(load_content)
BLOCKS: Final[dict[str, Callable[[], str]]] = {
    name: functools.partial(lambda r: r(_builtin()), render) for name, render in RENDERERS.items()
}


def update(text: str, con: Content | None = None) -> str:
    """``text`` with every generated block rendered anew from ``con`` (default: the built-in
    content); ContentError if a block is missing or unknown."""
    if con is None:
        return rules_doc.refresh(text, BLOCKS)[0]
    blocks = {name: functools.partial(render, con) for name, render in RENDERERS.items()}
    return rules_doc.refresh(text, blocks)[0]


REFERENCE = rules_doc.Reference(WistarParams, BLOCKS, DOC)
main = REFERENCE.main


if __name__ == "__main__":
    sys.exit(main())
