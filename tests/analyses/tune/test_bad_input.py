"""Bad targets and bad spaces are refused before any game runs: one line, exit 2."""

from __future__ import annotations

import subprocess
import sys

import pytest

from analyses.tune.config import build_tune
from simcore.core.errors import ConfigError
from tests.analyses.tune.helpers import tilted_raw, write_toml
from tests.boardlab.crafted import run_main
from tests.conftest import cli_env


def _refused(raw) -> str:
    with pytest.raises(ConfigError) as err:
        build_tune(raw, allow_import=True)
    return str(err.value)


def test_an_unknown_measure_names_the_closest_valid_ones():
    raw = tilted_raw()
    raw["target"] = [{"measure": "first_player_advantge", "within": [-2, 2]}]
    assert "closest: first_player_advantage" in _refused(raw)


@pytest.mark.parametrize(
    ("target", "words"),
    [
        ({"measure": "mean_turns"}, "give exactly one of within"),
        ({"measure": "mean_turns", "within": [3, 1]}, "lo <= hi"),
        ({"measure": "effect_worth", "within": [-4, 4]}, "measured in ratjack"),
        ({"measure": "mean_turns", "at_most": "ten"}, "must be a number"),
        ({"measure": "mean_turns", "maximize": 1}, "maximize must be true"),
    ],
)
def test_bad_targets(target, words):
    raw = tilted_raw()
    raw["target"] = [target]
    assert words in _refused(raw)


@pytest.mark.parametrize(
    ("space", "words"),
    [
        ({"param": "head_strat"}, "did you mean head_start"),
        ({"param": "head_start", "int": [0, 9]}, "leaves the parameter's range"),
        ({"param": "colour", "choice": ["red", "pink"]}, "cannot be 'pink'"),
        ({"param": "head_start", "int": [3, 3]}, "lo < hi"),
        ({"param": "head_start", "content": "cards"}, "exactly one of"),
        ({"policy_slot": 5, "option": "x", "float": [0, 1]}, "policy_slot must be"),
        ({"policy_slot": 0, "option": "x", "float": [0, 1]}, "unknown option 'x'"),
    ],
)
def test_bad_spaces(space, words):
    raw = tilted_raw()
    raw["space"] = [space]
    assert words in _refused(raw)


def test_bad_content_paths_and_constraints():
    base = {
        "name": "r",
        "game": "ratjack",
        "players": 2,
        "policies": ["random", "random"],
        "target": [{"measure": "first_player_advantage", "within": [-2, 2]}],
    }
    bad_file = {**base, "space": [{"content": "cardz", "path": "x"}]}
    assert "no content file 'cardz'" in _refused(bad_file)
    bad_path = {**base, "space": [{"content": "cards", "path": "decks.rat_red.cards[40].value"}]}
    assert "no list entry [40]" in _refused(bad_path)
    bad_key = {**base, "space": [{"content": "cards", "path": "decks.rat_rde"}]}
    assert "no key 'rat_rde'" in _refused(bad_key)
    bad_sum = {
        **base,
        "space": [{"param": "target", "int": [20, 30]}],
        "constraint": [{"keep_sum": ["target", "nope"]}],
    }
    assert "keep_sum names 'nope'" in _refused(bad_sum)


def test_no_space_or_no_target_is_refused():
    raw = tilted_raw()
    raw["space"] = []
    assert "no [[space]]" in _refused(raw)
    raw = tilted_raw()
    raw["target"] = []
    assert "no [[target]]" in _refused(raw)


def test_the_cli_prints_one_line_and_exits_2(tmp_path):
    raw = tilted_raw()
    raw["target"] = [{"measure": "fpa", "within": [-2, 2]}]
    path = write_toml(tmp_path / "bad.toml", raw)
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "boardlab.cli",
            "tune",
            str(path),
            "--out",
            str(tmp_path),
            "--allow-import",
        ],
        capture_output=True,
        text=True,
        env=cli_env(),
    )
    assert proc.returncode == 2
    assert len(proc.stderr.strip().splitlines()) == 1
    assert "unknown measure 'fpa'" in proc.stderr
    assert not (tmp_path / "tilted").exists()  # nothing ran


@pytest.mark.parametrize("value", [0, -400, 2.5, "400", 10**9])
def test_a_bad_head_to_head_size_is_refused(value):
    assert "search.head_to_head must be an integer from 1 to 100,000,000" in _refused(
        tilted_raw(head_to_head=value)
    )


def test_a_version_file_given_to_tune_is_named_as_one(tmp_path):
    path = tmp_path / "hut.toml"
    path.write_text('name = "hut 3"\ngame = "rats_of_wistar"\n[params]\nhut_potions = 3\n')
    proc = run_main("tune", str(path))
    assert proc.returncode == 2 and "this is a version file" in proc.stderr, proc.stderr
