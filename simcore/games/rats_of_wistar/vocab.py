"""Effect vocabulary of content data (rules spec §10): names, codes and the primitive compiler."""

from __future__ import annotations

from typing import Any, Final

from simcore.core.errors import ContentError

RESOURCES: Final = ("wood", "metal", "joker", "move_token", "potion", "vp")
WOOD: Final = 0
METAL: Final = 1
JOKER: Final = 2
MOVE: Final = 3
POTION: Final = 4
VP: Final = 5
ICONS: Final = ("strength", "agility", "perception", "intelligence", "willpower", "energy")
TYPES: Final = ("tool", "robot", "building")
AREAS: Final = ("forest", "burrow", "farm")
MAIN_ACTIONS: Final = ("wood", "dig", "metal", "bed", "project", "explore")
MAIN_LABELS: Final = ("gather wood", "dig rooms", "gather metal", "build beds", "project points",
               "explore")  # fmt: skip
DECKS: Final = ("basic", "advanced")
KINDS: Final = ("immediate", "permanent", "income", "x1", "end_game", "attack")
END_WHAT: Final = ("type", "icon", "icons", "beds", "rooms", "visitors", "missions", "goals",
            "inventions", "power")  # fmt: skip
LOSE: Final = ("wood", "metal", "card")
# spend codes beyond the RESOURCES indices
SPEND_ANY: Final = 10
SPEND_VISITOR: Final = 11
SPEND: Final = {"wood": 0, "metal": 1, "move_token": 3, "any": SPEND_ANY, "visitor": SPEND_VISITOR}
EXPLORER_MOVES: Final = ("connected", "tent")

# Primitives that register a lasting modifier (allowed in permanent effects only).
PERMANENT_OPS: Final = frozenset(
    {"gather_bonus", "cost_discount", "strength_bonus", "move_token_bonus", "extra_room"}
)
# Permanent modifiers that can be taken back (a visitor's end when it leaves the board, §10).
UNDOABLE_OPS: Final = PERMANENT_OPS - {"extra_room"}
END_OPS: Final = frozenset({"end_vp_per"})


def fail(where: str, msg: str) -> ContentError:
    """A ContentError naming the file and entry."""
    return ContentError(f"{where}: {msg}")


def _count(where: str, op: str, value: Any, hi: int = 6) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise fail(where, f"primitive {op!r} needs an integer count, got {value!r}")
    if not 1 <= value <= hi:
        raise fail(where, f"primitive {op!r} count {value} outside 1..{hi}")
    return value


def _table(where: str, op: str, value: Any, keys: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(value, dict) or not value:
        raise fail(where, f"primitive {op!r} needs a table with keys from {keys}, got {value!r}")
    for key in value:
        if key not in keys:
            raise fail(where, f"primitive {op!r}: unknown key {key!r}; allowed: {', '.join(keys)}")
    return value


def _choice(where: str, op: str, value: Any, names: tuple[str, ...]) -> int:
    if not isinstance(value, str) or value not in names:
        raise fail(where, f"primitive {op!r}: {value!r} is not one of {', '.join(names)}")
    return names.index(value)


def _amounts(where: str, op: str, value: Any, names: tuple[str, ...]) -> list[tuple[int, int]]:
    table = _table(where, op, value, names)
    return [(names.index(k), _count(where, f"{op}.{k}", v, 10)) for k, v in table.items()]


def compile_prim(where: str, raw: Any) -> list[tuple]:
    """Compile one primitive (a one-key table) into engine tuples ``(op, *args)``."""
    if not isinstance(raw, dict) or len(raw) != 1:
        raise fail(where, f"a primitive must be a table with exactly one key, got {raw!r}")
    ((op, value),) = raw.items()
    if op == "gain":
        return [("gain", r, n) for r, n in _amounts(where, op, value, RESOURCES)]
    if op == "draw":
        return [("draw", d, n) for d, n in _amounts(where, op, value, DECKS)]
    if op in ("gather_bonus",):
        return [("gather_bonus", r, n) for r, n in _amounts(where, op, value, ("wood", "metal"))]
    if op == "strength_bonus":
        return [("strength_bonus", a, n) for a, n in _amounts(where, op, value, AREAS)]
    if op == "main_action":
        main = _choice(where, op, value, (*MAIN_ACTIONS, "any"))
        return [("main_action", main if main < len(MAIN_ACTIONS) else -1)]
    if op == "cost_discount":
        return [("cost_discount", _choice(where, op, value, ("dig", "bed")))]
    if op in ("explore", "move_workers"):
        return [(op, _count(where, op, value))]
    if op in COUNTED:
        return [(op,)] * _count(where, op, value)
    if op == "play_invention":
        table = _table(where, op, value, ("deck", "free"))
        deck = _choice(where, op, table.get("deck", "any"), (*DECKS, "any"))
        free = table.get("free", False)
        if not isinstance(free, bool):
            raise fail(where, f"primitive 'play_invention': free must be true/false, got {free!r}")
        return [("play", deck if deck < 2 else -1, free)]
    if op == "take_visitor":
        return [("take_visitor", _choice(where, op, value, DECKS))]
    if op == "gain_icon":
        icon = _choice(where, op, value, (*ICONS, "any"))
        return [("gain_icon", icon if icon < len(ICONS) else -1)]
    if op == "end_vp_per":
        return [_end_vp(where, value)]
    if op == "lose":
        return [("lose_vp", n) for _, n in _amounts(where, op, value, ("vp",))]
    if op == "explorer_move":
        return [("explorer_move", _choice(where, op, value, EXPLORER_MOVES))]
    if op == "discount":
        return [("next_discount", r, n) for r, n in _amounts(where, op, value, ("wood", "metal"))]
    if op == "spend":
        amounts = _amounts(where, op, value, tuple(SPEND))
        if len(amounts) != 1:
            raise fail(where, "primitive 'spend' names exactly one thing to spend")
        ((i, n),) = amounts
        return [("spend", SPEND[tuple(SPEND)[i]], n)]  # the rest of the effect is added later
    if op == "attack":
        table = _table(where, op, value, ("lose", "n"))
        return [
            (
                "attack",
                _choice(where, op, table.get("lose"), LOSE),
                _count(where, op, table.get("n", 1)),
            )
        ]
    raise fail(where, f"unknown primitive {op!r}")


COUNTED: Final = frozenset(
    {"dig_free", "bed_free", "place_worker", "reveal_mission", "complete_mission",
     "take_round_visitor", "gain_power", "gain_hero", "achieve_goal", "move_token_bonus",
     "extra_room"}
)  # fmt: skip


def _end_vp(where: str, value: Any) -> tuple:
    table = _table(where, "end_vp_per", value, ("what", "vp"))
    what = table.get("what")
    if not isinstance(what, str):
        raise fail(where, f"end_vp_per: 'what' must be a string, got {what!r}")
    kind, _, arg = what.partition("/")
    code = _choice(where, "end_vp_per.what", kind, END_WHAT)
    sub = -1
    if kind == "type":
        sub = _choice(where, "end_vp_per.what", arg, TYPES)
    elif kind == "icon":
        sub = _choice(where, "end_vp_per.what", arg, ICONS)
    elif arg:
        raise fail(where, f"end_vp_per: {what!r} takes no '/...' argument")
    return ("end_vp_per", code, sub, _count(where, "end_vp_per.vp", table.get("vp"), 10))


def compile_effect(where: str, raw: Any, kind: str = "immediate") -> tuple:
    """Compile a list of primitives, checking they suit the effect ``kind``."""
    if not isinstance(raw, list):
        raise fail(where, f"effect must be a list of primitives, got {raw!r}")
    prims: list[tuple] = []
    for item in raw:
        prims.extend(compile_prim(where, item))
    _check_kind(where, prims, kind)
    return _with_continuations(prims)


def _with_continuations(prims: list[tuple]) -> tuple:
    """A 'spend' carries the rest of its effect, which happens only if the cost is paid."""
    for i, prim in enumerate(prims):
        if prim[0] == "spend":
            return (*prims[:i], (*prim, _with_continuations(prims[i + 1 :])))
    return tuple(prims)


def _check_kind(where: str, prims: list[tuple], kind: str) -> None:
    for prim in prims:
        op = prim[0]
        if kind == "permanent" and op not in PERMANENT_OPS:
            raise fail(where, f"permanent effect cannot use {op!r}")
        if kind != "permanent" and kind != "ability" and op in PERMANENT_OPS:
            raise fail(where, f"{op!r} is permanent; use kind = 'permanent'")
        if (kind == "end_game") != (op in END_OPS):
            raise fail(where, f"{op!r} does not fit an effect of kind {kind!r}")
        if (op == "attack") and kind != "attack":
            raise fail(where, "attack primitives need kind = 'attack'")


def compile_condition(where: str, raw: Any) -> tuple:
    """Compile a mission/goal condition list into ``(kind, arg, n)`` tuples."""
    if not isinstance(raw, list) or not raw:
        raise fail(where, f"condition must be a non-empty list, got {raw!r}")
    out: list[tuple] = []
    for item in raw:
        if not isinstance(item, dict) or len(item) != 1:
            raise fail(where, f"a condition must be a one-key table, got {item!r}")
        ((key, value),) = item.items()
        if key == "icons":
            out += [("icons", i, n) for i, n in _amounts(where, key, value, ICONS)]
        elif key == "played":
            out += [("played", t, n) for t, n in _amounts(where, key, value, TYPES)]
        elif key == "resources":
            out += [("res", r, n) for r, n in _amounts(where, key, value, ("wood", "metal"))]
        elif key in ("beds", "rooms", "visitors", "inventions"):
            out.append((key, 0, _count(where, key, value, 12)))
        elif key == "power":
            out.append(("power", 0, _count(where, key, value, 2)))
        else:
            raise fail(where, f"unknown condition {key!r}")
    return tuple(out)
