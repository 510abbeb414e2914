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
    "resources",
    "victory_points",
    "power",
    "icons",
    "icon_tokens",
    "type_counts",
    "played",
    "income",
    "x1_effects",
    "x1_used",
    "hand",
    "known_cards",
    "entrance_workers",
    "area_workers",
    "beds",
    "rooms",
    "dug_rooms",
    "visitors",
    "cheese_vp",
    "heroes",
    "explorer_room",
    "tent_rooms",
    "uncovered_abilities",
    "goals",
    "missions",
    "doors",
    "gather_bonus",
    "cost_discount",
    "strength_bonus",
    "move_token_bonus",
    "chiefs_left",
    "chiefs_by_sector",
    "end_vp_per",
    "next_discount",
)


class Player:
    """Everything one seat owns. Plain int lists so that ``clone`` is a few list copies."""

    __slots__ = PLAYER_SLOTS

    # The slots again, typed: the compiled build (``simcore.native``) makes them native fields.
    resources: list[int]
    victory_points: int
    power: int
    icons: list[int]
    icon_tokens: int
    type_counts: list[int]
    played: list[int]
    income: list[tuple]
    x1_effects: list[tuple[str, tuple]]
    x1_used: list[int]
    hand: list[int]
    known_cards: list[int]
    entrance_workers: int
    area_workers: list[int]
    beds: int
    rooms: list[int]
    dug_rooms: int
    visitors: list[int]
    cheese_vp: int
    heroes: list[int]
    explorer_room: int
    tent_rooms: list[int]
    uncovered_abilities: int
    goals: list[int]
    missions: list[int]
    doors: list[int]
    gather_bonus: list[int]
    cost_discount: list[int]
    strength_bonus: list[int]
    move_token_bonus: int
    chiefs_left: int
    chiefs_by_sector: list[int]
    end_vp_per: list[tuple]
    next_discount: list[int]

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
        self.resources = [wood, metal, 0, moves, 0]  # wood, metal, joker, move token, potion
        self.victory_points = vp
        self.power = 0
        self.icons = [0] * 6
        self.icon_tokens = 0
        self.type_counts = [0] * 3
        self.played = []
        self.income = []
        self.x1_effects = []  # (source name, its own effect), §10
        self.x1_used = []  # indices into x1 used this round
        self.hand = []
        self.known_cards = []
        self.entrance_workers = entrance
        self.area_workers = [0, 0, 0]
        self.beds = 0
        self.rooms = [EMPTY] * rooms + [SOIL] * (FIRST_SOIL - rooms) + [SOIL] * 6
        self.dug_rooms = 0
        self.visitors = []
        self.cheese_vp = -1
        self.heroes = []
        self.explorer_room = explorer
        self.tent_rooms = []
        self.uncovered_abilities = 0
        self.goals = []
        self.missions = []
        self.doors = []
        self.gather_bonus = [0, 0]
        self.cost_discount = [0, 0]
        self.strength_bonus = [0, 0, 0]
        self.move_token_bonus = 0
        self.chiefs_left = chiefs
        self.chiefs_by_sector = [0] * 7
        self.end_vp_per = []
        self.next_discount = [0, 0]  # wood, metal off the next payment of that resource (§10)

    def clone(self) -> Player:
        """Independent copy (tuples inside lists are immutable and shared)."""
        # spelled out rather than a loop over the slots: 3x faster, and the clone runs in every
        # search iteration and end-of-game play-out (the conformance test checks every slot)
        new = Player.__new__(Player)  # compiled: through the blank ``__init__``
        new.victory_points, new.power, new.icon_tokens = (
            self.victory_points,
            self.power,
            self.icon_tokens,
        )
        new.entrance_workers, new.beds, new.dug_rooms = (
            self.entrance_workers,
            self.beds,
            self.dug_rooms,
        )
        new.cheese_vp, new.explorer_room, new.uncovered_abilities = (
            self.cheese_vp,
            self.explorer_room,
            self.uncovered_abilities,
        )
        new.move_token_bonus, new.chiefs_left = self.move_token_bonus, self.chiefs_left
        new.resources, new.icons, new.type_counts = (
            self.resources[:],
            self.icons[:],
            self.type_counts[:],
        )
        new.played, new.income, new.x1_effects = self.played[:], self.income[:], self.x1_effects[:]
        new.x1_used, new.hand, new.known_cards = self.x1_used[:], self.hand[:], self.known_cards[:]
        new.area_workers, new.rooms, new.visitors = (
            self.area_workers[:],
            self.rooms[:],
            self.visitors[:],
        )
        new.heroes, new.tent_rooms, new.goals = self.heroes[:], self.tent_rooms[:], self.goals[:]
        new.missions, new.doors, new.gather_bonus = (
            self.missions[:],
            self.doors[:],
            self.gather_bonus[:],
        )
        new.cost_discount, new.strength_bonus = self.cost_discount[:], self.strength_bonus[:]
        new.chiefs_by_sector, new.end_vp_per, new.next_discount = (
            self.chiefs_by_sector[:],
            self.end_vp_per[:],
            self.next_discount[:],
        )
        return new

    def free_room(self) -> int:
        """Lowest empty room slot, or -1."""
        try:
            return self.rooms.index(EMPTY)
        except ValueError:
            return -1

    def spendable(self) -> int:
        """Wood + metal + hand cards (what 'pay any' accepts)."""
        return self.resources[0] + self.resources[1] + len(self.hand)

    def workers(self) -> int:
        """Workers out of bed and not the explorer: entrance plus the three areas."""
        return (
            self.entrance_workers
            + self.area_workers[0]
            + self.area_workers[1]
            + self.area_workers[2]
        )

    def n_visitors(self) -> int:
        """Visitors held; the cheese counts as a cellar visitor (seed: for all effects)."""
        return len(self.visitors) + (self.cheese_vp >= 0)

    def public(self) -> tuple:
        """Everything other seats can see of this board."""
        return tuple(getattr(self, name) for name in _PUBLIC)


_PUBLIC: Final = tuple(n for n in PLAYER_SLOTS if n != "hand")
