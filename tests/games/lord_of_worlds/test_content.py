"""Content files (§1) are validated on load; parameters are validated on construction."""

from __future__ import annotations

import dataclasses
import pickle
import tomllib
from pathlib import Path

import pytest

from simcore.core import fields
from simcore.core.errors import ConfigError, ContentError
from simcore.games.lord_of_worlds import LordOfWorlds
from simcore.games.lord_of_worlds.content import DATA
from simcore.games.lord_of_worlds.params import LordOfWorldsParams

from .helpers import game

# the sources (a compiled build's modules are extensions)
GAME_DIR = Path(__file__).resolve().parents[3] / "simcore" / "games" / "lord_of_worlds"


def variant_file(tmp_path: Path, name: str, old: str, new: str) -> str:
    """A copy of data file ``name`` with one text replacement."""
    text = (DATA / name).read_text()
    assert old in text, old
    path = tmp_path / name
    path.write_text(text.replace(old, new, 1))
    return str(path)


def load(n_players: int = 2, **overrides) -> None:
    LordOfWorlds.from_overrides(overrides).context(n_players)


def test_packaged_content_matches_the_spec_counts():
    g = game()
    for n, tiles, hexes in ((2, 56, 44), (3, 66, 55), (4, 76, 66)):
        ctx = g.context(n)
        assert len(ctx.in_play) == tiles and len(ctx.board.tile_hexes) == hexes
        assert len(ctx.board.portals) == {2: 3, 3: 3, 4: 4}[n]
    ctx = g.context(2)
    assert sum(ctx.cards.copies) == 100
    assert ctx.planet.size == 19 and sum(ctx.planet.architect) == 4
    colours = [c for c in ctx.board.colour if c >= 0]
    assert sorted(colours) == sorted(list(range(6)) * 2)  # 2p: large + both small pieces


def test_overlapping_hexes_in_a_layout(tmp_path):
    path = variant_file(
        tmp_path,
        "board.toml",
        '{ piece = "small_a", dq = 2, dr = -4 }',
        '{ piece = "small_a", dq = 0, dr = 0 }',
    )
    with pytest.raises(ContentError, match=r"board.toml: entry 'layouts.2.pieces\[1\]'.*overlap"):
        load(board_file=path)


def test_disconnected_board(tmp_path):
    path = variant_file(
        tmp_path,
        "board.toml",
        '{ piece = "small_a", dq = 2, dr = -4 }',
        '{ piece = "small_a", dq = 20, dr = -4 }',
    )
    with pytest.raises(ContentError, match=r"entry 'layouts.2': the board is not connected"):
        load(board_file=path)


def test_duplicate_hex_in_a_piece(tmp_path):
    path = variant_file(tmp_path, "board.toml", '[-1, 0, "neutral"]', '[0, 0, "neutral"]')
    with pytest.raises(ContentError, match=r"entry 'pieces.large_a': overlapping"):
        load(board_file=path)


def test_unknown_hex_kind(tmp_path):
    path = variant_file(tmp_path, "board.toml", '[2, 0, "cyan"]', '[2, 0, "orange"]')
    with pytest.raises(ContentError, match="unknown hex kind 'orange'"):
        load(board_file=path)


def test_scoring_table_with_a_gap(tmp_path):
    path = variant_file(
        tmp_path,
        "scoring.toml",
        "points = [1, 3, 6, 10,",
        "points = { 1 = 1, 3 = 6 }\nold = [1, 3, 6, 10,",
    )
    with pytest.raises(ContentError, match=r"chain_points.triangular.*without gaps"):
        load(scoring_file=path)


def test_unknown_scoring_table():
    with pytest.raises(ContentError, match=r"chain_points.fibonacci.*available"):
        load(chain_table="fibonacci")


def test_tile_type_not_in_play(tmp_path):
    path = variant_file(tmp_path, "tiles.toml", 'type = "viewpoint"', 'type = "volcano"')
    with pytest.raises(ContentError, match=r"tiles.toml: entry 'special\[2\]'.*'volcano'"):
        load(tiles_file=path)


def test_terrain_in_play_without_tiles(tmp_path):
    # 4 players use all six terrains: a tiles file without mountain tiles is rejected up front
    path = variant_file(tmp_path, "tiles.toml", '"hill", "mountain"]', '"hill"]')
    with pytest.raises(ContentError, match=r"terrain 'mountain' is in play"):
        load(2, tiles_file=path)
    # unless the 4-player count uses only five terrains
    load(2, tiles_file=path, terrain_counts=[4, 5, 5])


def test_planet_architect_off_the_planet(tmp_path):
    path = variant_file(tmp_path, "planet.toml", "[-2, 2]]", "[-5, 2]]")
    with pytest.raises(ContentError, match=r"planet.toml: entry 'architect'"):
        load(planet_file=path)


def test_too_many_board_hexes_for_the_tiles(tmp_path):
    path = variant_file(
        tmp_path,
        "tiles.toml",
        "values = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]",
        "values = [1, 2, 3, 4, 5, 6]",
    )
    with pytest.raises(ContentError, match="tile hexes but only"):
        load(tiles_file=path)


def test_missing_file():
    with pytest.raises(ContentError, match="file not found"):
        load(cards_file="/nonexistent/cards.toml")


@pytest.mark.parametrize(
    ("overrides", "key"),
    [
        ({"variant": "expert"}, "variant"),
        ({"terrain_counts": [4, 5, 9]}, "terrain_counts"),
        ({"terrains": ["water", "water"]}, "terrains"),
        ({"terrains": ["lava"]}, "terrains"),
        ({"pile_close_sum": 0}, "pile_close_sum"),
        ({"end_empty_hexes": [0, 1]}, "end_empty_hexes"),
        ({"colour_bonus": 3}, "colour_bonus"),
    ],
)
def test_bad_parameters_name_the_key(overrides, key):
    with pytest.raises(ConfigError, match=key):
        LordOfWorlds.from_overrides(overrides)


def test_every_assumption_is_a_documented_parameter():
    rows = {r["name"]: r for r in LordOfWorlds.params_class.describe()}
    for name in (
        "terrains",
        "wild_own_pile",
        "chain_table",
        "value_set_table",
        "facedown_blocks",
        "move_after_collect",
        "require_action",
        "max_rounds",
    ):
        assert rows[name]["assumption"] and rows[name]["doc"]
    assert rows["chain_table"]["default"] == "triangular"
    assert rows["value_set_table"]["default"] == "linear15"


def test_board_pieces_match_the_spec_geometry():
    # large: 23 hexes = 1 portal + 6 coloured (one per colour) + 16 neutral;
    # small: 12 hexes = 1 portal + 3 coloured + 8 neutral; the two small pieces carry 6 colours
    raw = tomllib.loads((DATA / "board.toml").read_text())
    kinds = {name: [h[2] for h in spec["hexes"]] for name, spec in raw["pieces"].items()}
    for name, ks in kinds.items():
        large = name.startswith("large")
        assert len(ks) == (23 if large else 12)
        assert ks.count("portal") == 1
        assert ks.count("neutral") == (16 if large else 8)
        if large:
            assert sorted(k for k in ks if k not in ("portal", "neutral")) == sorted(
                ("cyan", "green", "red", "blue", "purple", "yellow")
            )
    small = [k for name in ("small_a", "small_b") for k in kinds[name]]
    assert len({k for k in small if k not in ("portal", "neutral")}) == 6


def test_content_records_pickle_and_the_context_carries_the_params():
    # compiled, the records are frozen native classes: they pickle by their constructor
    for variant in ("standard", "strategic"):
        g = LordOfWorlds.from_overrides({"variant": variant})
        ctx = g.context(3)
        for record in (ctx.cards, ctx.tiles, ctx.planet, ctx.scoring):
            assert pickle.loads(pickle.dumps(record)) == record
        assert ctx.params.strategic == g.params.strategic == (variant == "strategic")
        assert ctx.trigger_empty_hexes == g.params.end_empty_hexes[1]  # 3 players
        assert pickle.loads(pickle.dumps(ctx.params)) == ctx.params


def test_the_rules_read_a_generated_mirror_of_every_parameter_and_property():
    # tables.ParamsMirror carries LordOfWorldsParams' fields and properties between generated
    # markers: after a parameter changes, ``python -m simcore.core.fields
    # simcore/games/lord_of_worlds/tables.py``
    text = (GAME_DIR / "tables.py").read_text(encoding="utf-8")
    marker = "# <generated: the fields of simcore.games.lord_of_worlds.params:LordOfWorldsParams>"
    assert marker in text
    assert fields.refresh_mirrors(text) == (text, [])
    params = LordOfWorldsParams.from_overrides({"variant": "strategic", "portal_cost": 3})
    mirror = LordOfWorlds(params).context(2).params
    names = [f.name for f in dataclasses.fields(mirror)]
    props = ["strategic", "scores_value_sets", "free_step_after_jump", "hand_limit"]
    assert names == [f.name for f in dataclasses.fields(params)] + props
    assert {n: getattr(mirror, n) for n in names} == {n: getattr(params, n) for n in names}


def test_card_kinds_by_colour_and_playable_as():
    cards = game().context(2).cards
    for colour, kinds in enumerate(cards.kinds_of):
        assert list(kinds) == [k for k, c in enumerate(cards.colour) if c == colour]
    wild = cards.kinds_of[-1]
    for colour, kinds in enumerate(cards.playable_as):
        assert list(kinds) == sorted(cards.kinds_of[colour] + wild)
