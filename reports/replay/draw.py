"""Pictures of a seat's view for replay pages: Ratjack displays and chips, the Rats of Wistar
wheel, the Lord of Worlds board; simple inline SVG plus text (``Game.seat_view`` data)."""

from __future__ import annotations

import math
import textwrap
from collections.abc import Callable
from html import escape
from typing import Any

SEAT_COLOURS = ("#d1495b", "#2f6690", "#edae49", "#3a7d44", "#7d5ba6")
DECK_COLOURS = {"rat_red": "#c0392b", "rat_blue": "#2e6fb7", "weasel": "#8e5b2e",
                "raccoon": "#566573"}  # fmt: skip
TERRAIN_FILL = {"cyan": "#bfe9ef", "green": "#cfe8c4", "red": "#f3c7c0", "blue": "#c8d6f2",
                "purple": "#dccbed", "yellow": "#f6e8b1", "portal": "#4a4a4a",
                "": "#f4f1ea"}  # fmt: skip
CHIP_TEXT = {"plus1": "+1", "minus1": "−1", "plus5": "+5", "minus5": "−5", "plus10": "+10",
             "minus3": "−3", "double": "×2", "half": "½", "zero": "0", "blank": "∅",
             "lock": "lock", "shield": "shld"}  # fmt: skip


def seat_colour(seat: int) -> str:
    """The colour of a seat on every picture and on the score track."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def draw_view(view: dict[str, Any]) -> tuple[str, str]:
    """HTML of one view: the game's picture (if it has one), and below it the seats' boards
    as a table (a row per quantity, a column per seat) after the lines that are not a seat's;
    a view without seat records keeps its text lines."""
    draw = DRAWINGS.get(str(view.get("kind", "")))
    picture = draw(view) if draw else ""
    table = seats_table(view.get("seats"))
    lines = [str(line) for line in view.get("lines", [])]
    if table:
        lines = [line for line in lines if not line.startswith(("seat ", " "))]
    text = "\n".join(escape(line) for line in lines)
    return picture, f'<pre class="viewlines">{text}</pre>{table}'


DRAWN = frozenset({"seat", "planet", "display"})  # in the picture, or the column's name


def seats_table(seats: Any) -> str:
    """Each seat's record as a column of a table: scalars as they are, lists joined, a dict
    (resources) a row per key; '' when the view has no seat records."""
    if not isinstance(seats, list) or not seats or not all(isinstance(r, dict) for r in seats):
        return ""
    rows: dict[str, list[str]] = {}
    for i, record in enumerate(seats):
        for key, value in record.items():
            if key in DRAWN:
                continue
            items = value.items() if isinstance(value, dict) else [(key, value)]
            for name, v in items:
                cell = _cell_text(v)
                if cell is not None:
                    rows.setdefault(name.replace("_", " "), [""] * len(seats))[i] = cell
    head = "".join(f"<th>seat {r.get('seat', i)}</th>" for i, r in enumerate(seats))
    body = "".join(
        f"<tr><th>{escape(name)}</th>" + "".join(f"<td>{escape(c)}</td>" for c in cells) + "</tr>"
        for name, cells in rows.items()
    )
    return f'<table class="boards"><tr><th></th>{head}</tr>{body}</table>'


def _cell_text(value: Any) -> str | None:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int | float | str):
        return str(value)
    if value is None:
        return "–"
    if isinstance(value, list) and all(isinstance(x, str) or x is None for x in value):
        return ", ".join(x if x is not None else "hidden card" for x in value) or "–"
    return None  # nested records are drawn in the picture


def _svg(width: float, height: float, body: list[str], label: str) -> str:
    return (
        f'<svg class="view" viewBox="0 0 {width:.0f} {height:.0f}" role="img" '
        f'aria-label="{escape(label)}" xmlns="http://www.w3.org/2000/svg">'
        + "".join(body)
        + "</svg>"
    )


def _text(x: float, y: float, text: str, size: int = 12, **attrs: str) -> str:
    extra = "".join(f' {k.replace("_", "-")}="{escape(v)}"' for k, v in attrs.items())
    return f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}"{extra}>{escape(text)}</text>'


# --- Ratjack ----------------------------------------------------------------------------


def _card_svg(x: float, y: float, card: dict[str, Any], w: float = 46, h: float = 64) -> list[str]:
    """One card: face up in its deck's colour, face down as a dark back ('?' if unknown to
    the viewer, its name in grey if the viewer knows it), its chip as a badge."""
    name = card.get("card")
    deck, _, value = (name or "").rpartition(" ")
    if card.get("up"):
        fill, ink, top, bottom = "#ffffff", DECK_COLOURS.get(deck, "#333"), value, deck
    else:
        fill, ink = "#34495e", "#d5dbdb"
        top, bottom = (value, deck + " ↓") if name else ("?", "hidden")
    out = [
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{w}" height="{h}" rx="5" fill="{fill}" '
        f'stroke="{ink}" stroke-width="2"/>',
        _text(x + w / 2, y + 30, top, 18, fill=ink, text_anchor="middle", font_weight="700"),
        _text(x + w / 2, y + h - 8, bottom.replace("_", " "), 8, fill=ink, text_anchor="middle"),
    ]
    chip = card.get("chip")
    if chip:
        out.append(
            f'<circle cx="{x + w - 4:.1f}" cy="{y + 4:.1f}" r="11" fill="#f7dc6f" '
            'stroke="#7d6608"/>'
        )
        out.append(
            _text(
                x + w - 4,
                y + 8,
                CHIP_TEXT.get(chip, chip),
                10,
                text_anchor="middle",
                font_weight="700",
            )
        )
    return out


def draw_ratjack(view: dict[str, Any]) -> str:
    """Each seat's row: VP, value against the target, its display, then its hand."""
    body, y, width = [], 8.0, 640.0
    for row in view["seats"]:
        colour = seat_colour(row["seat"])
        out = " · out of the round" if row["eliminated"] else ""
        body.append(
            _text(
                8,
                y + 14,
                f"seat {row['seat']} · {row['vp']} VP · value "
                f"{row['value']} / {view['target']}{out}",
                13,
                fill=colour,
                font_weight="700",
            )
        )
        x = 8.0
        for card in row["display"]:
            body += _card_svg(x, y + 24, card)
            x += 52
        x = max(x + 16, 300.0)
        body.append(_text(x, y + 34, "hand", 10, fill="#5d6d7e"))
        for card in row["hand"]:
            body += _card_svg(x, y + 40, {"card": card, "up": card is not None}, 34, 48)
            x += 38
        width = max(width, x + 8)
        y += 100
    reserve = ", ".join(CHIP_TEXT.get(c, c) for c in view["reserve_chips"]) or "none"
    body.append(
        _text(
            8,
            y + 10,
            f"deck {view['deck']} · discard top "
            f"{view['discard_top'] or '-'} · chips in reserve: {reserve}",
            11,
            fill="#5d6d7e",
        )
    )
    return _svg(width, y + 18, body, "Ratjack displays and chips")


# --- Rats of Wistar ---------------------------------------------------------------------


def _dots(cx: float, cy: float, seats: list[int], r: float = 6) -> list[str]:
    return [
        f'<circle cx="{cx + 14 * i:.1f}" cy="{cy:.1f}" r="{r}" fill="{seat_colour(s)}" '
        'stroke="#fff"/>'
        for i, s in enumerate(seats)
    ]


def draw_rats_of_wistar(view: dict[str, Any]) -> str:
    """The wheel: six slots (main action outside), the sector on each (its spaces' bonuses
    and the chiefs placed there), the Alchemist's hut in the middle."""
    cx, cy, r_out, r_in = 330.0, 250.0, 215.0, 70.0
    body = [f'<circle cx="{cx}" cy="{cy}" r="{r_out}" fill="#fbf6ec" stroke="#8a6d3b"/>']
    for sector in view["wheel"]:
        mid = math.radians(sector["slot"] * 60 - 90)
        for edge in (mid - math.pi / 6,):
            body.append(
                f'<line x1="{cx + r_in * math.cos(edge):.1f}" '
                f'y1="{cy + r_in * math.sin(edge):.1f}" '
                f'x2="{cx + r_out * math.cos(edge):.1f}" '
                f'y2="{cy + r_out * math.sin(edge):.1f}" stroke="#8a6d3b"/>'
            )
        tx, ty = cx + 150 * math.cos(mid), cy + 150 * math.sin(mid)
        body.append(
            _text(
                tx,
                ty - 30,
                f"{sector['sector']}: {sector['action']}",
                12,
                text_anchor="middle",
                font_weight="700",
            )
        )
        yy = ty - 12
        for i, space in enumerate(sector["spaces"]):
            # the whole bonus, wrapped (a cut "play inven…" hid what the space gives)
            lines = textwrap.wrap(f"{i + 1}: {space['bonus']}", 30) or [f"{i + 1}:"]
            for j, line in enumerate(lines):
                body.append(_text(tx, yy + 10 * j, line, 9, text_anchor="middle"))
            yy += 10 * (len(lines) - 1)
            if space["chief"] >= 0:
                body += _dots(tx, yy + 8, [space["chief"]], 5)
            yy += 26
    body.append(f'<circle cx="{cx}" cy="{cy}" r="{r_in}" fill="#efe3c8" stroke="#8a6d3b"/>')
    body.append(_text(cx, cy - 8, "Alchemist's hut", 11, text_anchor="middle"))
    hut = view["hut"]
    body += _dots(cx - 7 * (len(hut) - 1), cy + 12, hut)
    body.append(
        _text(
            cx,
            490,
            f"round {view['round']} of {view['rounds']} · turn order "
            + " → ".join(f"seat {s}" for s in view["order"]),
            12,
            text_anchor="middle",
        )
    )
    return _svg(660, 500, body, "Rats of Wistar wheel")


# --- Lord of Worlds ---------------------------------------------------------------------


def draw_lord_of_worlds(view: dict[str, Any]) -> str:
    """The main board as hexes: terrain colour, the tile on it (?? face down), carts."""
    size = 24.0
    cells = view["board"]
    xs = [size * math.sqrt(3) * (c["q"] + c["r"] / 2) for c in cells]
    ys = [size * 1.5 * c["r"] for c in cells]
    x0, y0 = min(xs) - size - 4, min(ys) - size - 4
    hexagon = " ".join(
        f"{size * math.cos(math.radians(60 * k - 30)):.1f},"
        f"{size * math.sin(math.radians(60 * k - 30)):.1f}"
        for k in range(6)
    )
    # one hexagon shape used by every cell: a board is drawn at every decision of the page
    body = [
        f'<defs><polygon id="hx" points="{hexagon}" stroke="#999"/></defs>',
        '<g text-anchor="middle" font-size="10">',
    ]
    legend: dict[str, str] = {}
    for cell, x, y in zip(cells, xs, ys, strict=True):
        x, y = round(x - x0), round(y - y0)
        fill = TERRAIN_FILL.get(cell["colour"], "#f4f1ea")
        body.append(f'<use href="#hx" x="{x}" y="{y}" fill="{fill}"/>')
        tile = cell["tile"]
        if tile:
            kind, _, value = tile.rpartition(" ")
            code = _short(kind) if kind else ""
            if code:
                legend[code] = kind.replace("_", " ")
            body.append(f'<text x="{x}" y="{y + 4}">{escape(code + value)}</text>')
        if cell["colour"] == "portal":
            body.append(f'<text x="{x}" y="{y + 4}" font-size="8" fill="#fff">portal</text>')
        body += _dots(x - 7 * (len(cell["carts"]) - 1), y + 15, cell["carts"], 5)
    body.append("</g>")
    width = max(xs) - x0 + size + 4
    height = max(ys) - y0 + size + 4
    key = ", ".join(f"{code} {name}" for code, name in sorted(legend.items()))
    legend_text = f"tiles: {key}; ?? face down"
    body.append(_text(4, height + 8, legend_text, 9, fill="#5d6d7e"))
    width = max(width, 5.2 * len(legend_text))  # about 5 px a character at 9 px
    return _svg(width, height + 14, body, "Lord of Worlds board")


def _short(kind: str) -> str:
    """Two letters of a tile type, as the text board writes them (``Mx`` for mix)."""
    return "Mx" if kind == "mix" else kind[:2].title()


DRAWINGS: dict[str, Callable[[dict[str, Any]], str]] = {
    "ratjack": draw_ratjack,
    "rats_of_wistar": draw_rats_of_wistar,
    "lord_of_worlds": draw_lord_of_worlds,
}
