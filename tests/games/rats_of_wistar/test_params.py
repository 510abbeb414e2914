"""Params (every rule number and [A] assumption) validate and change the rules."""

from __future__ import annotations

import pytest

from simcore.core.errors import ConfigError
from simcore.games.rats_of_wistar import RatsOfWistar
from simcore.games.rats_of_wistar.params import WistarParams
from simcore.games.rats_of_wistar.scoring import score_parts

from .helpers import make_game, start


def test_defaults_documented_and_assumptions_marked() -> None:
    rows = {r["name"]: r for r in RatsOfWistar().describe_params()}
    assert rows["rounds"]["value"] == 5 and rows["bed_vp"]["value"] == [0, 1, 2, 4, 6, 9]
    assert all(r["doc"] for r in rows.values())
    assert rows["bonus_part_order"]["assumption"] and rows["potion_is_quick_action"]["assumption"]
    assert "max_quick_actions" not in rows  # §8 rev. 2: quick actions are unlimited


@pytest.mark.parametrize(
    ("overrides", "key"),
    [
        ({"bed_vp": [0, 1, 2]}, "bed_vp"),
        ({"room_vp": [0, 1, 2, 3, 4, -1]}, "room_vp"),
        ({"market_discard": 5}, "market_discard"),
        ({"rounds": 0}, "rounds"),
        ({"round_basic_visitors": 6}, "round_basic_visitors"),
    ],
)
def test_bad_params_name_the_key(overrides: dict, key: str) -> None:
    with pytest.raises(ConfigError, match=key):
        make_game(**overrides)


def test_track_vp_from_params() -> None:
    s = start(bed_vp=[1, 2, 3, 4, 5, 6])
    s.players[0].beds = 2
    assert score_parts(s, 0)["vp_beds"] == 2


def test_shorter_game() -> None:
    game = make_game(rounds=3, round_basic_visitors=2)
    s = game.new_state(2, 0)
    while not s.is_terminal():
        s.apply(s.legal_actions()[0])
    assert s.round == 3 and s.turns == 18


def test_a_position_carries_every_param_in_its_compiled_copy():
    import dataclasses

    from simcore.engine.check.conformance import check_params_copy

    changed = {
        "rounds": 4,
        "joker_cost": 2,
        "bed_vp": (0, 1, 1, 2, 3, 5),
        "discount_applies_to": "any",
    }
    for overrides in ({}, changed):
        game = make_game(**overrides)
        copy = game.new_state(2, 1).params
        names = check_params_copy(copy, game.params)
        assert names == [f.name for f in dataclasses.fields(WistarParams)]
    assert {k: getattr(copy, k) for k in changed} == changed


def test_the_params_mirror_is_generated_from_the_params_class():
    # tables.ParamsMirror carries WistarParams' fields between generated markers: after a
    # parameter changes, ``python -m simcore.core.fields simcore/games/rats_of_wistar/tables.py``
    from pathlib import Path

    from simcore.core import fields
    from simcore.games.rats_of_wistar import tables

    text = (Path(tables.__file__).parent / "tables.py").read_text(encoding="utf-8")
    assert "# <generated: the fields of simcore.games.rats_of_wistar.params:WistarParams>" in text
    assert fields.refresh_mirrors(text) == (text, [])
