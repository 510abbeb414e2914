"""``boardlab compare`` on real small runs: a null comparison, a planted change, refusals.

The study is the Rats of Wistar wheel study cut to two cells (the baseline line-up and slot 0
forbidden the Alchemist's hut), 2 players, seed 5: small enough to play in seconds.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from analyses.compare.changes import compare_versions, load_side
from tests.conftest import run_cli

STUDY = """name = "hut-study"
game = "rats_of_wistar"
players = 2
games = {games}
seed = {seed}
policies = ["heuristic", "heuristic"]

[grid]
policies = [["heuristic", "heuristic"], ["heuristic:forbid=place/hut", "heuristic"]]
"""
SHIPPED = 'name = "shipped"\n'
HUT = 'name = "hut gives 3 potions"\ngame = "rats_of_wistar"\n[params]\nhut_potions = 3\n'


def _files(tmp: Path, games: int = 100, seed: int = 5) -> Path:
    (tmp / "study.toml").write_text(STUDY.format(games=games, seed=seed))
    (tmp / "shipped.toml").write_text(SHIPPED)
    (tmp / "hut.toml").write_text(HUT)
    return tmp


def _summary(report: Path) -> list[str]:
    """The findings of the report's summary box (caveats left out)."""
    text = report.read_text()
    box = re.search(r'<section class="summary".*?</section>', text, re.S).group(0)
    box = re.sub(r'<div class="caveats">.*?</div>', "", box, flags=re.S)
    return [
        html.unescape(re.sub(r"\s+", " ", i)).strip()
        for i in re.findall(r"<li>(.*?)</li>", box, re.S)
    ]


def test_null_comparison_reports_no_change_and_its_bound(tmp_path):
    """The same version under two names: nothing changes, and each measure states the bound
    it rules out (positive: identical games still cannot rule out every change)."""
    _files(tmp_path)
    res = run_cli(
        "compare",
        "shipped.toml",
        "shipped.toml",
        "--name-a",
        "original",
        "--name-b",
        "copy",
        "--study",
        "study.toml",
        "--out",
        "out",
        "--null",  # an A-vs-A calibration on purpose
        cwd=tmp_path,
    )
    assert res.returncode == 0, res.stderr
    report = Path(tmp_path, res.stdout.split()[-1])
    assert report.name == "original-vs-copy.html"
    lines = _summary(report)
    assert any("No balance measure changed detectably" in line for line in lines)
    assert lines[0].startswith("“original” and “copy” set every rule parameter and content item")
    assert not any(" raises it " in line or " lowers it " in line for line in lines)
    bounds = [line for line in lines if "changes it by at most ±" in line]
    assert bounds and all("original" in line and "copy" in line for line in bounds)
    for line in bounds:
        value = float(re.search(r"at most ±([0-9.]+)", line).group(1))
        assert 0 < value < 100
    title = re.search(r"<title>(.*?)</title>", report.read_text()).group(1)
    assert title == "original vs copy"


@pytest.mark.slow  # over 10 s: .ci/run runs the long tests on their own line
def test_planted_hut_change_is_found_with_its_sign(tmp_path):
    """Three potions in the hut instead of one: the hut's worth rises (and the Python API
    gives the same answer as the report)."""
    _files(tmp_path, games=300)
    res = run_cli(
        "compare",
        "shipped.toml",
        "hut.toml",
        "--study",
        "study.toml",
        "--out",
        "out",
        "--n-jobs",
        "2",
        cwd=tmp_path,
    )
    assert res.returncode == 0, res.stderr
    lines = _summary(Path(tmp_path, res.stdout.split()[-1]))
    # the change in words, then the changed rule's own measure first (issue 61)
    assert lines[0] == (
        "“hut gives 3 potions” changes against “shipped”: hut_potions (potions gained in the "
        "Alchemist's hut (§5)): 1 → 3."
    )
    hut = lines[2]
    assert hut.startswith("Worth of the Alchemist's hut (gain 1"), lines
    assert "“hut gives 3 potions” raises it by" in hut, hut
    runs = tmp_path / "out" / "runs"
    result = compare_versions(
        load_side("shipped", runs / "a-shipped"), load_side("hut", runs / "b-hut-gives-3-potions")
    )
    row = result.table.filter(result.table["key"] == "worth:c001").to_dicts()[0]
    assert row["significant"] and row["diff"] > 0 and row["lo"] > 0


@pytest.fixture
def two_runs(tmp_path):
    """Two finished runs of the same study on seeds 5 and 6."""
    _files(tmp_path, games=40)
    for seed in (5, 6):
        (tmp_path / f"s{seed}.toml").write_text(
            STUDY.format(games=40, seed=seed).replace("hut-study", f"hut-{seed}")
        )
        res = run_cli("sweep", f"s{seed}.toml", "--out", "runs", "--quiet", cwd=tmp_path)
        assert res.returncode == 0, res.stderr
    return tmp_path


def test_runs_on_different_seeds_are_refused_unless_unpaired(two_runs):
    """Exit 2 naming the seeds; --unpaired compares them and the report says so."""
    res = run_cli("compare", "runs/hut-5", "runs/hut-6", "--out", "out", cwd=two_runs)
    assert res.returncode == 2
    assert res.stderr.count("\n") == 1 and "differ in seed (5 vs 6)" in res.stderr
    assert "--unpaired" in res.stderr
    res = run_cli("compare", "runs/hut-5", "runs/hut-6", "--unpaired", "--out", "out", cwd=two_runs)
    assert res.returncode == 0, res.stderr
    text = Path(two_runs, res.stdout.split()[-1]).read_text()
    assert "on different seeds, compared as independent samples (--unpaired)" in text


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["shipped.toml", "shipped.toml", "--study", "study.toml"], "both versions are named"),
        (["shipped.toml", "hut.toml"], "name the study they play with --study"),
        (["shipped.toml", "bad.toml", "--study", "study.toml"], "unknown key 'colour'"),
        (["shipped.toml", "grid.toml", "--study", "study.toml"], "which the study's grid varies"),
        (["shipped.toml", "hut.toml", "--study", "nope.toml"], "no such file or shipped study"),
        (
            ["shipped.toml", "hut.toml", "--study", "study.toml", "--precision", "-1"],
            "--precision must be a positive number",
        ),
        (
            [
                "shipped.toml",
                "hut.toml",
                "--study",
                "study.toml",
                "--precision",
                "2",
                "--batch",
                "5",
            ],
            "--batch must be at least",
        ),
        (["shipped.toml", "other.toml", "--study", "study.toml"], "is for 'ratjack'"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(tmp_path, args, words):
    """Every refusal names the problem in one line, before any game is played."""
    _files(tmp_path)
    (tmp_path / "bad.toml").write_text('name = "x"\ncolour = "red"\n')
    (tmp_path / "grid.toml").write_text('name = "g"\n[params]\npolicies = 1\n')
    (tmp_path / "other.toml").write_text('name = "o"\ngame = "ratjack"\n')
    study = STUDY.format(games=40, seed=5).replace("[grid]", "[grid]\nhut_potions = [1, 2]")
    if "grid.toml" in args:
        (tmp_path / "study.toml").write_text(study)
        (tmp_path / "grid.toml").write_text('name = "g"\n[params]\nhut_potions = 3\n')
    res = run_cli("compare", *args, "--out", "out", cwd=tmp_path)
    assert res.returncode == 2, res.stderr
    assert res.stderr.count("\n") == 1 and words in res.stderr, res.stderr
    assert not (tmp_path / "out" / "runs").exists()


@pytest.mark.slow  # over 10 s: .ci/run runs the long tests on their own line
def test_sweep_precision_stops_records_and_resumes(tmp_path):
    """``sweep --precision``: the run stops at a batch, records why in its manifest, the
    report says so, and a resumed run replays the same looks without playing a game."""
    _files(tmp_path, games=200)
    args = ["sweep", "study.toml", "--precision", "30", "--batch", "50", "--out", "runs"]
    res = run_cli(*args, cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    manifest = json.loads((tmp_path / "runs" / "hut-study" / "manifest.json").read_text())
    record = manifest["precision"]
    assert record["stopped"] == "decided" and record["games"] < 200
    assert {len(c["parts"]) for c in manifest["chunks"].values()} and all(
        c["stop"] <= record["games"] for c in manifest["chunks"].values()
    )
    again = run_cli(*args, "--resume", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert again.stdout.splitlines()[-1] == res.stdout.splitlines()[-1]
    assert all("(0 played now" in line for line in again.stdout.splitlines()[:-1])
    assert (
        json.loads((tmp_path / "runs" / "hut-study" / "manifest.json").read_text())["precision"]
        == record
    )
    rep = run_cli("report", "runs/hut-study", "--out", "rep", cwd=tmp_path)
    assert rep.returncode == 0, rep.stderr
    text = html.unescape((tmp_path / "rep" / "hut-study.html").read_text())
    assert f"the run played {record['games']} games per cell in batches of 50" in text
    assert "This run is incomplete" not in text


@pytest.mark.slow  # over 10 s: .ci/run runs the long tests on their own line
def test_compare_by_precision_says_how_many_games_and_why(tmp_path):
    """``compare --precision``: both sides grow in batches of 50 up to 150 games per cell and
    the report states the games and the reason it stopped, with anytime-valid intervals."""
    _files(tmp_path, games=150)
    res = run_cli(
        "compare",
        "shipped.toml",
        "hut.toml",
        "--study",
        "study.toml",
        "--precision",
        "40",
        "--batch",
        "50",
        "--out",
        "out",
        cwd=tmp_path,
    )
    assert res.returncode == 0, res.stderr
    text = html.unescape(Path(tmp_path, res.stdout.split()[-1]).read_text())
    stop = re.search(
        r"compared on (\d+) games per cell, .*? in batches of 50: the run stopped "
        r"because (every headline|the limit)",
        text,
    )
    assert stop and int(stop.group(1)) in (50, 100, 150), text[:2000]
    assert "Anytime-valid interval" in text and "Holm p" not in text


def test_a_version_that_changes_nothing_is_refused_before_any_game(tmp_path):
    # B sets the hut's potions to 1, the default: the same games as A, said at once
    _files(tmp_path)
    (tmp_path / "default.toml").write_text(HUT.replace("3", "1").replace("gives 1", "gives one"))
    res = run_cli("compare", "shipped.toml", "default.toml", "--study", "study.toml",
                  "--out", "out", cwd=tmp_path)  # fmt: skip
    assert res.returncode == 2 and len(res.stderr.strip().splitlines()) == 1, res.stderr
    assert "play the same games" in res.stderr and "--null" in res.stderr
    assert not (tmp_path / "out" / "runs").exists()  # no game played


def test_a_copy_of_the_packaged_content_is_the_same_version(tmp_path):
    from simcore.engine.run.snapshot import packaged_root

    cards = packaged_root() / "ratjack" / "data" / "cards.toml"
    (tmp_path / "mine.toml").write_bytes(cards.read_bytes())
    (tmp_path / "study.toml").write_text(
        'name = "s"\ngame = "ratjack"\nplayers = 2\ngames = 10\npolicies = ["random", "random"]\n'
    )
    (tmp_path / "a.toml").write_text('name = "packaged"\n')
    (tmp_path / "b.toml").write_text('name = "my copy"\n[params]\ncards_file = "mine.toml"\n')
    res = run_cli("compare", "a.toml", "b.toml", "--study", "study.toml", "--out", "out",
                  cwd=tmp_path)  # fmt: skip
    assert res.returncode == 2 and "play the same games" in res.stderr, res.stderr


def test_a_score_part_never_scored_in_either_version_says_so():
    from reports.compare.page import change_sentence, constant_words

    row = {"what": "score from cheese", "unit": "score", "mean_a": 0.0, "mean_b": 0.0,
           "diff": 0.0, "se": 0.0, "lo": 0.0, "hi": 0.0, "bound": 0.0, "fixed": True,
           "significant": False, "p_holm": None, "key": "score:c000:cheese"}  # fmt: skip
    assert constant_words(row) == "never scored in either version"
    assert change_sentence(row, "A", "B", False) == (
        "Score from cheese: never scored in either version."
    )
    assert constant_words({**row, "mean_a": 1.0, "mean_b": 1.0}) == ""  # a constant 1: a bound
