"""Observation strings, records (§9), labels, action classes, narrative and rendering."""

from __future__ import annotations

from typing import Any, Final

from simcore.core.api import start_columns
from simcore.games.ratjack.codes import (
    DRAW_DECK,
    HAND_SLOTS,
    NSTAT,
    P_DRAW,
    P_EFFECT,
    P_OVER,
    P_PLAY,
    P_SETUP,
    POS,
    RES0,
    SLOTS,
    STAT_NAMES,
    kind,
)
from simcore.games.ratjack.content import BLANK, EFFECT_IDS, RAT6
from simcore.games.ratjack.knowledge import observed
from simcore.games.ratjack.narrative import card_str, pos_name, sees
from simcore.games.ratjack.params import FACE_IDS
from simcore.games.ratjack.position import Position

RES_COLUMNS = tuple(f"res_{e}" for e in EFFECT_IDS)
# a seat's counters in ``stats`` order: the named ones, then one per effect from RES0
COUNTER_COLUMNS: Final = STAT_NAMES + RES_COLUMNS
assert len(STAT_NAMES) == RES0 and len(COUNTER_COLUMNS) == NSTAT
PHASES = ("setup", "draw", "play", "effect", "over")


def observation(s: Position, p: int) -> str:
    """Canonical information-set key of seat ``p`` (§8)."""
    bit = 1 << p
    up, seen, chip, face = s.face_up, s.seen_by, s.card_chip, s.chip_face

    def ident(c: int) -> int:
        return c if up[c] or seen[c] & bit else -1

    disp = tuple(
        tuple((ident(c), up[c], face[chip[c]] if chip[c] >= 0 else -1, seen[c]) for c in d)
        for d in s.displays
    )
    hands = tuple(tuple((ident(c), seen[c]) for c in h) for h in s.hands)
    limbo = (ident(s.card_in_flight), seen[s.card_in_flight]) if s.card_in_flight >= 0 else None
    reserve = tuple(sorted(face[k] for k, on in enumerate(s.chip_card) if on == -1))
    out = tuple(sorted(face[k] for k, on in enumerate(s.chip_card) if on == -2))
    frame = (
        s.effect_code,
        s.effect_card,
        s.effect_step,
        s.effect_choice,
        s.extra_turn,
        s.turn_eliminations,
    )
    return repr(
        (
            p,
            s.phase,
            s.seat_to_act,
            s.round_no,
            s.turns,
            s.round_turns,
            s.start_seat,
            s.setup_left,
            s.victory_points,
            s.eliminated,
            len(s.deck),
            s.discard,
            reserve,
            out,
            disp,
            hands,
            limbo,
            frame,
            s.drawn_from,
            s.last_scorer,
            observed(s, p),
            s.pending_draws,
        )
    )


def outcome(s: Position) -> dict[str, Any]:
    """§9 records: per seat VP, how rounds were won, eliminations, modes and effects used."""
    seats = []
    stats = s.stats
    for p in range(s.n):
        base = p * NSTAT
        row: dict[str, Any] = {"vp": s.victory_points[p]}
        row.update(zip(COUNTER_COLUMNS, stats[base : base + NSTAT], strict=True))  # in C
        seats.append(row)
    game = {
        "decks": "+".join(s.content.decks),
        "rounds": s.round_no,
        "target": s.params.target,
        **start_columns(s.round_starts),
    }
    return {"turns": s.turns, "ended_by": s.ended_by or "running", "game": game, "seats": seats}


def _hand_card(s: Position, k: int, seat: int, reveal: bool) -> str:
    """Card ``k`` of the acting seat's hand, named only if ``seat`` can identify it."""
    c = s.hands[s.seat_to_act][k]
    return card_str(s, c) if sees(s, c, seat, reveal) else f"hand card {k}"


def label(s: Position, action: int, viewer: int | None = None, reveal: bool = False) -> str:
    """Readable label of ``action`` as ``viewer`` sees it (None: the seat to act; §8)."""
    seat = s.seat_to_act if viewer is None else viewer
    if s.phase == P_DRAW:
        return "draw from deck" if action == DRAW_DECK else f"draw {card_str(s, s.discard[-1])}"
    name, k = kind(action)
    if name == "setup":
        return f"set {_hand_card(s, k, seat, reveal)} face down"
    if name == "pos":
        return "choose " + pos_name(s, action, seat, reveal)
    if name == "handpos":
        q, i = divmod(k, HAND_SLOTS)
        return f"choose seat {q}, hand card {i}"
    if name == "dflip":
        i, j = divmod(k, SLOTS)
        flip = pos_name(s, POS + s.seat_to_act * SLOTS + j, seat, reveal)
        return f"discard {_hand_card(s, i, seat, reveal)}, flip {flip}"
    if name == "seat":
        return f"choose seat {k}"
    if name == "keep":
        return "keep the drawn card in hand"
    if name == "chip":
        return f"chip {FACE_IDS[k]}"
    if name == "hand":
        return f"choose {_hand_card(s, k, seat, reveal)} from hand"
    if name == "up":
        return f"play {_hand_card(s, k, seat, reveal)} face up"
    return f"play {_hand_card(s, k, seat, reveal)} face down"


def _effect_of(s: Position, c: int) -> int:
    """Effect code resolved when ``c`` turns face up (-1 under a blank chip)."""
    k = s.card_chip[c]
    return -1 if k >= 0 and s.chip_face[k] == BLANK else s.content.card_effect[c]


def _resolved(s: Position, action: int) -> int:
    """Effect code that this action starts resolving, or -1."""
    name, k = kind(action)
    if s.phase == P_PLAY and name == "up":
        return s.content.card_effect[s.hands[s.seat_to_act][k]]
    if s.phase == P_PLAY and name == "dflip":
        return _effect_of(s, s.displays[s.seat_to_act][k % SLOTS])
    if s.phase == P_EFFECT and s.effect_code == RAT6 and name == "pos":
        return _effect_of(s, s.displays[s.seat_to_act][k % SLOTS])
    return -1


def classes(s: Position, action: int) -> tuple[str, ...]:
    """Action classes for restricted play."""
    if s.phase != P_PLAY and not (s.phase == P_EFFECT and s.effect_code == RAT6):
        return ()
    out: list[str] = []
    e = _resolved(s, action)
    if e >= 0:
        out.append("resolve/" + EFFECT_IDS[e].replace("_", "/"))
    if s.phase == P_PLAY:
        name, k = kind(action)
        out.append("mode/discard_flip" if name == "dflip" else f"mode/{name}")
        c = s.hands[s.seat_to_act][k // SLOTS if name == "dflip" else k]
        out.append(f"card/{s.content.card_deck[c]}/{s.content.card_value[c]}")
    return tuple(out)


def action_info(s: Position, action: int) -> dict[str, Any]:
    """Decoded columns before ``action`` is applied."""
    info: dict[str, Any] = {
        "round": s.round_no,
        "turn": s.turns,
        "drawn_from": "",
        "card_deck": "",
        "card_value": 0,
        "mode": "",
        "effect": "",
        "targets": "",
        "chip": "",
        "values_after": "",
    }
    hand = s.hands[s.seat_to_act]
    card = -1
    name, k = kind(action)
    if s.phase == P_DRAW:
        info["mode"] = "draw"
        info["drawn_from"] = "deck" if action == DRAW_DECK else "discard"
    elif s.phase == P_SETUP:
        info["mode"] = "setup"
        card = hand[k]
    elif s.phase == P_PLAY:
        if name == "dflip":
            i, j = divmod(k, SLOTS)
            info["mode"], card = "discard_flip", hand[i]
            info["targets"] = pos_name(s, POS + s.seat_to_act * SLOTS + j, s.seat_to_act)
        else:
            info["mode"], card = name, hand[k]
    else:
        info["mode"] = "target" if name in ("pos", "handpos") else name
        if name == "pos":  # as the acting seat sees it, like the label (§8)
            info["targets"] = pos_name(s, action, s.seat_to_act)
        elif name == "handpos":
            q, i = divmod(k, HAND_SLOTS)
            info["targets"] = f"seat {q}, hand card {i}"
        elif name == "seat":
            info["targets"] = f"seat {k}"
        elif name == "chip":
            info["chip"] = FACE_IDS[k]
        elif name == "hand":
            card = hand[k]  # raccoon 10 / raccoon 3: the hand card chosen
    if card >= 0:
        info["card_deck"], info["card_value"] = (
            s.content.card_deck[card],
            s.content.card_value[card],
        )
    e = _resolved(s, action)
    info["effect"] = EFFECT_IDS[e] if e >= 0 else ""
    return info


def post_action_info(s: Position) -> dict[str, Any]:
    """Columns known after the step: the drawn card, everybody's value."""
    info: dict[str, Any] = {}
    if s.phase == P_PLAY and s.last_card >= 0:  # just drew
        c = s.last_card
        info["card_deck"], info["card_value"] = s.content.card_deck[c], s.content.card_value[c]
    turn_over = s.phase == P_OVER or (s.phase == P_SETUP and s.setup_left == s.n)
    vals = s.turn_values if turn_over else s.values()
    info["values_after"] = "|".join(map(str, vals))
    return info


def render(s: Position) -> str:
    """Full text view of the position."""
    reserve = [FACE_IDS[s.chip_face[k]] for k, on in enumerate(s.chip_card) if on == -1]
    lines = [
        f"round {s.round_no}, turn {s.turns}, {PHASES[s.phase]}, seat to act {s.seat_to_act}",
        f"VP {s.victory_points}; reserve chips: {', '.join(reserve) or '-'}",
        f"deck {len(s.deck)} cards; discard (top last): "
        + (", ".join(card_str(s, c) for c in s.discard) or "-"),
    ]
    for p in range(s.n):
        shown = []
        for c in s.displays[p]:
            k = s.card_chip[c]
            chip = f" [{FACE_IDS[s.chip_face[k]]}]" if k >= 0 else ""
            shown.append(f"{card_str(s, c)} {'up' if s.face_up[c] else 'down'}{chip}")
        status = " (eliminated)" if s.eliminated[p] else ""
        lines.append(
            f"seat {p}{status}: value {s.value(p)}, hand "
            f"{', '.join(card_str(s, c) for c in s.hands[p]) or '-'}; display "
            + ("; ".join(shown) or "-")
        )
    return "\n".join(lines)
