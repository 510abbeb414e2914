"""The Lord of Worlds heuristic's view of one planet: placement gains from public information,
cached on the state per planet and rebuilt after each placement."""

from __future__ import annotations

from typing import Final

from simcore.games.lord_of_worlds.planet import VALUE_SET_MAX, chain_components, planet_values
from simcore.games.lord_of_worlds.state import LordOfWorldsState
from simcore.games.lord_of_worlds.tables import N_BASIC

NEG: Final = -1e9


class PlanetView:
    """Per-planet placement gains (public information), cached on the state per planet.

    ``gains``, ``sage`` and ``view`` are indexed by hex and meaningful at ``empties`` only.
    """

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
        # plain loops, no comprehensions (3.11 builds a frame for each), and lists by hex, not
        # dicts: a view is rebuilt after every placement of every lookahead
        types: list[int] = []
        empties: list[int] = []
        space: list[bool] = []
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
        n = len(terr)
        self.empties, self.space = empties, space
        no_gains: dict[int, int] = {}  # never written: shared by the hexes that are not empty
        self.gains = gains = [no_gains] * n
        self.sage = sage = [0] * n
        self.view = view = [0] * n
        # chain gains never fall below a lone tile's points for the non-decreasing tables in
        # use, so every hex counts as table[1] for terrains that are not next to it
        base = table[1]
        self.best_empty = best_empty = [base if plain else NEG] * N_BASIC
        self.best_space = best_space = [base if spaced else NEG] * N_BASIC
        joined, lost = [0] * N_BASIC, [0] * N_BASIC  # per terrain met: chain sizes, points
        for h in empties:
            filled = longest = 0
            seen: list[int] = []
            met: list[int] = []
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
                k = size[r]
                if k > longest:
                    longest = k
                # the chain grows to 1 + the joined sizes; the joined chains' own points go
                if t in met:
                    joined[t] += k
                    lost[t] += table[k]
                else:
                    met.append(t)
                    joined[t], lost[t] = k, table[k]
            g: dict[int, int] = {}
            if met:
                best = best_space if space[h] else best_empty
                for t in met:
                    v = g[t] = table[1 + joined[t]] - lost[t]
                    if v > best[t]:
                        best[t] = v
            gains[h] = g
            sage[h] = filled
            view[h] = longest
        # best placement value per special tile, filled lazily by the policy
        self.best_special: dict[tuple[str, int, bool], float] = {}
        self.vgain = _value_set_gains(s, p)
        self.plan_memo: PlanMemo | None = None


class PlanMemo:
    """The last plan made on a view: its inputs besides the view, and its answer."""

    __slots__ = ("owner", "cart", "avail", "free_used", "faceup", "best")

    def __init__(
        self,
        owner: object,
        cart: int,
        avail: list[int],
        free_used: bool,
        faceup: tuple[tuple[int, int], ...],
        best: tuple[float, int, int, int],
    ) -> None:
        self.owner, self.cart, self.avail, self.free_used = owner, cart, avail, free_used
        self.faceup, self.best = faceup, best

    def holds(
        self,
        owner: object,
        cart: int,
        avail: list[int],
        free_used: bool,
        faceup: tuple[tuple[int, int], ...],
    ) -> bool:
        """The memo answers a plan by ``owner`` (a policy: its weights) with these inputs."""
        return (
            owner is self.owner
            and cart == self.cart
            and free_used == self.free_used
            and faceup is self.faceup
            and avail == self.avail
        )


def _value_set_gains(s: LordOfWorldsState, p: int) -> list[float]:
    """Per printed value, the value-set points one more tile of that value would add."""
    ctx = s.ctx
    top = ctx.top_value + 1
    gains = [0.0] * top
    if not ctx.scores_value_sets:
        return gains
    counts = [0] * top
    for v in planet_values(s, p):
        counts[v] += 1
    table = ctx.scoring.value_sets
    last = len(table) - 1
    for v in range(1, min(top, VALUE_SET_MAX + 1)):
        c = counts[v]
        gains[v] = float(table[min(c + 1, last)] - table[min(c, last)])
    return gains


def planet_view(s: LordOfWorldsState, p: int) -> PlanetView:
    """The cached PlanetView of ``p`` (rebuilt after each placement)."""
    view = s.cache[p]
    if view is None:
        view = s.cache[p] = PlanetView(s, p)
    return view
