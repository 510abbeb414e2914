"""Ratjack heuristic policies: one-turn lookahead on a determinization of the seat's view.

Every decision samples the hidden cards once (``state.determinize(seat, rng)``: only what the
seat observes matters), plays each candidate action on a copy, completes the rest of the turn
greedily, and scores the result with a style-specific evaluation. Styles:

- ``careful``: steer for exactly the target, avoid busting, keep finishers (hand or face-down
  card of exactly the missing value) ready.
- ``aggressive``: attack the VP leader, push opponents over target + 1, accept more risk.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

from simcore.core.api import State
from simcore.games.ratjack.codes import DRAW_DECK, P_DRAW, P_EFFECT, P_OVER, P_PLAY, SETUP
from simcore.games.ratjack.state import RatjackState
from strategies.base import StyleFactory
from strategies.heuristics.ratjack_weights import STYLE_DOCS, STYLES, WEIGHTS, Weights
from strategies.heuristics.styles_file import policy_name

TERMINAL: Final = 10_000.0  # a won / lost game
IN_PLAY: Final = 5_000.0  # bound of every score of a game still going on


class RatjackHeuristic:
    """Greedy one-turn lookahead with a style evaluation."""

    def __init__(self, style: str, w: Weights | None = None) -> None:
        self.style = style
        self.w = WEIGHTS[style] if w is None else w
        name = "heuristic" if style == STYLES[0] else f"heuristic:style={style}"
        self.name = policy_name(name, self.w, WEIGHTS[style])

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # compiled, a native class is not pickled by its __dict__; style and weights make it
        return type(self), (self.style, self.w)

    def act(self, state: State, rng: random.Random) -> int:
        """Best action for the seat to act, judged on one sampled world."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        me = state.current_player
        sampled = state.determinize(me, rng)
        world: RatjackState = sampled.plain  # plan on the plain state (restriction: `legal`)
        world.plan()  # a sampled copy: evaluate() reads only VP after a round's end
        if world.phase not in (P_DRAW, P_PLAY, P_EFFECT):
            return self._setup(world, me, legal)
        judge = self._after_draw if world.phase == P_DRAW else self._simulate
        return _best_of(judge, world, me, legal)[0]

    # --- decisions ---------------------------------------------------------------------
    def _setup(self, s: RatjackState, me: int, legal: list[int]) -> int:
        """Keep the lower card in hand (easier to place), hide the higher one."""
        hand = s.hands[me]
        values = [s.content.card_value[c] for c in hand]
        return SETUP + (0 if values[0] >= values[1] else 1)

    def _after_draw(self, s: RatjackState, me: int, action: int, own: bool = False) -> float:
        """Value of the best play after this draw (deck draws are judged on the sampled card);
        ``own``: ``s`` is not needed afterwards and is played on directly."""
        sim = s if own else s.clone()
        sim.apply(action)
        best = _best_of(self._simulate, sim, me, sim.legal_actions())[1]
        return best + (0.01 if action == DRAW_DECK else 0.0)

    def _simulate(self, s: RatjackState, me: int, action: int, own: bool = False) -> float:
        """Apply ``action`` on a copy (on ``s`` itself if ``own``: not needed afterwards),
        finish the turn greedily, evaluate."""
        rnd = s.round_no  # before the apply: ``sim`` may be ``s``
        sim = s if own else s.clone()
        sim.apply(action)
        while sim.seat_to_act == me and sim.phase == P_EFFECT:
            options = sim.legal_actions()
            if len(options) == 1:
                sim.apply(options[0])
                continue
            # The best probe is the position after the best option (chance draws come from the
            # state's own seeded stream, copied by clone): continue from it, no second apply.
            # ``sim`` is this lookahead's own copy: the last option plays on it, uncopied
            best_score, after, last = -1e18, sim, options[-1]
            for o in options:
                probe = sim if o == last else sim.clone()
                probe.apply(o)
                score = self.evaluate(probe, me, rnd)
                if score > best_score:
                    after, best_score = probe, score
            sim = after
        return self.evaluate(sim, me, rnd)

    # --- evaluation --------------------------------------------------------------------
    def evaluate(self, s: RatjackState, me: int, rnd: int) -> float:
        """Style score of position ``s`` for seat ``me`` (round ``rnd`` was being played).

        A finished game scores ``TERMINAL * (2 * share - 1)``: a loss is below, a solo win above,
        every position still in play (clamped to ``IN_PLAY``), so no lead or deficit can make a
        certain loss look better than playing on.
        """
        if s.phase == P_OVER:
            return TERMINAL * (2.0 * s.returns()[me] - 1.0)
        score = self._in_play(s, me, rnd)  # clamped by comparisons: no min/max calls
        return IN_PLAY if score > IN_PLAY else -IN_PLAY if score < -IN_PLAY else score

    def _in_play(self, s: RatjackState, me: int, rnd: int) -> float:
        """Style score of a position where the game goes on."""
        vp = s.victory_points
        # the best rival's VP, the rivals' total and the leader (most VP, lowest seat on ties)
        # in one loop: this runs for every probe of every lookahead
        leader, total = -1, 0
        for q in range(s.n):
            if q != me:
                total += vp[q]
                if leader < 0 or vp[q] > vp[leader]:
                    leader = q
        w = self.w
        score = w.vp_own * vp[me] - w.vp_leader * vp[leader] - w.vp_rivals * total
        if s.round_no != rnd:
            return score  # the round ended: only the VP changes matter
        t = s.params.target
        vals = s.values_now()
        if s.eliminated[me]:
            score -= w.busted
        else:
            gap = t - vals[me]
            score -= w.close * abs(gap)
            if 1 <= gap <= 12:
                score += w.one_card
                if self._has_finisher(s, me, gap):
                    score += w.finisher
            if w.face_down:
                score += w.face_down * _face_down(s, me)
            if w.flip_risk and _flip_risk(s, me, gap):
                score -= w.flip_risk
            if w.chip_risk and _chip_risk(s, me, gap):
                score -= w.chip_risk
            if s.seat_to_act == me and s.phase == P_DRAW:
                score += w.extra_turn
        for q in range(s.n):
            if q == me:
                continue
            if s.eliminated[q]:
                score += w.opp_out
                continue
            gap_q = t - vals[q]
            if 1 <= gap_q <= 12:
                score -= w.threat
            if q == leader:
                score -= w.leader * max(0, 12 - abs(gap_q))
        return score

    @staticmethod
    def _has_finisher(s: RatjackState, me: int, gap: int) -> bool:
        """A known own card (hand, or face-down) of exactly the missing value (1-12)."""
        value, up = s.content.card_value, s.face_up
        # loops, not any() over generators: this runs for every probe of every lookahead
        for c in s.hands[me]:
            if value[c] == gap:
                return True
        for c in s.displays[me]:  # noqa: SIM110
            if not up[c] and value[c] == gap:
                return True
        return False


def _best_of(
    judge: Callable[[Any, int, int, bool], float], s: RatjackState, me: int, actions: list[int]
) -> tuple[int, float]:
    """The first action of highest ``judge(s, me, action, own)`` score, and that score. ``s``
    is the caller's own copy, not needed afterwards: the last action is judged on it
    uncopied (``own``)."""
    last = len(actions) - 1
    best, best_score = actions[0], -1e18
    for i, a in enumerate(actions):
        score = judge(s, me, a, i == last)
        if score > best_score:
            best, best_score = a, score
    return best, best_score


def _face_down(s: RatjackState, me: int) -> int:
    """How many of the seat's display cards lie face down."""
    up, count = s.face_up, 0
    for c in s.displays[me]:
        if not up[c]:
            count += 1
    return count


def _flip_risk(s: RatjackState, me: int, gap: int) -> bool:
    """One of the seat's face-down cards would put it over the target if turned up (an
    opponent's effect can turn it: a VP for them, the round for them at 2 players)."""
    valt, chip, face, up = s.content.valt, s.card_chip, s.chip_face, s.face_up
    for c in s.displays[me]:
        if not up[c]:
            k = chip[c]
            if valt[c][0 if k < 0 else face[k] + 1] > gap:
                return True
    return False


def _chip_risk(s: RatjackState, me: int, gap: int) -> bool:
    """A chip of the reserve on one of the seat's face-up cards without a chip would put it
    over the target (opponents' effects place chips on other players' cards)."""
    valt, chip, face, up = s.content.valt, s.card_chip, s.chip_face, s.face_up
    for c in s.displays[me]:
        if up[c] and chip[c] < 0:
            base = valt[c][0]
            for k in range(len(face)):
                if s.chip_card[k] == -1 and valt[c][face[k] + 1] - base > gap:
                    return True
    return False


make_heuristic = StyleFactory("ratjack", RatjackHeuristic, STYLES, WEIGHTS, STYLE_DOCS)
