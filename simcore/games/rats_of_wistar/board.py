"""Per-player board (resources, workers, burrow, track) and the task-handler registry."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

# Room slots of a player board: 0-2 starting rooms, 3 the ability room, 4-9 the soil rooms
# (soil tile k, in ascending VP order, covers slot 4 + k). Lower slots fill first. A room that an
# invention fills gets its soil tile back (§6 rev. 2): it is SOIL again, not a kind of room.
SOIL: Final = -1
EMPTY: Final = 0
BED: Final = 1
VISITOR: Final = 2
CHEESE: Final = 3
EXTRA_ROOM: Final = 3
FIRST_SOIL: Final = 4
N_ROOMS: Final = 10
WORKERS_TOTAL: Final = 9

# Action codes, grouped by decision (every decision's options are distinct ints).
STOP: Final = 0
HUT: Final = 1
QA_JOKER: Final = 30
QA_POWER: Final = 31
QA_MOVE: Final = 32
QA_PLACE: Final = 33
QA_TENT: Final = 34
QA_GOAL: Final = 35
QA_POTION: Final = 36
QA_X1: Final = 37
QUICK_NAMES: Final = {
    QA_JOKER: "buy joker", QA_POWER: "buy power", QA_MOVE: "use move token",
    QA_PLACE: "place worker", QA_TENT: "place tent", QA_GOAL: "achieve goal",
    QA_POTION: "use potion", QA_X1: "use x1 effect",
}  # fmt: skip
AREA_BASE: Final = 60  # + area
MOVE_BASE: Final = 70  # + from * 3 + to
PAY_WOOD: Final = 80
PAY_METAL: Final = 81
SPACE_BASE: Final = 100  # + sector * 3 + space
ORDER_BASE: Final = 130  # + part index: which part of a placement (main action, bonus part) is next
BRANCH_BASE: Final = 150  # + branch
SPEND_ACT: Final = 160  # pay the cost of a 'spend' primitive (STOP declines the rest of the effect)
VISRET_BASE: Final = 170  # + index in the player's visitors: the visitor a 'spend' returns
SPEND_CHEESE: Final = 190  # a 'spend visitor' pays with the cheese (a cellar visitor, §6)
DOOR_BASE: Final = 300
ROOM_BASE: Final = 320
REVEAL_BASE: Final = 340
VISIT_BASE: Final = 360
CHEESE_ACT: Final = 380
MISSION_BASE: Final = 400
ABILITY_BASE: Final = 420
GOAL_BASE: Final = 440
POTION_BASE: Final = 450
ICON_BASE: Final = 460
MAIN_BASE: Final = 470
PAIR_BASE: Final = 480
DIG_ACT: Final = 500
BED_ACT: Final = 501
CARD_BASE: Final = 1000  # + card id
MARKET_BASE: Final = 2000  # + deck * 10 + slot; + deck * 10 + 9 = top of the deck
HERO_BASE: Final = 3000
X1_BASE: Final = 3500  # + index in the player's x1 list

AUTO: Final[dict[str, Callable[[Any, tuple], None]]] = {}
DECIDE: Final[
    dict[str, tuple[Callable[[Any, tuple], list[int]], Callable[[Any, tuple, int], None]]]
] = {}


def auto(op: str) -> Callable:
    """Register an automatic task handler ``fn(state, task)``."""

    def deco(fn: Callable) -> Callable:
        AUTO[op] = fn
        return fn

    return deco


def decide(op: str, options: Callable) -> Callable:
    """Register a decision: ``options(state, task)`` lists ints, ``fn(state, task, a)`` resolves."""

    def deco(fn: Callable) -> Callable:
        DECIDE[op] = (options, fn)
        return fn

    return deco


PLAYER_SLOTS: Final = (
    "res", "vp", "power", "icons", "icon_tokens", "types", "played", "income", "x1",
    "x1_used", "hand", "known", "entrance", "areas", "beds", "rooms", "dug", "visitors",
    "cheese", "heroes", "explorer", "tents", "abil", "goals", "missions", "doors", "gather",
    "discount", "strength", "move_bonus", "chiefs", "sectors", "ends", "nextdisc",
    )  # fmt: skip


class Player:
    """Everything one seat owns. Plain int lists so that ``clone`` is a few list copies."""

    __slots__ = PLAYER_SLOTS

    # The slots again, typed: the compiled build (``simcore.native``) makes them native fields.
    res: list[int]
    vp: int
    power: int
    icons: list[int]
    icon_tokens: int
    types: list[int]
    played: list[int]
    income: list[tuple]
    x1: list[tuple[str, tuple]]
    x1_used: list[int]
    hand: list[int]
    known: list[int]
    entrance: int
    areas: list[int]
    beds: int
    rooms: list[int]
    dug: int
    visitors: list[int]
    cheese: int
    heroes: list[int]
    explorer: int
    tents: list[int]
    abil: int
    goals: list[int]
    missions: list[int]
    doors: list[int]
    gather: list[int]
    discount: list[int]
    strength: list[int]
    move_bonus: int
    chiefs: int
    sectors: list[int]
    ends: list[tuple]
    nextdisc: list[int]

    def __init__(
        self,
        wood: int = -1,
        metal: int = 0,
        moves: int = 0,
        vp: int = 0,
        entrance: int = 0,
        rooms: int = 0,
        explorer: int = 0,
        chiefs: int = 0,
    ) -> None:
        if wood < 0:
            return  # a blank for ``clone`` (a compiled class cannot be made by ``__new__`` alone)
        self.res = [wood, metal, 0, moves, 0]  # wood, metal, joker, move token, potion
        self.vp = vp
        self.power = 0
        self.icons = [0] * 6
        self.icon_tokens = 0
        self.types = [0] * 3
        self.played = []
        self.income = []
        self.x1 = []  # (source name, its own effect), §10
        self.x1_used = []  # indices into x1 used this round
        self.hand = []
        self.known = []
        self.entrance = entrance
        self.areas = [0, 0, 0]
        self.beds = 0
        self.rooms = [EMPTY] * rooms + [SOIL] * (FIRST_SOIL - rooms) + [SOIL] * 6
        self.dug = 0
        self.visitors = []
        self.cheese = -1
        self.heroes = []
        self.explorer = explorer
        self.tents = []
        self.abil = 0
        self.goals = []
        self.missions = []
        self.doors = []
        self.gather = [0, 0]
        self.discount = [0, 0]
        self.strength = [0, 0, 0]
        self.move_bonus = 0
        self.chiefs = chiefs
        self.sectors = [0] * 7
        self.ends = []
        self.nextdisc = [0, 0]  # wood, metal off the next payment of that resource (§10)

    def clone(self) -> Player:
        """Independent copy (tuples inside lists are immutable and shared)."""
        # spelled out rather than a loop over the slots: 3x faster, and the clone runs in every
        # search iteration and end-of-game play-out (the conformance test checks every slot)
        new = Player.__new__(Player)  # compiled: through the blank ``__init__``
        new.vp, new.power, new.icon_tokens = self.vp, self.power, self.icon_tokens
        new.entrance, new.beds, new.dug = self.entrance, self.beds, self.dug
        new.cheese, new.explorer, new.abil = self.cheese, self.explorer, self.abil
        new.move_bonus, new.chiefs = self.move_bonus, self.chiefs
        new.res, new.icons, new.types = self.res[:], self.icons[:], self.types[:]
        new.played, new.income, new.x1 = self.played[:], self.income[:], self.x1[:]
        new.x1_used, new.hand, new.known = self.x1_used[:], self.hand[:], self.known[:]
        new.areas, new.rooms, new.visitors = self.areas[:], self.rooms[:], self.visitors[:]
        new.heroes, new.tents, new.goals = self.heroes[:], self.tents[:], self.goals[:]
        new.missions, new.doors, new.gather = self.missions[:], self.doors[:], self.gather[:]
        new.discount, new.strength = self.discount[:], self.strength[:]
        new.sectors, new.ends, new.nextdisc = self.sectors[:], self.ends[:], self.nextdisc[:]
        return new

    def free_room(self) -> int:
        """Lowest empty room slot, or -1."""
        try:
            return self.rooms.index(EMPTY)
        except ValueError:
            return -1

    def spendable(self) -> int:
        """Wood + metal + hand cards (what 'pay any' accepts)."""
        return self.res[0] + self.res[1] + len(self.hand)

    def workers(self) -> int:
        """Workers out of bed and not the explorer: entrance plus the three areas."""
        return self.entrance + self.areas[0] + self.areas[1] + self.areas[2]

    def n_visitors(self) -> int:
        """Visitors held; the cheese counts as a cellar visitor (seed: for all effects)."""
        return len(self.visitors) + (self.cheese >= 0)

    def public(self) -> tuple:
        """Everything other seats can see of this board."""
        return tuple(getattr(self, name) for name in _PUBLIC)


_PUBLIC: Final = tuple(n for n in PLAYER_SLOTS if n != "hand")
