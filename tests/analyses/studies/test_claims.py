"""The claims rule (issue 48 §3): "strongest", "weakest" and an order only with Holm-significant
separation; ties named as ties. Unit cases, then a small real wheel-section run whose report
sentences and score table are checked against numbers recomputed from its Parquet files."""

from __future__ import annotations

import re

import numpy as np
import polars as pl
import pytest
import scipy.stats as sps

from analyses.stats.intervals import holm
from analyses.studies import claims
from analyses.studies.claims import Entry


def text(e: Entry) -> str:
    return f"{e.value:+.1f}, {e.lo:+.1f} to {e.hi:+.1f}"


def test_a_leader_whose_interval_overlaps_the_next_is_a_tie():
    # issue 48: "Strongest: S5 +23.0 (+15.1 to +30.9)" while S1's +21.0 (13.0 to 29.0) overlaps
    family = [
        Entry("S5", 23.0, 15.1, 30.9),
        Entry("S1", 21.0, 13.0, 29.0),
        Entry("S4", 1.0, -3.0, 5.0),
    ]
    ex = claims.extremes(family)
    assert ex.top == ("S5", "S1") and not ex.settled_top
    words = claims.strongest_sentence(ex, ("section", "sections"), text)
    assert words == (
        "S5 and S1 are the strongest sections; their order is not settled. In that order: "
        "+23.0, +15.1 to +30.9; +21.0, +13.0 to +29.0."
    )
    assert "S4" not in words
    assert claims.weakest_sentence(ex, ("section", "sections"), text).startswith(
        "S4 is the weakest section, clearly separated from every other (the nearest, S1: "
    )


def test_a_family_of_noise_names_no_extreme():
    # "the weakest effect is raccoon 9 (Holm-adjusted p = 1.000, not significant)"
    family = [Entry(f"e{i}", v, v - 5, v + 5) for i, v in enumerate([2.0, 0.5, -1.0, -2.8])]
    ex = claims.extremes(family)
    words = claims.weakest_sentence(ex, ("effect", "effects"), text)
    assert words == (
        "No effect is settled as the weakest: all 4 effects are within noise of the "
        "weakest measured, e3: -2.8, -7.8 to +2.2."
    )
    assert "is the weakest" not in words


def test_paired_games_separate_what_standard_errors_alone_cannot():
    # Two worths with wide intervals (per-game SD 3) that move together game by game: the
    # paired test sees that b is always 0.2 below a (plus small noise); the independent one
    # does not.
    rng = np.random.default_rng(1)
    common = rng.normal(0, 3, 200)
    a = {i: float(c + 0.2 + rng.normal(0, 0.05)) for i, c in enumerate(common)}
    b = {i: float(c + rng.normal(0, 0.05)) for i, c in enumerate(common)}
    ea, eb = (
        Entry(
            n,
            float(np.mean(list(v.values()))),
            0,
            0,
            float(np.std(list(v.values())) / np.sqrt(200)),
        )
        for n, v in (("a", a), ("b", b))
    )
    assert claims.independent_p(ea, eb) > 0.05
    assert claims.paired_p({"a": a, "b": b})(ea, eb) < 1e-6
    assert claims.extremes([ea, eb], claims.paired_p({"a": a, "b": b})).settled_top


def test_holm_runs_over_the_comparisons_of_the_extreme_with_each_other():
    # raw p of the leader against 3 others: 0.02, 0.03, 0.001 -> Holm 0.04, 0.04, 0.003
    p = {("A", "B"): 0.02, ("A", "C"): 0.03, ("A", "D"): 0.001}
    family = [Entry("A", 4, 0, 0), Entry("B", 3, 0, 0), Entry("C", 2, 0, 0), Entry("D", 1, 0, 0)]
    ex = claims.extremes(family, lambda x, y: p.get((x.name, y.name), 1.0))
    assert ex.top == ("A",)
    assert ex.p_top == pytest.approx({"B": 0.04, "C": 0.04, "D": 0.003})
    assert ex.bottom == ("D", "C", "B", "A")  # no p given for D against the rest: all tie


# --- a small real run -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    from simcore.engine.sweep.config import build_config
    from simcore.engine.sweep.sweep import run_sweep

    # S1 and S5 are both worth about +30 points (demo study): a tie; quick/buy_power ~ 0
    raw = {
        "name": "claims",
        "game": "rats_of_wistar",
        "players": 2,
        "games": 40,
        "seed": 4,
        "policies": ["heuristic", "heuristic"],
        "grid": {
            "policies": [
                ["heuristic", "heuristic"],
                ["heuristic:forbid=place/S1", "heuristic"],
                ["heuristic:forbid=place/S5", "heuristic"],
                ["heuristic:forbid=quick/buy_power", "heuristic"],
            ]
        },
    }
    folder = tmp_path_factory.mktemp("claims")
    return run_sweep(build_config(raw), folder, n_jobs=2, quiet=True).run_dir


def _per_game(run_dir, outcome: str) -> dict[str, np.ndarray]:
    """Cell → slot-0 outcome per game index, straight from the Parquet files."""
    seats = pl.read_parquet(f"{run_dir}/seats/*.parquet").filter(pl.col("slot") == 0)
    return {
        c: part.sort("game_index")[outcome].cast(pl.Float64).to_numpy()
        for (c,), part in seats.group_by(["cell"])
    }


def test_score_worth_intervals_are_in_points_recomputed_from_parquet(wheel):
    # issue 48: "place/S1 ... +5.26 ... +425.2 to +627.8" (the win-rate format's x100)
    from reports.studies.build import generic_report

    html = generic_report(wheel)
    score = html[html.index("<caption>Worth in final score (points)") :]
    score = score[: score.index("</table>")]
    values = _per_game(wheel, "score")
    for cell in ("c001", "c002", "c003"):
        d = values["c000"] - values[cell]
        t = sps.t.ppf(0.975, len(d) - 1) * d.std(ddof=1) / np.sqrt(len(d))
        interval = f"{d.mean() - t:+.2f} to {d.mean() + t:+.2f}".replace("+0.00", "0.00")
        assert interval in score, (cell, interval)
    assert not re.search(r"[+-]\d{3,}\.\d", score)


def test_report_sentences_follow_the_claims_rule_on_real_games(wheel):
    from reports.studies.build import generic_report

    page = generic_report(wheel)
    html = page[page.index('<section class="block" id="ablation">') :]
    html = html[: html.index("</section>")]
    wins = _per_game(wheel, "win_share")
    worth = {c: wins["c000"] - wins[c] for c in ("c001", "c002", "c003")}
    names = {"c001": "S1", "c002": "S5", "c003": "quick/buy_power"}
    best = max(worth, key=lambda c: worth[c].mean())
    others = [c for c in worth if c != best]
    raw = [sps.ttest_rel(worth[best], worth[c]).pvalue for c in others]
    tied = [names[c] for c, p in zip(others, holm(raw), strict=True) if not p < 0.05]
    found = re.findall(r"<li>([^<]*strongest[^<]*)</li>", html)
    assert len(found) == 1, "one sentence about the strongest action class"
    for sentence in found:
        if tied:
            assert "their order is not settled" in sentence or "No action class" in sentence
            assert "is the strongest" not in sentence
        else:
            assert "is the strongest action class" in sentence and "clearly separated" in sentence
    for sentence in re.findall(r"<li>([^<]*(?:strongest|weakest)[^<]*)</li>", html):
        # every extreme named is a tie, a clearly separated one, or none
        assert re.search(r"their order is not settled|clearly separated|is settled as", sentence)
