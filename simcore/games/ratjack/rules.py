"""Turn actions (§3, §4): legal actions and their effects: setup, draw, the three modes and
the effect steps (the end-of-turn checks and rounds: ``rounds``)."""

from __future__ import annotations

from simcore.core.errors import IllegalActionError
from simcore.games.ratjack import resolve as fx
from simcore.games.ratjack.board import draw_top, to_discard
from simcore.games.ratjack.codes import (
    CARDS_DOWN,
    CARDS_UP,
    DFLIP,
    DFLIPS,
    DOWN,
    DRAW_DECK,
    DRAW_DISCARD,
    NSTAT,
    P_DRAW,
    P_EFFECT,
    P_PLAY,
    P_SETUP,
    SETUP,
    SLOTS,
    UP,
)
from simcore.games.ratjack.knowledge import merge
from simcore.games.ratjack.narrative import note_card
from simcore.games.ratjack.position import Position
from simcore.games.ratjack.rounds import eliminate_opponents, end_turn


# --- legal actions ---------------------------------------------------------------------
def legal_actions(s: Position) -> list[int]:
    """Options of the current decision step."""
    ph = s.phase
    if ph == P_DRAW:
        return [DRAW_DECK, DRAW_DISCARD] if s.discard else [DRAW_DECK]
    if ph == P_PLAY:
        return _play_options(s)
    if ph == P_EFFECT:
        return fx.options(s, s.seat_to_act)
    if ph == P_SETUP:
        return [SETUP, SETUP + 1]
    return []


def _play_options(s: Position) -> list[int]:
    """Down always; up / discard-and-flip only when the effect can resolve fully (§4.3)."""
    a = s.seat_to_act
    hand, disp, up = s.hands[a], s.displays[a], s.face_up
    effects, card_effect = s.effect_table, s.content.card_effect
    out = list(range(DOWN, DOWN + len(hand)))
    for i, h in enumerate(hand):
        # probe: the card sits face up in the display while judged (it may stay in the hand
        # meanwhile: no feasibility test depends on the hand's size beyond "not empty")
        disp.append(h)
        up[h] = 1
        ok = effects[card_effect[h]].feas(s, a, h)
        up[h] = 0
        disp.pop()
        if ok:
            out.append(UP + i)
    for c in disp:
        if not up[c]:
            break
    else:
        return out  # no face-down card: no discard-and-flip
    if s.params.raccoon3_activates:  # raccoon 3 then resolves the card left in the hand
        for i in range(len(hand)):
            h = hand.pop(i)
            s.discard.append(h)
            out.extend(DFLIP + i * SLOTS + j for j in fx.flip_slots(s, a))
            s.discard.pop()
            hand.insert(i, h)
        return out
    s.discard.append(hand[-1])  # probe: a hand card on the pile (which one cannot matter)
    slots = fx.flip_slots(s, a)
    s.discard.pop()
    # loops, not comprehensions, in this and the other per-decision checks: Python 3.11 makes a
    # frame for each comprehension (Ratjack random games: 2% of their time)
    for i in range(len(hand)):
        base = DFLIP + i * SLOTS
        for j in slots:
            out.append(base + j)
    return out


# --- apply -----------------------------------------------------------------------------
def apply(s: Position, action: int) -> None:
    """Validate, then perform one decision step."""
    if s.legal_cache is None:
        s.legal_cache = legal_actions(s)
    if action not in s.legal_cache:
        raise IllegalActionError(f"ratjack: action {action!r} is not legal now ({s.legal_cache})")
    s.legal_cache = None
    a, ph = s.seat_to_act, s.phase
    if ph == P_DRAW:
        _draw(s, a, action)
        return
    if ph == P_SETUP:
        _setup(s, a, action)
        return
    if ph == P_PLAY:
        _play(s, a, action)
    else:
        fx.choose(s, a, action)
    if s.effect_code >= 0:
        s.phase = P_EFFECT
        if s.params.elimination_timing == "immediate":
            _eliminate_now(s, a)
        return
    _effect_done(s, a)


def _effect_done(s: Position, a: int) -> None:
    """The card's effect is over: raccoon 3's pending draw (when it activated), end of turn."""
    if s.pending_draws:  # legality kept a card for it (§4.3: every step of the effect resolves)
        s.pending_draws = 0
        c = draw_top(s, a)
        if s.trace is not None:
            note_card(s, f"draws {s.content.card_name(c)}", "draws a card", c)
    end_turn(s)


def _eliminate_now(s: Position, a: int) -> None:
    """§6 [A] ``elimination_timing = immediate``: a player above the target is out at once.

    Opponents earn the active player 1 VP each (step 1 of the check, run early); an active
    player above the target ends its turn at once. An effect left without options by an
    elimination ends there. The end-of-turn check follows either way (``end_turn``).
    """
    vals = s.values()
    eliminate_opponents(s, a, vals, " at once")
    if vals[a] > s.params.target or not fx.options(s, a):
        s.effect_code, s.pending_draws = -1, 0
        if s.card_in_flight >= 0:  # weasel 3's card in flight has nowhere to go: it is discarded
            to_discard(s, s.card_in_flight)
            s.card_in_flight = -1
        s.note("the turn ends at once")
        end_turn(s)


def _mix_hand(s: Position, a: int, placed: int) -> None:
    """§8: observers cannot tell which hand card went face down; they keep only the fact that
    the cards they knew are among these places."""
    merge(s, [placed, *s.hands[a]], a)


def _setup(s: Position, a: int, action: int) -> None:
    c = s.hands[a].pop(action - SETUP)
    s.displays[a].append(c)
    _mix_hand(s, a, c)
    s.last_card = c
    s.setup_left -= 1
    if s.setup_left:
        s.seat_to_act = (a + 1) % s.n
    else:
        s.seat_to_act, s.phase = s.start_seat, P_DRAW


def _draw(s: Position, a: int, action: int) -> None:
    if action == DRAW_DECK:
        c = s.deck.pop()
        s.seen_by[c] = 1 << a
    else:
        c = s.discard.pop()
        s.seen_by[c] = s.all_seats
    s.hands[a].append(c)
    s.drawn_from, s.last_card, s.phase = action, c, P_PLAY
    s.last_effect = -1
    if s.trace is not None:
        pile = "deck" if action == DRAW_DECK else "discard pile"
        note_card(
            s,
            f"seat {a} draws {s.content.card_name(c)} from the {pile}",
            f"seat {a} draws from the {pile}",
            c,
        )


def _play(s: Position, a: int, action: int) -> None:
    st = a * NSTAT
    if action >= DFLIP:  # (c) discard a hand card, turn an own face-down card up, resolve it
        i, j = divmod(action - DFLIP, SLOTS)
        h = s.hands[a].pop(i)
        s.discard.append(h)
        s.seen_by[h] = s.all_seats
        y = s.displays[a][j]
        s.face_up[y] = 1
        s.seen_by[y] = s.all_seats
        s.count(st + DFLIPS, 1)
        if s.trace is not None:
            s.note(f"discards {s.content.card_name(h)}, turns up {s.content.card_name(y)}")
        fx.begin(s, a, y)
    elif action >= UP:  # (b) face up, resolve
        h = s.hands[a].pop(action - UP)
        s.displays[a].append(h)
        s.face_up[h] = 1
        s.seen_by[h] = s.all_seats
        s.count(st + CARDS_UP, 1)
        if s.trace is not None:
            s.note(f"plays {s.content.card_name(h)} face up")
        fx.begin(s, a, h)
    else:  # (a) face down
        h = s.hands[a].pop(action - DOWN)
        s.displays[a].append(h)
        _mix_hand(s, a, h)
        s.count(st + CARDS_DOWN, 1)
        s.effect_code = -1
        if s.trace is not None:
            note_card(
                s, f"plays a card face down ({s.content.card_name(h)})", "plays a card face down", h
            )
