"""Paired comparisons on real Ratjack runs: an obvious change is detected, a no-op is not.

Run ``variants`` (random vs random, 100 games per cell, seed 7) crosses ``target`` 25 → 12 (a
much easier exact total: rounds end sooner, games are about half as long) with ``max_rounds``
60 → 1000 (a safeguard no game reaches: the two cells play identical games, common random
numbers). The second run pits the heuristic against random play.
"""

from __future__ import annotations

import re

import polars as pl
import pytest

from analyses.stats.paired import compare_cells, compare_pairs, game_outcome, seat_outcome
from analyses.stats.runs import load_manifest
from reports.studies.build import generic_report, load_context
from reports.studies.variants import variant_pairs, variant_section
from simcore.core import registry
from simcore.engine.sweep.config import build_config
from simcore.engine.sweep.sweep import run_sweep

pytestmark = pytest.mark.skipif(
    "ratjack" not in registry.loadable_game_ids(with_heuristic=True),
    reason="ratjack game or heuristic not available",
)
TIMING = ("wall_ms", "cell", "params_hash", "var_max_rounds")


@pytest.fixture(scope="module")
def variants(tmp_path_factory) -> str:
    raw = {
        "name": "variants",
        "game": "ratjack",
        "players": 2,
        "games": 100,
        "seed": 7,
        "policies": ["random", "random"],
        "grid": {"target": [25, 12], "max_rounds": [60, 1000]},
    }
    return str(run_sweep(build_config(raw), tmp_path_factory.mktemp("v"), quiet=True).run_dir)


def _by_change(run_dir: str) -> dict[str, list[tuple[str, str]]]:
    out: dict[str, list[tuple[str, str]]] = {}
    # the run's own cells (a report merges cells that play the same games; see below)
    for key, a, b in variant_pairs(load_manifest(run_dir)):
        out.setdefault(key, []).append((a, b))
    return out


def test_identical_cells_play_identical_games(variants):
    games = pl.read_parquet(f"{variants}/games").sort("game_index")
    a = games.filter(pl.col("cell") == "c000").drop(*TIMING)
    b = games.filter(pl.col("cell") == "c001").drop(*TIMING)
    assert a.equals(b)


def test_identical_cells_report_exactly_no_difference(variants):
    pairs = _by_change(variants)["max_rounds"]
    for values in (game_outcome(variants, "turns"), seat_outcome(variants, seat=0)):
        table = compare_pairs(values, pairs)
        assert table["diff"].to_list() == [0.0, 0.0]
        assert table["lo"].to_list() == table["hi"].to_list() == [0.0, 0.0]
        assert table["p_holm"].to_list() == [1.0, 1.0]
        assert not table["significant"].any()


def test_an_easier_target_is_detected(variants):
    table = compare_pairs(game_outcome(variants, "turns"), _by_change(variants)["target"])
    assert table["significant"].all()
    # Target 12 instead of 25: games get about half as long (seeded run: 39.6 -> 20.0 turns);
    # tolerance: the shorter games last 35-65% of the baseline length.
    assert (table["hi"] < -10).all()
    ratio = (table["mean_b"] / table["mean_a"]).to_list()
    assert all(0.35 < r < 0.65 for r in ratio), ratio


def test_variant_section_words(variants):
    section = variant_section(load_context(variants), n_resamples=200)
    words = " ".join(section.findings)
    clear = [f for f in section.findings if f.endswith("a clear difference.")]
    assert clear and all(f.startswith("target=12 instead of 25") for f in clear)
    assert any("game length" in f for f in clear)
    # max_rounds never binds here: its cells play the same games as their twins, so the
    # report merges them and says so once, instead of tests that read "0.0, p = 1"
    assert not any(f.startswith("max_rounds") for f in section.findings)
    page = generic_report(variants)
    assert page.count("max_rounds=1000 instead of 60 plays exactly the same games (2 cells)") == 1
    assert not re.search(r"-0\.0+(?![0-9])", words)  # no negative zero
    # random vs random at 100 games: no rule value's first-player lean can be told from 50%,
    # and the games that would tell it are stated; max_rounds=1000 only replays its twins'
    # games (said once in the summary), so it adds no row
    turns = [f for f in section.findings if f.startswith("Under every rule value, the first")]
    assert len(turns) == 1 and "games per cell would tell" in turns[0], section.findings
    table = [t for t in section.tables if t.caption.startswith("First-player advantage under")]
    assert table and {r[0] for r in table[0].rows} == {
        "target=25",
        "target=12",
        "max_rounds=60",
    }


def test_heuristic_beats_random_by_a_paired_margin(tmp_path):
    lineups = [["random", "random"], ["heuristic", "random"]]
    raw = {
        "name": "skill",
        "game": "ratjack",
        "players": 2,
        "games": 100,
        "seed": 3,
        "policies": lineups[0],
        "grid": {"policies": lineups},
    }
    run = run_sweep(build_config(raw), tmp_path, quiet=True).run_dir
    row = compare_cells(seat_outcome(run, slot=0), "c000").row(0, named=True)
    # Same deals, slot 0 switched from random to the heuristic: a large, clear gain. The
    # heuristic wins about 82% against random play (200-game check: +28.5 points, interval
    # +20 to +37); with 100 games the standard error is about 6 points, hence the margins.
    assert row["significant"] and row["lo"] > 0.05
    assert 0.1 < row["diff"] < 0.45
    assert row["mean_a"] == pytest.approx(0.5, abs=0.15) and row["mean_b"] > 0.7


def test_rule_changes_that_leave_games_identical_are_one_sentence_each():
    # A long variant study: value_set_table only scores under the strategic variant, so its
    # 2 standard-variant comparisons are identical in every outcome; chain_table leaves one
    # outcome identical under standard only. One sentence per change, naming the condition.
    from reports.studies.variant_words import _fixed_words

    comparisons = {
        "v=d instead of l (variant=standard, chain=t)": "v=d instead of l",
        "v=d instead of l (variant=standard, chain=x)": "v=d instead of l",
        "v=d instead of l (variant=strategic, chain=t)": "v=d instead of l",
        "chain=x instead of t (variant=standard, v=l)": "chain=x instead of t",
        "chain=x instead of t (variant=strategic, v=l)": "chain=x instead of t",
    }
    frame = pl.DataFrame({"comparison": list(comparisons), "change": list(comparisons.values())})
    shown = [("length", frame, False), ("value sets", frame, False)]
    fixed = {c: ["length", "value sets"] for c in list(comparisons)[:2]}
    fixed["chain=x instead of t (variant=standard, v=l)"] = ["value sets"]
    assert _fixed_words(shown, fixed) == [
        "v=d instead of l leaves every game identical whenever variant=standard "
        "(2 of 3 comparisons): the rule cannot matter there; left out of the tests.",
        "chain=x instead of t leaves value sets identical in every paired game whenever "
        "variant=standard and v=l (1 of 2 comparisons); left out of the tests.",
    ]


def test_a_change_in_many_comparisons_names_only_the_clear_ones_each_with_its_interval():
    # issue 61: "game length changes by +0.40 to +2.64 across 8 paired comparisons (2 of 8
    # clear)" read like an interval and said "changes" where 6 of 8 were not clear
    from reports.studies.variant_words import condensed_words, meanings

    frame = pl.DataFrame(
        {
            "comparison": [f"variant=strategic instead of standard (chain={c})" for c in "abc"],
            "change": ["variant=strategic instead of standard"] * 3,
            "diff": [2.64, 0.40, 1.10],
            "lo": [1.50, -0.20, -0.10],
            "hi": [3.78, 1.00, 2.30],
            "significant": [True, False, False],
            "fixed": [False, False, False],
            "mde": [1.0, 1.0, 1.0],
        }
    )
    words, _ = condensed_words([("game length", frame, False)])
    assert words == [
        "variant=strategic instead of standard: game length changes clearly in 1 of 3 paired "
        "comparisons: a +2.64 (+1.50 to +3.78); the other 2 show no clear change."
    ]
    game = registry.make_game("lord_of_worlds")
    means = meanings(["value_set_table=doubling instead of linear15"], game.content_text)
    assert means[0].startswith("doubling: Strategic variant: 3 tiles of one printed value")
    assert means[1].startswith("linear15: Strategic variant: 3 tiles")
