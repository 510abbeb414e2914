"""``boardlab content``: export the packaged content to start a version from; list what a
version changes in words; bad input is one line and exit 2."""

from __future__ import annotations

from tests.conftest import run_cli


def test_export_writes_the_packaged_files_and_a_folder_of_one_changed_file_plays(tmp_path):
    res = run_cli("content", "export", "rats_of_wistar", "mine", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    assert "content_dir" in res.stdout and "keep only the files you change" in res.stdout
    assert len(list((tmp_path / "mine").glob("*.toml"))) == 9
    for f in (tmp_path / "mine").glob("*.toml"):
        if f.name != "wheel.toml":
            f.unlink()
    wheel = tmp_path / "mine" / "wheel.toml"
    wheel.write_text(wheel.read_text().replace("explore = 1 }", "explore = 2 }", 1))
    text = wheel.read_text()
    wheel.write_text(text.replace("and explore 1", "and explore 2"))
    (tmp_path / "v.toml").write_text(
        'name = "explore 2"\ngame = "rats_of_wistar"\n[params]\ncontent_dir = "mine"\n'
    )
    res = run_cli("content", "diff", "v.toml", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    assert lines[0] == "explore 2 against the game as shipped:"
    assert lines[1].startswith("  S5 at 2 players: play an invention & explore 1 / ")
    assert "→ play an invention & explore 2 / " in lines[1]


def test_a_ratjack_export_names_the_cards_file_parameter(tmp_path):
    res = run_cli("content", "export", "ratjack", "cards", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    assert 'cards_file = "cards/cards.toml"' in res.stdout
    assert {p.name for p in (tmp_path / "cards").iterdir()} == {"cards.toml", "texts.toml"}


def test_bad_input_is_one_line_and_exit_2(tmp_path):
    (tmp_path / "file").write_text("x")
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "cards.toml").write_text("x")
    cases = [
        (("export", "nope", "out"), "game 'nope' is not registered"),
        (("export", "ratjack", "file"), "file: exists and is not a folder"),
        (("export", "ratjack", "taken"), "taken: already holds cards.toml"),
        (("diff", "a.toml", "b.toml", "c.toml"), "give one version"),
        (("diff", "missing.toml"), "missing.toml"),
    ]
    for args, words in cases:
        res = run_cli("content", *args, cwd=tmp_path)
        assert res.returncode == 2, (args, res.stderr)
        assert res.stderr.count("\n") == 1 and words in res.stderr, (args, res.stderr)
    assert (tmp_path / "taken" / "cards.toml").read_text() == "x"
