"""Restricted play finds the strong Ratjack effects (slow: 1,200 heuristic games, ~20 s CPU).

Pilot runs (card_sweep("rat", 300, seed=11) and the demo's 250-game sweep) put rat 7 and rat 12
far ahead of the other rat effects: each worth about +8 to +20 win-rate points (this run, seed
2024: rat 7 +15.7, rat 12 +8.0), with a paired SD of about 0.47 per game, so 300 games give a
half-width of about 5 points. Rat 9 is worth about +1 point (interval -2.5 to +3.9).
Tolerance: the strong effects must come out significant after Holm with worth above +5
points; the weak one must not be significant.
"""

from __future__ import annotations

import polars as pl
import pytest

from analyses.studies.ratjack_cards import interventional_values
from simcore.core import registry
from simcore.engine.sweep.config import build_config
from simcore.engine.sweep.sweep import run_sweep

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        "ratjack" not in registry.loadable_game_ids(with_heuristic=True),
        reason="ratjack game or heuristic not available",
    ),
]


def test_restricted_play_detects_the_strong_rat_effects(tmp_path):
    lineups = [["heuristic", "heuristic"]] + [
        [f"heuristic:forbid=resolve/rat/{v}", "heuristic"] for v in (7, 12, 9)
    ]
    raw = {
        "name": "strong",
        "game": "ratjack",
        "players": 2,
        "games": 300,
        "seed": 2024,
        "policies": lineups[0],
        "grid": {"policies": lineups},
    }
    run = run_sweep(build_config(raw), tmp_path, n_jobs=2, quiet=True).run_dir
    table = interventional_values([run])
    assert set(table.head(2)["effect"].to_list()) == {"rat 7", "rat 12"}
    strong = table.filter(pl.col("effect").is_in(["rat 7", "rat 12"]))
    assert strong["significant"].all() and (strong["worth"] > 0.05).all()
    weak = table.filter(pl.col("effect") == "rat 9").row(0, named=True)
    assert not weak["significant"] and weak["worth_lo"] < 0.02
