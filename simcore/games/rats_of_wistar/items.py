"""Rats of Wistar's changeable content in a designer's words, generated from the compiled
numbers the rules read (``Game.content_items``): wheel sectors per player count, inventions,
missions, goals, visitors, doors, heroes, abilities and the farm."""

from __future__ import annotations

from simcore.core.api import ContentItem
from simcore.games.rats_of_wistar.rules_text import (
    condition_text,
    effect_text,
    requirements_text,
    space_text,
)
from simcore.games.rats_of_wistar.tables import Content, Tile
from simcore.games.rats_of_wistar.vocab import DECKS, TYPES


def content_items(con: Content) -> dict[str, ContentItem]:
    """Every sector (``S6 at 2 players``), design, tile and the farm, with its text."""
    out = _wheel(con)
    seen: set[str] = set()
    for card in con.cards:
        if card.design in seen:
            continue
        seen.add(card.design)
        copies = sum(c.design == card.design for c in con.cards)
        text = (
            f"{card.name} ({DECKS[card.deck]}, {TYPES[card.type]}, {card.vp} VP, "
            f"{copies} {'copy' if copies == 1 else 'copies'}); requires "
            f"{requirements_text(card)}; {effect_text(card.effect)}"
        )
        out[f"invention {card.design}"] = ContentItem(text, (f"play/{card.design}",))
    for m in con.missions:
        text = (
            f"{('ground', 'cellar')[m.group]} floor; reveal: {effect_text(m.effect)}; "
            f"needs {condition_text(m.condition)}; reward: {effect_text(m.reward)}"
        )
        out[f"mission {m.id}"] = ContentItem(text)
    for gid, spaces in con.goals:
        texts = [f"{condition_text(c)} -> {effect_text(r)}" for c, r in spaces]
        out[f"goal {gid}"] = ContentItem(" / ".join(texts))
    for kind, tiles in (("visitor", con.visitors), ("door", con.doors), ("hero", con.heroes)):
        for t in tiles:
            out[f"{kind} {t.id}"] = ContentItem(_tile_text(t, kind))
    for a in con.abilities:
        track = ("upper", "lower")[a.group]
        text = f"{track} track, cost {a.cost}, {a.vp} VP: {effect_text(a.effect)}"
        out[f"ability {a.id}"] = ContentItem(text)
    out["farm"] = ContentItem(_farm_text(con))
    return out


def _wheel(con: Content) -> dict[str, ContentItem]:
    out = {}
    for n in sorted(con.wheel):
        for sid, spaces in con.wheel[n]:
            text = " / ".join(space_text(b) for b in spaces)
            classes = (f"place/{sid}", *(f"place/{sid}/{k}" for k in range(1, len(spaces) + 1)))
            out[f"{sid} at {n} players"] = ContentItem(text, classes)
    return out


def _tile_text(t: Tile, kind: str) -> str:
    head = f"{t.label}: " if t.label else ""
    vp = f"{t.vp} VP, " if kind == "visitor" else ""
    group = f"{DECKS[t.group]}, " if kind == "visitor" else ""
    return f"{head}{group}{vp}{t.kind}: {effect_text(t.effect)}"


def _farm_text(con: Content) -> str:
    fm = con.farm
    name = fm.rooms
    return (
        f"rooms {', '.join(name)}; open passages "
        f"{', '.join(f'{name[a]}-{name[b]}' for a, b in fm.open_passages)}; door spaces "
        f"{', '.join(f'{name[a]}-{name[b]}' for a, b in fm.doors)}; door tokens "
        f"{', '.join(f'{n}p {k}' for n, k in sorted(fm.door_tokens.items()))}; cheese in "
        f"{name[fm.cheese_room]}; missions "
        + "; ".join(
            f"{n}p {', '.join(name[r] for r in fm.mission_slots[n])}"
            for n in sorted(fm.mission_slots)
        )
    )
