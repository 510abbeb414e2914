"""Revision 3 of the rules: §6 the end-of-turn check after every turn with immediate
eliminations, §4.3 raccoon 3 (activating) legal only when its draw can follow.
Positions: ``seat: hand | display`` (``^`` up, ``v`` down, ``:chip``); the deck is listed
bottom to top after the cards nobody names."""

from __future__ import annotations

import itertools
import random

import pytest

from simcore.games.ratjack import Ratjack
from simcore.games.ratjack.codes import P_DRAW, P_EFFECT, P_SETUP, WON_ELIM, WON_LAST
from tests.games.ratjack.helpers import build, chip, codes, dflip, pos, up
from tests.games.ratjack.test_properties import PAIRS

IMMEDIATE = {"decks": ("rat_red", "raccoon"), "elimination_timing": "immediate"}


def _raccoon6_knocks_out_seat1(vp, **params):
    # seat 0: ra6 rr1 | rr2^ (2)     seat 1: rr3 | rr12^ rr11^ (23)     [seat 2: rr4 | rr5^]
    # raccoon 6: +5 on seat 1's rr12 (23 -> 28: out at once), then a second chip
    n = len(vp)
    s = build(
        hands=["ra6 rr1", "rr3", "rr4"][:n],
        disp=["rr2^", "rr12^ rr11^", "rr5^"][:n],
        vp=vp,
        **{**IMMEDIATE, **params},
    )
    s.apply(up(0))
    s.apply(pos(1, 0))
    s.apply(chip("plus5"))
    assert s.eliminated[1] == 1 and s.phase == P_EFFECT  # out mid-turn, the effect goes on
    s.apply(pos(2 if n == 3 else 0, 0))  # the second chip: seat 2's rr5, or seat 0's own rr2
    s.apply(chip("plus1"))
    return s


def test_revision3_s6_lone_survivor_after_a_mid_turn_elimination_scores_last_standing():
    s = _raccoon6_knocks_out_seat1([0, 0])
    # one check at the end of the turn: seat 0 is the only player still in (§6.4)
    assert s.victory_points == [2, 0] and s.stats[WON_LAST] == 1 and s.stats[WON_ELIM] == 1
    assert s.round_no == 2 and s.phase == P_SETUP and s.start_seat == 0


def test_revision3_s6_no_stacking_counts_an_elimination_made_earlier_in_the_turn():
    # last_standing_stacks = false: putting the last opponent out this turn earns the
    # elimination VP only, whether it happened mid-turn or at the check
    s = _raccoon6_knocks_out_seat1([0, 0], last_standing_stacks=False)
    assert s.victory_points == [1, 0] and s.stats[WON_LAST] == 0 and s.round_no == 2


def test_revision3_s6_third_vp_from_a_mid_turn_elimination_ends_the_game_at_the_check():
    # VP 2/0/0; the mid-turn elimination gives seat 0 its third VP, seat 2 is still in
    s = build(
        hands=["ra6 rr1", "rr3", "rr4"],
        disp=["rr2^", "rr12^ rr11^", "rr5^"],
        vp=[2, 0, 0],
        **IMMEDIATE,
    )
    s.apply(up(0))
    s.apply(pos(1, 0))
    s.apply(chip("plus5"))
    assert (
        s.victory_points == [3, 0, 0] and not s.is_terminal()
    )  # the game ends at the check, not here
    s.apply(pos(2, 0))
    s.apply(chip("plus1"))
    assert s.is_terminal() and s.outcome()["ended_by"] == "points"
    assert s.winners() == [0] and s.victory_points == [3, 0, 0]


def test_revision3_s6_the_check_is_the_same_with_either_timing_once_the_turn_is_over():
    # end_of_turn: the same turn puts seat 1 out at the check (VP 2/0/0 -> 3: game over)
    s = build(
        hands=["ra6 rr1", "rr3", "rr4"],
        disp=["rr2^", "rr12^ rr11^", "rr5^"],
        vp=[2, 0, 0],
        decks=("rat_red", "raccoon"),
    )
    for action in (up(0), pos(1, 0), chip("plus5"), pos(2, 0), chip("plus1")):
        s.apply(action)
    t = _raccoon6_knocks_out_seat1([2, 0, 0])
    assert s.is_terminal() and t.is_terminal()
    assert (s.victory_points, s.winners(), s.eliminated) == (
        t.victory_points,
        t.winners(),
        t.eliminated,
    )


@pytest.mark.parametrize("pair", PAIRS)
def test_revision3_s6_every_turn_starts_after_a_full_check(pair):
    # Random play with immediate eliminations, 40 seeds at 2, 3 and 4 players per deck pair.
    # Whatever happened in a turn, when the next one starts the check has run: two or more
    # players still in, none above the target, the deck not empty, nobody at points_to_win.
    # (A check skipped after a mid-turn elimination shows here in about one game in 80.)
    game = Ratjack.from_overrides(
        {"decks": list(pair), "elimination_timing": "immediate", "raccoon3_activates": True}
    )
    for n_players, seed in itertools.product((2, 3, 4), range(40)):
        s = game.new_state(n_players, seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
            if s.phase == P_DRAW and not s.is_terminal():
                alive = [p for p in range(n_players) if not s.eliminated[p]]
                assert len(alive) >= 2 and s.deck, (n_players, seed)
                assert all(s.values()[p] <= game.params.target for p in alive)
                assert max(s.victory_points) < game.params.points_to_win, (n_players, seed)


ACTIVATES = {"raccoon3_activates": True}


def test_revision3_s4_3_raccoon3_not_offered_when_the_activated_card_empties_the_deck():
    # seat 0: ra3 rr11 | -      seat 1: rr4 | -      deck: 2 cards
    # raccoon 3 would put rat 11 up, rat 11 discards both deck cards: nothing left to draw
    s = build(
        decks=("rat_red", "raccoon"),
        hands=["ra3 rr11", "rr4"],
        disp=["", ""],
        deck="rr1 rr2",
        rest="discard",
        **ACTIVATES,
    )
    assert up(0) not in s.legal_actions()
    assert up(1) in s.legal_actions()  # rat 11 itself may still be played
    # default reading: raccoon 3 places rat 11 without activating, then draws
    u = build(
        decks=("rat_red", "raccoon"),
        hands=["ra3 rr11", "rr4"],
        disp=["", ""],
        deck="rr1 rr2",
        rest="discard",
    )
    assert up(0) in u.legal_actions()
    # deck rr1 rr2 rr3 rr5 (top): rat 11 discards rr5 and rr3, the draw takes rr2
    t = build(
        decks=("rat_red", "raccoon"),
        hands=["ra3 rr11", "rr4"],
        disp=["", ""],
        deck="rr1 rr2 rr3 rr5",
        rest="discard",
        **ACTIVATES,
    )
    t.apply(up(0))
    assert codes(t, t.hands[0]) == ["rr2"] and codes(t, t.deck) == ["rr1"]
    assert codes(t, t.discard[-2:]) == ["rr5", "rr3"] and t.round_no == 1


@pytest.mark.parametrize(
    ("decks", "card", "taken"),
    [
        (("rat_red", "raccoon"), "rr11", 2),  # discard the top 2 of the deck
        (("weasel", "raccoon"), "we9", 3),  # discard the top 3
        (("weasel", "raccoon"), "we3", 1),  # draw one into another display
        (("rat_red", "raccoon"), "ra5", 1),  # top card face down into your display
        (("rat_red", "raccoon"), "ra10", 1),  # draw, then discard from the hand
    ],
)
@pytest.mark.parametrize("partial", [False, True])
def test_revision3_s4_3_every_deck_step_leaves_the_raccoon3_draw(decks, card, taken, partial):
    # seat 0: ra3 <card> | -      seat 1: <a card> | -      deck: `taken`, then `taken` + 1 cards
    other = "rr4" if decks[0] == "rat_red" else "we4"
    fill = "ra1 ra2 ra4 ra6 ra7"
    for extra, offered in ((0, False), (1, True)):
        deck = " ".join(fill.split()[: taken + extra])
        s = build(
            decks=decks,
            hands=[f"ra3 {card}", other],
            disp=["", ""],
            deck=deck,
            rest="discard",
            partial_deck_effects=partial,
            **ACTIVATES,
        )
        assert (up(0) in s.legal_actions()) == offered, (card, extra)
    # one card more, so that the round goes on after the turn: the card takes `taken`,
    # the draw one, one is left
    s = build(
        decks=decks,
        hands=[f"ra3 {card}", other],
        disp=["", ""],
        deck=" ".join(fill.split()[: taken + 2]),
        rest="discard",
        partial_deck_effects=partial,
        **ACTIVATES,
    )
    s.apply(up(0))
    while s.seat_to_act == 0 and s.phase == P_EFFECT:
        s.apply(s.legal_actions()[0])
    assert len(s.deck) == 1 and len(s.hands[0]) == 1 and s.round_no == 1, card


def test_revision3_s4_3_choices_inside_the_activated_card_keep_the_draw():
    # seat 0: ra3 rr6 | rr11v rr3v      seat 1: rr4 | -      deck: 2 cards
    # raccoon 3 puts rat 6 up; rat 6 may turn rat 11 (would empty the deck: not offered)
    # or rat 3 (extra turn); then the draw
    s = build(
        decks=("rat_red", "raccoon"),
        hands=["ra3 rr6", "rr4"],
        disp=["rr11v rr3v", ""],
        deck="rr1 rr2",
        rest="discard",
        **ACTIVATES,
    )
    assert up(0) in s.legal_actions()
    s.apply(up(0))
    assert s.legal_actions() == [pos(0, 1)]
    s.apply(pos(0, 1))
    assert (
        codes(s, s.hands[0]) == ["rr2"] and s.seat_to_act == 0 and s.phase == P_DRAW
    )  # extra turn


def test_revision3_s4_3_discard_flip_of_raccoon3_judges_the_draw_too():
    # seat 0: rr11 rr5 | ra3v      seat 1: rr4 | -      deck: 2 cards
    # discarding rr5 turns raccoon 3 up with rat 11 left in hand: rat 11 would empty the deck
    s = build(
        decks=("rat_red", "raccoon"),
        hands=["rr11 rr5", "rr4"],
        disp=["ra3v", ""],
        deck="rr1 rr2",
        rest="discard",
        **ACTIVATES,
    )
    assert dflip(1, 0) not in s.legal_actions()
    t = build(
        decks=("rat_red", "raccoon"),
        hands=["rr11 rr5", "rr4"],
        disp=["ra3v", ""],
        deck="rr1 rr2 rr3",
        rest="discard",
        **ACTIVATES,
    )
    assert dflip(1, 0) in t.legal_actions()


def test_revision3_s4_3_raccoon12_refills_an_empty_deck_for_the_draw():
    # seat 0: ra3 ra12 | -      seat 1: rr4 | -      deck empty, discard pile of 3 or more
    # raccoon 3 activates raccoon 12 (3 discards back into the deck), then draws one of them
    s = build(
        decks=("rat_red", "raccoon"),
        hands=["ra3 ra12", "rr4"],
        disp=["", ""],
        deck="",
        rest="discard",
        **ACTIVATES,
    )
    assert up(0) in s.legal_actions()
    s.apply(up(0))
    assert len(s.hands[0]) == 1 and len(s.deck) == 2
    # any other card cannot be followed by a draw from the empty deck
    t = build(
        decks=("rat_red", "raccoon"),
        hands=["ra3 rr3", "rr4"],
        disp=["", ""],
        deck="",
        rest="discard",
        **ACTIVATES,
    )
    assert up(0) not in t.legal_actions()
