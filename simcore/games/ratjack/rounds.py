"""Rounds and turns (§3, §6): a new round's deal, the end-of-turn checks (eliminations,
round scoring, the game's end) and the next turn."""

from __future__ import annotations

import random

from simcore.core.api import TERMINAL
from simcore.core.rng import shuffle
from simcore.games.ratjack.codes import (
    NSTAT,
    P_DRAW,
    P_OVER,
    P_SETUP,
    P_UNDEALT,
    ROUNDS_WON,
    TIMES_ELIM,
    WON_ELIM,
    WON_EXACT,
    WON_EXH,
    WON_LAST,
)
from simcore.games.ratjack.content import N_CARDS
from simcore.games.ratjack.narrative import trace_round_start
from simcore.games.ratjack.position import Position


def new_round(s: Position, start: int, rng: random.Random | None = None) -> None:
    """§3: toss the chips, shuffle, deal 2 each, turn the first discard, choose face-down cards."""
    # §8 (Revision 4): a later round's deal is traced under the decision that ended the round
    # before, so as the seat that took it sees the deal; the first round's, as its start seat
    viewer = s.seat_to_act if s.round_no > 0 and s.seat_to_act >= 0 else start
    if s.round_log is not None and s.round_no > 0:  # the deal changes no VP: the round's end
        s.round_log.append(s.round_no)
        s.round_log += s.scores()
    s.round_no += 1
    s.round_turns = 0
    s.start_seat = start
    s.round_starts += (start,)
    if rng is None:
        rng = s.chance.next_stream()
    for k, (fa, fb) in enumerate(s.content.chip_faces):
        s.chip_face[k] = fb if rng.getrandbits(1) else fa
        s.chip_card[k] = -1
    s.card_chip = [-1] * N_CARDS
    s.face_up = [0] * N_CARDS
    s.seen_by = [0] * N_CARDS
    s.tracked_places = [0] * (s.n * N_CARDS)
    s.tracked_cards = [0] * s.n
    deck = list(range(N_CARDS))
    shuffle(deck, rng)
    s.hands = []
    for p in range(s.n):
        h = [deck.pop(), deck.pop()]
        for c in h:
            s.seen_by[c] = 1 << p
        s.hands.append(h)
    top = deck.pop()
    s.seen_by[top] = s.all_seats
    s.deck, s.discard = deck, [top]
    s.displays = [[] for _ in range(s.n)]
    s.eliminated = [0] * s.n
    s.card_in_flight = s.effect_code = s.effect_card = s.effect_choice = -1
    s.effect_step = s.pending_draws = s.turn_eliminations = 0
    s.extra_turn = False
    s.last_scorer = -1
    s.phase, s.seat_to_act, s.setup_left = P_SETUP, start, s.n
    s.legal_cache = None
    if s.trace is not None:
        trace_round_start(s, viewer)


def _finish(s: Position, ended_by: str) -> None:
    s.phase, s.seat_to_act, s.ended_by = P_OVER, TERMINAL, ended_by
    ptw = s.params.points_to_win
    s.winning_seats = [p for p in range(s.n) if s.victory_points[p] >= ptw]
    if not s.winning_seats:
        best = max(s.victory_points)
        s.winning_seats = [p for p in range(s.n) if s.victory_points[p] == best]
    if s.trace is not None:
        s.note(f"game over ({ended_by}): VP {s.victory_points}, winners {s.winning_seats}")


def _game_won(s: Position) -> bool:
    """§6: the game ends as soon as someone reaches points_to_win (ties share)."""
    if max(s.victory_points) >= s.params.points_to_win:
        _finish(s, "points")
        return True
    return False


def _end_round(s: Position, why: str) -> None:
    if s.trace is not None:
        s.note(f"round {s.round_no} ends ({why}); VP {s.victory_points}")
    if _game_won(s):
        return
    if s.round_no >= s.params.max_rounds:
        _finish(s, "round_limit")
        return
    if s.plan_only:  # a lookahead copy is scored on the VP alone once its round is over
        s.round_no += 1
        s.phase, s.seat_to_act, s.legal_cache = P_UNDEALT, TERMINAL, None
        return
    if s.last_scorer >= 0:
        start = s.last_scorer
    elif s.params.no_vp_start == "next_seat":
        start = (s.start_seat + 1) % s.n
    else:
        start = s.start_seat
    new_round(s, start)


def _gain(s: Position, seats: list[int], stat: int, a: int, why: str) -> None:
    """Each of ``seats`` gains 1 VP; the round's next start player follows §3.5."""
    for p in seats:
        s.victory_points[p] += 1
        s.count(p * NSTAT + stat, 1)
        s.count(p * NSTAT + ROUNDS_WON, 1)
        if s.trace is not None:
            s.note(f"seat {p} gains 1 VP ({why})")
    if s.params.simultaneous_start == "lowest_seat":
        s.last_scorer = min(seats)
        return
    for i in range(s.n):  # the first of ``seats`` in turn order from ``a``
        if (a + i) % s.n in seats:
            s.last_scorer = (a + i) % s.n
            return


def end_turn(s: Position) -> None:
    """§6: the end-of-turn check, then the next turn (or extra turn, next round, game end).

    Revision 3: the check runs in full after every turn, whatever happened during it. Its
    outcome depends only on the position (values, who is still in, the deck, VP) and on what
    the active player did this turn (``turn_eliminations``), never on where during the turn a VP
    or an elimination happened: with ``elimination_timing = immediate`` an opponent may already be
    out (and its VP awarded) before the check, and the check still scores the last player
    standing and ends the game on ``points_to_win``.
    """
    a = s.seat_to_act
    s.turns += 1
    s.round_turns += 1
    vals = s.turn_values = s.values()
    if s.trace is not None:
        s.note("values " + "|".join(map(str, vals)))
    if _quiet(s, vals):  # the full check below would change nothing but the seat to act
        _next_turn(s, a)
        return
    eliminate_opponents(s, a, vals, "")  # 1. opponents over the target
    elim = s.eliminated
    if not elim[a] and vals[a] > s.params.target:  # 2. self-bust
        elim[a] = 1
        s.count(a * NSTAT + TIMES_ELIM, 1)
        if s.trace is not None:
            s.note(f"seat {a} busts ({vals[a]}) and is eliminated")
    why = _round_scoring(s, a, vals)  # 3.-5.: every VP of the check is awarded first ...
    if why:
        _end_round(s, why)  # ... then the game-end test (in _end_round)
    elif not _game_won(s):  # the round goes on: VP earned this turn may still end the game
        _next_turn(s, a)


def _quiet(s: Position, vals: list[int]) -> bool:
    """The check's outcome is "next turn" with nothing else changed: every seat still in is
    below the target (no elimination, bust or exact score), two or more are in, the deck and
    the round's turns are not exhausted, and nobody put an opponent out at once this turn (the
    one way VP come before the check: they may have won the game). Most turns end so; a loop,
    not the full check's calls: Ratjack random games ran 5% more instructions without it.
    """
    params, elim = s.params, s.eliminated
    if not s.deck or s.round_turns >= params.max_turns_per_round or s.turn_eliminations:
        return False
    t, alive = params.target, 0
    for p, v in enumerate(vals):
        if not elim[p]:
            if v >= t:
                return False
            alive += 1
    return alive >= 2


def eliminate_opponents(s: Position, a: int, vals: list[int], when: str) -> None:
    """§6.1: every opponent still in above the target is out; ``a`` gains 1 VP for each.

    The end-of-turn check and ``elimination_timing = immediate`` both come here, so an
    elimination counts the same wherever in the turn it happens (``turn_eliminations``)."""
    t, elim = s.params.target, s.eliminated
    gained = 0
    for o in range(s.n):
        if o != a and not elim[o] and vals[o] > t:
            elim[o] = 1
            s.count(o * NSTAT + TIMES_ELIM, 1)
            gained += 1
            if s.trace is not None:
                s.note(f"seat {o} is eliminated{when} ({vals[o]})")
    if gained:
        s.turn_eliminations += gained
        s.victory_points[a] += gained
        s.count(a * NSTAT + WON_ELIM, gained)
        s.last_scorer = a
        if s.trace is not None:
            s.note(f"seat {a} gains {gained} VP for eliminations")


def _round_scoring(s: Position, a: int, vals: list[int]) -> str:
    """§6.3-6.5: award the round's VP; why the round ends ('' when it goes on)."""
    rp, elim = s.params, s.eliminated
    t, opp_exact = rp.target, rp.opponent_exact_scores
    exact: list[int] = []
    alive: list[int] = []
    for p in range(s.n):  # one loop, no comprehension frames: this runs after every turn
        if not elim[p]:
            alive.append(p)
            if vals[p] == t and (p == a or opp_exact):
                exact.append(p)
    if exact:  # 3. exactly the target
        _gain(s, exact, WON_EXACT, a, f"exactly {t}")
        if rp.exact_ends_check or len(alive) != 1:
            return "exact"
    if len(alive) == 1:  # 4. last standing (also after 3: every step of the check pays)
        p = alive[0]
        # without stacking, the player who put the last opponent out this turn (at the check
        # or, with immediate eliminations, earlier in the turn) has its elimination VP only
        if rp.last_standing_stacks or not (p == a and s.turn_eliminations):
            _gain(s, alive, WON_LAST, a, "last standing")
        return "exact" if exact else "last_standing"
    if not alive:
        return "wipeout"
    if not s.deck or s.round_turns >= rp.max_turns_per_round:  # 5. exhaustion
        best = max(vals[p] for p in alive)
        tied = [p for p in alive if vals[p] == best]
        if len(tied) == 1 or rp.exhaustion_tie == "all_tied_score":
            _gain(s, tied, WON_EXH, a, "highest value at exhaustion")
        return "exhaustion"
    return ""


def _next_turn(s: Position, a: int) -> None:
    """The extra turn (rat 3) if ``a`` is still in, else the next seat still in the round."""
    if not (s.extra_turn and not s.eliminated[a]):
        a = (a + 1) % s.n
        while s.eliminated[a]:
            a = (a + 1) % s.n
    s.extra_turn = False
    s.turn_eliminations = 0
    s.seat_to_act, s.phase = a, P_DRAW
