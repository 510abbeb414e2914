"""``boardlab compare A B --players-differ`` on real small runs: the wheel study (cut to the
baseline, S1, S5 in rounds 1-2 and the hut; 150 games per cell, seed 4242) played by the
heuristic and by ``heuristic:style=explorer``; a null comparison; refusals."""

from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path

import polars as pl
import pytest

from analyses.sweeps.studies import wheel_sweep
from simcore.core import registry
from simcore.engine.sweep.config import build_config
from simcore.engine.sweep.sweep import run_sweep
from tests.boardlab.crafted import as_older_version
from tests.conftest import run_cli

EXPLORER = "heuristic:style=explorer"
VERSION = registry.make_game("rats_of_wistar").spec.version  # the older run claims VERSION - 1
KEEP = ("", "place/S1", "place/S5@round1-2", "place/hut")  # the cut study's restrictions


def cut_study(player: str, games: int = 150, seed: int = 4242, keep=KEEP) -> dict:
    """The shipped wheel study's generator, cut to the cells of ``keep``."""
    raw = wheel_sweep(2, games=games, seed=seed, player=player)
    ups = [up for up in raw["grid"]["policies"] if up[0].partition("forbid=")[2] in keep]
    return {**raw, "grid": {"policies": ups}}


def play(folder: Path, player: str, **kw) -> Path:
    """Play the cut study for ``player`` into ``folder``; return the run directory."""
    return run_sweep(build_config(cut_study(player, **kw)), folder, n_jobs=2, quiet=True).run_dir


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> tuple[Path, Path]:
    """The cut wheel study played by the heuristic and by the explorer style."""
    folder = tmp_path_factory.mktemp("players")
    return play(folder, "heuristic"), play(folder, EXPLORER)


def boardlab(capsys, monkeypatch, folder: Path, *args: str) -> tuple[int, str, str]:
    """``boardlab ARGS`` in this process (cheaper than a subprocess): exit code, out, err."""
    from boardlab.cli import main

    monkeypatch.chdir(folder)
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def _text(path: Path) -> str:
    return html.unescape(re.sub(r"\s+", " ", path.read_text()))


def _section(page: str, sid: str) -> str:
    return re.search(rf'<section[^>]*id="{sid}".*?</section>', page, re.S).group(0)


def _findings(section: str) -> list[str]:
    return [re.sub(r"<[^>]+>", "", li).strip() for li in re.findall(r"<li>(.*?)</li>", section)]


def _hut_share(run: Path) -> float:
    """Slot 0's share of placements on the hut in the baseline cell, from the seats table."""
    seats = pl.read_parquet(run / "seats").filter(
        (pl.col("cell") == "c000") & (pl.col("slot") == 0)
    )
    chiefs = [c for c in seats.columns if c.startswith("chiefs_")]
    return seats["chiefs_hut"].sum() / seats.select(chiefs).sum().sum_horizontal()[0]


def test_the_report_names_both_players_and_states_the_hut_caveat(runs, tmp_path):
    heuristic, explorer = runs
    res = run_cli(
        "compare", str(heuristic), str(explorer), "--players-differ", "--out", "out", cwd=tmp_path
    )
    assert res.returncode == 0, res.stderr
    report = Path(tmp_path, res.stdout.split()[-1])
    assert report.name == "heuristic-vs-heuristic-style-explorer.html"
    page = _text(report)
    assert "<title>Same game, two players: heuristic vs heuristic:style=explorer</title>" in page
    # every figure and every table of the comparison names both players
    captions = re.findall(r"<figcaption>(.*?)</figcaption>", page)
    tables = [
        c
        for s in re.findall(r'<section[^>]*id="cmp-.*?</section>', page, re.S)
        for c in re.findall(r"<caption>(.*?)</caption>", s)
    ]
    assert len(captions) >= 3 and len(tables) >= 4
    for text in captions + tables:
        assert "heuristic:style=explorer" in text and re.search(r"heuristic(?!:)", text), text
    wheel = _findings(_section(page, "cmp-wheel"))
    assert any(w.startswith("Under “heuristic”: ") for w in wheel)
    assert any(w.startswith("Under “heuristic:style=explorer”: ") for w in wheel)
    # the caveat is one sentence per player, with that player's measured hut share
    hut = _findings(_section(page, "cmp-hut"))
    for name, run in (("heuristic", heuristic), (EXPLORER, explorer)):
        said = next(
            h
            for h in hut
            if re.match(
                rf"The hut caveat (stands|is resolved) for "
                rf"“{re.escape(name)}”",
                h,
            )
        )
        assert f"{100 * _hut_share(run):.1f}% of slot 0's placements on the hut" in said
    assert "Hut caveat rule: the caveat stands for a player when" in page
    assert "Worth under heuristic:style=explorer (95% interval)" in page


def test_a_null_comparison_reports_no_change(runs, tmp_path, capsys, monkeypatch):
    """The same run twice under two names: no measure changes, no share moves."""
    heuristic, _ = runs
    code, out, err = boardlab(
        capsys,
        monkeypatch,
        tmp_path,
        "compare",
        str(heuristic),
        str(heuristic),
        "--players-differ",
        "--name-a",
        "first",
        "--name-b",
        "second",
        "--out",
        "out",
    )
    assert code == 0, err
    page = _text(Path(tmp_path, out.split()[-1]))
    assert "“first” and “second” seat the same players" in page
    assert "No measure of the study changed detectably between “first” and “second”" in page
    assert "does not clearly differ between “first” and “second” (0.0 points" in page
    verdicts = re.findall(r"<td[^>]*>(changed|at most ±[0-9.]+)</td>", _section(page, "cmp-wheel"))
    assert len(verdicts) == 3 and "changed" not in verdicts


def test_the_sweep_files_are_played_and_compared(tmp_path):
    """Two sweep files as the sides: both are played (20 games per cell) and compared."""
    for name, player in (("heur", "heuristic"), ("expl", EXPLORER)):
        raw = cut_study(player, games=20)
        lines = [f"{k} = {json.dumps(v)}" for k, v in raw.items() if k != "grid"]
        lines += ["[grid]", f"policies = {json.dumps(raw['grid']['policies'])}"]
        (tmp_path / f"{name}.toml").write_text("\n".join(lines) + "\n")
    res = run_cli(
        "compare",
        "heur.toml",
        "expl.toml",
        "--players-differ",
        "--out",
        "out",
        "--quiet",
        cwd=tmp_path,
    )
    assert res.returncode == 0, res.stderr
    assert sorted(p.name for p in (tmp_path / "out" / "runs").iterdir()) == [
        "a-heuristic",
        "b-heuristic-style-explorer",
    ]
    assert "Same game, two players" in Path(tmp_path, res.stdout.split()[-1]).read_text()


@pytest.fixture(scope="module")
def other_runs(runs, tmp_path_factory) -> Path:
    """Runs that must not pair with the heuristic's: another seed, other restrictions, an
    older game version (a copied manifest), and a version file."""
    folder = tmp_path_factory.mktemp("others")
    play(folder / "seed", EXPLORER, games=20, seed=7)
    play(
        folder / "cut", EXPLORER, games=20, keep=("", "place/S2", "place/S5@round1-2", "place/hut")
    )
    old = folder / "old"
    shutil.copytree(runs[1], old)
    as_older_version(old, VERSION - 1)
    (folder / "hut.toml").write_text('name = "hut 3"\n[params]\nhut_potions = 3\n')
    return folder


@pytest.mark.parametrize(
    ("b", "extra", "words"),
    [
        ("seed/rats-of-wistar-wheel-2p-explorer", [], "differ in seed (4242 vs 7)"),
        (
            "cut/rats-of-wistar-wheel-2p-explorer",
            [],
            "slot 1 of line-up 2: 'rats-of-wistar-wheel-2p' forbids place/S1",
        ),
        ("old", [], f"were played with different game version ({VERSION} vs {VERSION - 1})"),
        ("hut.toml", [], "a version file changes rules, not players"),
        ("old", ["--unpaired"], "--unpaired does not apply"),
        ("old", ["--n-jobs", "0"], "--n-jobs must be a positive integer"),
    ],
)
def test_what_is_not_two_players_on_one_study_is_refused(
    runs, other_runs, tmp_path, capsys, monkeypatch, b, extra, words
):
    args = ["compare", str(runs[0]), str(other_runs / b), "--players-differ", *extra]
    code, _, err = boardlab(capsys, monkeypatch, tmp_path, *args, "--out", "out")
    assert code == 2, err
    assert err.count("\n") == 1 and words in err, err
    assert not (tmp_path / "out").exists()


def test_without_the_flag_two_players_are_refused_with_a_hint(runs, tmp_path, capsys, monkeypatch):
    code, _, err = boardlab(
        capsys, monkeypatch, tmp_path, "compare", str(runs[0]), str(runs[1]), "--out", "out"
    )
    assert code == 2 and err.count("\n") == 1
    assert "or --players-differ if only the players differ" in err


def test_the_sectors_a_player_does_better_without_are_named_with_their_figures():
    from reports.compare.hut import misused_sentence

    worths = pl.DataFrame(
        [
            {"restriction": "place/S1@round1-2", "slot": 0, "worth": -0.057}
            | {"worth_lo": -0.084, "worth_hi": -0.029, "significant": True},
            {"restriction": "place/S4", "slot": 0, "worth": 0.02}
            | {"worth_lo": -0.01, "worth_hi": 0.05, "significant": False},
        ]
    )
    text = misused_sentence("heuristic:style=fitted_3p", worths)
    assert "forbidding it S1 in rounds 1–2 raises its win rate by +5.7 points" in text
    assert "(95% interval +2.9 to +8.4, clear after Holm)" in text and "S4" not in text
    assert misused_sentence("p", worths.filter(pl.col("restriction") == "place/S4")) == ""


def test_the_sections_name_the_largest_change_first():
    # the 4-player fitted style's wheel: the hut moved 27.8 points, S1 14.5, S6 5.0; the
    # sentences used to follow the table's order (S1 first, the hut last)
    from reports.compare.page import group_sentences

    with_them = []
    for what, diff in (("S1", -0.145), ("S6", 0.05), ("the hut", 0.278)):
        row = {"what": what, "diff": diff, "lo": diff - 0.03, "hi": diff + 0.03}
        row |= {"significant": True, "p_holm": 0.001, "bound": 0.03, "unit": "share"}
        with_them.append(row | {"mean_a": 0.1, "mean_b": 0.1 + diff, "key": what})
    words = group_sentences(with_them, "A", "B", False)
    assert [w.split(":")[0] for w in words] == ["The hut", "S1", "S6"]
