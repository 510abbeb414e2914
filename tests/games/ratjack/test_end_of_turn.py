"""§6 end-of-turn checks in order, rounds, exhaustion, game end; §4.3 must-resolve rule.
Positions: ``seat: hand | display`` (``^`` up, ``v`` down, ``:chip``)."""

from __future__ import annotations

from simcore.games.ratjack.codes import CARDS_DOWN, NSTAT, P_DRAW, P_SETUP, WON_ELIM, WON_EXH
from tests.games.ratjack.helpers import build, chip, dflip, down, pos, up


def stat(s, seat: int, k: int) -> int:
    """Statistic ``k`` of ``seat``."""
    return s.stats[seat * NSTAT + k]


def _eliminate(**params):
    # seat 0: rr12 rb1 | rr11^ (11)      seat 1: rb3 | rb12^ rb10^ rb9v (22)
    s = build(hands=["rr12 rb1", "rb3"], disp=["rr11^", "rb12^ rb10^ rb9v"], **params)
    s.apply(up(0))
    s.apply(pos(1, 2))  # rat 12 turns the rb9 up: seat 1 reaches 31
    return s


def test_elimination_vp_and_last_standing_stack():
    s = _eliminate()
    assert s.victory_points == [2, 0] and stat(s, 0, WON_ELIM) == 1  # elimination + last standing
    assert s.round_no == 2 and s.start_seat == 0 and s.phase == P_SETUP


def test_last_standing_not_stacked():
    s = _eliminate(last_standing_stacks=False)
    assert s.victory_points == [1, 0] and s.start_seat == 0


def test_self_bust_gives_no_vp_and_opponent_is_last_standing():
    # seat 0: rr11 rb1 | rr10^ rb9^ (19 + 11 = 30)      seat 1: rb3 | rb2^
    s = build(hands=["rr11 rb1", "rb3"], disp=["rr10^ rb9^", "rb2^"])
    s.apply(up(0))
    assert s.victory_points == [0, 1] and s.start_seat == 1 and s.round_no == 2


def test_extra_turn_lost_on_self_bust():
    # 3 players. seat 0: rr3 rb1 | rr10^ rb9^ rb4^ (23 + 3 = 26)   seat 1, 2: small
    s = build(hands=["rr3 rb1", "rb3", "rb5"], disp=["rr10^ rb9^ rb4^", "rb2^", "rb6^"])
    s.apply(up(0))
    assert (
        s.eliminated == [1, 0, 0]
        and s.seat_to_act == 1
        and s.phase == P_DRAW
        and s.victory_points == [0, 0, 0]
    )


def test_opponent_put_on_exact_target_scores():
    # seat 0: rr12 rb1 | -   seat 1: rb3 | rb12^ rb8^ rb5v (20)   seat 2: rb4 | rb2^
    s = build(hands=["rr12 rb1", "rb3", "rb4"], disp=["", "rb12^ rb8^ rb5v", "rb2^"])
    s.apply(up(0))
    s.apply(pos(1, 2))
    assert s.victory_points == [0, 1, 0] and s.round_no == 2 and s.start_seat == 1


def test_opponent_exact_assumption_off():
    s = build(
        hands=["rr12 rb1", "rb3", "rb4"],
        disp=["", "rb12^ rb8^ rb5v", "rb2^"],
        opponent_exact_scores=False,
    )
    s.apply(up(0))
    s.apply(pos(1, 2))
    assert s.victory_points == [0, 0, 0] and s.seat_to_act == 1 and s.values()[1] == 25


def test_own_exact_target():
    # seat 0: rr5 rb1 | rr12^ rb8^ (20 + 5 = 25)      seat 1: rb3 | -
    s = build(hands=["rr5 rb1", "rb3"], disp=["rr12^ rb8^", "rb7v"])
    s.apply(up(0))
    s.apply(pos(1, 0))  # rat 5 must look at something
    assert s.victory_points == [1, 0] and s.round_no == 2


def test_last_standing_three_players():
    # seat 0: rr12 rb1 | rr11^    seat 1: rb3 | rb12^ rb10^ rb9v    seat 2 (out): rb4 | rb2^
    s = build(
        hands=["rr12 rb1", "rb3", "rb4"], disp=["rr11^", "rb12^ rb10^ rb9v", "rb2^"], elim=[2]
    )
    s.apply(up(0))
    s.apply(pos(1, 2))
    assert s.victory_points == [2, 0, 0]


def test_game_ends_immediately_at_points_to_win():
    # seat 0 has 2 VP and eliminates seat 1 (3 players): the game ends at once
    s = build(
        hands=["rr12 rb1", "rb3", "rb4"], disp=["rr11^", "rb12^ rb10^ rb9v", "rb2^"], vp=[2, 0, 0]
    )
    s.apply(up(0))
    s.apply(pos(1, 2))
    assert s.is_terminal() and s.victory_points == [3, 0, 0] and s.returns() == [1.0, 0.0, 0.0]
    assert s.outcome()["ended_by"] == "points"


def _exhaust(seat1: str, **params):
    # deck empty. seat 0: rr1 rb1 | rr10^ rr9^ (19)      seat 1: rb3 | <seat1>
    s = build(
        hands=["rr1 rb1", "rb3"], disp=["rr10^ rr9^", seat1], deck="", rest="discard", **params
    )
    s.apply(down(0))
    return s


def test_exhaustion_highest_value_scores():
    s = _exhaust("rb10^ rb8^")  # 18
    assert s.victory_points == [1, 0] and stat(s, 0, WON_EXH) == 1 and stat(s, 0, CARDS_DOWN) == 1


def test_exhaustion_tie_all_tied_score():
    s = _exhaust("rb10^ rb9^")  # 19 too
    assert s.victory_points == [1, 1] and s.start_seat == 0


def test_exhaustion_tie_nobody_scores_and_next_seat_starts():
    s = _exhaust("rb10^ rb9^", exhaustion_tie="nobody_scores")
    assert s.victory_points == [0, 0] and s.round_no == 2 and s.start_seat == 1


def test_shared_win():
    s = _exhaust("rb10^ rb9^", vp=[2, 2])
    assert s.is_terminal() and s.returns() == [0.5, 0.5]


def test_must_resolve_rule_hides_unresolvable_face_up_play():
    # seat 0: rr4 rb1 | -      seat 1: rb3 | rb9^   (no opponent face-down card for rat 4)
    s = build(hands=["rr4 rb1", "rb3"], disp=["", "rb9^"])
    assert up(0) not in s.legal_actions() and down(0) in s.legal_actions()
    t = build(hands=["rr4 rb1", "rb3"], disp=["", "rb9v"])
    assert up(0) in t.legal_actions()


def test_must_resolve_nested_rat6():
    # seat 0: rr6 rb1 | rb6v rb4v      seat 1: rb3 | rb9^
    # rb4 cannot resolve; rb6 could only flip rb4: so rr6 cannot be played face up
    s = build(hands=["rr6 rb1", "rb3"], disp=["rb6v rb4v", "rb9^"])
    assert up(0) not in s.legal_actions()
    assert dflip(1, 0) not in s.legal_actions() and dflip(1, 1) not in s.legal_actions()
    # add rb3v (extra turn, always resolvable): rr6 may flip rb6 (then rb3) or rb3, never rb4
    t = build(hands=["rr6 rb1", "rb2"], disp=["rb6v rb4v rb3v", "rb9^"])
    assert up(0) in t.legal_actions()
    t.apply(up(0))
    assert t.legal_actions() == [pos(0, 0), pos(0, 2)]
    t.apply(pos(0, 0))
    assert t.legal_actions() == [pos(0, 2)]
    t.apply(pos(0, 2))
    assert t.seat_to_act == 0 and t.phase == P_DRAW  # the innermost rat 3 gave an extra turn


def _elim_and_bust(**kw):
    # 3 players. seat 0: rr12 rb1 | rr11^ rb5^ (16 + 12 = 28: busts)
    # seat 1: rb3 | rb12^ rb10^ rb9v (22 -> 31 when rb9 is turned up)   seat 2: rb4 | rb2^
    s = build(
        hands=["rr12 rb1", "rb3", "rb4"], disp=["rr11^ rb5^", "rb12^ rb10^ rb9v", "rb2^"], **kw
    )
    s.apply(up(0))
    s.apply(pos(1, 2))
    return s


def test_order_elimination_vp_before_self_bust_then_last_standing():
    s = _elim_and_bust()
    # 1: seat 1 out, seat 0 +1 VP; 2: seat 0 busts; 4: seat 2 is last standing, +1 VP
    assert s.victory_points == [1, 0, 1] and s.round_no == 2 and s.start_seat == 2
    assert stat(s, 0, WON_ELIM) == 1


def test_s6_one_check_last_standing_vp_counts_after_elimination_vp():
    # Revision 2 §6: all five steps are one check. VP 2/0/2: seat 0's elimination VP (step 1)
    # no longer ends the game before seat 2's last-standing VP (step 4): both reach 3 and share.
    s = _elim_and_bust(vp=[2, 0, 2])
    assert s.is_terminal() and s.victory_points == [3, 0, 3] and s.returns() == [0.5, 0.0, 0.5]


def test_s6_one_check_spec_example_elimination_and_exact_share_the_win():
    # The spec's example. VP 2/0/2; seat 0 plays raccoon 6 (two chips).
    # seat 0: ra6 rr1 | -     seat 1: rr3 | rr12^ rr11^ (23)     seat 2: rr4 | rr10^ rr5^ (15)
    # chips +10 on seat 2's rr10 (15 -> 25 exactly) and +5 on seat 1's rr12 (23 -> 28: out)
    s = build(
        decks=("rat_red", "raccoon"),
        hands=["ra6 rr1", "rr3", "rr4"],
        disp=["", "rr12^ rr11^", "rr10^ rr5^"],
        vp=[2, 0, 2],
    )
    s.apply(up(0))
    s.apply(pos(2, 0))
    s.apply(chip("plus10"))
    s.apply(pos(1, 0))
    s.apply(chip("plus5"))
    assert s.is_terminal() and s.victory_points == [3, 0, 3] and s.winners() == [0, 2]


def test_s6_elimination_timing_immediate_ends_the_turn_of_a_busting_player():
    # seat 0: ra8 rr1 | rr12^ (12 + 8 = 20)      seat 1: rr3 | rr11^ rr10^ rr2^ (23)
    # raccoon 8: +10 on own rr12 (30), then +5 on seat 1's rr11 (28)
    expected = {"end_of_turn": [1, 0], "immediate": [0, 1]}
    for timing, vp in expected.items():
        s = build(
            decks=("rat_red", "raccoon"),
            hands=["ra8 rr1", "rr3"],
            disp=["rr12^", "rr11^ rr10^ rr2^"],
            elimination_timing=timing,
        )
        s.apply(up(0))
        s.apply(pos(0, 0))
        s.apply(chip("plus10"))
        if timing == "end_of_turn":  # the effect goes on: seat 1 out (+1 VP), seat 0 busts
            s.apply(pos(1, 0))
            s.apply(chip("plus5"))
        # immediate: seat 0 is out at 30 before its second chip; seat 1 is last standing
        assert s.victory_points == vp and s.round_no == 2, timing
    # immediate: an opponent pushed over mid-effect is out before the effect's next choice
    # seat 0: ra6 rr1 | -     seat 1: rr3 | rr12^ rr11^ (23)     seat 2: rr4 | rr2^
    s = build(
        decks=("rat_red", "raccoon"),
        hands=["ra6 rr1", "rr3", "rr4"],
        disp=["", "rr12^ rr11^", "rr2^"],
        elimination_timing="immediate",
    )
    s.apply(up(0))
    s.apply(pos(1, 0))
    s.apply(chip("plus5"))  # seat 1: 28 -> out now, seat 0 +1 VP
    assert s.eliminated == [0, 1, 0] and s.victory_points == [1, 0, 0]
    assert all(a < pos(1, 0) or a >= pos(2, 0) for a in s.legal_actions())  # not seat 1's cards
