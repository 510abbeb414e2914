"""Restricted play: forbidden classes are avoided, and decisions with nothing else left are
counted per seat as forced violations (the documented fallback rule)."""

from __future__ import annotations

import polars as pl

from simcore.engine.sweep.config import build_config
from simcore.engine.sweep.sweep import run_sweep

EVERY_MODE = "mode/up+mode/down+mode/discard_flip"  # Ratjack: every way to play a card


def _seats(tmp_path, policies: list[str]) -> pl.DataFrame:
    raw = {
        "name": "r",
        "game": "ratjack",
        "players": 2,
        "games": 20,
        "seed": 5,
        "policies": policies,
        "record_actions": True,
    }
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


def test_a_round_window_forbids_only_in_those_rounds(tmp_path):
    # Rats of Wistar: slot 0 may not place on S2 in rounds 4-5, and may in rounds 1-3.
    raw = {
        "name": "w",
        "game": "rats_of_wistar",
        "players": 2,
        "games": 12,
        "seed": 2,
        "policies": ["random:forbid=place/S2@round4-5", "random"],
        "record_actions": True,
    }
    run = run_sweep(build_config(raw), tmp_path, quiet=True).run_dir
    actions = pl.read_parquet(run / "actions" / "*.parquet")
    # (the actions table has its own "slot": the wheel slot; the line-up slot is renamed)
    seats = pl.read_parquet(run / "seats" / "*.parquet").select(
        "game_index", "seat", lineup_slot="slot"
    )
    placed = actions.filter((pl.col("kind") == "place") & (pl.col("sector") == "S2")).join(
        seats, on=["game_index", "seat"]
    )
    mine = placed.filter(pl.col("lineup_slot") == 0)
    assert mine.filter(pl.col("round") >= 4).height == 0
    assert mine.filter(pl.col("round") <= 3).height > 0
    assert placed.filter((pl.col("lineup_slot") == 1) & (pl.col("round") >= 4)).height > 0


def test_a_malformed_round_window_is_bad_input():
    from simcore.core import registry
    from simcore.core.errors import ConfigError
    from strategies.registry import make_policy

    game = registry.make_game("rats_of_wistar")
    for bad in ("place/S2@round5-4", "place/S2@round0", "place/S2@rnd4", "place/S9@round2"):
        try:
            make_policy(f"random:forbid={bad}", game)
        except ConfigError as exc:
            assert bad.split("@")[0] in str(exc) or "round" in str(exc)
        else:
            raise AssertionError(f"{bad} was accepted")


def test_forbid_composes_with_a_policy_that_takes_options(tmp_path):
    # The wheel study of another player: "heuristic:style=explorer,forbid=place/S1@round1-2"
    # is the explorer style, restricted; it never places on S1 in rounds 1-2 and plays the
    # explorer's games otherwise (the unrestricted seat is unaffected by the wrapper).
    from simcore.core import registry
    from strategies.base import with_option
    from strategies.registry import make_policy

    game = registry.make_game("rats_of_wistar")
    spec = with_option("heuristic:style=explorer", "forbid", "place/S1@round1-2")
    policy = make_policy(spec, game)
    assert policy.classes == ["place/S1@round1-2"]
    assert policy.policy.name == make_policy("heuristic:style=explorer", game).name
    raw = {
        "name": "x",
        "game": "rats_of_wistar",
        "players": 2,
        "games": 12,
        "seed": 2,
        "policies": [spec, "heuristic:style=explorer"],
        "record_actions": True,
    }
    run = run_sweep(build_config(raw), tmp_path, quiet=True).run_dir
    actions = pl.read_parquet(run / "actions" / "*.parquet")
    seats = pl.read_parquet(run / "seats" / "*.parquet").select(
        "game_index", "seat", lineup_slot="slot"
    )
    s1 = actions.filter((pl.col("kind") == "place") & (pl.col("sector") == "S1")).join(
        seats, on=["game_index", "seat"]
    )
    assert s1.filter((pl.col("lineup_slot") == 0) & (pl.col("round") <= 2)).height == 0
    assert s1.filter((pl.col("lineup_slot") == 1) & (pl.col("round") <= 2)).height > 0
