"""A playtest's finished games are an ordinary run: ``report``, ``replay`` and ``compare``
read it, and the report names the people as people, not as a rung of the skill ladder."""

from __future__ import annotations

from analyses.playtest.session import RUNS, Session
from tests.analyses.playtest.test_session import _by_step, _cfg, _person
from tests.conftest import run_cli


def test_report_replay_and_compare_read_a_playtest_run(tmp_path):
    for folder, choose in (("a", _by_step), ("b", lambda step, legal: legal[0])):
        _person(
            Session(_cfg("ratjack", ["human", "heuristic"], games=2), tmp_path / folder), choose
        )
    run_a, run_b = (str(tmp_path / f / RUNS / "pt") for f in "ab")
    res = run_cli("report", run_a, "--out", "rep", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    page = (tmp_path / "rep" / "pt.html").read_text()
    assert "people (human, seats played with boardlab playtest) against heuristic" in page
    assert "The best-ranked player here (human)" not in page
    res = run_cli("replay", run_a, "--game-index", "1", "--out", "rp", cwd=tmp_path)
    assert res.returncode == 0 and "ends as recorded" in res.stdout, res.stderr
    res = run_cli("compare", run_a, run_b, "--name-a", "one person", "--name-b", "another",
                  "--out", "cmp", cwd=tmp_path)  # fmt: skip
    assert res.returncode == 0 and "one person vs another: 2 games per cell" in res.stdout
