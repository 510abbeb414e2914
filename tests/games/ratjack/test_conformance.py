"""check_game for 2-4 players, every deck pair, random and both heuristic styles."""

from __future__ import annotations

import itertools

import pytest

from simcore.engine.check.conformance import check_game
from simcore.games.ratjack import Ratjack
from simcore.games.ratjack.params import DECK_NAMES

POLICIES = ["random", "heuristic", "heuristic:style=aggressive"]
PAIRS = list(itertools.combinations(DECK_NAMES, 2))


@pytest.mark.parametrize("n_players", [2, 3, 4])
def test_conformance_default_decks(n_players):
    assert check_game(Ratjack(), n_players, POLICIES, n_games=6) > 0


@pytest.mark.parametrize("decks", PAIRS, ids=["+".join(p) for p in PAIRS])
def test_conformance_every_deck_pair(decks):
    game = Ratjack.from_overrides({"decks": list(decks)})
    n_players = 2 + PAIRS.index(decks) % 3  # spread player counts over the pairs
    assert check_game(game, n_players, POLICIES, n_games=3, states_per_game=4) > 0


@pytest.mark.slow
@pytest.mark.parametrize("decks", PAIRS, ids=["+".join(p) for p in PAIRS])
@pytest.mark.parametrize("n_players", [2, 3, 4])
def test_conformance_long(decks, n_players):
    game = Ratjack.from_overrides({"decks": list(decks)})
    assert check_game(game, n_players, POLICIES, n_games=30) > 0


@pytest.mark.parametrize(
    "overrides",
    [
        {
            "eliminated_targetable": "all",
            "raccoon2_orientation": "keep",
            "decks": ["weasel", "raccoon"],
        },
        {
            "discarded_chip": "removed",
            "lock_chip_removable": False,
            "partial_deck_effects": True,
            "decks": ["rat_red", "raccoon"],
        },
        {
            "exhaustion_tie": "nobody_scores",
            "last_standing_stacks": False,
            "target": 15,
            "points_to_win": 2,
            "decks": ["rat_blue", "weasel"],
        },
        {
            "elimination_timing": "immediate",
            "rat5_targets": "face_down_or_hand",
            "weasel3_optional": True,
            "raccoon3_activates": True,
            "lock_blocks_moves": True,
            "decks": ["weasel", "raccoon"],
        },
        {
            "elimination_timing": "immediate",
            "rat5_targets": "face_down_or_hand",
            "raccoon3_activates": True,
            "decks": ["rat_red", "raccoon"],
        },
    ],
)
def test_conformance_assumption_variants(overrides):
    game = Ratjack.from_overrides(overrides)
    assert check_game(game, 3, ["random", "heuristic"], n_games=6) > 0
