"""A seat's view of the position as plain data, for replay pages (``Game.seat_view``).

Everything on a player's board but the hand is public (``board.PUBLIC_FIELDS``); of another
seat's hand the viewer sees the cards it was shown (``known_cards``) and a count of the rest
(§11, as in ``views.observation``).
"""

from __future__ import annotations

from typing import Any

from simcore.games.rats_of_wistar.labels import bonus_label
from simcore.games.rats_of_wistar.position import Position
from simcore.games.rats_of_wistar.scoring import score_total
from simcore.games.rats_of_wistar.vocab import MAIN_LABELS, RESOURCES
from simcore.games.rats_of_wistar.wheel import space_slot


def _wheel(s: Position) -> list[dict[str, Any]]:
    """Per sector: its id, slot this round, the main action there, and its spaces."""
    out = []
    for sec, (sid, spaces) in enumerate(s.content.wheel[s.n_players]):
        slot = space_slot(s, sec)
        chiefs = s.space_chiefs[sec]
        out.append(
            {
                "sector": sid,
                "slot": slot,
                "action": MAIN_LABELS[slot],
                "spaces": [
                    {"bonus": bonus_label(b), "chief": chiefs[i]} for i, b in enumerate(spaces)
                ],
            }
        )
    return out


def _hand(s: Position, seat: int, viewer: int, reveal: bool) -> tuple[list[str], int]:
    """The hand's cards ``viewer`` can name, and how many it cannot."""
    pl, cards = s.players[seat], s.content.cards
    if reveal or seat == viewer:
        return [cards[c].name for c in pl.hand], 0
    named = [cards[c].name for c in pl.hand if c in pl.known_cards]
    return named, len(pl.hand) - len(named)


def _seat(s: Position, seat: int, viewer: int, reveal: bool) -> dict[str, Any]:
    pl, con = s.players[seat], s.content
    named, hidden = _hand(s, seat, viewer, reveal)
    return {
        "seat": seat,
        "vp": score_total(s, seat),
        "resources": dict(zip(RESOURCES[:5], pl.resources[:5], strict=True)),
        "power": pl.power,
        "workers": pl.workers(),
        "beds": pl.beds,
        "rooms": pl.dug_rooms,
        "played": [con.cards[c].name for c in pl.played],
        "visitors": [con.visitors[v].id for v in pl.visitors],
        "hand": named,
        "hand_hidden": hidden,
    }


def seat_view(s: Position, viewer: int, reveal: bool = False) -> dict[str, Any]:
    """Wheel (sectors, spaces, chiefs), the hut, the market and every board as ``viewer``
    sees them."""
    con = s.content
    view: dict[str, Any] = {
        "kind": "rats_of_wistar",
        "round": s.round,
        "rounds": s.params.rounds,
        "order": list(s.order),
        "wheel": _wheel(s),
        "hut": list(s.hut_chiefs),
        "market": [[con.cards[c].name for c in row if c >= 0] for row in s.market],
        "seats": [_seat(s, p, viewer, reveal) for p in range(s.n_players)],
    }
    view["lines"] = _lines(view)
    return view


def _lines(view: dict[str, Any]) -> list[str]:
    """The view as text: the round, the market, one line per board."""
    out = [
        f"round {view['round']} of {view['rounds']}, turn order {view['order']}; hut "
        f"{view['hut'] or '-'}",
        f"market: {', '.join(view['market'][0]) or '-'} | {', '.join(view['market'][1]) or '-'}",
    ]
    for row in view["seats"]:
        res = ", ".join(f"{k} {v}" for k, v in row["resources"].items())
        hand = (
            ", ".join(
                row["hand"] + ([f"{row['hand_hidden']} hidden"] if row["hand_hidden"] else [])
            )
            or "-"
        )
        out.append(
            f"seat {row['seat']}: {row['vp']} VP; {res}; power {row['power']}, workers "
            f"{row['workers']}, beds {row['beds']}, rooms {row['rooms']}; played "
            f"{', '.join(row['played']) or '-'}; visitors "
            f"{', '.join(row['visitors']) or '-'}; hand {hand}"
        )
    return out
