"""The rules reference docs/rules/rats_of_wistar.md: its generated tables match the content data
and params, it names every parameter and content entry, and it carries no development history."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from simcore.games.rats_of_wistar import WistarParams
from simcore.games.rats_of_wistar.content import load_content
from simcore.games.rats_of_wistar.reference import BLOCKS, main, update
from simcore.games.rats_of_wistar.rules_text import effect_text, prim_text
from simcore.games.rats_of_wistar.vocab import COUNTED, compile_effect

# from this checkout, not the package: an installed (e.g. compiled) package has no docs/
DOC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "rats_of_wistar.md"
TEXT = DOC.read_text()


def test_generated_blocks_match_the_data():
    assert update(TEXT) == TEXT, "run: python -m simcore.games.rats_of_wistar.reference"


def test_every_parameter_is_listed_and_every_assumption_quotes_the_seed():
    params_table = TEXT.split("## Parameters", 1)[1].split("### ", 1)[0]
    assumptions = TEXT.split("### The assumptions and what the seed says", 1)[1].split("## 1.")[0]
    for row in WistarParams.describe():
        assert f"| `{row['name']}` |" in params_table, row["name"]
        if row["assumption"]:
            line = next(x for x in assumptions.splitlines() if x.startswith(f"| `{row['name']}`"))
            assert re.search("[\u3040-\u30ff\u4e00-\u9fff]", line), row["name"]  # seed quoted


def test_every_content_entry_is_listed():
    con = load_content()
    ids = {c.design for c in con.cards} | {c.name for c in con.cards}
    ids |= {t.id for t in (*con.missions, *con.visitors, *con.doors, *con.heroes, *con.abilities)}
    ids |= {gid for gid, _ in con.goals} | {h.label for h in con.heroes}
    missing = sorted(i for i in ids if f"| {i} |" not in TEXT)
    assert not missing
    for n in (2, 3, 4):
        assert f"**{n} players** ({sum(len(sp) for _, sp in con.wheel[n])} spaces)" in TEXT


def test_no_development_history():
    lowered = TEXT.lower()
    for word in ("session", "previous main", "tried and not kept"):
        assert word not in lowered
    without_content_hash = TEXT.replace(load_content().content_hash, "")
    assert not re.search(r"\b[0-9a-f]{7,40}\b", without_content_hash)  # no commit hashes


@pytest.mark.parametrize(
    "raw",
    [
        {"gain": {"vp": 2}},
        {"draw": {"advanced": 2}},
        {"gather_bonus": {"metal": 1}},
        {"strength_bonus": {"farm": 1}},
        {"main_action": "any"},
        {"main_action": "dig"},
        {"cost_discount": "bed"},
        {"explore": 2},
        {"move_workers": 1},
        {"play_invention": {"deck": "basic", "free": True}},
        {"take_visitor": "advanced"},
        {"gain_icon": "energy"},
        {"gain_icon": "any"},
        {"end_vp_per": {"what": "type/tool", "vp": 1}},
        {"end_vp_per": {"what": "visitors", "vp": 2}},
        {"lose": {"vp": 1}},
        {"explorer_move": "tent"},
        {"discount": {"wood": 1}},
        {"spend": {"visitor": 1}},
        *({op: 1} for op in sorted(COUNTED)),
    ],
)
def test_every_primitive_has_text(raw):
    kind = (
        "permanent"
        if next(iter(raw))
        in ("gather_bonus", "strength_bonus", "cost_discount", "move_token_bonus", "extra_room")
        else "immediate"
    )
    kind = "end_game" if "end_vp_per" in raw else kind
    for prim in compile_effect("test", [raw], kind):
        assert prim_text(prim)


def test_attack_and_spend_text():
    attack = compile_effect("test", [{"attack": {"lose": "card", "n": 1}}], "attack")
    assert effect_text(attack) == "each other player loses 1 card (random hand cards)"
    spend = compile_effect("test", [{"spend": {"any": 2}}, {"gain": {"vp": 3}}, {"dig_free": 2}])
    assert effect_text(spend) == (
        "you may spend 2 of wood / metal / hand cards to: gain 3 VP; dig a room without paying (x2)"
    )


def test_check_mode_reports_a_stale_or_broken_reference(tmp_path, capsys):
    stale = tmp_path / "doc.md"
    stale.write_text(TEXT.replace("| B01 |", "| B01x |", 1))
    assert main([str(stale), "--check"]) == 1
    assert main([str(stale)]) == 0 and stale.read_text() == TEXT
    broken = tmp_path / "broken.md"
    broken.write_text("# no blocks\n")
    assert main([str(broken)]) == 2
    assert "no generated block" in capsys.readouterr().err
    assert set(BLOCKS) == set(re.findall(r"<!-- generated:([a-z_]+) -->", TEXT))
