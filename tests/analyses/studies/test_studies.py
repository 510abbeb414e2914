"""The two balance studies on real small runs: restricted play (ablation) for Rats of Wistar
wheel sections and the Lord of Worlds scoring variants; shipped study sweeps are generated."""

from __future__ import annotations

import re
import tomllib
from itertools import pairwise

import polars as pl
import pytest

from analyses.studies.ablation import ablation, ablation_pairs
from analyses.sweeps import ladders, sweep_path
from analyses.sweeps.studies import FILES, study_text, wheel_sweep
from reports.studies.build import generic_report, load_context
from simcore.engine.sweep.config import build_config
from simcore.engine.sweep.sweep import run_sweep


@pytest.mark.parametrize("name", sorted(FILES))
def test_study_sweep_files_are_what_the_generator_writes(name):
    assert sweep_path(name).read_text() == study_text(name), "rerun `python -m analyses.sweeps`"


@pytest.mark.parametrize("name", sorted(ladders.FILES))
def test_ladder_sweep_files_are_what_the_generator_writes(name):
    assert sweep_path(name).read_text() == ladders.ladder_text(name), (
        "rerun `python -m analyses.sweeps`"
    )
    build_config(tomllib.loads(sweep_path(name).read_text()))  # a valid sweep


def test_skill_ladders_double_up_to_the_recommended_budget():
    from analyses.studies.ladder import mcts_budget

    for game, budgets in ladders.BUDGETS.items():
        assert all(abs(b - 2 * a) <= 1 for a, b in pairwise(budgets))
        assert mcts_budget("mcts", game)[1] == budgets[-1], game


def test_wheel_sweep_covers_every_sector_whole_game_early_and_late():
    lineups = wheel_sweep(3)["grid"]["policies"]
    restricted = [lineup[0].split("forbid=")[1] for lineup in lineups[1:]]
    assert lineups[0] == ["heuristic"] * 3 and len(restricted) == 19
    for sector in ("S1", "S2", "S3", "S4", "S5", "S6"):
        assert {f"place/{sector}", f"place/{sector}@round1-2", f"place/{sector}@round4-5"} <= set(
            restricted
        )
    assert "place/hut" in restricted


@pytest.fixture(scope="module")
def wheel_run(tmp_path_factory):
    # Forbidding every placement on the wheel but the hut is an obvious handicap; forbidding
    # a quick action the heuristic rarely takes makes no clear difference.
    sectors = "+".join(f"place/S{k}" for k in range(1, 7))
    raw = {
        "name": "wheel",
        "game": "rats_of_wistar",
        "players": 2,
        "games": 60,
        "seed": 9,
        "policies": ["heuristic", "heuristic"],
        "grid": {
            "policies": [
                ["heuristic", "heuristic"],
                [f"heuristic:forbid={sectors}", "heuristic"],
                ["heuristic:forbid=quick/buy_power", "heuristic"],
            ]
        },
    }
    return run_sweep(build_config(raw), tmp_path_factory.mktemp("w"), n_jobs=2, quiet=True).run_dir


def test_an_obvious_restriction_is_detected_and_a_null_one_is_not(wheel_run):
    ctx = load_context(wheel_run)
    pairs = ablation_pairs(ctx.manifest)
    assert [(p.slot, p.baseline) for p in pairs] == [(0, "c000"), (0, "c000")]
    table = ablation(ctx.seats, ctx.manifest, n_resamples=200)
    wins = table.filter(pl.col("outcome") == "win_share").sort("cell")
    handicap, null = wins.row(0, named=True), wins.row(1, named=True)
    assert handicap["significant"] and handicap["worth_lo"] > 0.2
    assert not null["significant"] and null["worth_lo"] < 0 < null["worth_hi"]


def test_the_wheel_report_names_sectors_and_ranks_them(wheel_run):
    html = generic_report(wheel_run)
    assert 'id="ablation"' in html
    # a section is named with the wheel data's texts of its spaces
    assert "S1 (take the round visitor / move up to 2 workers and play an invention)" in html
    # two restrictions: the handicap is separated from the null one (the claims rule)
    assert re.search(
        r"is the strongest action class, clearly separated from every other "
        r"\(the nearest, [^:]*: Holm-adjusted p [^)]*\): \+\d+\.\d points of win "
        r"rate, 95% interval",
        html,
    )
    assert 'id="skill"' not in html  # restricted cells are not a "skill gap"


@pytest.fixture(scope="module")
def variant_run(tmp_path_factory):
    raw = {
        "name": "variants",
        "game": "lord_of_worlds",
        "players": 2,
        "games": 40,
        "seed": 5,
        "policies": ["heuristic", "heuristic"],
        "grid": {"variant": ["standard", "strategic"], "value_set_table": ["linear15", "doubling"]},
    }
    return run_sweep(build_config(raw), tmp_path_factory.mktemp("v"), n_jobs=2, quiet=True).run_dir


def test_the_variant_study_finds_the_score_shift_and_names_what_cannot_differ(variant_run):
    text = re.sub(r"<[^>]+>", "", generic_report(variant_run))
    # Strategic scoring adds value sets: the mean score and the value-set points rise clearly.
    assert re.search(
        r"variant=strategic instead of standard[^.]*: mean score per seat changes "
        r"by \+\d+\.\d+ .*?: a clear difference",
        text,
    )
    assert re.search(
        r"variant=strategic instead of standard[^.]*: mean pts value sets per seat "
        r"changes by \+\d+",
        text,
    )
    # The value-set table under the standard variant scores nothing: the two cells play the
    # same games, said once and shown once (issue 48: duplicate rows in every table).
    said = re.findall(
        r"value_set_table=doubling instead of linear15 plays exactly the same "
        r"games whenever variant=standard \(1 cell\)",
        text,
    )
    assert len(said) == 1
    assert "variant=standard · value_set_table=doubling" not in text


def test_the_variant_study_shows_the_players_choices_per_rule_value(variant_run):
    # Strategy shift: per rule value (the sweep's order, baseline first) and policy, the mean
    # of every choice column; score parts (pts_*) are outcomes, not choices, and stay out.
    from reports.studies.variants import strategy_table

    ctx = load_context(variant_run)
    table = strategy_table(ctx, ["variant", "value_set_table"])
    assert table.headers[:3] == ["Rule value", "Policy", "Seats"]
    assert "tiles architect" in table.headers and "longest chain" in table.headers
    assert not any(h.startswith("pts") for h in table.headers)
    assert [row[0] for row in table.rows] == [
        "variant=standard",
        "variant=strategic",
        "value_set_table=linear15",
        "value_set_table=doubling",
    ]
    assert all(row[2] == "160" for row in table.rows)  # 40 games x 2 seats x 2 pooled cells
    # strategic scoring changes what the heuristic builds: longer chains are worth less there
    chain = table.headers.index("longest chain")
    assert float(table.rows[0][chain]) > float(table.rows[1][chain])
    assert "Strategy shift" in generic_report(variant_run)


def test_a_restriction_window_reads_as_rounds():
    from reports.studies.ablation import restriction_name

    assert restriction_name(None, "place/S1@round1-2", 2) == "place/S1 in rounds 1–2"
    assert restriction_name(None, "place/S5@round3", 2) == "place/S5 in round 3"
    assert restriction_name(None, "place/hut", 2) == "place/hut"


def test_compare_names_a_restriction_window_as_the_reports_do():
    # boardlab compare's measure names and the ablation report share one wording
    from analyses.studies.ablation import restriction_words

    named = restriction_words(("place/S1@round4-5", "place/hut"), str.upper)
    assert named == "PLACE/S1 in rounds 4–5 + PLACE/HUT"
