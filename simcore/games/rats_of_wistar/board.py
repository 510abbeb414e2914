"""Per-player board (resources, workers, burrow, track) and the task-handler registry."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from simcore.core import fields

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


class Player:
    """Everything one seat owns. Plain int lists so that ``clone`` is a few list copies.

    The fields below are declared once: slots, ``clone`` and ``public`` derive from them
    (``simcore.core.fields``); the compiled build makes them native fields.
    """

    resources: list[int]  # wood, metal, joker, move token, potion (``vocab.RESOURCES``)
    victory_points: int  # VP from the start and from play (scored at the end with the rest)
    power: int  # power level (§8)
    icons: list[int]  # tech icons per icon: played inventions plus tokens
    icon_tokens: int  # tech-icon tokens taken
    type_counts: list[int]  # played inventions per type
    played: list[int]  # played invention cards
    income: list[tuple]  # effects run again at every income step
    x1_effects: list[tuple[str, tuple]]  # once-per-round effects: (source name, its effect)
    x1_used: list[int]  # indices into ``x1_effects`` used this round
    hand: list[int]  # invention cards in hand
    known_cards: list[int]  # hand cards the other seats have seen
    entrance_workers: int  # workers at the burrow entrance
    area_workers: list[int]  # workers per area (forest, burrow, farm)
    beds: int  # bed tiles built
    rooms: list[int]  # per room slot: SOIL, EMPTY, BED, VISITOR or CHEESE (see above)
    dug_rooms: int  # soil tiles removed
    visitors: list[int]  # visitors held
    cheese_vp: int  # VP of the cheese held, -1 for none
    heroes: list[int]  # heroes held
    explorer_room: int  # the farm room of the explorer
    tent_rooms: list[int]  # farm rooms with a tent
    uncovered_abilities: int  # bit mask over the content's ability spaces
    goals: list[int]  # goal slots achieved
    missions: list[int]  # missions completed
    doors: list[int]  # door tokens taken
    gather_bonus: list[int]  # permanent extra wood, metal per gather action
    cost_discount: list[int]  # permanent discount on digging, beds
    strength_bonus: list[int]  # permanent strength per area
    move_token_bonus: int  # extra workers moved per move token
    chiefs_left: int  # chiefs not placed this round
    chiefs_by_sector: list[int]  # chiefs placed per wheel sector in the game; index 6: the hut
    end_vp_per: list[tuple]  # end-of-game VP effects (``vocab.END_WHAT``, sub, VP)
    next_discount: list[int]  # wood, metal off the next payment of that resource (§10)

    __slots__ = tuple(__annotations__)

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
        # compiled build only (pure: derived): with Player's, +11% heuristic games/s, +5% MCTS it/s
        new = Player()  # the blank ``__init__``
        new.resources, new.victory_points = self.resources[:], self.victory_points
        new.power, new.icons, new.icon_tokens = self.power, self.icons[:], self.icon_tokens
        new.type_counts, new.played, new.income = (
            self.type_counts[:],
            self.played[:],
            self.income[:],
        )
        new.x1_effects, new.x1_used = self.x1_effects[:], self.x1_used[:]
        new.hand, new.known_cards = self.hand[:], self.known_cards[:]
        new.entrance_workers, new.area_workers = self.entrance_workers, self.area_workers[:]
        new.beds, new.rooms, new.dug_rooms = self.beds, self.rooms[:], self.dug_rooms
        new.visitors, new.cheese_vp, new.heroes = self.visitors[:], self.cheese_vp, self.heroes[:]
        new.explorer_room, new.tent_rooms = self.explorer_room, self.tent_rooms[:]
        new.uncovered_abilities, new.goals = self.uncovered_abilities, self.goals[:]
        new.missions, new.doors = self.missions[:], self.doors[:]
        new.gather_bonus, new.cost_discount = self.gather_bonus[:], self.cost_discount[:]
        new.strength_bonus, new.move_token_bonus = self.strength_bonus[:], self.move_token_bonus
        new.chiefs_left, new.chiefs_by_sector = self.chiefs_left, self.chiefs_by_sector[:]
        new.end_vp_per, new.next_discount = self.end_vp_per[:], self.next_discount[:]
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
        return tuple(getattr(self, name) for name in PUBLIC_FIELDS)

    def fingerprint(self) -> tuple:
        """Every field, hashable."""
        return fields.fingerprint(self, PLAYER_FIELDS)


SPELLED_OUT_PLAYER_CLONE: Final = Player.clone
"""The clone of the compiled build (a pure build derives it; tests hold both to the fields)."""
fields.derive_clone(Player)
PLAYER_FIELDS: Final = fields.declared_fields(Player)
PUBLIC_FIELDS: Final = tuple(name for name in PLAYER_FIELDS if name != "hand")
"""What other seats see of a board: everything but the hand."""
