"""A seat's view of the position as plain data, for replay pages (``Game.seat_view``).

Only what the viewer can identify is named (§8: the same test as ``observation`` and the
labels): a card it cannot identify is ``None``; chips, values, VP and the discard pile are
public.
"""

from __future__ import annotations

from typing import Any

from simcore.games.ratjack.narrative import card_str, sees
from simcore.games.ratjack.params import FACE_IDS
from simcore.games.ratjack.position import Position

PHASE_NAMES = ("setup", "draw", "play", "effect", "over", "undealt")


def _card(s: Position, c: int, viewer: int, reveal: bool) -> str | None:
    """The card's name if ``viewer`` identifies it, else None."""
    return card_str(s, c) if sees(s, c, viewer, reveal) else None


def _chip(s: Position, c: int) -> str | None:
    k = s.card_chip[c]
    return FACE_IDS[s.chip_face[k]] if k >= 0 else None


def seat_view(s: Position, viewer: int, reveal: bool = False) -> dict[str, Any]:
    """Displays (cards, sides, chips), hands, values, VP, reserve chips and piles as ``viewer``
    sees them."""
    seats = []
    for p in range(s.n):
        display = [
            {"card": _card(s, c, viewer, reveal), "up": bool(s.face_up[c]), "chip": _chip(s, c)}
            for c in s.displays[p]
        ]
        hand = [_card(s, c, viewer, reveal) for c in s.hands[p]]
        seats.append(
            {
                "seat": p,
                "vp": s.victory_points[p],
                "value": s.value(p),
                "eliminated": bool(s.eliminated[p]),
                "display": display,
                "hand": hand,
            }
        )
    reserve = sorted(FACE_IDS[s.chip_face[k]] for k, on in enumerate(s.chip_card) if on == -1)
    flight = s.card_in_flight
    view: dict[str, Any] = {
        "kind": "ratjack",
        "round": s.round_no,
        "phase": PHASE_NAMES[s.phase],
        "target": s.params.target,
        "points_to_win": s.params.points_to_win,
        "deck": len(s.deck),
        "discard_top": card_str(s, s.discard[-1]) if s.discard else None,
        "discard": len(s.discard),
        "reserve_chips": reserve,
        "in_flight": (_card(s, flight, viewer, reveal) or "a hidden card") if flight >= 0 else None,
        "seats": seats,
    }
    view["lines"] = _lines(view)
    return view


def _lines(view: dict[str, Any]) -> list[str]:
    """The view as text (one line per seat)."""
    out = [
        f"round {view['round']} ({view['phase']}); deck {view['deck']} cards; discard top "
        f"{view['discard_top'] or '-'}; reserve chips {', '.join(view['reserve_chips']) or '-'}"
    ]
    for row in view["seats"]:
        cards = "; ".join(
            f"{d['card'] or 'hidden card'} {'up' if d['up'] else 'down'}"
            + (f" [{d['chip']}]" if d["chip"] else "")
            for d in row["display"]
        )
        hand = ", ".join(c or "hidden card" for c in row["hand"]) or "-"
        out.append(
            f"seat {row['seat']}: {row['vp']} VP, value {row['value']}"
            f"{' (out)' if row['eliminated'] else ''}; display {cards or '-'}; "
            f"hand {hand}"
        )
    return out
