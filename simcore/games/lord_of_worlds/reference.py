"""The generated parts of the rules reference ``docs/rules/lord_of_worlds.md``: parameters,
cards, tiles, scoring tables, planet and board, written from the Params and the data files.

``python -m simcore.games.lord_of_worlds.reference docs/rules/lord_of_worlds.md`` rewrites each
block between ``<!-- generated:NAME -->`` and ``<!-- end generated:NAME -->``; ``--check`` only
reports (exit 1) a block that no longer matches. The test of the doc runs the check.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from simcore.core import rules_doc
from simcore.core.content import read_toml
from simcore.games.lord_of_worlds.board import NEUTRAL, PORTAL, load_board
from simcore.games.lord_of_worlds.content import (
    data_path,
    load_cards,
    load_planet,
    load_scoring,
    load_texts,
    load_tiles,
)
from simcore.games.lord_of_worlds.params import LordOfWorldsParams
from simcore.games.lord_of_worlds.tables import SPECIALS, TERRAIN_COLOURS, TYPE_NAMES
from simcore.games.lord_of_worlds.text_check import tile_numbers

PLAYERS = (2, 3, 4)
VALUE_SET_COUNTS = 10  # a planet holds at most 10 tiles of one printed value (value 8, 4 players)


def cards_block() -> str:
    """The assistant deck by colour, from data/cards.toml."""
    cards = load_cards(data_path("", "cards.toml"))
    rows = ["| colour | values | copies of each | cards |", "|---|---|---|---|"]
    total = 0
    for c, name in enumerate(cards.colours + ("white (wild)",)):
        kinds = [k for k, col in enumerate(cards.colour) if col == c]
        values = ", ".join(str(cards.value[k]) for k in kinds)
        copies = sorted({cards.copies[k] for k in kinds})
        count = sum(cards.copies[k] for k in kinds)
        total += count
        rows.append(f"| {name} | {values} | {', '.join(map(str, copies))} | {count} |")
    rows.append(f"| **total** | | | **{total}** |")
    return "\n".join(rows)


def tiles_block() -> str:
    """Terrain tiles by type and the tiles in play per player count, from data/tiles.toml."""
    params = LordOfWorldsParams()
    tiles = load_tiles(data_path("", "tiles.toml"))
    texts = load_texts(
        data_path("", "tiles.toml"), data_path("", "scoring.toml"), tile_numbers(params)
    )
    rows = ["| tile type | kind | values | tiles | text (data file) |", "|---|---|---|---|---|"]
    for code, name in enumerate(TYPE_NAMES):
        ids = [t for t, ty in enumerate(tiles.type) if ty == code]
        if not ids:
            continue
        kind = "special" if name in SPECIALS else "basic terrain"
        values = sorted({tiles.value[t] for t in ids})
        copies = len(ids) // len(values)
        shown = ", ".join(map(str, values)) + (f" (×{copies} each)" if copies > 1 else "")
        text = texts.get(f"tile/{name}") or texts["tile/basic"]
        rows.append(f"| {name} | {kind} | {shown} | {len(ids)} | {text} |")
    rows += ["", "| players | basic terrains in play | tiles in play |", "|---|---|---|"]
    for n in PLAYERS:
        terrains = params.terrains[: params.terrain_counts[n - 2]]
        rows.append(f"| {n} | {', '.join(terrains)} | {len(tiles.in_play(terrains))} |")
    return "\n".join(rows)


def scoring_block() -> str:
    """Every chain and value-set table of data/scoring.toml, as the rules read them."""
    path = data_path("", "scoring.toml")
    raw = read_toml(path)
    planet = load_planet(data_path("", "planet.toml"))
    chains, sets = sorted(raw["chain_points"]), sorted(raw["value_set_points"])
    chain_rows = {n: load_scoring(path, n, sets[0], planet.size).chain for n in chains}
    set_rows = {n: load_scoring(path, chains[0], n, VALUE_SET_COUNTS).value_sets for n in sets}
    out = ["Chain points (`chain_table`), by chain length up to a full planet:", ""]
    out += _columns("length", chain_rows, range(1, planet.size + 1))
    out += ["", "Value-set points (`value_set_table`), by tiles of one printed value:", ""]
    out += _columns("tiles", set_rows, range(1, VALUE_SET_COUNTS + 1))
    texts = load_texts(data_path("", "tiles.toml"), path, tile_numbers(LordOfWorldsParams()))
    out += ["", "What each table does (its text in the data file):", ""]
    out += [
        f"- `{key.replace('/', '=')}`: {text}"
        for key, text in texts.items()
        if not key.startswith("tile/")
    ]
    return "\n".join(out)


def _columns(key: str, tables: dict[str, tuple[int, ...]], counts: range) -> list[str]:
    names = list(tables)
    rows = [f"| {key} | " + " | ".join(f"`{n}`" for n in names) + " |"]
    rows.append("|---|" + "---|" * len(names))
    for c in counts:
        rows.append(f"| {c} | " + " | ".join(str(tables[n][c]) for n in names) + " |")
    return rows


def planet_block() -> str:
    """The planet drawn hex by hex (index and axial coordinates), from data/planet.toml."""
    planet = load_planet(data_path("", "planet.toml"))
    rows: dict[int, list[tuple[int, int]]] = {}
    for h, (q, r) in enumerate(planet.coords):
        rows.setdefault(r, []).append((q, h))
    left = min(2 * q + r for q, r in planet.coords)
    lines = ["```"]
    for r in sorted(rows):
        cells = sorted(rows[r])
        indent = " " * ((2 * cells[0][0] + r - left) * 6)  # half a 12-character cell per step
        text = "".join(_planet_cell(planet.architect[h], h, q, r) for q, h in cells)
        lines.append((indent + text).rstrip())
    lines.append("```")
    arch = [planet.coords[h] for h in range(planet.size) if planet.architect[h]]
    lines += ["", f"{planet.size} hexes; printed architect hexes ([A]): {_hexes(arch)}."]
    return "\n".join(lines)


def _planet_cell(architect: bool, h: int, q: int, r: int) -> str:
    return f"{'[A]' if architect else ''}{h}:({q},{r})".center(12)


def _hexes(coords: list[tuple[int, int]]) -> str:
    return ", ".join(f"({q},{r})" for q, r in coords)


def board_block() -> str:
    """Board pieces and the layout per player count, from data/board.toml."""
    params = LordOfWorldsParams()
    path = data_path("", "board.toml")
    raw = read_toml(path)
    rows = ["| piece | hexes | portal | coloured hexes | neutral |", "|---|---|---|---|---|"]
    for name, spec in raw["pieces"].items():
        kinds = [h[2] for h in spec["hexes"]]
        colours = [k for k in kinds if k in TERRAIN_COLOURS]
        portals, neutral = kinds.count("portal"), kinds.count("neutral")
        rows.append(f"| {name} | {len(kinds)} | {portals} | {', '.join(colours)} | {neutral} |")
    head = "| players | pieces | board hexes | portals | tile hexes | reserve | open supply |"
    rows += ["", head]
    rows.append("|---|---|---|---|---|---|---|")
    tiles = load_tiles(data_path("", "tiles.toml"))
    for n in PLAYERS:
        in_play = len(tiles.in_play(params.terrains[: params.terrain_counts[n - 2]]))
        board = load_board(path, n, False, in_play)
        pieces = ", ".join(p["piece"] for p in raw["layouts"][str(n)]["pieces"])
        coloured = sum(1 for c in board.colour if c not in (NEUTRAL, PORTAL))
        rows.append(
            f"| {n} | {pieces} | {board.size} | {len(board.portals)} | "
            f"{len(board.tile_hexes)} ({coloured} coloured) | "
            f"{in_play - len(board.tile_hexes)} | {params.open_supply} |"
        )
    return "\n".join(rows)


DOC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "lord_of_worlds.md"
BLOCKS: dict[str, Callable[[], str]] = {
    "params": lambda: rules_doc.params_block(LordOfWorldsParams),
    "cards": cards_block,
    "tiles": tiles_block,
    "scoring": scoring_block,
    "planet": planet_block,
    "board": board_block,
}


REFERENCE = rules_doc.Reference(LordOfWorldsParams, BLOCKS, DOC)
main = REFERENCE.main


if __name__ == "__main__":
    sys.exit(main())
