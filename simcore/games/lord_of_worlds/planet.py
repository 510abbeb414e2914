"""Planet placement (rules §5) and final chain / value-set scoring (§6)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from typing import Any, Final

from simcore.games.lord_of_worlds.position import Position
from simcore.games.lord_of_worlds.tables import (
    ARCHITECT,
    MIX,
    N_BASIC,
    SAGE,
    TYPE_NAMES,
    VIEWPOINT,
)

# score sources, in the order of the pts_* seat columns
COLORED: Final = 0
ARCH: Final = 1
SAGE_PTS: Final = 2
VIEW: Final = 3
CHAINS: Final = 4
VALUES: Final = 5
SOURCES: Final = ("colored_hex", "architect", "sage_tree", "viewpoint", "chains", "value_sets")
# Seat column names built once: names made per game are new strings, hashed again in every
# row dict and compared by content, not identity, in each sweep row.
PTS_COLUMNS: Final = tuple(f"pts_{src}" for src in SOURCES)
Adj = Sequence[Sequence[int]]
Geometry = tuple[tuple[int, ...], ...]  # a planet's adjacency as ``Planet.adjacency`` holds it
ViewOption = tuple[int, tuple[int, ...]]  # a viewpoint's chain: terrain, its undeclared mixes
VALUE_SET_MAX: Final = 10  # §6 rev. 2: value sets count printed values 1 to 10 only


def planet_types(s: Position, p: int) -> list[int]:
    """Per planet hex, the type of the terrain tile filling it (-1 when none)."""
    ttype = s.context.tile_type
    return [ttype[t] if t >= 0 else -1 for t in s.planet_tile[p]]


def place_tile(s: Position, p: int, tile: int, h: int) -> tuple[int, bool]:
    """Put ``tile`` on hex ``h`` of ``p``'s planet; return (stars gained, free collection ok)."""
    ctx = s.context
    typ, val = ctx.tile_type[tile], ctx.tile_value[tile]
    arch, pts = s.planet_architects[p], s.points[p]
    space = ctx.planet.architect[h] or arch[h] > 0
    gained = val if space else 0
    pts[ARCH] += gained
    if typ == ARCHITECT:
        # an architect tile never fills its hex: it makes (or keeps) an architect space
        arch[h] += 1
        s.architect_tiles[p].append((h, tile))
        return gained, not space
    s.planet_tile[p][h] = tile
    s.empty_count[p] -= 1
    if typ == SAGE:
        bonus = ctx.params.sage_points_per_tile * adjacent_tiles(s, p, h)
        pts[SAGE_PTS] += bonus
        gained += bonus
    elif typ == VIEWPOINT:
        bonus = ctx.params.viewpoint_points_per_tile * _viewpoint_chain(s, p, h)
        pts[VIEW] += bonus
        gained += bonus
    return gained, not space


def _viewpoint_chain(s: Position, p: int, h: int) -> int:
    """Length of the longest chain next to the viewpoint on ``h``. With
    ``mix_declaration_binding`` its mixes are declared for that chain's terrain (§5 [A]); when
    chains tie and the choice changes what is declared, ``viewpoint_tie = choose`` leaves the
    choice to the player (``s.viewpoint_hex`` marks the viewpoint waiting for it, rules §5
    rev. 3)."""
    params = s.context.params
    size, tied = viewpoint_options(
        planet_types(s, p),
        s.context.planet.adjacency,
        h,
        params.mix_chains_through_mix,
        s.mix_declared[p],
    )
    if params.mix_declaration_binding and size:
        if params.viewpoint_tie == "choose" and len({opt if opt[1] else None for opt in tied}) > 1:
            s.viewpoint_hex = h
        else:
            declare_mixes(s, p, tied[0])
    return size


def declare_mixes(s: Position, p: int, option: ViewOption) -> None:
    """Declare the mixes of a viewpoint's counted chain for its terrain (§5 [A])."""
    terrain, mixes = option
    for x in mixes:
        s.mix_declared[p][x] = terrain


def viewpoint_options(
    types: Sequence[int],
    adj: Adj,
    h: int,
    through_mix: bool = False,
    declared: Sequence[int] | None = None,
) -> tuple[int, list[ViewOption]]:
    """(length, options) of the longest chains next to hex ``h`` (§5 viewpoint): one option per
    distinct (terrain, undeclared mixes in the chain), in the order met walking ``h``'s
    neighbours (and a mix's terrains in table order): the first is the one
    ``viewpoint_tie = first`` counts."""
    size = 0
    chains: list[ViewOption] = []
    for x in adj[h]:
        t = types[x]
        if 0 <= t < N_BASIC:
            terrains = [t]
        elif t == MIX:
            terrains = mix_options(types, adj, x, through_mix, declared)
        else:
            terrains = []
        for terrain in terrains:
            found = chain_members(types, adj, x, terrain, through_mix, declared)
            if len(found) > size:
                size, chains = len(found), []
            if found and len(found) == size:
                free = [m for m in found if types[m] == MIX and not _is_declared(declared, m)]
                option = (terrain, tuple(sorted(free)))
                if option not in chains:
                    chains.append(option)
    return size, chains


def adjacent_tiles(s: Position, p: int, h: int) -> int:
    """Tiles next to hex ``h`` (terrain tiles; bare architect tiles if the parameter says so)."""
    terr, arch = s.planet_tile[p], s.planet_architects[p]
    with_arch = s.context.params.sage_counts_architect_tiles
    return sum(
        1 for x in s.context.planet.adjacency[h] if terr[x] >= 0 or (with_arch and arch[x] > 0)
    )


def empty_hexes(s: Position, p: int) -> int:
    """Empty hexes of ``p``'s planet for the game-end trigger (§6; bare architect tiles count
    as empty unless ``bare_architect_empty`` is off)."""
    if s.context.params.bare_architect_empty:
        return s.empty_count[p]
    terr = s.planet_tile[p]
    return s.empty_count[p] - len({h for h, _ in s.architect_tiles[p] if terr[h] < 0})


def mix_options(
    types: Sequence[int],
    adj: Adj,
    h: int,
    through_mix: bool = False,
    declared: Sequence[int] | None = None,
) -> list[int]:
    """Basic terrains a mix tile on ``h`` may join: those of its basic neighbours, or with
    ``through_mix`` those next to its group of connected mixes; a declared mix keeps its one."""
    if declared is not None and declared[h] >= 0:
        return [declared[h]]
    if not through_mix:
        return sorted({types[x] for x in adj[h] if 0 <= types[x] < N_BASIC})
    group, todo, out = {h}, [h], set()
    while todo:
        for x in adj[todo.pop()]:
            t = types[x]
            if 0 <= t < N_BASIC:
                out.add(t)
            elif t == MIX and x not in group and (declared is None or declared[x] < 0):
                group.add(x)
                todo.append(x)
    return sorted(out)


def chain_members(
    types: Sequence[int],
    adj: Adj,
    start: int,
    terrain: int,
    through_mix: bool = False,
    declared: Sequence[int] | None = None,
) -> set[int]:
    """Hexes of the ``terrain`` chain through ``start``; mix tiles that may join it join
    (an empty set when the chain holds no real ``terrain`` tile)."""

    def member(x: int) -> bool:
        t = types[x]
        if t == terrain:
            return True
        if t != MIX:
            return False
        if declared is not None and declared[x] >= 0:
            return declared[x] == terrain
        return through_mix or terrain in mix_options(types, adj, x)

    if not member(start):
        return set()
    seen, todo = {start}, [start]
    while todo:
        for x in adj[todo.pop()]:
            if x not in seen and member(x):
                seen.add(x)
                todo.append(x)
    return seen if any(types[x] == terrain for x in seen) else set()


def _is_declared(declared: Sequence[int] | None, h: int) -> bool:
    return declared is not None and declared[h] >= 0


def chain_components(types: list[int], adj: Geometry) -> tuple[list[int], list[int]]:
    """Root hex of every basic-terrain hex's chain, and the size of each chain at its root
    (0 elsewhere; mixes ignored)."""
    # a list and concrete tuple types, not a dict and Sequence: compiled, each neighbour read is
    # then a plain load (the heuristic's planet view runs this after every placement)
    root = [-1] * len(types)
    size = [0] * len(types)
    for h, t in enumerate(types):
        if root[h] >= 0 or not 0 <= t < N_BASIC:
            continue
        root[h], todo, n = h, [h], 0
        while todo:
            x = todo.pop()
            n += 1
            for y in adj[x]:
                if root[y] < 0 and types[y] == t:
                    root[y] = h
                    todo.append(y)
        size[h] = n
    return root, size


def _components(types: list[int], adj: Geometry, table: Sequence[int]) -> tuple[int, int]:
    """(points, longest) of the basic-terrain chains of a planet whose mixes are resolved."""
    sizes = [n for n in chain_components(types, adj)[1] if n]
    return sum(table[n] for n in sizes), max(sizes, default=0)


def chain_scores(
    types: Sequence[int],
    adj: Geometry,
    table: Sequence[int],
    through_mix: bool = False,
    declared: Sequence[int] | None = None,
) -> tuple[int, int]:
    """Best (chain points, longest chain) over every assignment of mix tiles (§5, §6)."""
    mixes = [h for h, t in enumerate(types) if t == MIX]
    choices = [mix_options(types, adj, m, through_mix, declared) or [-1] for m in mixes]
    best = (-1, 0)
    work = list(types)
    for combo in product(*choices):
        for m, terrain in zip(mixes, combo, strict=True):
            work[m] = terrain
        if through_mix and not _mixes_anchored(work, adj, types, mixes):
            continue
        best = max(best, _components(work, adj, table))
    return best


def _mixes_anchored(work: list[int], adj: Geometry, types: Sequence[int], mixes: list[int]) -> bool:
    """Every assigned mix shares its chain with at least one real tile of its terrain."""
    root, _ = chain_components(work, adj)
    anchored = {root[h] for h, t in enumerate(types) if 0 <= t < N_BASIC}
    return all(work[m] < 0 or root[m] in anchored for m in mixes)


# Planets recur (searches, end-of-game guards and cut-off evaluations score the same planets
# again and again), and mixes make scoring a product over assignments: a bounded memo. Keys
# hold the ids of the adjacency and the chain table (hashing the table's ~100 entries cost
# more than the rest of a lookup); _PINNED keeps those objects alive so an id is never reused.
_CHAIN_MEMO: Final[dict[tuple, tuple[int, int]]] = {}
_PINNED: Final[dict[int, object]] = {}
CHAIN_MEMO_LIMIT = 200_000


def planet_chain_scores(s: Position, p: int) -> tuple[int, int]:
    """(chain points, longest chain) of ``p``'s planet under the game's mix parameters."""
    ctx = s.context
    adj = ctx.planet.adjacency
    through = ctx.params.mix_chains_through_mix
    declared = tuple(s.mix_declared[p]) if ctx.params.mix_declaration_binding else None
    types = planet_types(s, p)
    table = ctx.scoring.chain
    key = (id(adj), id(table), through, declared, *types)
    found = _CHAIN_MEMO.get(key)
    if found is None:
        if len(_CHAIN_MEMO) >= CHAIN_MEMO_LIMIT:
            _CHAIN_MEMO.clear()
            _PINNED.clear()
        _PINNED[id(adj)], _PINNED[id(table)] = adj, table
        found = _CHAIN_MEMO[key] = chain_scores(types, adj, table, through, declared)
    return found


def value_set_points(values: Sequence[int], table: Sequence[int]) -> int:
    """Points for tiles sharing a printed value, adjacency irrelevant (strategic variant)."""
    counts: dict[int, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    return sum(table[min(c, len(table) - 1)] for c in counts.values())


def planet_values(s: Position, p: int) -> list[int]:
    """Values that form value sets (§6): the top tile of every hex, values 1 to 10 only (a
    covered architect tile does not count)."""
    tv, terr = s.context.tile_value, s.planet_tile[p]
    values = []
    if s.architect_tiles[p]:  # the last architect tile laid on each hex no terrain covers
        top = {h: tile for h, tile in s.architect_tiles[p] if terr[h] < 0}
        values = [tv[t] for t in top.values() if 1 <= tv[t] <= VALUE_SET_MAX]
    for t in terr:
        if t >= 0 and 1 <= tv[t] <= VALUE_SET_MAX:
            values.append(tv[t])
    return values


def final_scoring(s: Position) -> None:
    """Add chain (and value-set) points to every seat and record the longest chain."""
    ctx = s.context
    for p in range(s.n):
        pts, longest = planet_chain_scores(s, p)
        s.points[p][CHAINS] = pts
        s.stats[p][3] = longest
        if ctx.params.scores_value_sets:
            s.points[p][VALUES] = value_set_points(planet_values(s, p), ctx.scoring.value_sets)
        if s.trace is not None:  # narrative only when tracing
            s.note(
                f"final scoring seat {p}: chains {pts} (longest {longest}), "
                f"value sets {s.points[p][VALUES]}, total {sum(s.points[p])}"
            )


TILE_COLUMNS: Final = tuple(
    (k, f"tiles_{TYPE_NAMES[k]}") for k in (ARCHITECT, SAGE, VIEWPOINT, MIX)
)


def tile_counts(s: Position, p: int) -> dict[str, Any]:
    """Seat columns of what ``p`` collected: special tiles by kind, mean value of all tiles."""
    ctx = s.context
    tiles = [t for t in s.planet_tile[p] if t >= 0] + [t for _, t in s.architect_tiles[p]]
    kinds = [ctx.tile_type[t] for t in tiles]
    row: dict[str, Any] = {name: kinds.count(k) for k, name in TILE_COLUMNS}
    row["tile_value_mean"] = sum(ctx.tile_value[t] for t in tiles) / len(tiles) if tiles else 0.0
    return row
