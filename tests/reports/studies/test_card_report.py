"""The Ratjack card-value report built from small real runs, and the report CLI picking it."""

from __future__ import annotations

import re

import pytest

from analyses.studies.claims import STRONGEST_FORMS
from analyses.studies.ratjack_cards import WORTH_MEANING
from reports.studies.batch import build_reports
from reports.studies.ratjack_cards import card_report
from simcore.core.errors import RunDirError
from tests.analyses.studies.test_ratjack_cards import (  # noqa: F401  (pytestmark: the skip marker)
    card_run,
    pytestmark,
    shared_card_run,
)
from tests.conftest import run_cli


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("card-report")
    return [shared_card_run(tmp_path_factory), card_run(folder, 12, "cards-b", seed=9)]


@pytest.fixture(scope="module")
def html(runs):
    return card_report(runs[:1])


def visible_text(page: str) -> str:
    """The page without inline SVG, style and tags: what a reader sees outside the figures."""
    page = re.sub(r"<svg.*?</svg>|<style>.*?</style>", " ", page, flags=re.S)
    return re.sub(r"<[^>]+>", " ", page)


def test_sections_figures_and_ranking_rows(html):
    for anchor in ("ranking", "heatmap", "usage", "observational", "method", "provenance"):
        assert f'id="{anchor}"' in html
    assert html.count("<figure>") == 3  # forest plot, heat map, usage small multiples
    assert html.count("<svg") == 3
    ranking = html[html.index("Effects ranked by worth") :]
    ranking = ranking[: ranking.index("</table>")]
    assert ranking.count("<tr>") == 1 + 2  # header + raccoon 8 and rat 1


def test_words_explain_worth_and_never_show_negative_zero(html):
    text = visible_text(html)
    assert WORTH_MEANING.replace("'", "&#39;") in html
    assert (
        re.search(
            STRONGEST_FORMS,
            text,
        )
        and "never changed a result" in text
    )
    assert not re.search(r"[-+−]0\.0(?!\d)", text), re.findall(r".{40}[-+]0\.0(?!\d).{10}", text)
    assert "rat 1" in text  # the idle restriction is listed with worth 0.0


def test_subtitle_and_provenance_cover_every_run(runs):
    page = card_report(runs)
    subtitle = re.search(r'<header class="page">.*?<p>(.*?)</p>', page, re.S).group(1)
    assert "in 2 runs" in subtitle and "cards-a" in subtitle and "cards-b" in subtitle
    assert "Runs in this report" in page
    assert "cards-a: Cells" in page and "cards-b: Cells" in page
    # The same effects measured in two runs are told apart by run name.
    assert "raccoon 8 (cards-a)" in page and "raccoon 8 (cards-b)" in page


def test_provenance_lists_shared_parameters_once(html):
    assert "Rule parameters (every cell)" in html
    assert html.count("exhaustion_tie") == 1  # not repeated in every cell's row


def test_build_reports_auto_picks_the_card_report(runs, tmp_path):
    entries = build_reports(runs[:1], str(tmp_path / "site"), "auto")
    assert [e["title"] for e in entries] == ["ratjack-card-values"]
    assert (tmp_path / "site" / "index.html").is_file()
    generic = build_reports(runs[:1], str(tmp_path / "g.html"), "generic")
    assert "Effect ranking" not in (tmp_path / "g.html").read_text()
    assert generic[0]["title"] == "cards-a"


def test_card_report_needs_restricted_cells(tmp_path):
    from simcore.engine.sweep.config import build_config
    from simcore.engine.sweep.sweep import run_sweep

    raw = {
        "name": "plain",
        "game": "ratjack",
        "players": 2,
        "games": 4,
        "seed": 1,
        "policies": ["random", "random"],
    }
    run = run_sweep(build_config(raw), tmp_path, quiet=True).run_dir
    with pytest.raises(RunDirError, match="no restricted-play cells"):
        card_report([run])


def test_report_cli_writes_the_card_report(runs, tmp_path):
    out = tmp_path / "cards.html"
    result = run_cli("report", runs[0], "--kind", "ratjack-cards", "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert "Effect ranking (restricted play)" in out.read_text()


def test_observational_rows_name_their_run_when_repeated(runs):
    import polars as pl

    from analyses.studies.ratjack_cards import observational_values

    obs = observational_values(runs)
    repeated = obs.group_by("family", "value").len().filter(pl.col("len") > 1)
    assert repeated.height > 0
    for row in obs.join(repeated, on=["family", "value"]).iter_rows(named=True):
        assert row["effect"] == f"{row['family']} {row['value']} ({row['run']})"


def test_heat_map_keeps_one_row_per_run_when_runs_repeat_a_deck_pair(runs):
    from analyses.studies.ratjack_cards import card_values
    from reports.studies.ratjack_cards import heatmap_section

    svg = heatmap_section(card_values(runs)).figures[0].svg
    # Two runs measure the same effects with the same decks: rows "raccoon · cards-a" ...
    texts = re.findall(r">([^<]*)</text>", svg)
    for run in ("cards-a", "cards-b"):
        assert sum(t.endswith(f"· {run}") for t in texts) == 2  # raccoon 8 and rat 1 rows
