"""Lord of Worlds heuristics: greedy turn planning from what the acting seat can see.

At every step the policy re-plans its turn from public information and its own hand: the best
affordable face-up tile (worth on its planet + coloured-hex bonus - a price per card point),
then pays for it with as few surplus points as possible, walks the shortest path (portals
included) and places tiles where chains or architect spaces pay most. Styles weigh the two
scoring routes differently: ``chains`` builds long terrain chains, ``architect`` hunts
architect-space points. Their weights are in ``strategies/data/lord_of_worlds_styles.toml``;
every weight is an option too.
"""

from __future__ import annotations

import random
from typing import Any, Final

from simcore.games.lord_of_worlds import codes as C
from simcore.games.lord_of_worlds.board import PORTAL, Board
from simcore.games.lord_of_worlds.options import is_legal, view_options
from simcore.games.lord_of_worlds.planet import chain_scores, empty_hexes, planet_types
from simcore.games.lord_of_worlds.position import Position
from simcore.games.lord_of_worlds.tables import ARCHITECT, MIX, N_BASIC, SAGE, VIEWPOINT, WILD
from strategies.base import StyleFactory
from strategies.endgame import endgame_filter
from strategies.heuristics.lord_of_worlds_view import (
    NEG,
    NO_GAIN,
    PlanetView,
    PlanMemo,
    planet_view,
)
from strategies.heuristics.lord_of_worlds_weights import (
    STYLE_DOCS,
    STYLES,
    WEIGHTS,
    Weights,
    policy_name,
)

# hire or play, where to place, which tied chain a viewpoint counts, the free tile
_ENDING_STEPS: Final = (C.P_START, C.P_PLACE, C.P_VIEW, C.P_FREE)


def _may_end_after_this_turn(s: Position) -> bool:
    """The acting seat closes the round and the game may end with it (§6: trigger or stall)."""
    if s.phase not in _ENDING_STEPS or (s.player + 1) % s.n != s.first_player:
        return False
    # at most two tiles per turn
    near = empty_hexes(s, s.player) - 2 <= s.context.trigger_empty_hexes
    return s.end_triggered or near or s.rounds + 1 >= s.context.params.max_rounds


class LordOfWorldsHeuristic:
    """Greedy planner; see the module docstring."""

    def __init__(self, style: str = "chains", w: Weights | None = None) -> None:
        self.style = style
        self.w = w = WEIGHTS[style] if w is None else w
        self.name = policy_name(style, w)
        # read once into attributes: the evaluation runs for every tile of every decision
        self.wc, self.wa = w.w_chain, w.w_arch
        self.price, self.reserve = w.card_price, w.arch_reserve
        self.free_bonus, self.arch_new, self.play_min = w.free_bonus, w.arch_new, w.play_min
        self.free_min = w.free_min
        self.hire_colour, self.hire_wild = w.hire_colour, w.hire_wild
        self.hand_target, self.hand_short = w.hand_target, w.hand_short
        self.w_view, self.w_colour, self.w_open = w.w_view, w.w_colour, w.w_open
        # pure geometry memo; boards are cached for the life of the process, so ids are stable
        self._orders: dict[tuple[int, int], tuple[int, ...]] = {}

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # compiled, a native class is not pickled by its __dict__; style and weights make it
        return type(self), (self.style, self.w)

    def _free_bonus(self, s: Position) -> float:
        """The free-collection bonus while the turn's free collection is unused, else 0.0."""
        # a branch, not bonus * (not used): compiled, float * bool is a generic multiply
        return 0.0 if s.free_used else self.free_bonus

    # ------------------------------------------------------------- evaluation
    def place_score(self, s: Position, view: PlanetView, tile: int, h: int) -> float:
        """Value of putting ``tile`` on planet hex ``h`` (an empty or architect hex)."""
        ctx = s.context
        typ, val = ctx.tile_type[tile], ctx.tile_value[tile]
        space = view.space[h]
        score = self.wa * val - self.reserve if space else self._free_bonus(s)
        score += view.vgain[val]
        if typ < N_BASIC:
            gain = view.gain[h * N_BASIC + typ]
            # room for the chain to grow (mcts picks open hexes); the plan's O(1) worth of a
            # basic tile leaves it out: it ranks hexes, not whether a tile is worth taking.
            # Only a style that weighs it pays for it: this runs for every tile and hex.
            if self.w_open:
                score += self.w_open * (len(ctx.planet.adjacency[h]) - view.sage[h])
            return score + self.wc * (gain if gain != NO_GAIN else ctx.scoring.chain[1])
        if typ == ARCHITECT:
            # on an empty hex it creates an architect space for a later tile
            return score if space else score + self.wa * self.arch_new - self.reserve
        if typ == SAGE:
            return score + ctx.params.sage_points_per_tile * view.sage[h]
        if typ == VIEWPOINT:
            return score + self.w_view * (ctx.params.viewpoint_points_per_tile * view.view[h])
        if typ == MIX:
            gain = view.gain_max[h]
            # room for the chain to grow (mcts picks open hexes); the plan's O(1) worth of a
            # basic tile leaves it out: it ranks hexes, not whether a tile is worth taking.
            # Only a style that weighs it pays for it: this runs for every tile and hex.
            if self.w_open:
                score += self.w_open * (len(ctx.planet.adjacency[h]) - view.sage[h])
            return score + self.wc * (gain if gain != NO_GAIN else ctx.scoring.chain[1])
        return score

    def worth(self, s: Position, view: PlanetView, tile: int) -> float:
        """Best placement value of ``tile`` (O(1) for basic terrain)."""
        ctx = s.context
        typ, val = ctx.tile_type[tile], ctx.tile_value[tile]
        if typ < N_BASIC:
            free = self._free_bonus(s)
            return view.vgain[val] + max(
                self.wc * view.best_empty[typ] + free,
                self.wc * view.best_space[typ] + self.wa * val - self.reserve,
            )
        key = (self.name, tile, s.free_used)  # the name: two weightings of a style differ
        best = view.best_special.get(key)
        if best is None:
            best = NEG  # the first best, as max() picks; NEG with no empty hex
            for i, h in enumerate(view.empties):
                v = self.place_score(s, view, tile, h)
                if i == 0 or v > best:
                    best = v
            view.best_special[key] = best
        return best

    def plan(self, s: Position, avail: list[int]) -> tuple[float, int, int, int]:
        """(score, hex, colour, cost) of the best affordable face-up tile; hex -1 if none.

        ``avail[c]`` is the budget payable in colour ``c``.
        """
        p = s.player
        if not s.empty_count[p]:
            return NEG, -1, -1, 0
        view = planet_view(s, p)
        faceup = s.faceup_tiles()
        # the card-selection steps re-plan with unchanged inputs: a one-entry memo on the view
        # (which is rebuilt when the planet changes) keyed by everything else the plan reads
        memo = view.plan_memo
        if memo is not None and memo.holds(self, s, avail, faceup):
            return memo.best
        best = self._best_tile(s, view, faceup, avail)
        view.plan_memo = PlanMemo(self, s, avail, faceup, best)
        return best

    def _best_tile(
        self,
        s: Position,
        view: PlanetView,
        faceup: tuple[tuple[int, int], ...],
        avail: list[int],
    ) -> tuple[float, int, int, int]:
        ctx = s.context
        board, tvalue, ttype = ctx.board, ctx.tile_value, ctx.tile_type
        dist, colour = board.distance[s.cart_hex[s.player]], board.colour
        top = avail[0]
        for x in avail:
            if x > top:
                top = x
        bonus = self.w_colour * ctx.params.colored_hex_bonus
        # the best so far in plain locals, a tuple only at the end: compiled, each tuple boxes
        best_score, best_h, best_col, best_cost = NEG, -1, -1, 0
        price, wa, wc, reserve = self.price, self.wa, self.wc, self.reserve
        vgain, best_empty, best_space = view.vgain, view.best_empty, view.best_space
        free = self._free_bonus(s)
        for h, t in faceup:
            v = tvalue[t]
            cost = dist[h] + v
            if cost > top:
                continue
            col = colour[h]
            if col >= 0 and avail[col] < cost:
                continue
            typ = ttype[t]
            if typ < N_BASIC:
                # basic terrain: the better of an empty hex and an architect space (+ wa * value)
                worth = wc * best_space[typ] - reserve + wa * v
                on_empty = wc * best_empty[typ] + free
                if on_empty > worth:
                    worth = on_empty
                worth += vgain[v]
            else:
                worth = self.worth(s, view, t)
            score = worth + (bonus if col >= 0 else 0.0) - price * cost
            if score > best_score:
                best_score, best_h, best_col, best_cost = score, h, col, cost
        if best_h >= 0 and best_col < 0:
            best_col = _cheapest_colour(avail, best_cost)
        return best_score, best_h, best_col, best_cost

    # ------------------------------------------------------------- decisions
    def act(self, state: Any, rng: random.Random) -> int:
        """Choose an action for the acting seat (reads only what that seat observes).

        In a turn after which the game may end, actions that would end it as a loss are struck
        first (``strategies.endgame``); the value function itself does not see final scoring.
        """
        s = state.plain  # a RestrictedView wraps the real state
        if _may_end_after_this_turn(s):
            allowed = endgame_filter(self.act_unguarded, state, rng)
            if allowed is not None:
                choice = self._choose(s, allowed)
                return choice if choice in allowed else allowed[0]
        return self.act_unguarded(state, rng)

    def act_unguarded(self, state: Any, rng: random.Random) -> int:
        """The heuristic's choice without the end-of-game guard."""
        s = state.plain
        if s is state:
            # plain state: choices are legal by construction or checked with rules.is_legal
            return self._choose(s, None)
        legal = state.legal_actions()
        choice = self._choose(s, legal)
        return choice if choice in legal else legal[0]

    def _reveal_order(self, board: Board, cart: int) -> tuple[int, ...]:
        """Tile hexes by walking distance from ``cart`` (memoized per board geometry)."""
        key = (id(board), cart)
        order = self._orders.get(key)
        if order is None:
            q0, r0 = board.coords[cart]
            order = tuple(
                sorted(board.tile_hexes, key=lambda h: (_hex_distance(board.coords[h], q0, r0), h))
            )
            self._orders[key] = order
        return order

    @staticmethod
    def _ok(s: Position, legal: list[int] | None, action: int) -> bool:
        return is_legal(s, action) if legal is None else action in legal

    def _choose(self, s: Position, legal: list[int] | None) -> int:
        phase = s.phase
        if phase == C.P_MOVE:
            return self._move(s, legal)
        if phase == C.P_SELECT:
            return self._select(s)
        if phase == C.P_PLACE:
            view = planet_view(s, s.player)
            best_h, best_v, tile = -1, NEG, s.pending_tile  # the first best hex, as max() picks
            for h in view.empties:
                v = self.place_score(s, view, tile, h)
                if best_h < 0 or v > best_v:
                    best_h, best_v = h, v
            return C.PLACE + best_h
        if phase == C.P_START:
            return self._start(s, legal)
        if phase == C.P_VIEW:
            return self._viewpoint(s)
        legal = s.legal_actions() if legal is None else legal
        if phase == C.P_FREE:
            return self._free(s, legal)
        if phase == C.P_DISCARD:
            return self._discard(s)
        if phase == C.P_REVEAL:
            # reveal next to the carts (walking distance, ignoring the portal shortcut)
            btile, bup = s.board_tile, s.board_face_up
            for h in self._reveal_order(s.context.board, s.cart_hex[s.player]):
                if btile[h] >= 0 and not bup[h] and C.REVEAL + h in legal:
                    return C.REVEAL + h
        return legal[0]  # portal choice: the first portal

    def _avail(self, s: Position, extra: int = 0) -> list[int]:
        hand, value, colour = s.hands[s.player], s.context.cards.value, s.context.cards.colour
        sums = [0] * 7
        for k, c in enumerate(hand):
            if c:
                sums[colour[k]] += c * value[k]
        wild = sums[WILD] + extra
        for colour_index in range(6):  # in place, not a comprehension: no frame
            sums[colour_index] += wild
        return sums[:6]

    def _start(self, s: Position, legal: list[int] | None) -> int:
        mine = self._avail(s)
        score, h, col, _ = self.plan(s, mine)
        if h >= 0 and score > self._play_bar(s) and self._ok(s, legal, C.PLAY + col):
            return C.PLAY + col
        if legal is None:
            hires = list(range(len(s.piles)))
        else:
            hires = [a for a in legal if a < C.PLAY]
        if not hires:
            if h >= 0 and self._ok(s, legal, C.PLAY + col):
                return C.PLAY + col
            return (s.legal_actions() if legal is None else legal)[0]
        # the pile with the most points, counting the hand's points of its colour; the first
        # such pile on a tie (a loop: compiled, max() with a key lambda boxes every key)
        per, wild, pile_sum, pile_colour = (
            self.hire_colour,
            self.hire_wild,
            s.pile_sum,
            s.pile_colour,
        )
        best, best_key = hires[0], NEG
        for a in hires:
            c = pile_colour[a]
            key = pile_sum[a] + per * (mine[c] if c < 6 else wild)
            if key > best_key or (key == best_key and a < best):
                best, best_key = a, key
        return best

    def _play_bar(self, s: Position) -> float:
        """The score a plan must beat to be played rather than hire: higher on a short hand."""
        # mcts hires on a short hand whatever the plan: cards are the next turns' moves
        cards = 0
        for n in s.hands[s.player]:  # compiled, sum() of a list is a generic call
            cards += n
        short = self.hand_target - cards
        return self.play_min + self.hand_short * short if short > 0 else self.play_min

    def _select(self, s: Position) -> int:
        avail = [0] * 6
        c = s.play_colour
        avail[c] = self._avail(s)[c] + s.budget
        _, h, _, cost = self.plan(s, avail)
        need = (cost if h >= 0 else 1) - s.budget
        if need <= 0 and s.selected:
            return C.DONE
        hand, value, colour = s.hands[s.player], s.context.cards.value, s.context.cards.colour
        best, best_key = -1, None
        for k, n in enumerate(hand):
            if not n or (colour[k] != c and colour[k] != WILD):
                continue
            v = value[k]
            # exact-enough small cards first, own-colour before wild, else the largest card
            key = (colour[k] == WILD, v < need, v if v >= need else -v)
            if best_key is None or key < best_key:
                best, best_key = k, key
        return C.ADD + best if best >= 0 else C.DONE

    def _move(self, s: Position, legal: list[int] | None) -> int:
        avail = [0] * 6
        avail[s.play_colour] = s.budget + s.free_step
        _, h, _, _ = self.plan(s, avail) if not s.collected else (0, -1, -1, 0)
        cur = s.cart_hex[s.player]
        ok = self._ok
        if h == cur and ok(s, legal, C.COLLECT):
            return C.COLLECT
        if h >= 0 and h != cur:
            board = s.context.board
            dist = board.distance
            want = dist[cur][h] - 1
            for d, n in enumerate(board.neighbours[cur]):
                if n >= 0 and dist[n][h] == want and ok(s, legal, C.MOVE + d):
                    return C.MOVE + d
            if board.colour[cur] == PORTAL:
                after_jump = dist[cur][h] - s.context.params.portal_cost
                step = s.context.params.free_step_after_jump  # a strategic jump includes a step
                for x in (h, *board.portals):
                    rest = dist[x][h]
                    if step:  # what is left after the free step from the arrival portal
                        rest = min([rest] + [dist[y][h] for y in board.neighbours[x] if y >= 0])
                    if rest == after_jump and ok(s, legal, C.JUMP + x):
                        return C.JUMP + x
        if ok(s, legal, C.STOP):
            return C.STOP
        return (s.legal_actions() if legal is None else legal)[0]

    def _free(self, s: Position, legal: list[int]) -> int:
        view = planet_view(s, s.player)
        best, best_score = C.DECLINE, self.free_min
        board = s.context.board
        for a in legal:
            if a >= C.DECLINE:
                continue
            if a >= C.FREE_BOARD:
                tile = s.board_tile[board.neighbours[s.cart_hex[s.player]][a - C.FREE_BOARD]]
            else:
                tile = s.supply[a - C.FREE_SUPPLY]
            score = self.worth(s, view, tile) - self.free_bonus
            if score > best_score:
                best, best_score = a, score
        return best

    def _viewpoint(self, s: Position) -> int:
        """The tied chain whose declared mixes leave the planet's chains worth most now; on
        equal points the one declaring fewest mixes (an undeclared mix keeps its options)."""
        ctx, p = s.context, s.player
        types = planet_types(s, p)
        best, best_key = 0, (0, 0)
        for i, (terrain, mixes) in enumerate(view_options(s)):
            declared = s.mix_declared[p][:]
            for m in mixes:
                declared[m] = terrain
            points = chain_scores(
                types,
                ctx.planet.adjacency,
                ctx.scoring.chain,
                ctx.params.mix_chains_through_mix,
                declared,
            )[0]
            key = (points, -len(mixes))
            if i == 0 or key > best_key:
                best, best_key = i, key
        return C.VIEW + best

    def _discard(self, s: Position) -> int:
        hand, value, colour = s.hands[s.player], s.context.cards.value, s.context.cards.colour
        sums = [0] * 7
        for k, n in enumerate(hand):
            sums[colour[k]] += n * value[k]
        kinds = [k for k, n in enumerate(hand) if n]
        # drop the weakest card of the weakest colour; wilds last
        return C.DISCARD + min(
            kinds, key=lambda k: (colour[k] == WILD, sums[colour[k]], value[k], k)
        )


def _hex_distance(at: tuple[int, int], q: int, r: int) -> int:
    """Steps between axial hexes ``at`` and (q, r)."""
    dq, dr = at[0] - q, at[1] - r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def _cheapest_colour(avail: list[int], cost: int) -> int:
    """The colour with the smallest budget that still covers ``cost`` (saves big colours)."""
    best, best_v = -1, 10**9
    for c, v in enumerate(avail):
        if cost <= v < best_v:
            best, best_v = c, v
    return best


make_heuristic = StyleFactory("lord_of_worlds", LordOfWorldsHeuristic, STYLES, WEIGHTS, STYLE_DOCS)
