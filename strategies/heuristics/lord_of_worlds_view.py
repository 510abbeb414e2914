"""The Lord of Worlds heuristic's view of one planet: placement gains from public information,
cached on the state per planet and rebuilt after each placement."""

from __future__ import annotations

from typing import Any, Final

from simcore.games.lord_of_worlds.planet import VALUE_SET_MAX, chain_components, planet_values
from simcore.games.lord_of_worlds.position import Position
from simcore.games.lord_of_worlds.tables import N_BASIC

NEG: Final = -1e9
NO_GAIN: Final = -(1 << 60)  # no chain of that terrain next to the hex


class PlanetView:
    """Per-planet placement gains (public information), cached on the state per planet.

    Indexed by hex and meaningful at ``empties`` only: ``gain[h * N_BASIC + t]``, the chain
    points a terrain-``t`` tile on ``h`` adds (NO_GAIN when no ``t`` chain is next to ``h``);
    ``gain_max[h]``, the best of them (NO_GAIN when none); ``sage[h]``, the filled neighbours;
    ``view[h]``, the longest neighbouring chain.
    """

    __slots__ = (
        "best_empty",
        "best_space",
        "empties",
        "gain",
        "gain_max",
        "space",
        "sage",
        "view",
        "best_special",
        "vgain",
        "plan_memo",
    )

    def __init__(self, s: Position, p: int) -> None:
        ctx = s.context
        adj, table, ttype = ctx.planet.adjacency, ctx.scoring.chain, ctx.tile_type
        terr, arch, printed = s.planet_tile[p], s.planet_architects[p], ctx.planet.architect
        # plain loops, no comprehensions (3.11 builds a frame for each), flat lists and marks
        # instead of a dict and lists per hex: a view is rebuilt after every placement of every
        # lookahead, and freed with the next one
        n = len(terr)
        types, space = [-1] * n, [False] * n
        empties: list[int] = []
        plain = spaced = False
        for h in range(n):
            t = terr[h]
            on_space = printed[h] or arch[h] > 0
            space[h] = on_space
            if t >= 0:
                types[h] = ttype[t]
            else:
                empties.append(h)
                if on_space:
                    spaced = True
                else:
                    plain = True
        root, size = chain_components(types, adj)
        self.empties, self.space = empties, space
        self.gain = gain = [NO_GAIN] * (n * N_BASIC)
        self.gain_max = gain_max = [NO_GAIN] * n
        self.sage = sage = [0] * n
        self.view = view = [0] * n
        # chain gains never fall below a lone tile's points for the non-decreasing tables in
        # use, so every hex counts as table[1] for terrains that are not next to it
        base = table[1]
        self.best_empty = best_empty = [base if plain else NEG] * N_BASIC
        self.best_space = best_space = [base if spaced else NEG] * N_BASIC
        counted = [-1] * n  # per chain root: the empty hex that last counted it
        met = [-1] * N_BASIC  # per terrain: the empty hex that last met it
        joined, lost = [0] * N_BASIC, [0] * N_BASIC  # per terrain met: chain sizes, points
        for h in empties:
            filled = longest = 0
            any_met = False
            for x in adj[h]:
                t = types[x]
                if t < 0:
                    continue
                filled += 1
                if t >= N_BASIC:
                    continue
                r = root[x]
                if counted[r] == h:
                    continue
                counted[r] = h
                k = size[r]
                if k > longest:
                    longest = k
                # the chain grows to 1 + the joined sizes; the joined chains' own points go
                if met[t] == h:
                    joined[t] += k
                    lost[t] += table[k]
                else:
                    met[t], joined[t], lost[t] = h, k, table[k]
                    any_met = True
            if any_met:
                best = best_space if space[h] else best_empty
                top = NO_GAIN
                for t in range(N_BASIC):
                    if met[t] == h:
                        v = table[1 + joined[t]] - lost[t]
                        gain[h * N_BASIC + t] = v
                        if v > top:
                            top = v
                        if v > best[t]:
                            best[t] = v
                gain_max[h] = top
            sage[h] = filled
            view[h] = longest
        # best placement value per special tile, filled lazily by the policy
        self.best_special: dict[tuple[str, int, bool], float] = {}
        self.vgain = _value_set_gains(s, p)
        self.plan_memo: PlanMemo | None = None

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # a cached analysis: it pickles as "not computed" (None in the state's cache) and is
        # rebuilt on first use; compiled, a native class without a blank __init__ could not be
        # unpickled at all, and a state holding a view with it
        return _not_cached, ()


def _not_cached() -> None:
    """What an unpickled planet view becomes: an empty cache slot."""
    return None


class PlanMemo:
    """The last plan made on a view: its inputs besides the view, and its answer."""

    __slots__ = ("owner", "cart_hex", "avail", "free_used", "faceup", "best")

    def __init__(
        self,
        owner: object,
        s: Position,
        avail: list[int],
        faceup: tuple[tuple[int, int], ...],
        best: tuple[float, int, int, int],
    ) -> None:
        self.owner, self.cart_hex, self.free_used = owner, s.cart_hex[s.player], s.free_used
        self.avail, self.faceup, self.best = avail[:], faceup, best

    def holds(self, owner: object, s: Position, avail: list[int], faceup: tuple) -> bool:
        """The memo answers a plan by ``owner`` (a policy: its weights) for the acting seat of
        ``s`` with budgets ``avail`` and face-up tiles ``faceup``."""
        return (
            owner is self.owner
            and s.cart_hex[s.player] == self.cart_hex
            and s.free_used == self.free_used
            and faceup is self.faceup
            and avail == self.avail
        )


def _value_set_gains(s: Position, p: int) -> list[float]:
    """Per printed value, the value-set points one more tile of that value would add."""
    ctx = s.context
    top = ctx.top_value + 1
    gains = [0.0] * top
    if not ctx.params.scores_value_sets:
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


def planet_view(s: Position, p: int) -> PlanetView:
    """The cached PlanetView of ``p`` (rebuilt after each placement)."""
    view = s.cache[p]
    if view is None:
        view = s.cache[p] = PlanetView(s, p)
    return view
