"""Acceptance of issue 62 on a synthetic search with ground truth (no game played): the
recommendation's reported numbers are not flattered by its choice among the finalists, and a
band is "met" only when its interval lies inside it.

The settings are the audit's: three finalists of 24 trials with similar true values; for a
target to maximize the logic before this issue reported +0.95 points too much (chosen and
reported on the same fresh games), for a band 22% of its "met" recommendations were truly
outside (met by the estimate). The controls below run the same settings with that logic, with
the choice's own games reported, or with the estimate as the verdict.
"""

from __future__ import annotations

import pytest

from analyses.tune.targets import Target
from analyses.tune.verify import all_in_band, all_met, choose
from tests.analyses.tune.selection_sim import (
    Draw,
    Outcome,
    Setting,
    new_pipeline,
    simulate,
)

REPS = 4000  # about 0.5 s a setting; the bias's Monte Carlo error is 0.03 points
# a win rate to maximize: similar true values (sd 2 points), 400 search games (se 2.5),
# 1,000 fresh games (se 1.58)
MAXIMIZE = Setting(Target("win_rate", "win_rate", maximize=True), 50.0, 2.0, 2.5, 1.58)
# a band of +-4 points whose best trials lie near its edge, fresh se 1 point
BAND = Setting(Target("fpa", "first_player_advantage", -4.0, 4.0), 6.0, 2.0, 2.5, 1.0)


def same_games(s: Setting, d: Draw) -> Outcome:
    """Control: chosen as now, but reported on the games that chose it."""
    _, choosing, _ = d
    results = [{"targets": t, "miss": sum(r["miss"] for r in t.values())} for t in choosing]
    best = choose(results)
    assert best is not None
    return Outcome(results.index(best), best["targets"], all_met(best["targets"]))


def as_before(s: Setting, d: Draw) -> Outcome:
    """Control, the logic before issue 62: chosen and reported on the same games, a band met
    when its estimate lies inside (the first finalist so, else the least miss)."""
    _, choosing, _ = d
    results = [{"targets": t, "miss": sum(r["miss"] for r in t.values())} for t in choosing]
    meets = [r for r in results if all_in_band(r["targets"])]
    best = min(meets or results, key=lambda r: r["miss"])
    return Outcome(results.index(best), best["targets"], bool(meets))


def by_estimate(s: Setting, d: Draw) -> Outcome:
    """Control: reported on other games, but a band met when its estimate lies inside."""
    out = new_pipeline(s, d)
    return Outcome(out.chosen, out.targets, all_in_band(out.targets))


def test_the_reported_value_of_a_target_to_maximize_is_unbiased():
    res = simulate(MAXIMIZE, new_pipeline, REPS, seed=62)
    assert abs(res["bias"]) <= 0.2
    # the controls show the setting has the audit's winner's curse
    assert simulate(MAXIMIZE, same_games, REPS, seed=62)["bias"] > 0.7
    assert simulate(MAXIMIZE, as_before, REPS, seed=62)["bias"] > 0.7


def test_few_met_band_recommendations_are_truly_outside_the_band():
    res = simulate(BAND, new_pipeline, REPS, seed=62)
    assert res["met"] >= 400  # the band is still met often enough to say something
    assert res["met_outside"] <= 0.06
    assert abs(res["bias"]) <= 0.2
    # the controls: as before, about a fifth of the "met" are wrong; with the measuring games
    # but the estimate as the verdict, still about one in eight
    assert simulate(BAND, as_before, REPS, seed=62)["met_outside"] > 0.15
    assert simulate(BAND, by_estimate, REPS, seed=62)["met_outside"] > 0.08


def test_a_band_just_missed_is_rarely_met():
    # every trial truly 0.3 points above the band: "met" only when an interval lies wholly
    # inside, which a 95% interval does in at most 2.5% of repetitions (plus the error of the
    # simulation); the estimate alone would call it met about 40% of the time
    edge = Setting(BAND.target, 4.3, 0.0, 2.5, 1.0)
    res = simulate(edge, new_pipeline, REPS, seed=7)
    assert res["met"] / REPS <= 0.035
    assert simulate(edge, by_estimate, REPS, seed=7)["met"] / REPS > 0.3


@pytest.mark.parametrize("top", [1, 3])
def test_one_finalist_is_measured_on_the_games_that_verified_it(top):
    # a single finalist was chosen by the search's games only: its fresh games are unbiased
    res = simulate(
        Setting(MAXIMIZE.target, 50.0, 2.0, 2.5, 1.58, top=top), new_pipeline, REPS, seed=3
    )
    assert abs(res["bias"]) <= 0.2
