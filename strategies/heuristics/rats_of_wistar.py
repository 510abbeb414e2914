"""Greedy heuristic policies for Rats of Wistar: one-step action values, no search.

Styles: ``engine`` (inventions, beds and workers) and ``explorer`` (farm, missions, visitors),
their weights in ``strategies/data/rats_of_wistar_styles.toml``; every weight is an option too.
A policy reads only its own seat's hand and public information (no peeking: no state stream,
no face-down tiles, no other hands).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

from simcore.games.rats_of_wistar import board as B
from simcore.games.rats_of_wistar.actions import bed_cost, dig_cost
from simcore.games.rats_of_wistar.board import Player
from simcore.games.rats_of_wistar.farm import can_explore, completable
from simcore.games.rats_of_wistar.inventions import can_play, playable
from simcore.games.rats_of_wistar.position import Position
from simcore.games.rats_of_wistar.wheel import space_slot, strength
from strategies.base import StyleFactory
from strategies.endgame import endgame_filter
from strategies.heuristics.rats_of_wistar_weights import STYLE_DOCS, STYLES, WEIGHTS, Weights
from strategies.heuristics.styles_file import policy_name

# wood, metal, joker, move token, potion, vp; typed ``tuple[float, ...]``: mypyc (2.4) misreads
# "not set" on a fixed-length Final tuple of floats it keeps unboxed (NameError at run time)
RES_VALUE: Final[tuple[float, ...]] = (0.45, 0.5, 0.6, 0.5, 1.2, 1.0)


class WistarHeuristic:
    """Scores every legal action with a one-step estimate and takes the best (rng breaks ties)."""

    def __init__(self, style: str = "engine", w: Weights | None = None) -> None:
        self.style = style
        self.w = WEIGHTS[style] if w is None else w
        self.name = policy_name(f"heuristic:style={style}", self.w, WEIGHTS[style])

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # compiled, a native class is not pickled by its __dict__; style and weights make it
        return type(self), (self.style, self.w)

    def act(self, state: Any, rng: random.Random) -> int:
        """Best-valued legal action; in the game's last turn, none that ends it as a loss while
        another action does better (``strategies.endgame``: the values do not see scoring)."""
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        if state.stack[-1][0] == "turn" and _last_turn(state.plain):
            # the turn menu (placement, quick actions, end turn) decides how the game ends;
            # the sub-decisions follow the plain values (keeps the guard cheap)
            actions = endgame_filter(self.act_unguarded, state, rng) or actions
        return self._best(state, actions, rng)

    def act_unguarded(self, state: Any, rng: random.Random) -> int:
        """The heuristic's choice without the end-of-game guard."""
        return self._best(state, state.legal_actions(), rng)

    def _best(self, state: Any, actions: list[int], rng: random.Random) -> int:
        """Best-valued action of ``actions``."""
        if len(actions) == 1:
            return actions[0]
        # values read the plain position: a restricted view (``forbid=``) only narrows
        # ``actions``, and the compiled game's functions take the plain state alone
        s: Position = state.plain
        task = s.stack[-1]
        seat = s.current_player
        pl, noise = s.players[seat], rng.random
        best, best_v = actions[0], -1e9
        # the values are called directly, not through ``_valuer``'s closures (one call less
        # per action of every decision of every play-out); same values, same memo
        if task[0] == "turn":
            memo: dict[Any, float] = {}
            for a in actions:
                # ``self.turn_value`` at each call, not bound once: compiled, a call through
                # the instance is a direct C call, and a bound method a generic one
                v = self.turn_value(s, seat, pl, a, memo) + noise() * 0.05
                if v > best_v:
                    best, best_v = a, v
            return best
        kind = VALUED.get(task[0], -1)  # -1: a decision the values do not tell apart
        for a in actions:
            v = 0.0 if kind < 0 or a == B.STOP else self._value(kind, s, task, seat, pl, a)
            v += noise() * 0.05
            if v > best_v:
                best, best_v = a, v
        return best

    def _valuer(self, s: Position, task: tuple, seat: int) -> Callable[[int], float]:
        """``value`` for one pending decision, its handler looked up once (this runs for
        every action of every decision of every play-out)."""
        pl = s.players[seat]
        if task[0] == "turn":
            # one decision values each sector's main action and each bonus primitive once,
            # not once per space: the same pure computations on an unchanged state
            turn_value = self.turn_value
            memo: dict[Any, float] = {}
            return lambda a: turn_value(s, seat, pl, a, memo)
        kind = VALUED.get(task[0], -1)
        if kind < 0:
            return lambda a: 0.0
        return lambda a: 0.0 if a == B.STOP else self._value(kind, s, task, seat, pl, a)

    def _value(self, kind: int, s: Position, task: tuple, seat: int, pl: Player, a: int) -> float:
        # the ``v_`` method of decision kind ``VALUED[...]``, called directly: compiled, a
        # method found by name (``getattr``) is a generic call per action, a direct one is not
        if kind == 0:
            return self.v_draft(s, task, seat, pl, a)
        if kind == 1:
            return self.v_branch(s, task, seat, pl, a)
        if kind == 2:
            return self.v_dig(s, task, seat, pl, a)
        if kind == 3:
            return self.v_bed(s, task, seat, pl, a)
        if kind == 4:
            return self.v_project(s, task, seat, pl, a)
        if kind == 5:
            return self.v_explore(s, task, seat, pl, a)
        if kind == 6:
            return self.v_play(s, task, seat, pl, a)
        if kind == 7:
            return self.v_pay(s, task, seat, pl, a)
        if kind == 8:
            return self.v_move_workers(s, task, seat, pl, a)
        if kind == 9:
            return self.v_place_worker(s, task, seat, pl, a)
        if kind == 10:
            return self.v_complete_mission(s, task, seat, pl, a)
        if kind == 11:
            return self.v_ability(s, task, seat, pl, a)
        if kind == 12:
            return self.v_achieve_goal(s, task, seat, pl, a)
        if kind == 13:
            return self.v_potion(s, task, seat, pl, a)
        if kind == 14:
            return self.v_main_action(s, task, seat, pl, a)
        if kind == 15:
            return self.v_gain_icon(s, task, seat, pl, a)
        if kind == 16:
            return self.v_x1(s, task, seat, pl, a)
        return self.v_order(s, task, seat, pl, a)

    # ------------------------------------------------------------------ values
    def value(self, s: Position, task: tuple, seat: int, a: int) -> float:
        """Estimated gain of action ``a`` for the pending decision."""
        return self._valuer(s, task, seat)(a)

    def rounds_left(self, s: Position) -> int:
        """Rounds after the current one."""
        return s.params.rounds - s.round

    def card_value(self, s: Position, pl: Player, cid: int) -> float:
        """Worth of playing a card now."""
        card = s.content.cards[cid]
        left = s.params.rounds - s.round  # ``rounds_left``, inlined: runs per card valued
        v = card.vp + self.w.card * 0.5
        eff = 0.0  # plain loops here and in prim_value: they run for every card in every decision
        for p in card.effect:
            eff += self.prim_value(s, pl, p)
        if card.kind == "income":
            v += eff * (1 + left) * self.w.income / 1.6
        elif card.kind == "x1":
            v += eff * (1 + left) * 0.8
        elif card.kind == "permanent":
            v += 0.9 * (1 + left)
        elif card.kind == "end_game":
            v += 3.0
        else:
            v += eff
        return v - 0.4 * (card.wood + card.metal) - 0.3 * card.move - 2.0 * card.room

    def prim_value(self, s: Position, pl: Player, p: tuple) -> float:
        """Worth of one primitive of the effect vocabulary."""
        op = p[0]
        w = self.w
        if op == "gain":
            return RES_VALUE[p[1]] * p[2]
        if op == "draw":
            return 0.9 * p[2] * w.card
        if op in ("explore",):
            return w.explore * p[1]
        if op == "move_workers":
            return 0.3 * p[1]
        if op == "play":
            cards, best = s.content.cards, None
            for c in pl.hand:
                card = cards[c]
                if (p[1] < 0 or card.deck == p[1]) and can_play(s, pl, card, p[2]):
                    v = self.card_value(s, pl, c)
                    if best is None or v > best:
                        best = v
            return 0.0 if best is None else best
        if op in ("complete_mission",):
            return w.mission if completable(s, pl_seat(s, pl)) else 0.0
        if op == "take_round_visitor":
            return w.visitor if s.round_visitor >= 0 and B.EMPTY in pl.rooms else 0.0
        if op in ("take_visitor",):
            return w.visitor
        if op in ("dig_free", "bed_free", "place_worker", "gain_power", "gain_hero"):
            return 2.0
        if op in ("achieve_goal", "reveal_mission", "main_action", "gain_icon"):
            return 1.5
        return 0.5

    def main_value(self, s: Position, seat: int, pl: Player, main: int, st: int) -> float:
        """Worth of a main action at strength ``st``."""
        if st <= 0:
            return 0.0
        if main in (0, 2):
            res = 0 if main == 0 else 1
            return (
                (st + pl.gather_bonus[res])
                * RES_VALUE[res]
                * (1.3 if pl.resources[res] < 3 else 1.0)
            )
        if main == 1:
            n = min(st, 6 - pl.dug_rooms, pl.resources[1] // max(1, dig_cost(s, pl)))
            return 1.8 * n
        if main == 3:
            rooms = pl.rooms.count(B.EMPTY)
            left = s.params.bed_workers - pl.beds
            n = min(st, left, rooms, pl.resources[0] // max(1, bed_cost(s, pl)))
            return (2.0 + 0.5 * (s.params.rounds - s.round)) * n
        if main == 4:
            return st * 0.9 * self.w.card
        return st * self.w.explore * (1.0 if can_explore(s, seat) else 0.3)

    def turn_value(
        self, s: Position, seat: int, pl: Player, a: int, memo: dict | None = None
    ) -> float:
        """Placement, quick action or end of turn (``memo``: values shared by one decision's
        actions)."""
        if a == B.STOP:
            return 0.0
        if a == B.HUT:
            w = self.w
            first = (
                w.hut_first_chief if seat not in s.hut_chiefs and s.round < s.params.rounds else 0.0
            )
            return w.hut_base + first
        if a >= B.SPACE_BASE:
            sec, sp = divmod(a - B.SPACE_BASE, 3)
            return self.space_value(s, seat, pl, sec, sp, memo)
        return self.quick_value(s, seat, pl, a)

    def space_value(
        self, s: Position, seat: int, pl: Player, sec: int, sp: int, memo: dict | None = None
    ) -> float:
        """Main action at its strength plus the best bonus branch."""
        memo = {} if memo is None else memo
        main_v = memo.get(sec)
        if main_v is None:
            main = space_slot(s, sec)
            main_v = memo[sec] = self.main_value(s, seat, pl, main, strength(s, seat, main))
        # max over branches of the sum of their primitives, as plain loops: this runs for every
        # free space of every turn decision
        bonus: float | None = None
        for branch in s.content.wheel[s.n_players][sec][1][sp]:
            v = 0.0
            for p in branch:
                pv = memo.get(p)
                if pv is None:
                    pv = memo[p] = self.prim_value(s, pl, p)
                v += pv
            if bonus is None or v > bonus:
                bonus = v
        assert bonus is not None  # every space has a bonus branch
        return main_v + bonus

    def quick_value(self, s: Position, seat: int, pl: Player, a: int) -> float:
        """Quick actions: take the clearly useful ones."""
        if a == B.QA_PLACE:
            return 3.0
        if a == B.QA_GOAL:
            return 4.0
        if a == B.QA_X1:
            return 1.0
        if a == B.QA_TENT:
            return self.w.tent if s.round <= 3 else -1.0
        last = s.params.rounds - s.round == 0  # ``rounds_left``, inlined: runs per action
        if a == B.QA_POTION:
            # worth drinking in the last round, or when it does more than give a resource
            # (``potion_options``' first option completes a mission or plays an invention);
            # tested cheapest first, each test read-only
            if last or completable(s, seat) or playable(s, seat, -1, False):
                return 1.0
            return -0.5
        if a == B.QA_POWER:
            return 0.5 if (pl.power == 1 and pl.spendable() >= 8) or last else -1.0
        if a == B.QA_JOKER:
            return 0.2 if last and pl.spendable() >= 6 else -1.0
        return -0.5  # move token: kept for leftovers unless a decision needs it

    # ------------------------------------------------------------------ other decisions
    def v_draft(self, s: Position, task: tuple, seat: int, pl: Player, a: int) -> float:
        """Sum of the pair's card values."""
        return sum(self.card_value(s, pl, c) for c in s.draft_pairs[a - B.PAIR_BASE])

    def v_branch(self, s: Position, task: tuple, seat: int, pl: Player, a: int) -> float:
        """Value of the branch's primitives."""
        return sum(self.prim_value(s, pl, p) for p in task[2][a - B.BRANCH_BASE])

    def v_dig(self, s: Position, task: tuple, seat: int, pl: Player, a: int) -> float:
        """Digging is worth its room."""
        return 1.5

    def v_bed(self, s: Position, task: tuple, seat: int, pl: Player, a: int) -> float:
        """A bed wakes a worker and scores."""
        return 2.0

    def v_project(self, s: Position, task: tuple, seat: int, pl: Player, a: int) -> float:
        """Half a card's value, more if playable now."""
        deck, slot = divmod(a - B.MARKET_BASE, 10)
        if slot == 9:
            return 1.0 + deck * 0.8
        cid = s.market[deck][slot]
        card = s.content.cards[cid]
        bonus = 1.0 if can_play(s, pl, card, False) else 0.0
        return 0.5 * self.card_value(s, pl, cid) + bonus

    def v_explore(self, s: Position, task: tuple, seat: int, pl: Player, a: int) -> float:
        """Cheese > visitor > reveal/door > useful move."""
        w = self.w
        if a == B.CHEESE_ACT:
            return 6.0
        if a >= B.VISIT_BASE:
            return w.visitor
        if a >= B.REVEAL_BASE:
            return 1.6
        if a >= B.ROOM_BASE:
            room = a - B.ROOM_BASE
            fresh = s.farm_visitors[room] >= 0 or any(
                r == room and not s.mission_revealed[m] for m, r in enumerate(s.mission_rooms)
            )
            return (1.2 if fresh else 0.3) + (0.3 if room in s.content.farm.cellar else 0.0)
        return 1.3

    def v_play(self, s: Position, task: tuple, seat: int, pl: Player, a: int) -> float:
        """Value of the card played."""
        return self.card_value(s, pl, a - B.CARD_BASE) + 0.5

    def v_pay(self, s: Position, task: tuple, seat: int, pl: Player, a: int) -> float:
        """Pay with what is most plentiful / least useful."""
        if a == B.PAY_WOOD:
            return pl.resources[0] * 0.1
        if a == B.PAY_METAL:
            return pl.resources[1] * 0.1
        card = s.content.cards[a - B.CARD_BASE]
        playable = can_play(s, pl, card, False)
        return -self.card_value(s, pl, a - B.CARD_BASE) * 0.1 - (1.0 if playable else 0.0)

    def desire(self, pl: Player, area: int) -> float:
        """How much one more worker in ``area`` is wanted."""
        return self.area_weight(area) / (1.0 + pl.area_workers[area])

    def area_weight(self, area: int) -> float:
        """The style's wish for workers in ``area`` (forest, burrow, farm)."""
        w = self.w
        return w.forest_area if area == 0 else w.burrow_area if area == 1 else w.farm_area

    def v_move_workers(self, s: Position, task: tuple, seat: int, pl: Player, a: int) -> float:
        """Move towards the wanted area."""
        src, dst = divmod(a - B.MOVE_BASE, 3)
        return self.desire(pl, dst) - self.area_weight(src) / pl.area_workers[src] - 0.05

    def v_place_worker(self, s: Position, task: tuple, seat: int, pl: Player, a: int) -> float:
        """Place where a worker is wanted most."""
        return self.desire(pl, a - B.AREA_BASE)

    def v_complete_mission(self, s: Position, task: tuple, seat: int, pl: Player, a: int) -> float:
        """Missions are always worth completing."""
        return 5.0

    def v_ability(self, s: Position, task: tuple, seat: int, pl: Player, a: int) -> float:
        """Ability VP plus its effect, minus its cost."""
        ab = s.content.abilities[a - B.ABILITY_BASE]
        return ab.vp + (1.5 if ab.effect else 0.0) - ab.cost * 0.5

    def v_achieve_goal(self, s: Position, task: tuple, seat: int, pl: Player, a: int) -> float:
        """Goals score."""
        return 1.0

    def v_potion(self, s: Position, task: tuple, seat: int, pl: Player, a: int) -> float:
        """Mission > invention > resources."""
        return (5.0, 3.0, 0.6, 0.7)[a - B.POTION_BASE]

    def v_main_action(self, s: Position, task: tuple, seat: int, pl: Player, a: int) -> float:
        """Value of the main action now."""
        main = a - B.MAIN_BASE
        return self.main_value(s, seat, pl, main, strength(s, seat, main))

    def v_gain_icon(self, s: Position, task: tuple, seat: int, pl: Player, a: int) -> float:
        """The icon hand cards need most."""
        icon = a - B.ICON_BASE
        cards = s.content.cards
        return (
            sum(n for c in pl.hand for i, n in cards[c].icons if i == icon) - pl.icons[icon] * 0.1
        )

    def v_x1(self, s: Position, task: tuple, seat: int, pl: Player, a: int) -> float:
        """Any once-per-round effect."""
        return 1.0

    def v_order(self, s: Position, task: tuple, seat: int, pl: Player, a: int) -> float:
        """Parts that raise the main action's strength or unlock others go first: worker moves,
        then gains, then playing cards (icons for missions), then the main action, missions."""
        op = task[2][a - B.ORDER_BASE][0][0]
        return -ORDER_RANK.get(op, 2.5)


def _last_turn(s: Position) -> bool:
    """The acting seat's turn is the game's last: the game ends when it is over (§3)."""
    return s.round >= s.params.rounds and s.turn >= s.n_players * s.params.chiefs - 1


# decision kinds with a value method ``v_<kind>``, numbered as ``WistarHeuristic._value`` calls them
VALUED: Final = {
    kind: i
    for i, kind in enumerate(
        (
            "draft",
            "branch",
            "dig",
            "bed",
            "project",
            "explore",
            "play",
            "pay",
            "move_workers",
            "place_worker",
            "complete_mission",
            "ability",
            "achieve_goal",
            "potion",
            "main_action",
            "gain_icon",
            "x1",
            "order",
        )
    )
}
ORDER_RANK: Final = {"move_workers": 0, "place_worker": 0, "gain": 1, "draw": 1.5, "play": 2,
              "main": 3, "complete_mission": 4}  # fmt: skip


def pl_seat(s: Position, pl: Player) -> int:
    """Seat index of a board."""
    return s.players.index(pl)


make_heuristic = StyleFactory("rats_of_wistar", WistarHeuristic, STYLES, WEIGHTS, STYLE_DOCS)
