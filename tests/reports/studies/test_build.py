"""The generic report: self-contained HTML, every section present, deterministic, atomic."""

from __future__ import annotations

import json
import os
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from reports.studies.build import generic_report, write_index, write_report
from simcore.core.errors import RunDirError
from tests.analyses.synthetic import Cell, write_run

RH = ["heuristic", "random"]
MR = ["mcts:iterations=50", "random"]
STRENGTH = {"heuristic": 0.8, "mcts:iterations=50": 1.5}
BONUS = {"heuristic": 1.4, "mcts:iterations=50": 2.1}  # bonus=2 helps the stronger side


def rich_run(root: Path) -> Path:
    """Two line-ups x two rule values: seat bias, skill gaps, a variant effect, ratings."""
    cells = [
        Cell("c000", RH, {"policies": RH, "bonus": 0}, STRENGTH),
        Cell("c001", RH, {"policies": RH, "bonus": 2}, BONUS, turns_shift=2),
        Cell("c002", MR, {"policies": MR, "bonus": 0}, STRENGTH),
        Cell("c003", MR, {"policies": MR, "bonus": 2}, BONUS, turns_shift=2),
    ]
    return write_run(root, cells, games=300, seat_bias=(0.3, 0.0), name="rich", tie_margin=0.02)


@pytest.fixture(scope="module")
def report(tmp_path_factory) -> str:
    return generic_report(rich_run(tmp_path_factory.mktemp("rep")))


class _Checker(HTMLParser):
    """Collects tags and checks nesting of the elements the template opens and closes."""

    VOID = {"meta", "br", "img", "hr", "input", "link", "path", "use", "rect", "circle"}

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.tags: list[str] = []
        self.errors: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.tags.append(tag)

    def handle_endtag(self, tag):
        if tag in self.VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"unexpected </{tag}> (open: {self.stack[-3:]})")
            return
        self.stack.pop()


def test_self_contained(report):
    assert "http://" not in report and "https://" not in report
    # one inline script, the sortable tables (issue 48 §3), that loads and sends nothing
    scripts = re.findall(r"<script>(.*?)</script>", report, flags=re.S)
    assert len(scripts) == 1 and report.count("<script") == 1
    assert "table.data" in scripts[0]
    for call in ("fetch", "XMLHttpRequest", "import", "WebSocket", "eval(", "location"):
        assert call not in scripts[0]
    report = report.replace(scripts[0], "").replace("<script></script>", "")
    for forbidden in (
        "<script",
        "<link",
        "<img",
        "<image",
        "<iframe",
        "@import",
        "src=",
        "@font-face",
        "data:",
    ):
        assert forbidden not in report
    # url(...) only ever points at ids inside the page (matplotlib clip paths).
    assert all(u.startswith("#") for u in re.findall(r"url\(([^)]*)\)", report))


def test_every_figure_is_inline_svg(report):
    figures = re.findall(r"<figure>(.*?)</figure>", report, flags=re.S)
    assert len(figures) >= 6
    for body in figures:
        assert body.strip().startswith("<svg") and body.count("<svg") == 1
        assert "<figcaption>" in body


def test_well_formed(report):
    checker = _Checker()
    checker.feed(report)
    assert checker.errors == [] and checker.stack == []
    ids = re.findall(r'\sid="([^"]+)"', report)
    assert len(ids) == len(set(ids)), "element ids must be unique across inline figures"


def test_sections_and_provenance(report):
    for section in (
        "summary",
        "seats",
        "skill",
        "variants",
        "ratings",
        "length",
        "scores",
        "endings",
        "method",
        "provenance",
    ):
        assert f'id="{section}"' in report
    assert "cfg123" in report  # config hash
    assert "sweep_seed" in report and "default.toml" in report and "boardlab" in report
    assert "Seat 1 wins" in report and "95% interval" in report
    assert "bonus=2 instead of 0" in report


def test_findings_reflect_the_data(report):
    # Seat bias 0.3 on 300 games a cell: seat 1's advantage is clear per cell (cells share
    # seeds, so they are not pooled as independent); the variant adds 2 turns.
    assert re.search(r"Seat 1 wins 5\d\.\d% of games \(95% interval [\d.–]+%\), above", report)
    assert "All cells together" not in report
    assert "game length in turns changes by +2.00" in report
    slot = re.findall(
        r"the first line-up slot&#39;s win share changes by \+(\d+\.\d) points.*?: "
        r"(a clear|no clear) difference",
        report,
    )
    assert len(set(slot)) == 2 and all(float(d) > 5 and v == "a clear" for d, v in slot)
    # mcts and heuristic never met: the claims rule does not order them (issue 48 §3)
    assert (
        "mcts:iterations=50 ~ heuristic &gt; random (~: order not settled by the "
        "head-to-head games)"
    ) in report


def test_deterministic(tmp_path, report):
    assert generic_report(rich_run(tmp_path)) == report


def test_single_cell_report(tmp_path):
    run = write_run(tmp_path, [Cell("c000", ["random", "random"])], games=150)
    html = generic_report(run)
    assert 'id="skill"' not in html and 'id="variants"' not in html and 'id="seats"' in html


def test_incomplete_run_is_flagged(tmp_path):
    run = write_run(tmp_path, [Cell("c000", ["random", "random"])], games=50)
    manifest = (run / "manifest.json").read_text().replace('"complete": true', '"complete": false')
    (run / "manifest.json").write_text(manifest)
    html = generic_report(run)
    assert "This run is incomplete" in html and "fewer than 100 games" in html


def test_run_without_finished_games(tmp_path):
    run = write_run(tmp_path, [Cell("c000", ["random", "random"])], games=20)
    text = (run / "manifest.json").read_text()
    manifest = json.loads(text) | {"chunks": {}, "complete": False}
    (run / "manifest.json").write_text(json.dumps(manifest))
    html = generic_report(run)
    assert "No findings: the run holds no games." in html and "incomplete" in html


def test_missing_run_dir(tmp_path):
    with pytest.raises(RunDirError):
        generic_report(tmp_path / "nope")


def test_write_report_is_atomic_and_readable(tmp_path):
    target = tmp_path / "out" / "r.html"
    write_report("<p>one</p>", target)
    write_report("<p>two</p>", target)
    assert target.read_text() == "<p>two</p>"
    assert [p.name for p in target.parent.iterdir()] == ["r.html"]
    assert target.stat().st_mode & 0o044  # group/other may read a shared report


def test_write_report_keeps_old_file_on_failure(tmp_path, monkeypatch):
    target = tmp_path / "r.html"
    write_report("old", target)

    def boom(*_):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        write_report("new", target)
    assert target.read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["r.html"]


def test_index_links_and_escapes(tmp_path):
    path = write_index(
        [
            {"title": "Run <a>", "href": "a.html", "summary": ["Seat 1 wins 50%."]},
            {"title": "B", "href": "b.html", "description": "second", "path": "/x/b.html"},
        ],
        tmp_path / "index.html",
    )
    html = path.read_text()
    assert 'href="a.html"' in html and 'href="b.html"' in html
    assert "Run &lt;a&gt;" in html and "Seat 1 wins 50%." in html and "second" in html
    assert "http" not in html


def test_index_entry_needs_title_and_href(tmp_path):
    with pytest.raises(ValueError, match="href"):
        write_index([{"title": "x"}], tmp_path / "index.html")


def _summary(html: str) -> str:
    start = html.index('id="summary"')
    return html[start : html.index("</section>", start)]


def test_first_player_comes_from_the_recorded_start_player(tmp_path):
    # No seat-number bias, a first-player bias of 0.4: the turn-order section finds it, the
    # seat-number section does not (the first player is random per game, not seat 1).
    cells = [Cell(f"c00{k}", ["random", "random"]) for k in range(3)]
    html = generic_report(write_run(tmp_path, cells, games=600, first_bias=0.4))
    pooled = re.search(
        r"All 3 random vs random cells together \(600 seeds, each seed&#39;s games "
        r"one cluster\): the first player wins (\d+\.\d)% of games \(95% interval "
        r"([\d.]+)–([\d.]+)%\), above the fair 50%",
        html,
    )
    assert pooled, _summary(html)
    rate, lo, hi = map(float, pooled.groups())
    assert 55 < rate < 64 and lo < rate < hi
    assert pooled.group(0) in _summary(html)
    assert not re.search(r"Seat 1 wins [\d.]+% of games \([^)]*\), above", html)


def test_consistent_results_say_what_they_could_have_detected(tmp_path):
    html = generic_report(write_run(tmp_path, [Cell("c000", ["random", "random"])], games=400))
    found = re.search(
        r"The first player wins [\d.]+% of games \(95% interval [^)]*\), "
        r"consistent with the fair 50%; this run would catch a shift of "
        r"±(\d+\.\d) points or more \(80% power\)",
        html,
    )
    assert found and float(found.group(1)) == pytest.approx(7.0, abs=0.1)  # 2.8 * sqrt(.25/400)


@pytest.mark.parametrize(
    ("cell", "flag"),
    [
        (
            Cell("c000", ["heuristic", "random"], strengths={"heuristic": 9.0}),
            "heuristic wins 100.0% of games (saturated)",
        ),
        (
            Cell("c000", ["random", "random"], ended_by="stall"),
            "100% of games stopped at a safety cap",
        ),
        (Cell("c000", ["random", "random"], turns=36), "every game lasts 36 turns"),
    ],
    ids=["saturated", "stalled", "constant"],
)
def test_degenerate_cells_are_flagged_and_left_out(tmp_path, cell, flag):
    good = Cell("c001", ["random", "random"], turns_shift=1)
    html = generic_report(write_run(tmp_path, [cell, good], games=200, first_bias=0.3))
    summary = _summary(html)
    # Constant length alone is named in one sentence ("Game length does not vary in ...").
    assert ("Game length does not vary" if cell.turns else "Flagged cell") in summary
    assert flag in summary
    label_free = re.sub(r"<[^>]+>", "", html)
    if cell.ended_by or cell.turns:
        assert "Left out of the length conclusions" in label_free
        assert not re.search(r"Every game lasts 36 turns|Games last 3\d turns", label_free)
    if cell.ended_by or cell.strengths:
        assert "Left out of the turn-order and seat conclusions" in label_free


def test_summary_names_the_players(report):
    assert (
        "Every number here is for the players that produced it (heuristic, "
        "mcts:iterations=50 and random)"
    ) in _summary(report)


def test_summary_states_provisional_geometry_and_assumptions(tmp_path):
    from simcore.engine.sweep.config import build_config
    from simcore.engine.sweep.sweep import run_sweep

    raw = {
        "name": "low",
        "game": "lord_of_worlds",
        "players": 2,
        "games": 4,
        "seed": 1,
        "policies": ["random", "random"],
        "grid": {"variant": ["standard", "strategic"]},
    }
    summary = _summary(generic_report(run_sweep(build_config(raw), tmp_path, quiet=True).run_dir))
    assert "provisional geometry" in summary
    assert re.search(r"\d+ rule readings are assumptions \(\[A\] in the rules spec\)", summary)


def test_summary_shows_every_skill_gap_of_a_four_rung_ladder():
    # a ladder's last rung (MCTS against the heuristic) was cut from the summary at 2 lines
    from reports.studies.sections import _first_lines

    rungs = [f"rung {i}" for i in range(4)]
    assert _first_lines(rungs, 4, "line-ups") == rungs
    assert _first_lines([*rungs, "rung 4"], 4, "line-ups") == [*rungs[:3], "2 more line-ups."]


def test_ratings_rate_two_specs_of_one_player_as_one(tmp_path):
    # a ladder's cells: heuristic vs greedy, explorer vs heuristic:style=engine (the same
    # player as heuristic in Rats of Wistar): rated apart they form two groups that never met
    from reports.studies.build import load_context
    from reports.studies.sections import ratings_section

    cells = [
        Cell("c0", ["heuristic", "greedy"], strengths={"heuristic": 1.0}),
        Cell(
            "c1",
            ["heuristic:style=explorer", "heuristic:style=engine"],
            strengths={"heuristic:style=explorer": 0.3},
        ),
    ]
    ctx = load_context(write_run(tmp_path, cells, games=200))
    assert ctx.game is None and "never met" in ratings_section(ctx).findings[0]
    ctx = load_context(tmp_path / "synthetic")
    ctx.manifest = {**ctx.manifest, "game": "rats_of_wistar"}
    section = ratings_section(ctx)
    assert section.findings[0].startswith("Rating order (Bradley–Terry): heuristic:style=explorer")
    assert "heuristic:style=engine is the same player as heuristic" in section.findings[-1]


def test_groups_linked_only_by_a_perfect_record_get_their_own_scales(tmp_path):
    # m - h ==(h wins every game)==> g - r: two groups, each fitted on its own
    from reports.studies.build import load_context
    from reports.studies.sections import ratings_section

    cells = [
        Cell("c0", ["m", "h"], strengths={"m": 1.0}),
        Cell("c1", ["h", "g"], strengths={"h": 30.0}),
        Cell("c2", ["g", "r"], strengths={"g": 0.3}),
    ]
    section = ratings_section(load_context(write_run(tmp_path, cells, games=200)))
    assert "Ratings compare only within a group, A (h, m); B (g, r)" in " ".join(section.findings)
    assert not any("Elo points above" in w for w in section.findings)
    table = section.tables[0]
    assert table.caption == "Bradley–Terry ratings" and table.headers[-1] == "Group"
    rating = {row[0]: float(row[1]) for row in table.rows}  # every policy rated, "+123" form
    assert rating["m"] > 0 > rating["h"] and rating["g"] > 0 > rating["r"]
    assert abs(rating["m"] + rating["h"]) <= 1 and abs(rating["g"] + rating["r"]) <= 1


def test_a_run_whose_rules_fix_the_length_says_so_once(tmp_path):
    # every game of every cell lasts 30 turns (as in Rats of Wistar): no flag, one sentence
    cells = [
        Cell("c000", ["heuristic", "random"], strengths={"heuristic": 9.0}, turns=30),
        Cell("c001", ["random", "random"], turns=30),
    ]
    html = generic_report(write_run(tmp_path, cells, games=200))
    summary = _summary(html)
    assert "Game length does not vary" not in summary
    assert "every game lasts" not in html  # neither in the summary nor in a left-out sentence
    saturated = "Flagged cell heuristic vs random: heuristic wins 100.0% of games (saturated). "
    assert saturated in summary
    assert "Every game lasts 30 turns: the rules fix the length" in summary
    assert "Share of games by number of decisions (steps)." in html


def test_policies_linked_only_by_perfect_records_get_no_blank_rating_table(tmp_path):
    # h ==(h wins every game)==> r, and nothing else: two groups of one policy each, so a
    # ratings table would hold only dashes; the head-to-head record is the measurement
    from reports.studies.build import load_context
    from reports.studies.sections import ratings_section

    cells = [
        Cell("c0", ["h", "r"], strengths={"h": 30.0}),
        Cell("c1", ["h", "h"]),
        Cell("c2", ["r", "r"]),
    ]
    section = ratings_section(load_context(write_run(tmp_path, cells, games=200)))
    assert [t.caption for t in section.tables] == ["Head-to-head results"]
    assert any(w.startswith("No ratings are fitted") for w in section.findings)


def test_a_section_table_longer_than_a_screen_is_folded(tmp_path):
    # 30 rows would push every later section a screen down: the table sits one click away,
    # its caption and row count in view; a short table stays open.
    import polars as pl

    from reports.kit.tables import render_table
    from reports.studies.build import LONG_TABLE, load_context, render_page
    from reports.studies.sections import Section

    ctx = load_context(write_run(tmp_path, [Cell("c0", ["a", "b"])], games=20))
    specs = [("Row", "int", "i")]
    long = render_table(pl.DataFrame({"i": range(LONG_TABLE + 6)}), specs, "Long one")
    short = render_table(pl.DataFrame({"i": range(3)}), specs, "Short one")
    html = render_page(
        ctx, [Section("x", "X", ["x"], tables=[long]), Section("y", "Y", ["y"], tables=[short])]
    )
    assert "<summary>Table: Long one (30 rows)</summary>" in html
    assert "Table: Short one" not in html and "<caption>Short one</caption>" in html
