"""The main board: pieces joined by player count, with precomputed neighbour and distance tables."""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Final

from simcore.core.content import reduce_frozen
from simcore.games.lord_of_worlds.content import (
    connected,
    fail,
    neighbours,
    parse_hexes,
    read_toml,
)
from simcore.games.lord_of_worlds.tables import TERRAIN_COLOURS

NEUTRAL: Final = -1
PORTAL: Final = -2
MAX_HEXES: Final = 200


@dataclass(frozen=True)
class Board:
    """Board geometry for one player count and variant (immutable, shared by states)."""

    coords: tuple[tuple[int, int], ...]
    colour: tuple[int, ...]  # NEUTRAL, PORTAL or a colour index
    neighbours: tuple[tuple[int, ...], ...]  # per hex, neighbour per direction or -1
    portals: tuple[int, ...]
    tile_hexes: tuple[int, ...]
    distance: tuple[tuple[int, ...], ...]  # move cost between hexes, portal rule included

    @property
    def size(self) -> int:
        """Number of hexes."""
        return len(self.coords)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)  # compiled: a frozen class cannot be restored field by field


def _kind(path: Path, entry: str, kind: Any) -> int:
    if kind == "portal":
        return PORTAL
    if kind == "neutral":
        return NEUTRAL
    if kind in TERRAIN_COLOURS:
        return TERRAIN_COLOURS.index(kind)
    raise fail(path, entry, f"unknown hex kind {kind!r}")


def _pieces(path: Path, raw: dict) -> dict[str, list[tuple[int, int, int]]]:
    pieces = raw.get("pieces")
    if not isinstance(pieces, dict) or not pieces:
        raise fail(path, "pieces", "missing table of board pieces")
    out = {}
    for name, spec in pieces.items():
        entry = f"pieces.{name}"
        hexes = parse_hexes(path, f"{entry}.hexes", (spec or {}).get("hexes"), width=3)
        if len({h[:2] for h in hexes}) != len(hexes):
            raise fail(path, entry, "overlapping hexes (a coordinate is listed twice)")
        out[name] = [(q, r, _kind(path, entry, k)) for q, r, k in hexes]
    return out


def _layout(path: Path, raw: dict, n_players: int) -> list[tuple[int, int, int]]:
    pieces = _pieces(path, raw)
    entry = f"layouts.{n_players}"
    spec = (raw.get("layouts") or {}).get(str(n_players))
    if not isinstance(spec, dict) or not isinstance(spec.get("pieces"), list):
        raise fail(path, entry, "missing layout for this player count")
    cells: dict[tuple[int, int], int] = {}
    for i, place in enumerate(spec["pieces"]):
        name = place.get("piece") if isinstance(place, dict) else None
        if name not in pieces:
            raise fail(path, f"{entry}.pieces[{i}]", f"unknown piece {name!r}")
        dq, dr = place.get("dq", 0), place.get("dr", 0)
        if not isinstance(dq, int) or not isinstance(dr, int):
            raise fail(path, f"{entry}.pieces[{i}]", "dq and dr must be integers")
        for q, r, kind in pieces[name]:
            at = (q + dq, r + dr)
            if at in cells:
                raise fail(path, f"{entry}.pieces[{i}]", f"overlapping hexes at {at}")
            cells[at] = kind
    if len(cells) > MAX_HEXES:
        raise fail(path, entry, f"at most {MAX_HEXES} hexes are supported")
    return [(q, r, k) for (q, r), k in sorted(cells.items(), key=lambda c: (c[0][1], c[0][0]))]


def _distances(
    nbr: list[list[int]], colour: list[int], strategic: bool, portal_cost: int, step: bool
) -> list[list[int]]:
    """All-pairs move costs: 1 per step, ``portal_cost`` from a portal to any hex (standard)
    or to another portal (strategic; with ``step`` also to a hex next to it); Dijkstra from
    every hex."""
    n = len(nbr)
    portals = [h for h in range(n) if colour[h] == PORTAL]
    edges = [[(x, 1) for x in row if x >= 0] for row in nbr]
    for p in portals:
        extra = set(portals if strategic else range(n))
        if strategic and step:
            extra |= {y for x in portals if x != p for y in nbr[x] if y >= 0}
        edges[p] += [(x, portal_cost) for x in sorted(extra) if x != p]
    out = []
    for src in range(n):
        dist = [10**9] * n
        dist[src] = 0
        heap = [(0, src)]
        while heap:
            d, h = heapq.heappop(heap)
            if d > dist[h]:
                continue
            for x, w in edges[h]:
                if d + w < dist[x]:
                    dist[x] = d + w
                    heapq.heappush(heap, (d + w, x))
        out.append(dist)
    return out


@cache
def load_board(
    path: Path,
    n_players: int,
    strategic: bool,
    n_tiles: int,
    portal_cost: int = 1,
    step_after_jump: bool = False,
) -> Board:
    """The board for ``n_players`` from ``path``, checked against ``n_tiles`` tiles in play."""
    cells = _layout(path, read_toml(path), n_players)
    coords = [(q, r) for q, r, _ in cells]
    colour = [k for _, _, k in cells]
    nbr = neighbours(coords)
    entry = f"layouts.{n_players}"
    if not connected(nbr):
        raise fail(path, entry, "the board is not connected")
    portals = tuple(h for h, k in enumerate(colour) if k == PORTAL)
    if not portals:
        raise fail(path, entry, "the board has no portal")
    tile_hexes = tuple(h for h, k in enumerate(colour) if k != PORTAL)
    if len(tile_hexes) > n_tiles:
        raise fail(path, entry, f"{len(tile_hexes)} tile hexes but only {n_tiles} tiles in play")
    dist = _distances(nbr, colour, strategic, portal_cost, step_after_jump)
    return Board(
        tuple(coords),
        tuple(colour),
        tuple(tuple(row) for row in nbr),
        portals,
        tile_hexes,
        tuple(tuple(row) for row in dist),
    )
