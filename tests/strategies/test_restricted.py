"""Restricted play: forbidden classes are avoided, and decisions with nothing else left are
counted per seat as forced violations (the documented fallback rule)."""

from __future__ import annotations

import polars as pl

from simcore.config import build_config
from simcore.sweep import run_sweep

EVERY_MODE = "mode/up+mode/down+mode/discard_flip"  # Ratjack: every way to play a card


def _seats(tmp_path, policies: list[str]) -> pl.DataFrame:
    raw = {"name": "r", "game": "ratjack", "players": 2, "games": 20, "seed": 5,
           "policies": policies, "record_actions": True}  # fmt: skip
    run = run_sweep(build_config(raw), tmp_path, quiet=True).run_dir
    return pl.read_parquet(run / "seats" / "*.parquet")


def test_a_seat_with_only_forbidden_actions_plays_on_and_is_counted(tmp_path):
    # Forbidding every play mode leaves the restricted seat nothing else on each mode
    # decision: it must still move (the game ends normally) and count each such decision.
    seats = _seats(tmp_path, [f"random:forbid={EVERY_MODE}", "random"])
    restricted = seats.filter(pl.col("slot") == 0)
    assert (restricted["forced_moves"] > 0).all()
    assert (seats.filter(pl.col("slot") == 1)["forced_moves"] == 0).all()


def test_an_avoidable_restriction_forces_nothing(tmp_path):
    # (mode/down would not do: the set-up face-down card is a forced "down" once a round.)
    seats = _seats(tmp_path, ["random:forbid=mode/up", "random"])
    assert (seats["forced_moves"] == 0).all()
