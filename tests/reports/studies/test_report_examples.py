"""Reports link example games per headline finding, and each link opens a replay page
written next to the report (``reports.studies.examples``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from reports.studies.build import generic_report
from reports.studies.cli import build_reports
from tests.analyses.studies.test_examples import card_run  # noqa: F401  (the fixture)
from tests.reports.studies.test_browser import _study_run


@pytest.fixture(scope="module")
def studies(tmp_path_factory):
    folder = tmp_path_factory.mktemp("studies")
    return [str(_study_run(folder, kind)) for kind in ("wheel", "variants")]


def _links(html: str) -> list[str]:
    box = re.findall(r'<div class="examples">(.*?)</div>', html, re.S)
    return [href for b in box for href in re.findall(r'href="([^"]+)"', b)]


@pytest.mark.slow  # over 10 s: .ci/run runs the long tests on their own line
def test_every_study_report_links_games_that_exist(studies, card_run, tmp_path):  # noqa: F811
    entries = build_reports([*studies, str(card_run)], str(tmp_path / "site"), "auto")
    assert len(entries) == 3
    for entry in entries:
        html = Path(entry["path"]).read_text()
        links = _links(html)
        assert links, entry["title"]  # every study names games to watch
        for href in links:
            page = tmp_path / "site" / href
            assert page.is_file(), href
            assert "ends with the recorded scores" in page.read_text()


def test_the_variant_report_shows_a_close_and_a_decided_game(studies, tmp_path):
    build_reports([studies[1]], str(tmp_path / "v.html"), "auto")
    html = (tmp_path / "v.html").read_text()
    assert "closest games" in html and "most decided games" in html


def test_a_report_built_in_memory_makes_no_links(studies):
    assert _links(generic_report(studies[0])) == []  # no page would be written for them
