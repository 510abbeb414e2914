"""Turn flow (§3, §4, §6): setup, draw, the three modes, effect steps, end-of-turn checks."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from simcore.api import TERMINAL
from simcore.errors import IllegalActionError
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
    P_OVER,
    P_PLAY,
    P_SETUP,
    P_UNDEALT,
    ROUNDS_WON,
    SETUP,
    SLOTS,
    TIMES_ELIM,
    UP,
    WON_ELIM,
    WON_EXACT,
    WON_EXH,
    WON_LAST,
)
from simcore.games.ratjack.content import N_CARDS
from simcore.games.ratjack.knowledge import merge
from simcore.games.ratjack.text import trace_round_start
from simcore.rng import shuffle

if TYPE_CHECKING:
    from simcore.games.ratjack.state import RatjackState as S


# --- rounds ------------------------------------------------------------------------------
def new_round(s: S, start: int, rng: random.Random | None = None) -> None:
    """§3: toss the chips, shuffle, deal 2 each, turn the first discard, choose face-down cards."""
    s.round_no += 1
    s.rturns = 0
    s.start = start
    s.starts += (start,)
    if rng is None:
        rng = s.chance()  # one derived stream per chance event (cheap clones)
    for k, (fa, fb) in enumerate(s.ct.chip_faces):
        s.face[k] = fb if rng.getrandbits(1) else fa
        s.chip_on[k] = -1
    s.chip = [-1] * N_CARDS
    s.up = [0] * N_CARDS
    s.seen = [0] * N_CARDS
    s.trk = [0] * (s.n * N_CARDS)
    s.tmask = [0] * s.n
    deck = list(range(N_CARDS))
    shuffle(deck, rng)
    s.hand = []
    for p in range(s.n):
        h = [deck.pop(), deck.pop()]
        for c in h:
            s.seen[c] = 1 << p
        s.hand.append(h)
    top = deck.pop()
    s.seen[top] = s.all
    s.deck, s.discard = deck, [top]
    s.disp = [[] for _ in range(s.n)]
    s.elim = [0] * s.n
    s.limbo = s.ef = s.ex = s.ea = s.eb = -1
    s.es = s.pend = s.telim = 0
    s.extra = False
    s.last_gain = -1
    s.phase, s.cur, s.setup_left = P_SETUP, start, s.n
    s.cache = None
    if s.trace is not None:
        trace_round_start(s)


def _finish(s: S, ended_by: str) -> None:
    s.phase, s.cur, s.ended_by = P_OVER, TERMINAL, ended_by
    ptw = s.rule_params.points_to_win
    s.win = [p for p in range(s.n) if s.vp[p] >= ptw]
    if not s.win:
        best = max(s.vp)
        s.win = [p for p in range(s.n) if s.vp[p] == best]
    if s.trace is not None:
        s.note(f"game over ({ended_by}): VP {s.vp}, winners {s.win}")


def _game_won(s: S) -> bool:
    """§6: the game ends as soon as someone reaches points_to_win (ties share)."""
    if max(s.vp) >= s.rule_params.points_to_win:
        _finish(s, "points")
        return True
    return False


def _end_round(s: S, why: str) -> None:
    if s.trace is not None:
        s.note(f"round {s.round_no} ends ({why}); VP {s.vp}")
    if _game_won(s):
        return
    if s.round_no >= s.rule_params.max_rounds:
        _finish(s, "round_limit")
        return
    if s.plan_only:  # a lookahead copy is scored on the VP alone once its round is over
        s.round_no += 1
        s.phase, s.cur, s.cache = P_UNDEALT, TERMINAL, None
        return
    if s.last_gain >= 0:
        start = s.last_gain
    elif s.rule_params.no_vp_start == "next_seat":
        start = (s.start + 1) % s.n
    else:
        start = s.start
    new_round(s, start)


def _gain(s: S, seats: list[int], stat: int, a: int, why: str) -> None:
    """Each of ``seats`` gains 1 VP; the round's next start player follows §3.5."""
    for p in seats:
        s.vp[p] += 1
        s.count(p * NSTAT + stat, 1)
        s.count(p * NSTAT + ROUNDS_WON, 1)
        if s.trace is not None:
            s.note(f"seat {p} gains 1 VP ({why})")
    order = [(a + i) % s.n for i in range(s.n)]
    if s.rule_params.simultaneous_start == "lowest_seat":
        s.last_gain = min(seats)
    else:
        s.last_gain = next(p for p in order if p in seats)


def end_turn(s: S) -> None:
    """§6: the end-of-turn check, then the next turn (or extra turn, next round, game end).

    Revision 3: the check runs in full after every turn, whatever happened during it. Its
    outcome depends only on the position (values, who is still in, the deck, VP) and on what
    the active player did this turn (``telim``), never on where during the turn a VP or an
    elimination happened: with ``elimination_timing = immediate`` an opponent may already be
    out (and its VP awarded) before the check, and the check still scores the last player
    standing and ends the game on ``points_to_win``.
    """
    a = s.cur
    s.turns += 1
    s.rturns += 1
    vals = s.tvals = s.values()
    if s.trace is not None:
        s.note("values " + "|".join(map(str, vals)))
    _eliminate_opponents(s, a, vals, "")  # 1. opponents over the target
    elim = s.elim
    if not elim[a] and vals[a] > s.rule_params.target:  # 2. self-bust
        elim[a] = 1
        s.count(a * NSTAT + TIMES_ELIM, 1)
        if s.trace is not None:
            s.note(f"seat {a} busts ({vals[a]}) and is eliminated")
    why = _round_scoring(s, a, vals)  # 3.-5.: every VP of the check is awarded first ...
    if why:
        _end_round(s, why)  # ... then the game-end test (in _end_round)
    elif not _game_won(s):  # the round goes on: VP earned this turn may still end the game
        _next_turn(s, a)


def _eliminate_opponents(s: S, a: int, vals: list[int], when: str) -> None:
    """§6.1: every opponent still in above the target is out; ``a`` gains 1 VP for each.

    The end-of-turn check and ``elimination_timing = immediate`` both come here, so an
    elimination counts the same wherever in the turn it happens (``telim``)."""
    t, elim = s.rule_params.target, s.elim
    gained = 0
    for o in range(s.n):
        if o != a and not elim[o] and vals[o] > t:
            elim[o] = 1
            s.count(o * NSTAT + TIMES_ELIM, 1)
            gained += 1
            if s.trace is not None:
                s.note(f"seat {o} is eliminated{when} ({vals[o]})")
    if gained:
        s.telim += gained
        s.vp[a] += gained
        s.count(a * NSTAT + WON_ELIM, gained)
        s.last_gain = a
        if s.trace is not None:
            s.note(f"seat {a} gains {gained} VP for eliminations")


def _round_scoring(s: S, a: int, vals: list[int]) -> str:
    """§6.3-6.5: award the round's VP; why the round ends ('' when it goes on)."""
    rp, elim = s.rule_params, s.elim
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
        return "exact"
    if len(alive) == 1:  # 4. last standing
        p = alive[0]
        # without stacking, the player who put the last opponent out this turn (at the check
        # or, with immediate eliminations, earlier in the turn) has its elimination VP only
        if rp.last_standing_stacks or not (p == a and s.telim):
            _gain(s, alive, WON_LAST, a, "last standing")
        return "last_standing"
    if not alive:
        return "wipeout"
    if not s.deck or s.rturns >= rp.max_turns_per_round:  # 5. exhaustion
        best = max(vals[p] for p in alive)
        tied = [p for p in alive if vals[p] == best]
        if len(tied) == 1 or rp.exhaustion_tie == "all_tied_score":
            _gain(s, tied, WON_EXH, a, "highest value at exhaustion")
        return "exhaustion"
    return ""


def _next_turn(s: S, a: int) -> None:
    """The extra turn (rat 3) if ``a`` is still in, else the next seat still in the round."""
    if not (s.extra and not s.elim[a]):
        a = (a + 1) % s.n
        while s.elim[a]:
            a = (a + 1) % s.n
    s.extra = False
    s.telim = 0
    s.cur, s.phase = a, P_DRAW


# --- legal actions ---------------------------------------------------------------------
def legal_actions(s: S) -> list[int]:
    """Options of the current decision step."""
    ph = s.phase
    if ph == P_DRAW:
        return [DRAW_DECK, DRAW_DISCARD] if s.discard else [DRAW_DECK]
    if ph == P_PLAY:
        return _play_options(s)
    if ph == P_EFFECT:
        return fx.options(s, s.cur)
    if ph == P_SETUP:
        return [SETUP, SETUP + 1]
    return []


def _play_options(s: S) -> list[int]:
    """Down always; up / discard-and-flip only when the effect can resolve fully (§4.3)."""
    a = s.cur
    hand, disp, up = s.hand[a], s.disp[a], s.up
    effects, card_effect = s.effects, s.ct.card_effect
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
    if s.rule_params.raccoon3_activates:  # raccoon 3 then resolves the card left in the hand
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
    if slots:
        for i in range(len(hand)):
            base = DFLIP + i * SLOTS
            out.extend([base + j for j in slots])
    return out


# --- apply -----------------------------------------------------------------------------
def apply(s: S, action: int) -> None:
    """Validate, then perform one decision step."""
    if s.cache is None:
        s.cache = legal_actions(s)
    if action not in s.cache:
        raise IllegalActionError(f"ratjack: action {action!r} is not legal now ({s.cache})")
    s.cache = None
    a, ph = s.cur, s.phase
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
    if s.ef >= 0:
        s.phase = P_EFFECT
        if s.rule_params.elimination_timing == "immediate":
            _eliminate_now(s, a)
        return
    _effect_done(s, a)


def _effect_done(s: S, a: int) -> None:
    """The card's effect is over: raccoon 3's pending draw (when it activated), end of turn."""
    if s.pend:  # legality kept a card for it (§4.3: every step of the effect resolves)
        s.pend = 0
        c = draw_top(s, a)
        if s.trace is not None:
            s.note_card(f"draws {s.ct.card_name(c)}", "draws a card", c)
    end_turn(s)


def _eliminate_now(s: S, a: int) -> None:
    """§6 [A] ``elimination_timing = immediate``: a player above the target is out at once.

    Opponents earn the active player 1 VP each (step 1 of the check, run early); an active
    player above the target ends its turn at once. An effect left without options by an
    elimination ends there. The end-of-turn check follows either way (``end_turn``).
    """
    vals = s.values()
    _eliminate_opponents(s, a, vals, " at once")
    if vals[a] > s.rule_params.target or not fx.options(s, a):
        s.ef, s.pend = -1, 0
        if s.limbo >= 0:  # weasel 3's card in flight has nowhere to go: it is discarded
            to_discard(s, s.limbo)
            s.limbo = -1
        s.note("the turn ends at once")
        end_turn(s)


def _mix_hand(s: S, a: int, placed: int) -> None:
    """§8: observers cannot tell which hand card went face down; they keep only the fact that
    the cards they knew are among these places."""
    merge(s, [placed, *s.hand[a]], a)


def _setup(s: S, a: int, action: int) -> None:
    c = s.hand[a].pop(action - SETUP)
    s.disp[a].append(c)
    _mix_hand(s, a, c)
    s.last_card = c
    s.setup_left -= 1
    if s.setup_left:
        s.cur = (a + 1) % s.n
    else:
        s.cur, s.phase = s.start, P_DRAW


def _draw(s: S, a: int, action: int) -> None:
    if action == DRAW_DECK:
        c = s.deck.pop()
        s.seen[c] = 1 << a
    else:
        c = s.discard.pop()
        s.seen[c] = s.all
    s.hand[a].append(c)
    s.drew, s.last_card, s.phase = action, c, P_PLAY
    s.last_effect = -1
    if s.trace is not None:
        pile = "deck" if action == DRAW_DECK else "discard pile"
        s.note_card(
            f"seat {a} draws {s.ct.card_name(c)} from the {pile}",
            f"seat {a} draws from the {pile}",
            c,
        )


def _play(s: S, a: int, action: int) -> None:
    st = a * NSTAT
    if action >= DFLIP:  # (c) discard a hand card, turn an own face-down card up, resolve it
        i, j = divmod(action - DFLIP, SLOTS)
        h = s.hand[a].pop(i)
        s.discard.append(h)
        s.seen[h] = s.all
        y = s.disp[a][j]
        s.up[y] = 1
        s.seen[y] = s.all
        s.count(st + DFLIPS, 1)
        if s.trace is not None:
            s.note(f"discards {s.ct.card_name(h)}, turns up {s.ct.card_name(y)}")
        fx.begin(s, a, y)
    elif action >= UP:  # (b) face up, resolve
        h = s.hand[a].pop(action - UP)
        s.disp[a].append(h)
        s.up[h] = 1
        s.seen[h] = s.all
        s.count(st + CARDS_UP, 1)
        if s.trace is not None:
            s.note(f"plays {s.ct.card_name(h)} face up")
        fx.begin(s, a, h)
    else:  # (a) face down
        h = s.hand[a].pop(action - DOWN)
        s.disp[a].append(h)
        _mix_hand(s, a, h)
        s.count(st + CARDS_DOWN, 1)
        s.ef = -1
        if s.trace is not None:
            s.note_card(
                f"plays a card face down ({s.ct.card_name(h)})", "plays a card face down", h
            )
