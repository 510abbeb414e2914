"""Labels, action classes, decoded columns, the text view and the heuristic value."""

from __future__ import annotations

from typing import Any

from simcore.games.lord_of_worlds import codes as C
from simcore.games.lord_of_worlds.board import NEUTRAL, PORTAL
from simcore.games.lord_of_worlds.options import view_options
from simcore.games.lord_of_worlds.planet import (
    planet_chain_scores,
    planet_values,
    value_set_points,
)
from simcore.games.lord_of_worlds.position import Position
from simcore.games.lord_of_worlds.tables import TERRAIN_COLOURS, TERRAINS, TYPE_NAMES, WILD

_SHORT = ("Wa", "De", "Lo", "Fo", "Hi", "Mo", "Ar", "Sa", "Vi", "Mx")
_KINDS = (
    (C.VIEW, "viewpoint"), (C.JUMP, "jump"), (C.REVEAL, "reveal"), (C.PORTAL, "portal"),
    (C.DISCARD, "discard"), (C.PASS, "pass"), (C.DECLINE, "decline"), (C.FREE_BOARD, "free_board"),
    (C.FREE_SUPPLY, "free_supply"), (C.PLACE, "place"), (C.COLLECT, "collect"),
    (C.STOP, "stop"), (C.MOVE, "move"), (C.DONE, "done"), (C.ADD, "add"), (C.PLAY, "play"),
    (C.HIRE, "hire"),
)  # fmt: skip


def action_kind(action: int) -> tuple[str, int]:
    """(kind name, argument) of an action code."""
    for base, name in _KINDS:
        if action >= base:
            return name, action - base
    return "invalid", action


def _tile_of(s: Position, kind: str, arg: int) -> int:
    """The tile an action collects or places (-1 if none)."""
    if kind == "place":
        return s.pending_tile
    if kind == "collect":
        return s.board_tile[s.cart_hex[s.player]]
    if kind == "free_supply" and arg < len(s.supply):
        return s.supply[arg]
    if kind == "free_board":
        n = s.context.board.neighbours[s.cart_hex[s.player]][arg] if arg < 6 else -1
        return s.board_tile[n] if n >= 0 else -1
    return -1


def action_label(s: Position, action: int, viewer: int | None = None, reveal: bool = False) -> str:
    """Readable label of ``action`` as ``viewer`` sees it (None: the seat to act)."""
    kind, arg = action_kind(action)
    names = s.context.cards
    tile = _tile_of(s, kind, arg)
    tname = s.context.tiles.name(tile) if tile >= 0 else ""
    if kind == "hire" and arg < len(s.piles):
        return f"hire pile {arg} ({', '.join(names.name(k) for k in s.piles[arg])})"
    if kind == "play":
        return f"play {TERRAIN_COLOURS[arg]} cards"
    if kind in ("add", "discard"):
        if arg >= len(names.value):
            return kind
        if not _seen_in_hand(s, arg, viewer, reveal):
            return f"{kind} a hand card"
        return f"{kind} {names.name(arg)}"
    board = s.context.board
    if kind == "move" and arg < 6 and s.cart_hex[s.player] >= 0:
        to = board.neighbours[s.cart_hex[s.player]][arg]
        return f"move to hex {to} {board.coords[to]}" if to >= 0 else "move off the board"
    if kind in ("jump", "reveal") and arg < board.size:
        verb = "portal jump to" if kind == "jump" else "reveal"
        return f"{verb} hex {arg} {board.coords[arg]}"
    if kind == "place":
        return f"place {tname} on planet hex {arg}"
    if kind in ("collect", "free_supply", "free_board"):
        return f"{kind.replace('_', ' ')} {tname}".strip()
    if kind == "portal":
        return f"start at portal {arg}"
    if kind == "viewpoint":
        return _viewpoint_label(s, arg)
    return kind


def _seen_in_hand(s: Position, kind: int, viewer: int | None, reveal: bool) -> bool:
    """``viewer`` can tell that the seat to act holds a card of ``kind``: its own hand, a card
    everyone saw it hire, or the analyst's view (§7: other hands are hidden)."""
    return reveal or viewer is None or viewer == s.player or s.known_cards[s.player][kind] > 0


def _viewpoint_label(s: Position, index: int) -> str:
    """'viewpoint counts the forest chain (mix on planet hex 4 declared forest)'."""
    found = view_options(s) if s.viewpoint_hex >= 0 else []
    if index >= len(found):
        return "viewpoint"
    terrain, mixes = found[index]
    name = TERRAINS[terrain]
    if not mixes:
        return f"viewpoint counts the {name} chain"
    where = ", ".join(str(m) for m in mixes)
    mix = "mix on planet hex" if len(mixes) == 1 else "mixes on planet hexes"
    return f"viewpoint counts the {name} chain ({mix} {where} declared {name})"


def class_catalogue() -> dict[str, str]:
    """Every class ``action_classes`` can return, with its meaning."""
    out = {
        "hire": "hire a pile of assistants",
        "play": "play cards (any colour)",
        "collect": "collect the tile under the cart (paid)",
        "collect/colored": "paid collection on a coloured hex",
        "collect/neutral": "paid collection on a neutral hex",
        "place": "place a tile on the planet",
        "place/architect_space": "place on an architect space",
        "place/empty": "place on an empty hex",
        "free": "the free collection step (any choice)",
        "free/supply": "free collection from the open supply",
        "free/board": "free collection from the board",
        "free/decline": "decline the free collection",
        "jump": "portal jump",
        "reveal": "reveal a board tile at setup",
        "portal": "start portal",
        "discard": "discard to the hand limit",
        "pass": "pass (nothing to do)",
        "stop": "end the move",
        "move": "move the cart one hex",
        "done": "finish choosing cards",
        "add": "add a card to the payment",
        "viewpoint": "choose which of the tied chains next to a viewpoint counts",
    }
    for colour in (*TERRAIN_COLOURS, "white"):
        out[f"hire/{colour}"] = f"hire a {colour} pile"
    for colour in TERRAIN_COLOURS:
        out[f"play/{colour}"] = f"play {colour} cards"
    for ttype in TYPE_NAMES:
        out[f"place/{ttype}"] = f"place {'an' if ttype[0] in 'aeiou' else 'a'} {ttype} tile"
    return out


def action_classes(s: Position, action: int) -> tuple[str, ...]:
    """Classes for restricted play: e.g. 'hire', 'play/red', 'collect/colored', 'place/empty'."""
    kind, arg = action_kind(action)
    if kind == "hire":
        col = s.pile_colour[arg] if arg < len(s.pile_colour) else -1
        return ("hire", f"hire/{'white' if col == WILD else TERRAIN_COLOURS[col]}")
    if kind == "play":
        return ("play", f"play/{TERRAIN_COLOURS[arg]}")
    if kind == "collect":
        coloured = s.context.board.colour[s.cart_hex[s.player]] >= 0
        return ("collect", "collect/colored" if coloured else "collect/neutral")
    if kind == "place" and s.pending_tile >= 0 and 0 <= arg < s.context.planet.size:
        space = s.context.planet.architect[arg] or s.planet_architects[s.player][arg] > 0
        ttype = TYPE_NAMES[s.context.tile_type[s.pending_tile]]
        return ("place", "place/architect_space" if space else "place/empty", f"place/{ttype}")
    if kind in ("free_supply", "free_board", "decline"):
        return ("free", f"free/{kind.removeprefix('free_')}")
    return (kind,)


def action_info(s: Position, action: int) -> dict[str, Any]:
    """Decoded columns: kind, tile_type, tile_value, planet_hex (a viewpoint choice: the
    terrain counted as tile_type, the viewpoint's hex)."""
    kind, arg = action_kind(action)
    if kind == "viewpoint":
        found = view_options(s) if s.viewpoint_hex >= 0 else []
        terrain = TERRAINS[found[arg][0]] if arg < len(found) else ""
        return {"kind": kind, "tile_type": terrain, "tile_value": 0, "planet_hex": s.viewpoint_hex}
    tile = _tile_of(s, kind, arg)
    return {
        "kind": kind,
        "tile_type": TYPE_NAMES[s.context.tile_type[tile]] if tile >= 0 else "",
        "tile_value": s.context.tile_value[tile] if tile >= 0 else 0,
        "planet_hex": arg if kind == "place" else -1,
    }


CARD_POINT_STARS = 0.4  # rough exchange rate of one card point into stars (public estimate)
MEAN_CARD = 3.0  # mean card value: rivals' hands are hidden, only their size is public


def heuristic_value(s: Position, player: int) -> float:
    """Stars, provisional chain (and value-set) points and buying power, relative to the best
    rival, in [0, 1].

    Buying power (hand size x mean card value, plus the budget being spent) makes hiring and
    collecting comparable for a short search horizon; it uses public information only.
    """
    ctx = s.context
    totals = []
    for p in range(s.n):
        total = float(sum(s.points[p]))
        if not s.is_terminal():
            total += planet_chain_scores(s, p)[0]
            if ctx.params.scores_value_sets:  # strategic variant: a third of a score or more
                total += value_set_points(planet_values(s, p), ctx.scoring.value_sets)
            power = s.hand_size[p] * MEAN_CARD + (s.budget if p == s.player else 0)
            total += CARD_POINT_STARS * power
        totals.append(total)
    mine = totals[player]
    rival = max(t for p, t in enumerate(totals) if p != player) if s.n > 1 else 0.0
    return 0.5 + 0.5 * (mine - rival) / (abs(mine) + abs(rival) + 10.0)


def _cell(s: Position, p: int, h: int) -> str:
    tile = s.planet_tile[p][h]
    ctx = s.context
    if tile >= 0:
        text = f"{_SHORT[ctx.tile_type[tile]]}{ctx.tile_value[tile]}"
    elif s.planet_architects[p][h]:
        text = f"A+{s.planet_architects[p][h]}"
    elif ctx.planet.architect[h]:
        text = "[A]"
    else:
        text = "."
    return f"{text:^5}"


def render_planet(s: Position, p: int) -> list[str]:
    """ASCII hex map of ``p``'s planet (rows by r, shifted by half a cell per row)."""
    coords = s.context.planet.coords
    rows: dict[int, list[tuple[int, int]]] = {}
    for h, (q, r) in enumerate(coords):
        rows.setdefault(r, []).append((q, h))
    lines = []
    for r in sorted(rows):
        cells = sorted(rows[r])
        # axial to offset layout: each row shifts right by half a hex per step of r
        indent = (2 * cells[0][0] + r - min(2 * q + rr for q, rr in coords)) * 3
        lines.append(" " * indent + " ".join(_cell(s, p, h) for _, h in cells))
    return lines


def render_board(s: Position) -> list[str]:
    """ASCII map of the main board: P portal, ?? face down, tile code, lower-case colour mark."""
    board, ctx = s.context.board, s.context
    carts: dict[int, list[str]] = {}
    for p, h in enumerate(s.cart_hex):
        carts.setdefault(h, []).append(str(p))
    rows: dict[int, list[tuple[int, int]]] = {}
    for h, (q, r) in enumerate(board.coords):
        rows.setdefault(r, []).append((q, h))
    lo = min(2 * q + r for q, r in board.coords)
    lines = []
    for r in sorted(rows):
        cells = sorted(rows[r])
        text = []
        for _, h in cells:
            tile, col = s.board_tile[h], board.colour[h]
            mark = "P" if col == PORTAL else " " if col == NEUTRAL else TERRAIN_COLOURS[col][0]
            body = (
                ""
                if tile < 0
                else "??"
                if not s.board_face_up[h]
                else (f"{_SHORT[ctx.tile_type[tile]]}{ctx.tile_value[tile]}")
            )
            cart = "*" + "".join(carts[h]) if h in carts else ""
            text.append(f"{mark}{body}{cart}"[:7].ljust(7))
        indent = (2 * cells[0][0] + r - lo) * 4  # half a cell per step
        lines.append(" " * indent + " ".join(text))
    return lines


def render(s: Position) -> str:
    """Whole position as text."""
    cards, tiles = s.context.cards, s.context.tiles
    out = [f"turn {s.turns}, round {s.rounds}, phase {s.phase}, seat {s.current_player} to act"]
    for i, pile in enumerate(s.piles):
        out.append(f"pile {i}: {', '.join(cards.name(k) for k in pile)} (sum {s.pile_sum[i]})")
    out.append(f"deck {len(s.deck)}, discard {sum(s.discard)}, reserve {len(s.reserve)}")
    out.append("open supply: " + ", ".join(tiles.name(t) for t in s.supply))
    out.append("board (P portal, ?? face down, colour initial, *seat carts):")
    out += ["  " + line for line in render_board(s)]
    for p in range(s.n):
        hand = [cards.name(k) for k, c in enumerate(s.hands[p]) for _ in range(c)]
        out.append(
            f"seat {p}: {sum(s.points[p])} stars {s.points[p]}, cart hex {s.cart_hex[p]}, "
            f"hand {', '.join(hand)}"
        )
        out += ["  " + line for line in render_planet(s, p)]
    return "\n".join(out)
