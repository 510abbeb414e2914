"""Lord of Worlds' changeable content in a designer's words (``Game.content_items``): each
tile type with its values, each card colour with its values and copies, the scoring tables in
force, the planet and the board."""

from __future__ import annotations

import hashlib
from collections import Counter

from simcore.core.api import ContentItem
from simcore.games.lord_of_worlds.position import Context
from simcore.games.lord_of_worlds.tables import TYPE_NAMES


def content_items(ctx: Context, texts: dict[str, str]) -> dict[str, ContentItem]:
    """``sage_tree tiles``, ``red cards``, ``chain scoring``, ``value-set scoring``,
    ``planet``, ``board``: each with its text and numbers."""
    out: dict[str, ContentItem] = {}
    tiles = ctx.tiles
    for code, name in enumerate(TYPE_NAMES):
        values = sorted(v for t, v in zip(tiles.type, tiles.value, strict=True) if t == code)
        if not values:
            continue
        text = texts.get(f"tile/{name}") or texts.get("tile/basic", "")
        counts = ", ".join(f"{v} x{n}" if n > 1 else str(v) for v, n in Counter(values).items())
        out[f"{name} tiles"] = ContentItem(
            f"{text.rstrip('.')}. Values: {counts}.", (f"place/{name}",)
        )
    cards = ctx.cards
    for c, colour in enumerate(cards.colours):
        kinds = cards.kinds_of[c] if c < len(cards.kinds_of) else ()
        spec = ", ".join(f"{cards.value[k]} x{cards.copies[k]}" for k in kinds)
        out[f"{colour} cards"] = ContentItem(f"values {spec}", (f"hire/{colour}", f"play/{colour}"))
    out["chain scoring"] = ContentItem(_points(ctx.scoring.chain, "chain of"))
    out["value-set scoring"] = ContentItem(_points(ctx.scoring.value_sets, "set of"))
    planet = ctx.planet
    out["planet"] = ContentItem(
        f"{planet.size} hexes, architect spaces at "
        + ", ".join(str(h) for h, a in enumerate(planet.architect) if a)
    )
    board = ctx.board
    layout = hashlib.sha256(repr((board.coords, board.colour)).encode()).hexdigest()[:8]
    out["board"] = ContentItem(
        f"{board.size} hexes, {len(board.portals)} portals, {len(board.tile_hexes)} tile hexes "
        f"(layout {layout})"
    )
    return out


def _points(table: tuple[int, ...], what: str) -> str:
    """``chain of 1: 0, 2: 1, 3: 3 ...`` from a table indexed by length."""
    return f"{what} " + ", ".join(f"{n}: {p}" for n, p in enumerate(table) if n)
