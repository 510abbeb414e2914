"""Skill: the skill trace (MCTS budget against a fixed opponent), the ladder's head-to-head
steps, and how many games the better player needs to come out ahead 95% of the time.

*Ahead rate*: in a cell of two policies of different strength (``luck.strength``), the share
of (better seat, weaker seat) pairs of a game in which the better one ends with the larger win
share (equal shares count half), seed-clustered interval. *Games needed*: the smallest odd
number of games n for which the better player wins more of them than the weaker one with
probability 0.95, each game a Bernoulli trial at the ahead rate (infinite at a rate of 1/2 or
less); its interval maps the rate's interval through the same function.
"""

from __future__ import annotations

import math
from typing import Final

import numpy as np
import polars as pl
import scipy.stats as sps

from analyses.feel.luck import strength, weaker_pairs
from analyses.stats.intervals import clustered_rate

SURE: Final = 0.95
MAX_GAMES: Final = 100_001  # beyond this a series is not a practical test of skill


def games_needed(rate: float, sure: float = SURE) -> float:
    """Smallest odd n with P(Binomial(n, rate) > n / 2) >= ``sure`` (inf if rate <= 1/2)."""
    if not rate > 0.5:
        return math.inf
    if rate >= 1.0:
        return 1.0
    z = sps.norm.ppf(sure)
    guess = max(1, int((z * math.sqrt(rate * (1 - rate)) / (rate - 0.5)) ** 2 * 0.8))
    n = guess if guess % 2 else guess + 1
    n = max(1, n - 40)
    while n <= MAX_GAMES:
        if sps.binom.sf(n // 2, n, rate) >= sure:
            return float(n)
        n += 2
    return math.inf


def head_to_head(seats: pl.DataFrame) -> pl.DataFrame:
    """Per pair of policies of different strength (cells of exactly those two, pooled, games
    clustered by seed): ``better``, ``weaker``, the ``ahead`` rate of the better with its
    interval, and ``games_needed`` with its interval."""
    groups: dict[tuple[str, str, int], list[pl.DataFrame]] = {}
    for _, part in seats.group_by("cell", maintain_order=True):
        specs = sorted(part["policy"].unique().to_list(), key=strength)
        if len(specs) != 2 or strength(specs[0]) == strength(specs[1]):
            continue
        key = (specs[1], specs[0], part["seat"].n_unique())
        groups.setdefault(key, []).append(weaker_pairs(part))
    rows = []
    for (better, weaker, players), frames in groups.items():
        pairs = pl.concat(frames)
        ahead = 1.0 - pairs["weaker_ahead"].to_numpy()
        est = clustered_rate(ahead, np.ones(len(ahead)), pairs["game_index"].to_numpy())
        rows.append(
            {
                "better": better,
                "weaker": weaker,
                "players": players,
                "games": est.clusters,
                "ahead": est.rate,
                "lo": est.lo,
                "hi": est.hi,
                "games_needed": games_needed(est.rate),
                "needed_lo": games_needed(est.hi),
                "needed_hi": games_needed(est.lo),
            }
        )
    return pl.DataFrame(rows)


def skill_trace(source: object, game_id: str | None = None) -> pl.DataFrame:
    """The skill ladders of a run (``analyses.studies.ladder.ladders``): MCTS win share per budget
    against one fixed opponent, each doubling's paired gain, where returns flatten."""
    from analyses.studies.ladder import ladders

    return ladders(source, game_id)  # type: ignore[arg-type]
