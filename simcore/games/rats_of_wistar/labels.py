"""Readable labels, action classes, action records (§12) and the text view of a position."""

from __future__ import annotations

from typing import Any, Final

from simcore.games.rats_of_wistar.board import (
    ABILITY_BASE,
    AREA_BASE,
    BED_ACT,
    BRANCH_BASE,
    CARD_BASE,
    CHEESE_ACT,
    DECIDE,
    DIG_ACT,
    DOOR_BASE,
    GOAL_BASE,
    HERO_BASE,
    HUT,
    ICON_BASE,
    MAIN_BASE,
    MARKET_BASE,
    MISSION_BASE,
    MOVE_BASE,
    ORDER_BASE,
    PAIR_BASE,
    PAY_METAL,
    PAY_WOOD,
    POTION_BASE,
    QUICK_NAMES,
    REVEAL_BASE,
    ROOM_BASE,
    SPACE_BASE,
    SPEND_ACT,
    SPEND_CHEESE,
    STOP,
    VISIT_BASE,
    VISRET_BASE,
    X1_BASE,
)
from simcore.games.rats_of_wistar.records import YIELDS
from simcore.games.rats_of_wistar.scoring import score_parts
from simcore.games.rats_of_wistar.setup import wheel_order
from simcore.games.rats_of_wistar.vocab import AREAS, ICONS, MAIN_LABELS, RESOURCES
from simcore.games.rats_of_wistar.wheel import space_slot, strength


def _visitor(s: Any, index: int) -> int:
    """The visitor at ``index`` of the acting player's board."""
    return s.players[s.current_player].visitors[index]


BLANK: Final = {"round": 0, "turn": 0, "turn_position": 0, "sector": "", "space": 0, "slot": -1,
         "main_action": "", "strength": 0, "bonus": "", "order": "", "kind": "",
         "bonus_choices": "", "strength_used": -1, **{f"y_{k}": 0 for k in YIELDS}}  # fmt: skip
ACTION_COLUMNS = {k: ("str" if isinstance(v, str) else "int") for k, v in BLANK.items()}
ACTION_COLUMNS["main_strength"] = "int"  # filled after the step (post_action_info)


def prim_label(prim: tuple) -> str:
    """Short text of a compiled primitive."""
    op = prim[0]
    if op == "gain":
        return f"gain {prim[2]} {RESOURCES[prim[1]]}"
    if op == "draw":
        return f"draw {prim[2]} {'basic' if prim[1] == 0 else 'advanced'} invention"
    if op == "play":
        deck = {-1: "", 0: "basic ", 1: "advanced "}[prim[1]]
        return f"play {'free ' if prim[2] else ''}{deck}invention"
    if op in ("move_workers", "explore"):
        return f"{op.replace('_', ' ')} {prim[1]}"
    return op.replace("_", " ")


def bonus_label(branches: tuple) -> str:
    """'A & B' for a space doing both, 'A | B' for a choice."""
    return " | ".join(" & ".join(prim_label(p) for p in b) or "-" for b in branches)


def _space(action: int) -> tuple[int, int]:
    return divmod(action - SPACE_BASE, 3)


def action_label(s: Any, action: int, viewer: int | None = None, reveal: bool = False) -> str:
    """Label of ``action`` for the pending decision as ``viewer`` sees it (None: the seat to
    act)."""
    op = s.stack[-1][0] if s.stack else ""
    con = s.content
    if op == "turn":
        if action == HUT:
            return "chief -> Alchemist's hut"
        if action == STOP:
            return "end turn"
        if action >= SPACE_BASE:
            sec, sp = _space(action)
            sid, spaces = con.wheel[s.n_players][sec]
            return f"chief -> {sid}.{sp + 1} [{MAIN_LABELS[space_slot(s, sec)]} + " + (
                f"{bonus_label(spaces[sp])}]"
            )
        return f"quick: {QUICK_NAMES.get(action, action)}"
    if action == STOP:
        return "stop"
    return _generic(s, op, action, viewer, reveal)


def _seen_in_hand(s: Any, card: int, viewer: int | None, reveal: bool) -> bool:
    """``viewer`` can tell that the seat to act holds ``card``: its own hand, a card the others
    saw enter it (starting pair, market), or the analyst's view (§11: other hands are hidden)."""
    actor = s.current_player
    if reveal or viewer is None or viewer == actor or actor < 0:
        return True
    return card in s.players[actor].known_cards


def _generic(s: Any, op: str, action: int, viewer: int | None = None, reveal: bool = False) -> str:
    con = s.content
    if op == "order":
        part = s.stack[-1][2][action - ORDER_BASE]
        if part[0][0] == "main":
            return f"next: main action {MAIN_LABELS[part[0][2]]}"
        return "next: " + " & ".join(prim_label(t[:1] + t[2:]) for t in part)
    if action >= X1_BASE:
        return f"use x1 of {s.players[s.current_player].x1_effects[action - X1_BASE][0]}"
    if action >= HERO_BASE:
        return f"hero {con.heroes[action - HERO_BASE].label}"
    if action >= MARKET_BASE:
        deck, slot = divmod(action - MARKET_BASE, 10)
        name = "basic" if deck == 0 else "advanced"
        return (
            f"take top {name} card"
            if slot == 9
            else (f"take {con.cards[s.market[deck][slot]].name} ({name} market {slot + 1})")
        )
    if action >= CARD_BASE:
        verb = {"pay": "pay with", "x1": "use x1 of"}.get(op, "play")
        card = action - CARD_BASE
        if op != "x1" and not _seen_in_hand(s, card, viewer, reveal):
            return f"{verb} a hand card"
        return f"{verb} {con.cards[card].name}"
    table = (
        (BED_ACT, lambda a: "build a bed"),
        (DIG_ACT, lambda a: "dig a room"),
        (PAIR_BASE, lambda a: f"take starting pair {a + 1}"),
        (MAIN_BASE, lambda a: f"main action {MAIN_LABELS[a]}"),
        (ICON_BASE, lambda a: f"tech icon {ICONS[a]}"),
        (POTION_BASE, lambda a: f"potion: {('mission', 'invention', 'wood', 'metal')[a]}"),
        (GOAL_BASE, lambda a: f"goal {con.goals[s.goals[a]][0]}"),
        (ABILITY_BASE, lambda a: f"ability {con.abilities[a].id} ({con.abilities[a].label})"),
        (MISSION_BASE, lambda a: f"complete mission {con.missions[s.mission_ids[a]].id}"),
        (CHEESE_ACT, lambda a: "take the cheese"),
        (VISIT_BASE, lambda a: f"take visitor in {con.farm.rooms[a]}"),
        (REVEAL_BASE, lambda a: f"reveal mission in {con.farm.rooms[s.mission_rooms[a]]}"),
        (ROOM_BASE, lambda a: f"move explorer to {con.farm.rooms[a]}"),
        (
            DOOR_BASE,
            lambda a: "open door {}-{}".format(*(con.farm.rooms[r] for r in con.farm.doors[a])),
        ),
        (SPEND_CHEESE, lambda a: "spend the cheese"),
        (VISRET_BASE, lambda a: f"spend visitor {con.visitors[_visitor(s, a)].id}"),
        (SPEND_ACT, lambda a: "pay the cost"),
        (BRANCH_BASE, lambda a: f"choose {bonus_label((s.stack[-1][2][a],))}"),
        (PAY_METAL, lambda a: "pay metal"),
        (PAY_WOOD, lambda a: "pay wood"),
        (MOVE_BASE, lambda a: f"move worker {AREAS[a // 3]} -> {AREAS[a % 3]}"),
        (AREA_BASE, lambda a: f"place worker in {AREAS[a]}"),
    )
    for base, fn in table:
        if action >= base:
            return fn(action - base)
    return str(action)


def class_catalogue(content: Any) -> dict[str, str]:
    """Every class ``action_classes`` can return, with its meaning (all player counts)."""
    out = {
        "place": "any chief placement",
        "place/hut": "a chief to the Alchemist's hut",
        "end_turn": "end the turn",
        "quick": "any quick action",
    }
    for name in QUICK_NAMES.values():
        out["quick/" + name.replace(" ", "_")] = f"quick action: {name}"
    for n, sectors in content.wheel.items():
        for sid, spaces in sectors:
            out.setdefault(f"place/{sid}", f"a chief on sector {sid}")
            for k, branches in enumerate(spaces, 1):
                text = out.get(f"place/{sid}/{k}", "")
                what = f"{n}p: {bonus_label(branches)}"
                out[f"place/{sid}/{k}"] = (
                    f"{text}; {what}" if text else f"space {k} of {sid} ({what}"
                )
    for key in [k for k in out if k.count("/") == 2]:
        out[key] += ")"
    for op in DECIDE:
        if op != "turn":
            out.setdefault(op, f"the {op.replace('_', ' ')} decision")
    for card in content.cards:
        out.setdefault(f"play/{card.design}", f"play an invention of design {card.design}")
    return out


def describe_class(content: Any, name: str, n_players: int) -> str:
    """``place/S3`` -> ``S3 (complete mission | move workers 2)`` for ``n_players`` players:
    a sector named by what it offers at that player count (its spaces joined by " / ")."""
    parts = name.split("/")
    if parts[0] != "place" or len(parts) < 2 or parts[1] == "hut":
        return "the Alchemist's hut" if name == "place/hut" else name
    spaces = dict(content.wheel.get(n_players, [])).get(parts[1])
    if spaces is None:
        return name
    if len(parts) == 3:
        k = int(parts[2])
        return f"{parts[1]}.{k} ({bonus_label(spaces[k - 1])})" if k <= len(spaces) else name
    return f"{parts[1]} ({' / '.join(bonus_label(b) for b in spaces)})"


def action_classes(s: Any, action: int) -> tuple[str, ...]:
    """``place/S3``, ``place/S3/2``, ``place/hut``, ``quick/<name>``, ``<decision>``."""
    op = s.stack[-1][0] if s.stack else ""
    if op == "turn":
        if action == HUT:
            return ("place", "place/hut")
        if action >= SPACE_BASE:
            sec, sp = _space(action)
            sid = s.content.wheel[s.n_players][sec][0]
            return ("place", f"place/{sid}", f"place/{sid}/{sp + 1}")
        if action == STOP:
            return ("end_turn",)
        return ("quick", "quick/" + QUICK_NAMES[action].replace(" ", "_"))
    if op == "play" and action >= CARD_BASE:
        card = s.content.cards[action - CARD_BASE]
        return (op, f"{op}/{card.design}")
    return (op,)


def action_info(s: Any, action: int) -> dict[str, Any]:
    """Placement columns for chief placements, ``kind`` for every decision."""
    op = s.stack[-1][0] if s.stack else ""
    seat = s.current_player
    row = dict(BLANK)
    row["kind"] = op
    row["round"] = s.round
    if op != "turn" or (action != HUT and action < SPACE_BASE):
        if op == "turn":
            row["kind"] = "end_turn" if action == STOP else "quick"
        return row
    row.update(kind="place", turn=s.turn + 1, turn_position=s.order.index(seat) + 1)
    if action == HUT:
        row.update(sector="hut", main_action="hut", bonus="potion & move token")
        return row
    sec, sp = _space(action)
    sid, spaces = s.content.wheel[s.n_players][sec]
    slot = space_slot(s, sec)
    row.update(
        sector=sid,
        space=sp + 1,
        slot=slot,
        main_action=MAIN_LABELS[slot],
        strength=strength(s, seat, slot),
        bonus=bonus_label(spaces[sp]),
    )
    return row  # order, bonus choices, yields: amended when the placement is resolved


def render(s: Any) -> str:
    """Whole position and the score breakdown."""
    con = s.content
    lines = [
        f"Rats of Wistar - round {s.round}/{s.params.rounds}, turn order {s.order}, "
        f"content {con.content_set} ({con.content_hash})",
        f"wheel (round 1, slots 0-5): {wheel_order(s)}; hut: {s.hut_chiefs}",
    ]
    for sec, (sid, spaces) in enumerate(con.wheel[s.n_players]):
        chiefs = s.space_chiefs[sec]
        lines.append(
            f"  {sid} at slot {space_slot(s, sec)}: "
            + "; ".join(
                f"{i + 1}:{bonus_label(b)}{'' if chiefs[i] < 0 else f' [seat {chiefs[i]}]'}"
                for i, b in enumerate(spaces)
            )
        )
    market = [[con.cards[c].name if c >= 0 else "-" for c in row] for row in s.market]
    lines.append(f"market basic {market[0]} advanced {market[1]}")
    for seat, pl in enumerate(s.players):
        parts, res = score_parts(s, seat), pl.resources
        lines.append(
            f"seat {seat}: {sum(parts.values())} VP | wood {res[0]} metal {res[1]} "
            f"jokers {res[2]} moves {res[3]} potions {res[4]} power {pl.power} | "
            f"workers entrance {pl.entrance_workers} areas {pl.area_workers} | "
            f"beds {pl.beds} rooms {pl.dug_rooms} | "
            f"hand {len(pl.hand)} played {[con.cards[c].name for c in pl.played]} | "
            f"visitors {[con.visitors[v].id for v in pl.visitors]} missions "
            f"{[con.missions[m].id for m in pl.missions]} "
            f"explorer {con.farm.rooms[pl.explorer_room]}"
        )
        lines.append("    " + ", ".join(f"{k[3:]} {v}" for k, v in parts.items()))
    return "\n".join(lines)
