"""Revision 4 of the rules: §6 the exact target and the last standing in one check
(``exact_ends_check``), §8 a traced deal is seen by the seat whose decision ended the round.
Positions: ``seat: hand | display`` (``^`` up, ``v`` down, ``:chip``)."""

from __future__ import annotations

import re

import pytest

from simcore.core.rng import policy_stream
from simcore.games.ratjack import Ratjack
from simcore.games.ratjack.codes import WON_ELIM, WON_EXACT, WON_LAST
from simcore.games.ratjack.narrative import card_str, sees
from strategies.registry import make_policy
from tests.games.ratjack.helpers import build, chip, pos, up


def _exact_and_last_standing(**params):
    # seat 0: ra6 rr1 | rr10^ rr8^ (18)     seat 1: rr3 | rr12^ rr11^ (23)
    # seat 0 plays raccoon 6 face up (24): +5 on seat 1's rr12 (28), +1 on its own rr10 (25).
    # The check: seat 1 is over the target (step 1), seat 0 has exactly 25 (step 3) and is the
    # only one still in (step 4)
    s = build(
        hands=["ra6 rr1", "rr3"],
        disp=["rr10^ rr8^", "rr12^ rr11^"],
        vp=[0, 0],
        decks=("rat_red", "raccoon"),
        **params,
    )
    s.apply(up(0))
    s.apply(pos(1, 0))
    s.apply(chip("plus5"))
    s.apply(pos(0, 0))
    s.apply(chip("plus1"))
    return s


def test_revision4_s6_every_step_of_one_check_pays_by_default():
    s = _exact_and_last_standing()
    assert s.stats[WON_ELIM] == 1 and s.stats[WON_EXACT] == 1 and s.stats[WON_LAST] == 1
    assert s.victory_points == [3, 0]  # 3 VP in all: the game ends at the check
    assert s.is_terminal() and s.outcome()["ended_by"] == "points"


def test_revision4_s6_exact_ends_check_keeps_the_earlier_reading():
    s = _exact_and_last_standing(exact_ends_check=True)
    assert s.stats[WON_ELIM] == 1 and s.stats[WON_EXACT] == 1 and s.stats[WON_LAST] == 0
    assert s.victory_points == [2, 0] and not s.is_terminal() and s.round_no == 2


def test_revision4_s6_last_standing_without_stacking_still_pays_only_the_elimination():
    # last_standing_stacks = false: the seat that put the last opponent out this turn earns no
    # last-standing VP (§6.4), whether or not it also reached the target exactly
    s = _exact_and_last_standing(last_standing_stacks=False)
    assert s.stats[WON_LAST] == 0 and s.victory_points == [2, 0]


def _hidden_hands(state, viewer: int) -> dict[str, int]:
    """Names of the cards in other seats' hands that ``viewer`` has not identified, with the
    seat holding each (a face-down display card may be turned up during a decision, a hand
    card is never shown)."""
    out = {}
    for seat in range(state.n):
        if seat != viewer:
            out |= {
                card_str(state, c): seat for c in state.hands[seat] if not sees(state, c, viewer)
            }
    return out


def _named(line: str, name: str) -> bool:
    return re.search(rf"(?<![\w]){re.escape(name)}(?!\d)", line) is not None


@pytest.mark.parametrize("seed", range(10))
def test_revision4_s8_a_trace_names_no_card_another_seat_holds_face_down(seed):
    # the trace of a 3-player game without --reveal: every line under a decision is what the
    # seat that took it sees; the next round's deal too (it was told from the new start seat)
    game = Ratjack()
    state = game.new_state(3, seed)
    state.enable_trace()
    policies = [make_policy("heuristic", game), make_policy("random", game)] * 2
    rngs = [policy_stream(seed, seat) for seat in range(3)]
    viewer = state.current_player
    blocks = [(viewer, state.trace_lines(), _hidden_hands(state, viewer))]
    deals = 0
    while not state.is_terminal():
        viewer = state.current_player
        before = _hidden_hands(state, viewer)
        state.apply(policies[viewer].act(state, rngs[viewer]))
        lines = state.trace_lines()
        deals += sum("is dealt" in line for line in lines)
        # a card in the same other hand before and after the decision, never seen by the
        # seat (a card it saw in between, e.g. drawn, then dealt to another, may be named)
        after = _hidden_hands(state, viewer)
        blocks.append((viewer, lines, {n: q for n, q in after.items() if before.get(n) == q}))
    assert deals >= 3  # every deal is traced: the first and each later round's
    for viewer, lines, hidden in blocks:
        for line in lines:
            where = f"seed {seed}, under seat {viewer}'s decision: {line!r}"
            dealt = re.fullmatch(r"seat (\d) is dealt (.*)", line)
            if dealt and int(dealt[1]) != viewer:  # a new deal: another seat's cards unnamed
                assert re.fullmatch(r"\d+ cards", dealt[2]), where
            assert not [n for n in hidden if _named(line, n)], where
