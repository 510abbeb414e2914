"""§9 records, action classes for restricted play, labels."""

from __future__ import annotations

import random

from simcore.engine.play.runner import play_game
from simcore.games.ratjack import Ratjack
from strategies.random_policy import RandomPolicy
from strategies.restricted import Restricted, RestrictedView, class_forbid
from tests.games.ratjack.helpers import build, chip, dflip, down, pos, up


def test_outcome_columns_and_values():
    g = Ratjack()
    rec = play_game(g, 3, [RandomPolicy()] * 3, 7, record_actions=True)
    assert rec.game["decks"] == "rat_red+rat_blue" and rec.game["target"] == 25
    assert rec.game["rounds"] >= 1
    for row in rec.seats:
        assert {"vp", "won_exact", "res_rat_6", "res_raccoon_12"} <= set(row)
        wins = row["won_exact"] + row["won_last_standing"] + row["won_exhaustion"]
        assert row["rounds_won"] == wins
        assert row["vp"] == wins + row["won_elimination"]
    assert sum(r["vp"] for r in rec.seats) >= 3
    modes = {a["mode"] for a in rec.actions}
    assert {"setup", "draw", "down"} <= modes
    for a in rec.actions:
        assert set(a) >= set(g.action_columns)
        assert len(a["values_after"].split("|")) == 3


def test_action_classes():
    # seat 0: rr6 we3 | rr3v      seat 1: rb2 | rb9v
    s = build(decks=("rat_red", "weasel"), hands=["rr6 we3", "rr2"], disp=["rr3v", "rr9v"])
    assert set(s.action_classes(up(0))) == {"resolve/rat/6", "mode/up", "card/rat_red/6"}
    assert "resolve/weasel/3" in s.action_classes(up(1))
    assert s.action_classes(down(1)) == ("mode/down", "card/weasel/3")
    flip = s.action_classes(dflip(1, 0))
    assert "resolve/rat/3" in flip and "mode/discard_flip" in flip
    s.apply(up(0))
    assert s.action_classes(pos(0, 0)) == ("resolve/rat/3",)  # the inner card resolves


def test_restricted_seat_can_still_play_card_down_or_discard_it():
    s = build(decks=("rat_red", "weasel"), hands=["we3 rr1", "rr2"], disp=["rr3v", "rr9v"])
    view = RestrictedView(s, 0, class_forbid({"resolve/weasel/3"}))
    legal = view.legal_actions()
    assert up(0) not in legal and down(0) in legal and dflip(0, 0) in legal
    policy = Restricted(RandomPolicy(), {"resolve/weasel/3"})
    for seed in range(30):
        assert policy.act(s.clone(), random.Random(seed)) != up(0)


def test_action_info_decodes_steps():
    s = build(hands=["rr1 rb2", "rb3"], disp=["rr5^", "rb9^"])
    info = s.action_info(up(0))
    assert (info["mode"], info["card_deck"], info["card_value"], info["effect"]) == (
        "up",
        "rat_red",
        1,
        "rat_1",
    )
    assert s.action_label(up(0)) == "play rat_red 1 face up"
    s.apply(up(0))
    assert s.action_info(pos(0, 0))["targets"] == "seat 0, slot 0 (rat_red 5, face up)"
    assert s.action_info(pos(0, 0))["mode"] == "target"
    s.apply(pos(0, 0))
    assert s.action_info(chip("plus5"))["chip"] == "plus5"
    s.apply(chip("plus5"))
    assert s.post_action_info()["values_after"] == "11|9"  # rr5+plus5 = 10, rr1 = 1
