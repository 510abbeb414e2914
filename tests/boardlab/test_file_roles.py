"""Every message about a file names the file by its role: the version, study, tune or suite
file a command was given, and the rule parameter that named a content file (exit 2, one line)."""

from __future__ import annotations

import pytest

from tests.conftest import run_cli

VERSION = 'name = "v"\ngame = "{game}"\n[params]\n{key} = "{path}"\n'


def _refused(res, *parts: str) -> None:
    assert res.returncode == 2, res.stdout + res.stderr
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in res.stderr, res.stderr
    for part in parts:
        assert part in lines[0], lines[0]


@pytest.mark.parametrize(
    ("args", "role"),
    [
        (["compare", "nope.toml", "v.toml"], "version A file 'nope.toml' not found"),
        (["compare", "v.toml", "nope.toml"], "version B file 'nope.toml' not found"),
        (["compare", "v.toml", "w.toml", "--study", "nope.toml"], "--study 'nope.toml': no such"),
        (
            ["compare", "v.toml", "w.toml", "--study", "ratjack_ladr.toml"],
            "did you mean 'ratjack_ladder.toml'?",
        ),
        (["tune", "nope.toml"], "tune file 'nope.toml' not found"),
        (["sweep", "nope.toml"], "sweep file 'nope.toml' not found"),
    ],
)
def test_a_missing_file_is_named_by_its_role(tmp_path, args, role):
    (tmp_path / "v.toml").write_text('name = "v"\ngame = "ratjack"\n')
    (tmp_path / "w.toml").write_text('name = "w"\ngame = "ratjack"\n')
    _refused(run_cli(*args, cwd=tmp_path), role)


def test_bad_content_names_the_parameter_that_named_its_file(tmp_path):
    (tmp_path / "cards.toml").write_text("not = [toml\n")
    (tmp_path / "v.toml").write_text(
        VERSION.format(game="ratjack", key="cards_file", path="cards.toml")
    )
    res = run_cli("content", "diff", "v.toml", cwd=tmp_path)
    _refused(res, "cards.toml: not valid TOML", "(parameter cards_file=")


def test_a_partial_content_folder_file_without_its_set_says_which(tmp_path):
    (tmp_path / "wheel").mkdir()
    (tmp_path / "wheel" / "wheel.toml").write_text("x = 1\n")
    (tmp_path / "v.toml").write_text(
        VERSION.format(game="rats_of_wistar", key="content_dir", path="wheel")
    )
    res = run_cli("content", "diff", "v.toml", cwd=tmp_path)
    _refused(res, "wheel.toml names none", "'provisional-1'", "(parameter content_dir=")
