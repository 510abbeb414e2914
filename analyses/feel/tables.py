"""The measures' names, definitions and per-game values (one row per game of a run)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import polars as pl

from analyses.feel import drama, luck


@dataclass(frozen=True)
class Measure:
    """A measure: how it is summarised (``mean``, ``rate`` or ``other``) and what it means."""

    kind: str
    text: str


MEASURES: dict[str, Measure] = {
    "length_turns": Measure("mean", "turns per game"),
    "length_spread": Measure("other", "standard deviation of turns per game"),
    "rounds": Measure("mean", "rounds per game (rows of the progress table)"),
    "decisions_per_turn": Measure("mean", "decisions per turn (steps / turns)"),
    "lead_changes": Measure("mean", "times the sole leader changed, per game"),
    "lead_change_rate": Measure("mean", "lead changes per round boundary (lead changes / "
                                        "(rounds - 1)): drama not inflated by length"),
    "decided_at": Measure("mean", "share of the game played when the winner took the lead for "
                                  "good (1 = only at the end)"),
    "comeback": Measure("rate", f"share of games whose winner trailed by more than "
                                f"{drama.COMEBACK_MARGIN:.0%} of its final score at two thirds "
                                "of the game"),
    "final_margin": Measure("mean", "winner's final lead over the runner-up, as a share of its "
                                    "score"),
    "weaker_ahead": Measure("mean", "per game, share of unequal-strength seat pairs in which "
                                    "the weaker seat came out ahead"),
    "weaker_wins": Measure("other", "how often the weaker player comes out ahead (pairs of "
                                    "seats of unequal ladder strength; 2 players: its win rate)"),
    "luck_share": Measure("other", "share of the variance of a seat's result over seeds and "
                                   "the named line-ups that the line-up does not explain "
                                   "(two-way ANOVA components; 0 = skill decides, 1 = chance)"),
    "ahead_rate": Measure("other", "how often the better policy ends ahead of the rung below"),
    "games_needed": Measure("other", "games for the better policy to come out ahead 95% of the "
                                     "time"),
    "kingmaking": Measure("rate", "share of games where a seat that could no longer win "
                                  "changed who is likelier to win (3-4 players; 16 paired "
                                  "futures per action; every test of a game Holm-corrected "
                                  "together, so at most 5% of games without kingmaking "
                                  "are flagged)"),
    "kingmaker_choices": Measure("other", "share of the late decisions of seats that could no "
                                          "longer win in which the choice changed who is "
                                          "likelier to win"),
    "legal_actions": Measure("mean", "legal actions per decision (replay)"),
    "forced": Measure("rate", "share of decisions with one legal action (replay)"),
}  # fmt: skip


def row(group: str, measure: str, estimate: float, lo: float, hi: float, n: int) -> dict[str, Any]:
    """One row of a measures table."""
    return {
        "group": group,
        "measure": measure,
        "estimate": float(estimate),
        "lo": float(lo),
        "hi": float(hi),
        "n": int(n),
    }


def per_game_values(data: dict[str, pl.DataFrame]) -> pl.DataFrame:
    """One row per (cell, game_index): ``seed``, the games-table measures and, when the run
    has a progress table, the drama measures."""
    games = data["games"].select(
        "cell",
        "game_index",
        *(["seed"] if "seed" in data["games"].columns else []),
        turns=pl.col("turns").cast(pl.Float64),
        length_turns=pl.col("turns").cast(pl.Float64),
        decisions_per_turn=pl.col("steps") / pl.col("turns").clip(lower_bound=1),
    )
    pairs = luck.weaker_pairs(data["seats"])
    if pairs.height:
        weak = pairs.group_by("cell", "game_index").agg(weaker_ahead=pl.col("weaker_ahead").mean())
        games = games.join(weak, on=["cell", "game_index"], how="left")
    if "progress" in data and data["progress"].height:
        per = drama.per_game(data["progress"], data["seats"]).drop("gap", "winner")
        games = games.join(per, on=["cell", "game_index"], how="left")
    return games.sort("cell", "game_index")
