"""Lord of Worlds texts against the numbers they describe (``text_check``): a special tile's
rule number is filled from its parameter, a scoring text that states numbers its table no
longer holds is bad input (exit 2 naming the file and the entry)."""

from __future__ import annotations

import pytest

from simcore.core.errors import ContentError
from simcore.games.lord_of_worlds import LordOfWorlds
from tests.conftest import run_cli

from .test_content import variant_file


def test_a_special_tiles_number_comes_from_its_parameter():
    game = LordOfWorlds.from_overrides({"sage_points_per_tile": 5, "viewpoint_points_per_tile": 1})
    assert (
        game.content_text("sage_tree")
        == "On placement, +5 points per tile next to it on your planet"
    )
    assert "+1 points per tile of the longest" in game.content_text("viewpoint")
    assert "+5 points per tile" in game.content_items()["sage_tree tiles"].text


def test_a_literal_number_in_a_numbered_tile_text_is_refused(tmp_path):
    path = variant_file(
        tmp_path, "tiles.toml", "+{points} points per tile next", "+3 points per tile next"
    )
    with pytest.raises(
        ContentError, match=r"tiles.toml: entry 'special\[1\]'.*\{points\}.*sage_points"
    ):
        LordOfWorlds.from_overrides({"tiles_file": path})


@pytest.mark.parametrize(
    ("old", "new", "stale"),
    [
        # linear15 made +20 a tile; its text still says +15 and "5 score 40"
        ("points = [10, 25, 40, 55, 70, 85]", "points = [10, 30, 50, 70]", "15, 40, 5 score 40"),
        # triangular's listed run no longer a run of the table
        (
            "points = [1, 3, 6, 10, 15, 21,",
            "points = [1, 3, 6, 11, 16, 22,",
            "1, 3, 6, 10, 15",
        ),
        # linear: 3 points per tile made 4
        ("points = [3, 6, 9]", "points = [4, 8, 12]", "3"),
    ],
)
def test_a_scoring_text_that_states_other_numbers_is_refused(tmp_path, old, new, stale):
    path = variant_file(tmp_path, "scoring.toml", old, new)
    with pytest.raises(ContentError, match=rf"scoring.toml: entry '.*': its text states {stale},"):
        LordOfWorlds.from_overrides({"scoring_file": path})


def test_the_shipped_texts_pass_and_a_stale_one_exits_2_in_one_line(tmp_path):
    path = variant_file(tmp_path, "scoring.toml", "points = [3, 6, 9]", "points = [4, 8, 12]")
    (tmp_path / "v.toml").write_text(
        f'name = "four a tile"\ngame = "lord_of_worlds"\n[params]\nscoring_file = "{path}"\n'
    )
    res = run_cli("content", "diff", "v.toml", cwd=tmp_path)
    assert res.returncode == 2, res.stdout
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and "chain_points.linear" in lines[0] and "its text states 3" in lines[0]
    assert "Traceback" not in res.stderr
