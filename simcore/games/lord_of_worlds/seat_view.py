"""A seat's view of the position as plain data, for replay pages (``Game.seat_view``).

The board's face-down hexes, the deck order and the reserve are hidden from everyone; of
another seat's hand the viewer sees the cards known to all (``known``) and a count of the
rest (§7, as in ``observation``). Piles, supply, planets and stars are public.
"""

from __future__ import annotations

from typing import Any

from simcore.games.lord_of_worlds.board import NEUTRAL, PORTAL
from simcore.games.lord_of_worlds.labels import render_planet
from simcore.games.lord_of_worlds.state import LordOfWorldsState
from simcore.games.lord_of_worlds.tables import TERRAIN_COLOURS


def _hand(s: LordOfWorldsState, seat: int, counts: list[int]) -> list[str]:
    """Card names, one per card, from counts per card kind."""
    return [s.context.cards.name(k) for k, c in enumerate(counts) for _ in range(c)]


def _board(s: LordOfWorldsState, reveal: bool) -> list[dict[str, Any]]:
    """Per board hex: axial position, colour, what lies on it (``??`` face down) and carts."""
    board, tiles = s.context.board, s.context.tiles
    out = []
    for h, (q, r) in enumerate(board.coords):
        col, tile = board.colour[h], s.board_tile[h]
        colour = "portal" if col == PORTAL else "" if col == NEUTRAL else TERRAIN_COLOURS[col]
        text = "" if tile < 0 else tiles.name(tile) if s.board_face_up[h] or reveal else "??"
        carts = [p for p, at in enumerate(s.cart_hex) if at == h]
        out.append({"q": q, "r": r, "colour": colour, "tile": text, "carts": carts})
    return out


def _seat(s: LordOfWorldsState, seat: int, viewer: int, reveal: bool) -> dict[str, Any]:
    mine = reveal or seat == viewer
    hand = _hand(s, seat, s.hands[seat] if mine else s.known_cards[seat])
    return {
        "seat": seat,
        "stars": sum(s.points[seat]),
        "hand": hand,
        "hand_hidden": 0 if mine else s.hand_size[seat] - len(hand),
        "planet": render_planet(s, seat),
    }


def seat_view(s: LordOfWorldsState, viewer: int, reveal: bool = False) -> dict[str, Any]:
    """Board, display piles, open supply, planets and hands as ``viewer`` sees them."""
    cards, tiles = s.context.cards, s.context.tiles
    view: dict[str, Any] = {
        "kind": "lord_of_worlds",
        "round": s.rounds + 1,
        "turn": s.turns,
        "piles": [", ".join(cards.name(k) for k in pile) or "-" for pile in s.piles],
        "supply": [tiles.name(t) for t in s.supply],
        "deck": len(s.deck),
        "board": _board(s, reveal),
        "seats": [_seat(s, p, viewer, reveal) for p in range(s.n)],
    }
    view["lines"] = _lines(view)
    return view


def _lines(view: dict[str, Any]) -> list[str]:
    """The view as text: piles, supply, then each seat's stars, hand and planet."""
    out = [
        f"round {view['round']}, turn {view['turn']}; deck {view['deck']} cards",
        "piles: " + " / ".join(view["piles"]),
        "open supply: " + (", ".join(view["supply"]) or "-"),
    ]
    for row in view["seats"]:
        hidden = [f"{row['hand_hidden']} hidden"] if row["hand_hidden"] else []
        out.append(
            f"seat {row['seat']}: {row['stars']} stars; hand "
            f"{', '.join(row['hand'] + hidden) or '-'}"
        )
        out += ["  " + line for line in row["planet"]]
    return out
