"""Scoring (§9) part by part, and the tie rule (§3)."""

from __future__ import annotations

import pytest

from simcore.games.rats_of_wistar.scoring import PARTS, end_count, score_parts
from simcore.games.rats_of_wistar.vocab import END_WHAT

from .helpers import give, start


def test_every_part_recorded_separately() -> None:
    # Board: 14 VP during play; U6 + L4 uncovered (3 + 6 + 2 pair); 3 beds (2 VP); 4 rooms
    # (4 VP); visitors V01 (1) + V22 (5); cheese 3; Saw (1 VP) played; end effect 1 VP per
    # tool (1 tool); power 2 (2 VP); leftovers 4 wood + 3 metal + 2 moves + 1 card = 10 -> 2;
    # 5 jokers -> 2.
    s = start()
    seat = s.current_player
    pl = s.players[seat]
    pl.victory_points = 14
    pl.uncovered_abilities = 1 << 5 | 1 << 9
    pl.beds, pl.dug_rooms = 3, 4
    pl.rooms[4:8] = [0, 0, 0, 0]
    ids = [v.id for v in s.content.visitors]
    pl.visitors = [ids.index("V01"), ids.index("V22")]
    pl.cheese_vp = 3
    saw = give(s, seat, "B03")
    pl.hand.remove(saw)
    pl.played = [saw]
    pl.type_counts[0] = 1
    pl.end_vp_per = [(0, 0, 1)]
    pl.power = 2
    pl.resources = [4, 3, 5, 2, 1]
    give(s, seat, "B01")
    parts = score_parts(s, seat)
    assert tuple(parts) == PARTS
    assert parts == {
        "vp_start_and_play": 14,
        "vp_abilities": 11,
        "vp_beds": 2,
        "vp_rooms": 4,
        "vp_visitors": 6,
        "vp_cheese": 3,
        "vp_inventions": 1,
        "vp_end_effects": 1,
        "vp_power": 2,
        "vp_leftovers": 2,
        "vp_jokers": 2,
    }
    assert s.scores()[seat] == sum(parts.values())


def test_power_one_scores_nothing_and_potions_are_not_leftovers() -> None:
    s = start()
    pl = s.players[0]
    pl.power, pl.resources = 1, [0, 0, 1, 0, 9]
    parts = score_parts(s, 0)
    assert parts["vp_power"] == 0 and parts["vp_leftovers"] == 0 and parts["vp_jokers"] == 0


def test_tie_goes_to_earlier_player_in_final_turn_order() -> None:
    s = start(3)
    for pl in s.players:
        pl.victory_points = 20
    s.players[2].victory_points = 19
    s.order = [2, 1, 0]
    s.game_over, s.stack = True, []
    assert s.winners() == [1]
    assert s.returns() == [0.0, 1.0, 0.0]
    s.order = [0, 2, 1]
    assert s.winners() == [0]


@pytest.mark.parametrize("what", range(len(END_WHAT)))
def test_each_end_effect_counts_what_it_names(what) -> None:
    # One seat with a different count of every kind: 5 inventions of type 1, icon 3 six times
    # (11 icons), 3 beds, 4 rooms dug, 2 visitors (cheese unclaimed), 1 mission, 7 goals,
    # 8 inventions played, power 9. An end effect "1 VP per <what>" scores that count.
    s = start()
    seat = s.current_player
    pl = s.players[seat]
    pl.type_counts = [0, 5, 0]
    pl.icons = [1, 2, 0, 6, 0, 2]
    pl.beds, pl.dug_rooms, pl.cheese_vp, pl.power = 3, 4, -1, 9
    pl.visitors, pl.missions, pl.goals = [0, 1], [0], list(range(7))
    counts = {
        "type": 5,
        "icon": 6,
        "icons": 11,
        "beds": 3,
        "rooms": 4,
        "visitors": 2,
        "missions": 1,
        "goals": 7,
        "inventions": 8,
        "power": 9,
    }
    sub = {"type": 1, "icon": 3}.get(END_WHAT[what], -1)
    saw = give(s, seat, "B03")
    pl.hand.remove(saw)
    pl.played = [saw] * 8
    before = s.scores()[seat]
    pl.end_vp_per = [(what, sub, 1)]
    assert end_count(s, pl, what, sub) == counts[END_WHAT[what]]
    assert s.scores()[seat] == sum(score_parts(s, seat).values())
    assert score_parts(s, seat)["vp_end_effects"] == counts[END_WHAT[what]]
    assert s.scores()[seat] == before + counts[END_WHAT[what]]
