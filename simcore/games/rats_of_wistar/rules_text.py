"""Plain-English text of compiled content (effects, conditions, requirements, wheel spaces),
for the rules reference ``docs/rules/rats_of_wistar.md`` (``rules_doc``).

It reads the same compiled tuples the engine runs, so the reference shows what is played.
"""

from __future__ import annotations

from typing import Final

from simcore.games.rats_of_wistar.tables import Card
from simcore.games.rats_of_wistar.vocab import (
    AREAS,
    DECKS,
    END_WHAT,
    ICONS,
    LOSE,
    MAIN_LABELS,
    RESOURCES,
    SPEND,
    TYPES,
)

_NAMES: Final = {"move_token": "move token", "vp": "VP"}
_COUNTED: Final = {
    "dig_free": "dig a room without paying", "bed_free": "build a bed without paying",
    "place_worker": "place a worker from the burrow entrance in any area",
    "reveal_mission": "reveal a face-down mission in a room with your explorer or tent",
    "complete_mission": "complete a mission", "take_round_visitor": "take the round visitor",
    "gain_power": "gain the next power level", "gain_hero": "gain a hero",
    "achieve_goal": "achieve a goal", "move_token_bonus": "a move token moves one more worker",
    "extra_room": "an extra dug room",
}  # fmt: skip
_END: Final = {"icons": "tech icon", "beds": "bed", "rooms": "dug room",
               "visitors": "visitor (the cheese counts)", "missions": "completed mission",
               "goals": "achieved goal", "inventions": "played invention",
               "power": "power level"}  # fmt: skip


def resource(index: int, n: int = 1) -> str:
    """``2 wood``, ``1 move token``, ``3 potions``, ``3 VP``."""
    name = RESOURCES[index]
    word = _NAMES.get(name, name)
    countable = name in ("joker", "move_token", "potion")
    return f"{n} {word}{'s' if countable and n != 1 else ''}"


def prim_text(prim: tuple) -> str:
    """One compiled primitive ``(op, *args)`` as a phrase."""
    op = prim[0]
    if op in _COUNTED:
        return _COUNTED[op]
    if op == "gain":
        return "gain " + resource(prim[1], prim[2])
    if op == "draw":
        return f"draw {prim[2]} {DECKS[prim[1]]} invention{'s' if prim[2] > 1 else ''}"
    if op == "main_action":
        return "do any main action" if prim[1] < 0 else f"do the main action {MAIN_LABELS[prim[1]]}"
    if op in ("explore", "move_workers"):
        if op == "explore":
            return f"explore {prim[1]}"
        return "move 1 worker" if prim[1] == 1 else f"move up to {prim[1]} workers"
    if op == "play":
        deck = "an" if prim[1] < 0 else f"a {DECKS[prim[1]]}"
        return f"play {deck} invention" + (" ignoring its requirements" if prim[2] else "")
    return _modifier_text(prim) or _other_text(prim)


def _modifier_text(prim: tuple) -> str:
    """Permanent modifiers and the next-payment discount."""
    op = prim[0]
    if op == "gather_bonus":
        what = RESOURCES[prim[1]]
        return f"+{prim[2]} {what} each time you gather {what}"
    if op == "strength_bonus":
        return f"+{prim[2]} strength in the {AREAS[prim[1]]}"
    if op == "cost_discount":
        return (
            ("digging a room", "building a bed")[prim[1]]
            + " costs 1 "
            + ("metal less", "wood less")[prim[1]]
        )
    if op == "next_discount":
        return f"your next payment costs {resource(prim[1], prim[2])} less"
    return ""


def _other_text(prim: tuple) -> str:
    op = prim[0]
    if op == "take_visitor":
        return f"take {('a basic', 'an advanced')[prim[1]]} visitor from the supply"
    if op == "gain_icon":
        return "gain a tech-icon token" + ("" if prim[1] < 0 else f" ({ICONS[prim[1]]})")
    if op == "lose_vp":
        return f"lose {prim[1]} VP"
    if op == "explorer_move":
        where = ("a room connected without closed doors", "a room with your tent")
        return f"move your explorer to {where[prim[1]]}"
    if op == "end_vp_per":
        return "game end: " + end_text(prim[1], prim[2], prim[3])
    if op == "attack":
        return f"each other player loses {prim[2]} {LOSE[prim[1]]}" + (
            " (random hand cards)" if prim[1] == 2 else ""
        )
    if op == "spend":
        rest = effect_text(prim[3]) if len(prim) > 3 and prim[3] else "nothing more"
        return f"you may spend {_spend(prim[1], prim[2])} to: {rest}"
    raise ValueError(f"no text for primitive {op!r}")


def _spend(what: int, n: int) -> str:
    name = {v: k for k, v in SPEND.items()}[what]
    if name == "any":
        return f"{n} of wood / metal / hand cards"
    if name == "visitor":
        return f"{n} visitor{'s' if n > 1 else ''} (the cheese counts)"
    return resource(what, n)


def end_text(what: int, sub: int, vp: int) -> str:
    """``2 VP per robot played``."""
    kind = END_WHAT[what]
    if kind == "type":
        return f"{vp} VP per {TYPES[sub]} played"
    if kind == "icon":
        return f"{vp} VP per {ICONS[sub]} icon"
    return f"{vp} VP per {_END[kind]}"


def effect_text(effect: tuple) -> str:
    """A compiled effect: its primitives in order, repeats as ``x n``, '-' if empty."""
    parts: list[str] = []
    last, count = "", 0
    for prim in effect:
        text = prim_text(prim)
        if text == last:
            count += 1
            continue
        if last:
            parts.append(last if count == 1 else f"{last} (x{count})")
        last, count = text, 1
    if last:
        parts.append(last if count == 1 else f"{last} (x{count})")
    return "; ".join(parts) or "-"


def condition_text(cond: tuple) -> str:
    """A mission or goal condition: ``2 strength icons and 1 bed``."""
    out = []
    for kind, arg, n in cond:
        if kind == "icons":
            out.append(f"{n} {ICONS[arg]} icon{'s' if n > 1 else ''}")
        elif kind == "played":
            out.append(f"{n} {TYPES[arg]}{'s' if n > 1 else ''} played")
        elif kind == "res":
            out.append(f"{resource(arg, n)} held")
        elif kind == "power":
            out.append(f"power level {n}")
        else:
            label = {
                "beds": "bed",
                "rooms": "dug room",
                "visitors": "visitor",
                "inventions": "invention",
            }[kind]
            played = " played" if kind == "inventions" else ""
            out.append(f"{n} {label}{'s' if n > 1 else ''}{played}")
    return " and ".join(out)


def requirements_text(card: Card) -> str:
    """What playing the card needs (§7): paid resources and tokens, had icons/power/type."""
    out = []
    if card.wood:
        out.append(f"pay {card.wood} wood")
    if card.metal:
        out.append(f"pay {card.metal} metal")
    if card.move:
        out.append(f"pay {card.move} move token{'s' if card.move > 1 else ''}")
    if card.room:
        out.append("fill a dug room")
    out += [f"have {n} {ICONS[i]} icon{'s' if n > 1 else ''}" for i, n in card.icons]
    if card.power:
        out.append(f"have power level {card.power}")
    if card.req_type >= 0:
        out.append(f"have a {TYPES[card.req_type]} played")
    return ", ".join(out) or "-"


def space_text(branches: tuple) -> str:
    """A wheel space's bonus: ``A & B`` (both, in an order the player chooses) or ``A | B``."""
    return " | ".join(" & ".join(prim_text(p) for p in b) or "-" for b in branches)
