"""Assistant display (§3), starting hands (§2.3) and hiring (§4 A)."""

from __future__ import annotations

import pytest

from simcore.games.lord_of_worlds import cards as deck_ops
from simcore.games.lord_of_worlds import rules as R

from .helpers import card, game, started


def rig(s, order: list[int]) -> None:
    """Empty display and piles; the deck deals ``order`` first (discard keeps the rest)."""
    for pile in s.piles:
        for k in pile:
            s.discard[k] += 1
    for k in s.deck:
        s.discard[k] += 1
    s.piles, s.pile_colour, s.pile_sum = [], [], []
    for k in order:
        s.discard[k] -= 1
    s.deck = list(reversed(order))  # the deck pops from the end


def test_pile_closes_at_eight_and_next_card_opens_new_pile():
    # seed example: green 5, green 5 -> the pile is closed (10 >= 8); green 2 opens a new pile
    s = started()
    g5, g2 = card(s, "green", 5), card(s, "green", 2)
    r1, b1, c1, p1 = (card(s, c, 1) for c in ("red", "blue", "cyan", "purple"))
    rig(s, [g5, g5, g2, r1, b1, c1, p1, r1])
    deck_ops.fill_display(s)
    assert s.piles == [[g5, g5], [g2], [r1], [b1], [c1], [p1]]
    assert s.deck == [r1]  # the sixth pile was started: the last red 1 is not dealt


def test_green_two_first_then_both_fives_join_the_same_pile():
    # seed: green 2 first -> 2 + 5 = 7 < 8, so the second 5 still joins: pile 2,5,5 (sum 12)
    s = started()
    g5, g2 = card(s, "green", 5), card(s, "green", 2)
    rest = [card(s, c, 1) for c in ("red", "blue", "cyan", "purple", "yellow")]
    rig(s, [g2, g5, g5, *rest])
    deck_ops.fill_display(s)
    assert s.piles[0] == [g2, g5, g5]
    assert s.pile_sum[0] == 12


def test_deal_stops_immediately_when_the_sixth_pile_starts():
    # piles: red 1+1, blue 1, cyan 1, purple 1, yellow 1, then green 3 starts pile 6 -> stop;
    # the next card (red 2) stays in the deck
    s = started()
    r1, r2 = card(s, "red", 1), card(s, "red", 2)
    b1, c1, p1, y1 = (card(s, c, 1) for c in ("blue", "cyan", "purple", "yellow"))
    g3 = card(s, "green", 3)
    rig(s, [r1, r1, b1, c1, p1, y1, g3, r2])
    deck_ops.fill_display(s)
    assert len(s.piles) == 6
    assert s.piles[-1] == [g3]
    assert s.deck[-1] == r2


def test_wild_forms_its_own_pile_by_default():
    s = started()
    w3, r2 = card(s, "white", 3), card(s, "red", 2)
    rest = [card(s, c, 1) for c in ("blue", "cyan", "purple", "yellow")]
    rig(s, [r2, w3, w3, *rest])
    deck_ops.fill_display(s)
    assert s.piles[0] == [r2] and s.piles[1] == [w3, w3]


def test_wild_joins_newest_open_pile_when_assumption_off():
    s = started(wild_own_pile=False)
    w3, r2 = card(s, "white", 3), card(s, "red", 2)
    rest = [card(s, c, 1) for c in ("blue", "cyan", "purple", "yellow", "green")]
    rig(s, [r2, w3, *rest])
    deck_ops.fill_display(s)
    assert s.piles[0] == [r2, w3]


def test_hire_takes_pile_and_refills_like_the_seed_example():
    # display before: [green 5, 5] [purple 3] + four more; red hires the green pile.
    # refill: purple 5 joins purple 3 (sum 8); purple 2 starts a new pile -> 6 piles again.
    s = started()
    g5, p3, p5, p2 = (
        card(s, c, v) for c, v in (("green", 5), ("purple", 3), ("purple", 5), ("purple", 2))
    )
    others = [card(s, c, 1) for c in ("red", "blue", "cyan", "yellow")]
    rig(s, [g5, g5, p3, *others, p5, p2])
    deck_ops.fill_display(s)
    assert s.piles[0] == [g5, g5] and len(s.piles) == 6
    hand_before = s.hand_size[0]
    s.apply(R.HIRE + 0)
    assert s.hand_size[0] == hand_before + 2
    assert s.hands[0][g5] >= 2 and s.known_cards[0][g5] == 2  # hired cards are public knowledge
    assert [p3, p5] in s.piles and [p2] in s.piles and len(s.piles) == 6
    assert s.player == 1  # hiring ends the turn


def test_empty_deck_reshuffles_discard_and_display_may_stay_short():
    s = started()
    r1 = card(s, "red", 1)
    rig(s, [r1])
    for k in range(len(s.discard)):
        s.discard[k] = 0
    s.discard[r1] = 0
    deck_ops.fill_display(s)
    assert s.piles == [[r1]]  # deck and discard empty: the display stays short [A]
    s.discard[card(s, "blue", 2)] = 1
    deck_ops.fill_display(s)
    assert len(s.piles) == 2 and s.reshuffles >= 1


def test_starting_hands_exceed_thirteen():
    g = game()
    for seed in range(20):
        s = g.new_state(3, seed)
        for p in range(3):
            total = sum(c * s.context.cards.value[k] for k, c in enumerate(s.hands[p]))
            low = min(s.context.cards.value[k] for k, c in enumerate(s.hands[p]) if c)
            assert total > 13 and total - low <= 13 + 5
        assert len(s.piles) == 6
        assert sum(s.hand_size) + len(s.deck) + sum(map(len, s.piles)) == 100


def test_starting_hand_stops_as_soon_as_total_exceeds_threshold():
    s = game().new_state(2, 0)
    for p in range(2):
        s.hands[p] = [0] * s.context.n_kinds
        s.hand_size[p] = 0
    r5, r4, b5 = card(s, "red", 5), card(s, "red", 4), card(s, "blue", 5)
    s.deck = [b5, b5, b5, b5, r4, r5, r5]  # popped from the end: 5, 5, 4 (=14 > 13) then b5...
    s.first_player = 0
    deck_ops.starting_hands(s)
    assert s.hand_size[0] == 3 and s.hands[0][r5] == 2 and s.hands[0][r4] == 1
    assert s.hand_size[1] == 3 and s.hands[1][b5] == 3  # 15 > 13


@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_tile_counts(n):
    s = game().new_state(n, 1)
    tiles_in_play = {2: 56, 3: 66, 4: 76}[n]
    board_hexes = {2: 44, 3: 55, 4: 66}[n]
    assert len(s.context.in_play) == tiles_in_play
    assert len(s.context.board.tile_hexes) == board_hexes
    assert len(s.reserve) + len(s.supply) == tiles_in_play - board_hexes
    assert len(s.supply) == 6
    assert s.face_up_count == 0  # standard: face down until the reveals


def test_strategic_setup_all_tiles_face_up_and_no_reveals():
    s = game(variant="strategic").new_state(2, 4)
    assert s.face_up_count == 44 and all(s.board_face_up[h] for h in s.context.board.tile_hexes)
    s.apply(R.PORTAL + 1)
    assert s.phase == R.P_START and s.player == s.first_player


def test_standard_setup_reveals_twelve_in_turn_order():
    s = game().new_state(3, 2)
    first = s.first_player
    s.apply(R.PORTAL + 0)
    seats = []
    while s.phase == R.P_REVEAL:
        seats.append(s.player)
        s.apply(s.legal_actions()[-1])
    assert seats == [(first + i) % 3 for i in range(12)]
    assert s.face_up_count == 12 and s.player == first
