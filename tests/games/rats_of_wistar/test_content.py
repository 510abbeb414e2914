"""Content files (§10): the provisional set validates; broken files are rejected clearly."""

from __future__ import annotations

import pickle
import shutil
from pathlib import Path

import pytest

from simcore.core.errors import ContentError
from simcore.games.rats_of_wistar import RatsOfWistar
from simcore.games.rats_of_wistar.content import DATA_DIR, load_content
from simcore.games.rats_of_wistar.vocab import KINDS, PERMANENT_OPS

from .helpers import make_game


def test_provisional_content_set_counts() -> None:
    con = load_content()
    designs = {c.design: c for c in con.cards}
    basic = {d for d, c in designs.items() if c.deck == 0}
    assert len(basic) >= 40 and len(designs) - len(basic) >= 30
    assert len(con.cards) == 180
    assert len(con.missions) == 10 and sum(m.group == 0 for m in con.missions) == 6
    assert len(con.goals) == 13 and len(con.doors) == 10 and len(con.heroes) == 5
    assert len(con.visitors) == 25 and sum(v.group == 0 for v in con.visitors) == 15
    assert con.provisional


def test_content_covers_every_requirement_and_effect_kind() -> None:
    cards = load_content().cards
    assert {c.kind for c in cards} == set(KINDS)
    assert any(c.wood for c in cards) and any(c.metal for c in cards)
    assert any(c.move for c in cards) and any(c.room for c in cards)
    assert {c.power for c in cards} >= {1, 2}
    assert any(c.icons for c in cards) and any(c.req_type >= 0 for c in cards)
    ops = {p[0] for c in cards for p in c.effect}
    needed = {
        "gain",
        "draw",
        "main_action",
        "dig_free",
        "bed_free",
        "explore",
        "place_worker",
        "move_workers",
        "play",
        "reveal_mission",
        "complete_mission",
        "take_visitor",
        "gain_power",
        "gain_hero",
        "achieve_goal",
        "gather_bonus",
        "cost_discount",
        "end_vp_per",
        "attack",
    }
    assert needed <= ops
    assert {"gather_bonus", "cost_discount", "strength_bonus"} <= ops & PERMANENT_OPS


def test_game_exposes_content_set_and_hash() -> None:
    game = RatsOfWistar()
    assert game.content_set == "provisional-1"
    assert len(game.content_hash) == 16
    assert game.game_columns["content_set"] == "str"


def test_wheel_sector_counts_match_spec() -> None:
    wheel = load_content().wheel
    assert [sum(len(sp) for _, sp in wheel[n]) for n in (2, 3, 4)] == [9, 12, 14]
    assert [sid for sid, _ in wheel[3]] == ["S1", "S2", "S3", "S4", "S5", "S6"]


def _broken(tmp_path: Path, name: str, old: str, new: str, source: str | Path = DATA_DIR) -> str:
    folder = tmp_path / "content"
    shutil.copytree(source, folder)
    path = folder / f"{name}.toml"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return str(folder)


@pytest.mark.parametrize(
    ("name", "old", "new", "message"),
    [
        (
            "inventions",
            "{ gain = { wood = 1 } }",
            "{ grow = { wood = 1 } }",
            "B01: unknown primitive 'grow'",
        ),
        ("inventions", "{ explore = 2 }", '{ explore = "two" }', "B07: primitive 'explore' needs"),
        (
            "inventions",
            "requires = [{ power = 1 }]",
            "requires = [{ power = 3 }]",
            "B32: 'power' must be an integer in 1..2",
        ),
        (
            "inventions",
            "requires = [{ room = 1 }]",
            "requires = [{ room = 2 }]",
            "impossible requirement: room 2",
        ),
        (
            "wheel",
            "all = [{ gain = { potion = 1 } }] }]\n\n[[players3]]",
            "all = [{ gain = { potion = 1 } }] }, { all = [] }, { all = [] }, { all = [] }]"
            "\n\n[[players3]]",
            "players2 S6: a sector needs 1..3 spaces, got 4",
        ),
        ("farm", '["C3", "C4"],\n]', '["C3", "C9"],\n]', "doors names unknown room 'C9'"),
        (
            "inventions",
            'kind = "permanent", requires = [{ wood = 1 }, { metal = 1 }]',
            'kind = "immediate", requires = [{ wood = 1 }, { metal = 1 }]',
            "is permanent",
        ),
    ],
)
def test_broken_content_is_rejected(tmp_path, name, old, new, message) -> None:
    folder = _broken(tmp_path, name, old, new)
    with pytest.raises(ContentError) as err:
        load_content(folder)
    assert message in str(err.value)
    assert f"{name}.toml" in str(err.value)


def test_broken_content_via_params(tmp_path) -> None:
    folder = _broken(tmp_path, "missions", 'floor = "cellar"', 'floor = "attic"')
    with pytest.raises(ContentError, match=r"missions\.toml: M07: 'floor' must be one of"):
        make_game(content_dir=folder)


def test_alternative_content_changes_hash(tmp_path) -> None:
    folder = _broken(tmp_path, "doors", "vp = 2", "vp = 3")
    game = make_game(content_dir=folder)
    assert game.content_hash != RatsOfWistar().content_hash
    assert game.content.doors[3].effect == (("gain", 5, 3),)


def test_a_content_set_is_loaded_once_per_process() -> None:
    # every game object (one per sweep chunk and per CLI call) shares the parsed, checked set
    assert load_content() is load_content()
    assert RatsOfWistar().content is RatsOfWistar().content


def test_content_records_pickle_by_their_constructor() -> None:
    # compiled, the records are frozen native classes (no field-by-field restore)
    content = load_content()
    copy = pickle.loads(pickle.dumps(content))
    assert copy == content and copy.cards[0] == content.cards[0]
    assert copy.farm == content.farm and copy.visitors == content.visitors


def test_the_hut_without_its_text_and_an_empty_text_are_bad_input(tmp_path) -> None:
    # the hut's text describes parameters (hut_potions, hut_move_tokens): the file must give it
    folder = _broken(tmp_path, "wheel", "text = \"The Alchemist's hut", 'text_ = "')
    with pytest.raises(ContentError, match=r"wheel.toml: \[hut\]: missing its one-line text"):
        make_game(content_dir=folder)
    folder = _broken(tmp_path / "b", "wheel", 'text = "Gain a joker"', 'text = " "')
    with pytest.raises(ContentError, match="players2 S2 space 1: missing its one-line text"):
        make_game(content_dir=folder)


def test_a_sector_or_space_without_text_is_written_from_its_numbers(tmp_path) -> None:
    # issue 61: every text is checked against its numbers or written from them
    folder = _broken(tmp_path, "wheel", 'text = "Gain a joker", ', "")
    old = 'text = "The main action of its slot, plus: gain a potion"\n'
    folder = _broken(tmp_path / "b", "wheel", old, "", source=folder)
    game = make_game(content_dir=folder)
    assert game.content_text("place/S2/1", 2) == "Gain 1 joker"
    assert game.content_text("place/S6", 2) == "The main action of its slot, plus: gain 1 potion"
    assert game.content_text("place/S2", 2).startswith("The main action of its slot, plus one")


def test_every_section_and_space_has_its_text_at_every_player_count() -> None:
    game = RatsOfWistar()
    for n in (2, 3, 4):
        for sid, spaces in game.content.wheel[n]:
            assert game.content_text(f"place/{sid}", n)
            for k in range(1, len(spaces) + 1):
                assert game.content_text(f"place/{sid}/{k}@round1-2", n)
    assert game.content_text("place/S1/1", 2) == "Take the round visitor"
    assert game.content_text("place/hut").startswith("The Alchemist's hut: gain 1 potion")
