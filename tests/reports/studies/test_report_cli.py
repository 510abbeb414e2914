"""``boardlab report``: one file, several runs with an index, and bad run directories."""

from __future__ import annotations

import html

import pytest

from simcore.engine.sweep.config import build_config
from simcore.engine.sweep.sweep import run_sweep
from tests.conftest import run_cli


def make_run(tmp_path, name: str) -> str:
    # a registered game: the report runs in a subprocess, which (like any report) resolves
    # registered names only, and the fixture game is registered in this process alone
    raw = {
        "name": name,
        "game": "ratjack",
        "players": 2,
        "games": 60,
        "seed": 5,
        "policies": ["random", "random"],
        "grid": {"points_to_win": [3, 4]},
    }
    return str(run_sweep(build_config(raw), tmp_path / "runs", quiet=True).run_dir)


@pytest.mark.slow  # over 10 s: .ci/run runs the long tests on their own line
def test_single_report_file(tmp_path):
    run = make_run(tmp_path, "one")
    out = tmp_path / "one.html"
    result = run_cli("report", run, "--out", str(out))
    assert result.returncode == 0, result.stderr
    html = out.read_text()
    assert "<svg" in html and "http://" not in html.replace("http://www.w3.org", "")


@pytest.mark.slow  # over 10 s: .ci/run runs the long tests on their own line
def test_several_reports_and_index(tmp_path):
    runs = [make_run(tmp_path, "a"), make_run(tmp_path, "b")]
    result = run_cli("report", *runs, "--out", str(tmp_path / "site"))
    assert result.returncode == 0, result.stderr
    index = (tmp_path / "site" / "index.html").read_text()
    assert 'href="a.html"' in index and 'href="b.html"' in index


def test_not_a_run_dir_is_bad_input(tmp_path):
    result = run_cli("report", str(tmp_path), "--out", str(tmp_path), "--name", "x.html")
    assert result.returncode == 2 and "not a run directory" in result.stderr
    assert not (tmp_path / "x.html").exists()


def test_corrupted_manifest_is_bad_input(tmp_path):
    run = make_run(tmp_path, "broken")
    (tmp_path / "runs" / "broken" / "manifest.json").write_text("{ not json")
    result = run_cli("report", run, "--out", str(tmp_path), "--name", "x.html")
    assert result.returncode == 2 and "corrupted" in result.stderr


def test_altered_part_is_bad_input(tmp_path):
    run = make_run(tmp_path, "altered")
    part = sorted((tmp_path / "runs" / "altered" / "games").glob("*.parquet"))[0]
    part.write_bytes(b"PAR1 garbage")
    result = run_cli("report", run, "--out", str(tmp_path), "--name", "x.html")
    assert result.returncode == 2 and "corrupted" in result.stderr
    assert not (tmp_path / "x.html").exists()


def test_out_under_a_file_is_bad_input(tmp_path):
    run = make_run(tmp_path, "one")
    (tmp_path / "afile").write_text("x")
    result = run_cli("report", run, "--out", str(tmp_path / "afile"), "--name", "x.html")
    assert result.returncode == 2 and "is a file, not a folder" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.slow  # over 10 s: .ci/run runs the long tests on their own line
def test_the_index_counts_games_and_cells_as_the_report_does(tmp_path):
    # issue 61: the index said "2,400 games in 16 cells" where the report said "1,800 ... 12"
    # (cells that play the same games as another are shown once)
    (tmp_path / "v.toml").write_text(
        'name = "lowv"\ngame = "lord_of_worlds"\nplayers = 2\ngames = 6\nseed = 3\n'
        'policies = ["heuristic", "heuristic"]\n[grid]\nvariant = ["standard", "strategic"]\n'
        'value_set_table = ["linear15", "doubling"]\n'
    )
    assert run_cli("sweep", "v.toml", "--out", "runs", "--quiet", cwd=tmp_path).returncode == 0
    res = run_cli("report", "runs/lowv", "--out", "rep", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    index = (tmp_path / "rep" / "index.html").read_text()
    report = (tmp_path / "rep" / "lowv.html").read_text()
    assert "18 simulated games of Lord of Worlds" in report
    assert ", 3 cells (and 1 that replays the games of another) ·" in html.unescape(report)
    assert "18 games in 3 cells; 24 were played in 4, 1 of which plays the same games" in index
