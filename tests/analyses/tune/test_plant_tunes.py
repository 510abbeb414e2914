"""tune on two of issue 61's plants, real Rats of Wistar games. The S6 plant: a version
whose content folder makes S6 at 2 players give 3 potions is tuned for S6's worth under the
fitted players; the recommendation restores 1 potion, says so in words, and leaves an
irrelevant number (S6's potion at 4 players, which a 2-player study never plays) at its
current value. The hut plant: below.

Measured with these players (600 games, seed 77): S6 is worth +8.7 points (±4.5) with 1
potion, +19.5 with 2 and +24.5 with 3; the band [-5, +17] holds only the first."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.analyses.tune.helpers import write_toml
from tests.conftest import run_cli
from tests.reports.compare.test_plants import _s6_versions

pytestmark = pytest.mark.slow  # about 1 CPU-minute: .ci/run runs it with the slow real runs

FITTED = "heuristic:style=fitted"


def _raw(folder: Path) -> dict:
    """The S6 search: S6's worth under the fitted players, S6's potions at 2 and 4 players."""
    return {
        "name": "s6-back",
        "game": "rats_of_wistar",
        "players": 2,
        "policies": [FITTED, FITTED],
        "seed": 61,
        "params": {"content_dir": str(folder)},
        "search": {"trials": 8, "batch": 4, "rungs": [200], "verify_games": 1000, "verify_top": 1},
        "target": [{"measure": "section_worth", "items": ["S6"], "within": [-5, 17]}],
        "space": [
            {
                "name": "S6 potions",
                "content": "wheel",
                "path": "players2[id=S6].spaces[0].all[0].gain.potion",
                "int": [1, 3],
            },
            {
                "name": "S6 potions at 4 players",
                "content": "wheel",
                "path": "players4[id=S6].spaces[1].all[0].gain.potion",
                "int": [1, 3],
            },
        ],
    }


def test_tune_restores_the_planted_value_and_leaves_the_irrelevant_one(tmp_path):
    _s6_versions(tmp_path)  # tmp/wheel: S6 at 2 players gives 3 potions
    write_toml(tmp_path / "tune.toml", _raw(tmp_path / "wheel"))
    res = run_cli("tune", "tune.toml", "--out", "tune", "--n-jobs", "2", "--quiet", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    first = res.stdout.splitlines()[0]
    assert first.startswith("recommended (trial "), res.stdout
    assert "S6 at 2 players: gain 3 potions → gain 1 potion" in first, first
    assert "4 players" not in first, first  # the irrelevant number is not moved
    result = json.loads((tmp_path / "tune" / "s6-back" / "tune.json").read_text())
    best = next(
        f
        for f in result["verification"]["finalists"]
        if f["slot"] == result["verification"]["recommended"]
    )
    assert best["values"] == {"S6 potions": 1, "S6 potions at 4 players": 1}
    assert best["words"] == ["S6 at 2 players: gain 3 potions → gain 1 potion"]
    # the search's best trial moved the irrelevant number too (importance 0.13 by chance in
    # 8 trials); the simplify step put it back, and the summary says so
    assert result["verification"]["simplified"] == ["S6 potions at 4 players"]
    assert "left at the current value: S6 potions at 4 players" in res.stdout


def test_tune_restores_the_planted_hut_parameter(tmp_path):
    """The hut plant is a rule parameter (``hut_potions`` 1 -> 3) in the version's
    ``[params]``. With the default heuristic (the players the plant was compared with) the
    hut's worth was -10.2 points (±4.7) with 1 potion, -1.8 with 2 and +3.5 with 3 (600 games,
    seed 77): the designer keeps it where it was, [-16, -5]. The recommendation puts 1 back and
    leaves S6's potion at 4 players alone. (Whether its interval on the measuring games lies
    wholly in the band, the verdict's "recommended", depends on those games: at seed 62 it
    read -6.6, -10.4 to -2.8, "not shown"; the choice is the same either way.)"""
    raw = _raw(tmp_path)
    raw.update(name="hut-back", policies=["heuristic", "heuristic"], seed=62,
               params={"hut_potions": 3})  # fmt: skip
    raw["target"] = [{"measure": "section_worth", "items": ["hut"], "within": [-16, -5]}]
    raw["space"] = [
        {"name": "hut potions", "param": "hut_potions", "int": [1, 3]},
        raw["space"][1],  # S6's potion at 4 players: no 2-player game plays it
    ]
    write_toml(tmp_path / "tune.toml", raw)
    res = run_cli("tune", "tune.toml", "--out", "tune", "--n-jobs", "2", "--quiet", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    first = res.stdout.splitlines()[0]
    assert first.startswith(("recommended (trial ", "targets not shown to be reached")), first
    assert first.endswith("hut_potions (potions gained in the Alchemist's hut (§5)): 3 → 1"), first
    assert "4 players" not in first, first
    result = json.loads((tmp_path / "tune" / "hut-back" / "tune.json").read_text())
    best = next(
        f
        for f in result["verification"]["finalists"]
        if f["slot"] == result["verification"]["recommended"]
    )
    assert best["values"] == {"hut potions": 1, "S6 potions at 4 players": 1}
