"""Setup (§2) for 2-4 players and the starting-hand draft."""

from __future__ import annotations

import pytest

from simcore.games.rats_of_wistar import board as B

from .helpers import make_game


@pytest.mark.parametrize(
    ("n", "doors", "missions", "cheese"), [(2, 6, 5, [6]), (3, 8, 7, [6, 3]), (4, 10, 10, [6, 3])]
)
def test_setup_by_player_count(n: int, doors: int, missions: int, cheese: list[int]) -> None:
    game = make_game()
    s = game.new_state(n, 42)
    con = s.content
    assert sorted(s.start_slots) == list(range(6)) and len(s.goals) == 3
    assert sum(t >= 0 for t in s.door_tokens) == doors and len(s.mission_ids) == missions
    assert s.cheese_tiles == cheese
    colours = [con.visitors[v].group for v in s.round_visitor_stack]
    assert colours == [0, 0, 0, 1, 1] and s.round_visitor == s.round_visitor_stack[0]
    assert s.market == [[-1] * 4, [-1] * 4]  # §2 rev. 2: the market comes after the draft
    for pl in s.players:
        assert pl.resources == [2, 2, 0, 1, 0] and pl.victory_points == 10
        assert pl.entrance_workers == 2 and pl.area_workers == [0, 0, 0] and pl.beds == 0
        assert pl.rooms[:3] == [B.EMPTY] * 3 and pl.rooms.count(B.EMPTY) == 3
        assert pl.explorer_room == con.farm.entrance and pl.chiefs_left == 3
    # Draft: in reverse turn order each seat takes one revealed basic+advanced pair.
    drafts = [t[1] for t in reversed(s.stack) if t[0] == "draft"]
    assert drafts == list(reversed(s.order))
    assert s.current_player == s.order[-1]
    while s.stack[-1][0] == "draft":
        s.apply(s.legal_actions()[-1])
    for pl in s.players:
        decks = sorted(con.cards[c].deck for c in pl.hand)
        assert decks == [0, 1] and pl.known_cards == pl.hand
    assert all(c >= 0 for row in s.market for c in row) and len(s.market[0]) == 4
    assert s.stack[-1] == ("turn", s.order[0])


def test_setup_is_seeded() -> None:
    game = make_game()
    a, b, c = game.new_state(3, 1), game.new_state(3, 1), game.new_state(3, 2)
    assert a.fingerprint() == b.fingerprint() != c.fingerprint()
