"""The Lord of Worlds heuristic's view of one planet: placement gains from public information,
cached on the state per planet and rebuilt after each placement."""

from __future__ import annotations

from typing import Final

from simcore.games.lord_of_worlds.planet import VALUE_SET_MAX, chain_components, planet_values
from simcore.games.lord_of_worlds.state import LordOfWorldsState
from simcore.games.lord_of_worlds.tables import N_BASIC

NEG: Final = -1e9
_PACK: Final = 1 << 40  # packs (joined size, lost points) into one int; points stay far below 2**39


class PlanetView:
    """Per-planet placement gains (public information), cached on the state per planet."""

    __slots__ = (
        "best_empty",
        "best_space",
        "empties",
        "gains",
        "space",
        "sage",
        "view",
        "best_special",
        "vgain",
        "plan_memo",
    )

    def __init__(self, s: LordOfWorldsState, p: int) -> None:
        ctx = s.ctx
        adj, table, ttype = ctx.planet.adj, ctx.scoring.chain, ctx.ttype
        terr, arch, printed = s.pterr[p], s.parch[p], ctx.planet.architect
        # plain loops, no comprehensions (3.11 builds a frame for each): a view is rebuilt
        # after every placement of every lookahead
        types, empties, space = [], [], []
        plain = spaced = False
        for h, t in enumerate(terr):
            types.append(ttype[t] if t >= 0 else -1)
            on_space = printed[h] or arch[h] > 0
            space.append(on_space)
            if t < 0:
                empties.append(h)
                if on_space:
                    spaced = True
                else:
                    plain = True
        root, size = chain_components(types, adj)
        self.empties, self.space = empties, space
        self.gains: dict[int, dict[int, int]] = {}
        self.sage: dict[int, int] = {}
        self.view: dict[int, int] = {}
        # chain gains never fall below a lone tile's points for the non-decreasing tables in
        # use, so every hex counts as table[1] for terrains that are not next to it
        base = table[1]
        self.best_empty = best_empty = [base if plain else NEG] * N_BASIC
        self.best_space = best_space = [base if spaced else NEG] * N_BASIC
        gains, sage, view = self.gains, self.sage, self.view
        for h in self.empties:
            g: dict[int, int] = {}
            filled = longest = 0
            seen: list[int] = []
            for x in adj[h]:
                t = types[x]
                if t < 0:
                    continue
                filled += 1
                if t >= N_BASIC:
                    continue
                r = root[x]
                if r in seen:
                    continue
                seen.append(r)
                n = size[r]
                if n > longest:
                    longest = n
                # the chain grows to 1 + the joined sizes; the joined chains' own points go
                g[t] = g.get(t, 0) + n * _PACK - table[n]
            if g:
                best = best_space if self.space[h] else best_empty
                for t, packed in g.items():
                    joined = (packed + _PACK // 2) // _PACK
                    v = g[t] = table[1 + joined] + packed - joined * _PACK
                    if v > best[t]:
                        best[t] = v
            gains[h] = g
            sage[h] = filled
            view[h] = longest
        # best placement value per special tile, filled lazily by the policy
        self.best_special: dict[tuple[str, int, bool], float] = {}
        self.vgain = _value_set_gains(s, p)
        self.plan_memo: tuple | None = None


def _value_set_gains(s: LordOfWorldsState, p: int) -> list[float]:
    """Per printed value, the value-set points one more tile of that value would add."""
    ctx = s.ctx
    tv = ctx.tvalue
    top = max(tv) + 1
    if not ctx.scores_value_sets:
        return [0.0] * top
    counts = [0] * top
    for v in planet_values(s, p):
        counts[v] += 1
    table = ctx.scoring.value_sets
    last = len(table) - 1
    return [
        float(table[min(c + 1, last)] - table[min(c, last)]) if 1 <= v <= VALUE_SET_MAX else 0.0
        for v, c in enumerate(counts)
    ]


def planet_view(s: LordOfWorldsState, p: int) -> PlanetView:
    """The cached PlanetView of ``p`` (rebuilt after each placement)."""
    view = s.cache[p]
    if view is None:
        view = s.cache[p] = PlanetView(s, p)
    return view
