"""The narrative the rules write while tracing (``boardlab play --trace``), as the seat to act
sees it (§8), and the names of cards and places it uses."""

from __future__ import annotations

from simcore.games.ratjack.codes import POS, SLOTS
from simcore.games.ratjack.params import FACE_IDS
from simcore.games.ratjack.position import Position


def card_str(s: Position, c: int) -> str:
    """'rat_red 7'."""
    return s.content.card_name(c)


def sees(s: Position, c: int, seat: int, reveal: bool = False) -> bool:
    """``seat`` can identify card ``c`` (§8: face up, or seen and not lost since; the same
    test as ``observation``), or ``reveal`` (the analyst's view)."""
    return reveal or bool(s.face_up[c]) or (seat >= 0 and bool(s.seen_by[c] >> seat & 1))


def pos_name(s: Position, action: int, seat: int, reveal: bool = False) -> str:
    """'seat 1, slot 2 (weasel 3, face down, chip lock)' as ``seat`` sees it: a card it cannot
    identify reads 'seat 1, slot 2 (face down, chip lock)' (chips are public)."""
    q, i = divmod(action - POS, SLOTS)
    c = s.displays[q][i]
    k = s.card_chip[c]
    side = "face up" if s.face_up[c] else "face down"
    what = f"{card_str(s, c)}, {side}" if sees(s, c, seat, reveal) else side
    chip = f", chip {FACE_IDS[s.chip_face[k]]}" if k >= 0 else ""
    return f"seat {q}, slot {i} ({what}{chip})"


def note_card(s: Position, line: str, hidden: str, *cards: int, viewer: int | None = None) -> None:
    """Add ``line``, which names ``cards``; ``hidden`` instead when the viewer (by default the
    seat to act) cannot identify them all (§8; a label's rule), unless the trace reveals all."""
    if s.trace is not None:
        seat, reveal = (s.seat_to_act if viewer is None else viewer), s.reveal
        known = all(sees(s, c, seat, reveal) for c in cards)
        s.trace.append(line if known else hidden)


def note_target(s: Position, action: int) -> None:
    """Narrate a chosen card position (as the seat to act sees it)."""
    if s.trace is not None:
        s.trace.append("target " + pos_name(s, action, s.seat_to_act, s.reveal))


def note_chip(s: Position, action: int, face: int) -> None:
    """Narrate a chip placement (as the seat to act sees the card)."""
    if s.trace is not None:
        where = pos_name(s, action, s.seat_to_act, s.reveal)
        s.trace.append(f"chip {FACE_IDS[face]} on {where}")


def trace_round_start(s: Position, viewer: int) -> None:
    """Narrate the round setup as ``viewer`` sees it: the seat whose decision ended the round
    before (§8, Revision 4: every line under a decision is that seat's view)."""
    chips = ", ".join(FACE_IDS[f] for f in s.chip_face)
    s.note(f"round {s.round_no}: chips show {chips}; discard {card_str(s, s.discard[-1])}")
    for p in range(s.n):
        h = s.hands[p]
        note_card(
            s,
            f"seat {p} is dealt {', '.join(card_str(s, c) for c in h)}",
            f"seat {p} is dealt {len(h)} cards",
            *h,
            viewer=viewer,
        )
    s.note(f"seat {s.start_seat} starts")
