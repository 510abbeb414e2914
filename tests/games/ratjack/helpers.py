"""Build Ratjack positions from a compact description (for scenario tests).

Cards are written ``<deck><value>`` with deck ``rr`` (rat_red), ``rb`` (rat_blue), ``we``
(weasel), ``ra`` (raccoon); in a display append ``^`` (face up) or ``v`` (face down) and
optionally ``:<face>`` for a chip, e.g. ``"rr5^ rb10v:plus5"``. Piles are written bottom to top.
Cards not mentioned go under the given deck cards (or, with ``rest="discard"``, under the
discard pile), so all 24 cards are always somewhere.
"""

from __future__ import annotations

from collections.abc import Sequence

from simcore.games.ratjack import Ratjack, RatjackState
from simcore.games.ratjack.codes import (
    CHIP,
    DFLIP,
    DOWN,
    P_PLAY,
    POS,
    SEAT,
    SLOTS,
    UP,
)
from simcore.games.ratjack.params import FACE_IDS

ABBR = {"rr": "rat_red", "rb": "rat_blue", "we": "weasel", "ra": "raccoon"}


def card(game: Ratjack, code: str) -> int:
    """Card id of ``'rr7'``."""
    deck, value = ABBR[code[:2]], int(code[2:])
    return game.content.decks.index(deck) * 12 + value - 1


def build(
    *,
    decks: tuple[str, str] = ("rat_red", "rat_blue"),
    hands: Sequence[str] = ("", ""),
    disp: Sequence[str] = ("", ""),
    deck: str = "",
    discard: str = "",
    rest: str = "deck",
    cur: int = 0,
    phase: int = P_PLAY,
    show: Sequence[str] = (),
    elim: Sequence[int] = (),
    vp: Sequence[int] = (),
    **params: object,
) -> RatjackState:
    """A position with the given cards; chips show their first face unless listed in ``show``."""
    game = Ratjack.from_overrides({"decks": list(decks), **params})
    n = len(hands)
    s = game.new_state(n, 0)
    everyone = (1 << n) - 1
    s.face_up, s.card_chip, s.seen_by = [0] * 24, [-1] * 24, [0] * 24
    for k, (fa, _fb) in enumerate(s.content.chip_faces):
        s.chip_face[k], s.chip_card[k] = fa, -1
    for face in show:
        f = FACE_IDS.index(face)
        s.chip_face[s.content.face_chip[f]] = f
    used: list[int] = []

    def take(code: str) -> int:
        c = card(game, code)
        assert c not in used, f"{code} used twice"
        used.append(c)
        return c

    s.hands = [[take(x) for x in h.split()] for h in hands]
    for p, h in enumerate(s.hands):
        for c in h:
            s.seen_by[c] = 1 << p
    s.displays = []
    for p, d in enumerate(disp):
        row = []
        for item in d.split():
            code, _, face = item.partition(":")
            c = take(code[:-1])
            s.face_up[c] = 1 if code[-1] == "^" else 0
            s.seen_by[c] = everyone if s.face_up[c] else 1 << p
            if face:
                f = FACE_IDS.index(face)
                k = s.content.face_chip[f]
                s.chip_face[k], s.chip_card[k], s.card_chip[c] = f, c, k
            row.append(c)
        s.displays.append(row)
    top_deck = [take(x) for x in deck.split()]
    top_discard = [take(x) for x in discard.split()]
    left = [c for c in range(24) if c not in used]
    s.deck = (left if rest == "deck" else []) + top_deck
    s.discard = (left if rest == "discard" else []) + top_discard
    for c in s.discard:
        s.seen_by[c] = everyone
    s.eliminated = [1 if p in elim else 0 for p in range(n)]
    s.victory_points = list(vp) if vp else [0] * n
    s.seat_to_act, s.phase, s.start_seat = cur, phase, cur
    s.effect_code, s.extra_turn, s.card_in_flight, s.legal_cache = -1, False, -1, None
    return s


def pos(seat: int, slot: int) -> int:
    """Position action."""
    return POS + seat * SLOTS + slot


def up(i: int) -> int:
    """Play hand card ``i`` face up."""
    return UP + i


def down(i: int) -> int:
    """Play hand card ``i`` face down."""
    return DOWN + i


def dflip(i: int, slot: int) -> int:
    """Discard hand card ``i`` and flip own display ``slot``."""
    return DFLIP + i * SLOTS + slot


def chip(face: str) -> int:
    """Take reserve chip ``face``."""
    return CHIP + FACE_IDS.index(face)


def seat(q: int) -> int:
    """Choose seat ``q``."""
    return SEAT + q


def names(s: RatjackState, seat_: int) -> list[str]:
    """Display of ``seat_`` as codes like ``rr5^`` / ``rb3v:lock``."""
    inv = {v: k for k, v in ABBR.items()}
    out = []
    for c in s.displays[seat_]:
        code = (
            f"{inv[s.content.card_deck[c]]}{s.content.card_value[c]}{'^' if s.face_up[c] else 'v'}"
        )
        if s.card_chip[c] >= 0:
            code += ":" + FACE_IDS[s.chip_face[s.card_chip[c]]]
        out.append(code)
    return out


def codes(s: RatjackState, cards: Sequence[int]) -> list[str]:
    """Cards as codes like ``rr5``."""
    inv = {v: k for k, v in ABBR.items()}
    return [f"{inv[s.content.card_deck[c]]}{s.content.card_value[c]}" for c in cards]


def reserve(s: RatjackState) -> list[str]:
    """Faces in the reserve, sorted by name."""
    return sorted(FACE_IDS[s.chip_face[k]] for k, on in enumerate(s.chip_card) if on == -1)
