"""The public conformance suite for 2-4 players, both variants, random and both styles."""

from __future__ import annotations

import pytest

from simcore.engine.check.conformance import check_game

from .helpers import game

POLICIES = ["random", "heuristic:style=chains", "heuristic:style=architect"]


@pytest.mark.parametrize("variant", ["standard", "strategic"])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_check_game(n, variant):
    checks = check_game(game(variant=variant), n, POLICIES, n_games=3, states_per_game=5)
    assert checks > 1000


def test_check_game_with_every_assumption_flipped():
    g = game(
        facedown_blocks=True,
        move_after_collect=True,
        require_action=False,
        wild_own_pile=False,
        sage_counts_architect_tiles=False,
        value_sets="on",
        value_set_table="doubling",
        portal_cost=2,
        bare_architect_empty=False,
        mix_chains_through_mix=True,
        mix_declaration_binding=False,
        portal_jump_from_start=False,
    )
    check_game(g, 3, POLICIES, n_games=3, states_per_game=4)


def test_check_game_strategic_with_revision2_readings_flipped():
    g = game(
        variant="strategic",
        strategic_portal_step="extra",
        mix_chains_through_mix=True,
        portal_jump_from_start=False,
    )
    check_game(g, 4, POLICIES, n_games=2, states_per_game=4)


@pytest.mark.parametrize("variant", ["standard", "strategic"])
def test_check_game_viewpoint_tie_first(variant):
    # §5 rev. 3: the fixed order kept for comparison plays as conformant a game as the choice
    check_game(
        game(variant=variant, viewpoint_tie="first"), 3, POLICIES, n_games=3, states_per_game=4
    )


def test_check_game_restricted_heuristic():
    check_game(
        game(),
        2,
        ["heuristic:forbid=hire/white", "random:forbid=collect/colored"],
        n_games=2,
        states_per_game=4,
    )
