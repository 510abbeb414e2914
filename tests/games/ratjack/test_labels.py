"""Revision 3 §8: labels, records and traces are observations. Each shows only what its seat
can see; the analyst's view (``reveal``) names everything and says so.
Positions: ``seat: hand | display`` (``^`` up, ``v`` down, ``:chip``)."""

from __future__ import annotations

import random

from simcore.engine.check.trace import ANALYST_VIEW, SEAT_VIEW, trace_game
from simcore.engine.play.runner import play_game
from simcore.games.ratjack import Ratjack
from strategies.random_policy import RandomPolicy
from strategies.registry import make_policy
from tests.conftest import run_cli
from tests.games.ratjack.helpers import build, card, chip, dflip, down, pos, up


def _rat12_on_a_face_down_card():
    # seat 0: rr12 rb1 | rr5v      seat 1: rb3 | rb7v:plus5 rb9^      (rat 12: turn seat 1's
    # face-down card up; seat 0 has not seen rb7)
    s = build(hands=["rr12 rb1", "rb3"], disp=["rr5v", "rb7v:plus5 rb9^"], discard="rr2")
    s.apply(up(0))
    return s


def test_revision3_s8_a_face_down_target_reads_its_place_never_its_identity():
    s = _rat12_on_a_face_down_card()
    assert s.action_label(pos(1, 0)) == "choose seat 1, slot 0 (face down, chip plus5)"
    assert s.action_label(pos(1, 0), 0) == s.action_label(pos(1, 0))  # None: the seat to act
    assert (
        s.action_label(pos(1, 0), 1) == "choose seat 1, slot 0 (rat_blue 7, face down, chip plus5)"
    )
    assert s.action_label(pos(1, 0), reveal=True) == s.action_label(pos(1, 0), 1)
    assert s.action_info(pos(1, 0))["targets"] == "seat 1, slot 0 (face down, chip plus5)"


def test_revision3_s8_hand_cards_are_named_only_for_their_holder():
    # seat 0: rr12 rb1 | rr5v      seat 1: rb3 | -
    s = build(hands=["rr12 rb1", "rb3"], disp=["rr5v", ""])
    assert s.action_label(up(0)) == "play rat_red 12 face up"
    assert s.action_label(up(0), 1) == "play hand card 0 face up"
    assert s.action_label(down(1), 1) == "play hand card 1 face down"
    assert (
        s.action_label(dflip(1, 0))
        == "discard rat_blue 1, flip seat 0, slot 0 (rat_red 5, face down)"
    )
    assert s.action_label(dflip(1, 0), 1) == "discard hand card 1, flip seat 0, slot 0 (face down)"


def test_revision3_s8_a_card_looked_at_is_named_for_the_seat_that_saw_it():
    # seat 0: rr4 rb1 | -      seat 1: rb3 | rb7v      seat 0 has looked at rb7 (rat 5)
    s = build(hands=["rr4 rb1", "rb3"], disp=["", "rb7v"])
    s.seen_by[card(Ratjack(), "rb7")] |= 1 << 0
    s.apply(up(0))  # rat 4: a chip on a face-down card of another player
    assert s.action_label(pos(1, 0)) == "choose seat 1, slot 0 (rat_blue 7, face down)"
    t = build(hands=["rr4 rb1", "rb3"], disp=["", "rb7v"])  # not looked at
    t.apply(up(0))
    assert t.action_label(pos(1, 0)) == "choose seat 1, slot 0 (face down)"


def test_revision3_s8_labels_survive_resampling_of_what_the_viewer_cannot_see():
    # every seat's label of every legal action, in the states of random 3-player games,
    # is the same in a world redealt for that seat; the analyst's view is not
    game = Ratjack.from_overrides(
        {"decks": ["rat_red", "raccoon"], "rat5_targets": "face_down_or_hand"}
    )
    rng = random.Random(3)
    revealing = 0
    for seed in range(4):
        s = game.new_state(3, seed)
        while not s.is_terminal():
            for viewer in range(3):
                world = s.determinize(viewer, random.Random(rng.getrandbits(32)))
                for a in s.legal_actions():
                    assert s.action_label(a, viewer) == world.action_label(a, viewer)
                    revealing += s.action_label(a, reveal=True) != world.action_label(
                        a, reveal=True
                    )
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
    assert revealing > 0  # the test can fail: the analyst's labels do depend on hidden cards


def test_revision3_s8_the_actions_table_labels_are_the_acting_seats():
    record = play_game(Ratjack(), 3, [RandomPolicy()] * 3, 11, record_actions=True)
    faces_down = [r["label"] for r in record.actions if "(face down" in r["label"]]
    assert any(label.endswith("(face down)") for label in faces_down)  # an unseen target


def test_revision3_s8_trace_narrates_what_the_acting_seat_sees():
    s = _rat12_on_a_face_down_card()
    s.enable_trace()
    s.trace_lines()
    s.apply(pos(1, 0))  # rat 12 turns rb7 up: the target line is written before it turns
    lines = s.trace_lines()
    assert "target seat 1, slot 0 (face down, chip plus5)" in lines and "it is rat_blue 7" in lines
    t = _rat12_on_a_face_down_card()
    t.reveal_trace()
    t.enable_trace()
    t.apply(pos(1, 0))
    assert "target seat 1, slot 0 (rat_blue 7, face down, chip plus5)" in t.trace_lines()


def test_revision3_s8_chip_narrative_on_an_unseen_card():
    # seat 0: rr4 rb1 | -      seat 1: rb3 | rb7v      rat 4: a chip on seat 1's rb7
    s = build(hands=["rr4 rb1", "rb3"], disp=["", "rb7v"], discard="rr2")
    s.enable_trace()
    for action in (up(0), pos(1, 0), chip("plus5")):
        s.apply(action)
    assert "chip plus5 on seat 1, slot 0 (face down, chip plus5)" in s.trace_lines()


def _golden_game(reveal: bool) -> list[str]:
    game = Ratjack()
    policies = [make_policy(p, game) for p in ("heuristic", "random", "random")]
    return trace_game(game, 3, policies, seed=1, reveal=reveal)


def test_revision3_s8_only_the_analyst_trace_names_every_card_and_says_so():
    seats, analyst = _golden_game(False), _golden_game(True)
    assert seats[1] == SEAT_VIEW and analyst[1] == ANALYST_VIEW
    # seat 0 starts: it sees its own deal, not the others'
    assert seats[6:9] == [
        "seat 0 is dealt rat_blue 8, rat_red 12",
        "seat 1 is dealt 2 cards",
        "seat 2 is dealt 2 cards",
    ]
    assert analyst[7] == "seat 1 is dealt rat_red 11, rat_blue 12"

    # the same game: the same decisions and result; only the analyst shows the final position
    def decided(lines):
        return [line.split(": ")[0] for line in lines if line.startswith("seat ") and "): " in line]

    assert decided(seats) == decided(analyst) and seats[-4:] == analyst[-4:]
    assert not any(", hand " in line for line in seats)
    assert any(", hand " in line for line in analyst)


def test_revision3_s8_cli_reveal_needs_trace_and_announces_itself():
    bad = run_cli(
        "play", "--game", "ratjack", "--players", "2", "--policies", "random,random", "--reveal"
    )
    assert bad.returncode == 2 and "--reveal" in bad.stderr and "Traceback" not in bad.stderr
    ok = run_cli(
        "play",
        "--game",
        "ratjack",
        "--players",
        "2",
        "--policies",
        "random,random",
        "--trace",
        "--reveal",
    )
    assert ok.returncode == 0 and ANALYST_VIEW in ok.stdout
