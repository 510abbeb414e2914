"""Planet placement (rules §5) and final chain / value-set scoring (§6)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from typing import TYPE_CHECKING

from simcore.games.lord_of_worlds.content import ARCHITECT, MIX, N_BASIC, SAGE, VIEWPOINT

if TYPE_CHECKING:
    from simcore.games.lord_of_worlds.state import LordOfWorldsState

# score sources, in the order of the pts_* seat columns
COLORED, ARCH, SAGE_PTS, VIEW, CHAINS, VALUES = range(6)
SOURCES = ("colored_hex", "architect", "sage_tree", "viewpoint", "chains", "value_sets")
Adj = Sequence[Sequence[int]]


def planet_types(s: LordOfWorldsState, p: int) -> list[int]:
    """Per planet hex, the type of the terrain tile filling it (-1 when none)."""
    ttype = s.ctx.ttype
    return [ttype[t] if t >= 0 else -1 for t in s.pterr[p]]


def place_tile(s: LordOfWorldsState, p: int, tile: int, h: int) -> tuple[int, bool]:
    """Put ``tile`` on hex ``h`` of ``p``'s planet; return (stars gained, free collection ok)."""
    ctx = s.ctx
    typ, val = ctx.ttype[tile], ctx.tvalue[tile]
    arch, pts = s.parch[p], s.pts[p]
    space = ctx.planet.architect[h] or arch[h] > 0
    gained = val if space else 0
    pts[ARCH] += gained
    if typ == ARCHITECT:
        # an architect tile never fills its hex: it makes (or keeps) an architect space
        arch[h] += 1
        s.archt[p].append(tile)
        return gained, not space
    s.pterr[p][h] = tile
    s.pempty[p] -= 1
    if typ == SAGE:
        bonus = ctx.params.sage_points_per_tile * adjacent_tiles(s, p, h)
        pts[SAGE_PTS] += bonus
        gained += bonus
    elif typ == VIEWPOINT:
        types = planet_types(s, p)
        bonus = ctx.params.viewpoint_points_per_tile * longest_adjacent_chain(
            types, ctx.planet.adj, h
        )
        pts[VIEW] += bonus
        gained += bonus
    return gained, not space


def adjacent_tiles(s: LordOfWorldsState, p: int, h: int) -> int:
    """Tiles next to hex ``h`` (terrain tiles; bare architect tiles if the parameter says so)."""
    terr, arch = s.pterr[p], s.parch[p]
    with_arch = s.ctx.params.sage_counts_architect_tiles
    return sum(1 for x in s.ctx.planet.adj[h] if terr[x] >= 0 or (with_arch and arch[x] > 0))


def mix_options(types: Sequence[int], adj: Adj, h: int) -> list[int]:
    """Basic terrains a mix tile on ``h`` may join: those of its basic neighbours."""
    return sorted({types[x] for x in adj[h] if 0 <= types[x] < N_BASIC})


def chain_size(types: Sequence[int], adj: Adj, start: int, terrain: int) -> int:
    """Size of the ``terrain`` chain through ``start``; mix tiles next to that terrain join."""

    def member(x: int) -> bool:
        t = types[x]
        return t == terrain or (t == MIX and terrain in mix_options(types, adj, x))

    if not member(start):
        return 0
    seen, todo = {start}, [start]
    while todo:
        for x in adj[todo.pop()]:
            if x not in seen and member(x):
                seen.add(x)
                todo.append(x)
    return len(seen)


def longest_adjacent_chain(types: Sequence[int], adj: Adj, h: int) -> int:
    """Longest same-terrain chain adjacent to ``h`` (connected mix tiles count) (§5)."""
    best = 0
    for x in adj[h]:
        t = types[x]
        terrains = [t] if 0 <= t < N_BASIC else mix_options(types, adj, x) if t == MIX else []
        for terrain in terrains:
            best = max(best, chain_size(types, adj, x, terrain))
    return best


def chain_components(types: Sequence[int], adj: Adj) -> tuple[list[int], dict[int, int]]:
    """Root hex of every basic-terrain hex's chain and the size of each chain (mixes ignored)."""
    root = [-1] * len(types)
    size: dict[int, int] = {}
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


def _components(types: Sequence[int], adj: Adj, table: Sequence[int]) -> tuple[int, int]:
    """(points, longest) of the basic-terrain chains of a planet whose mixes are resolved."""
    sizes = chain_components(types, adj)[1].values()
    return sum(table[n] for n in sizes), max(sizes, default=0)


def chain_scores(types: Sequence[int], adj: Adj, table: Sequence[int]) -> tuple[int, int]:
    """Best (chain points, longest chain) over every assignment of mix tiles (§5, §6)."""
    mixes = [h for h, t in enumerate(types) if t == MIX]
    choices = [mix_options(types, adj, m) or [-1] for m in mixes]
    best = (-1, 0)
    work = list(types)
    for combo in product(*choices):
        for m, terrain in zip(mixes, combo, strict=True):
            work[m] = terrain
        best = max(best, _components(work, adj, table))
    return best


def value_set_points(values: Sequence[int], table: Sequence[int]) -> int:
    """Points for tiles sharing a printed value, adjacency irrelevant (strategic variant)."""
    counts: dict[int, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    return sum(table[min(c, len(table) - 1)] for c in counts.values())


def planet_values(s: LordOfWorldsState, p: int) -> list[int]:
    """Printed values of every tile on ``p``'s planet (architect tiles included)."""
    tv = s.ctx.tvalue
    return [tv[t] for t in s.pterr[p] if t >= 0] + [tv[t] for t in s.archt[p]]


def final_scoring(s: LordOfWorldsState) -> None:
    """Add chain (and value-set) points to every seat and record the longest chain."""
    ctx = s.ctx
    for p in range(s.n):
        pts, longest = chain_scores(planet_types(s, p), ctx.planet.adj, ctx.scoring.chain)
        s.pts[p][CHAINS] = pts
        s.stats[p][3] = longest
        if ctx.params.scores_value_sets:
            s.pts[p][VALUES] = value_set_points(planet_values(s, p), ctx.scoring.value_sets)
        if s.trace is not None:  # narrative only when tracing
            s.note(
                f"final scoring seat {p}: chains {pts} (longest {longest}), "
                f"value sets {s.pts[p][VALUES]}, total {sum(s.pts[p])}"
            )
