"""Drama and pace of each game from its score trajectory (the ``progress`` table).

Definitions (README "How the game plays"; scores are each seat's score so far at the end of
every round, the last row the final score):

- *leader*: the seat with the strictly highest score after a round (none on a tie);
- *lead changes*: how often the leader differs from the previous leader (rounds without a
  sole leader are skipped; the first leader is not a change);
- *lead change rate*: lead changes per round boundary, ``lead changes / (rounds - 1)``, so
  that a longer game does not read as more dramatic for its length alone (Ludii's
  *LeadChange* divides by moves in the same way; see docs/feel.md for the mapping);
- *decided at*: the share of the game's rounds played when the eventual winner took the lead
  for good: 1/R if it led alone after every round, 1.0 if it first led at the end (a final tie
  broken by the rules counts as leading at the end);
- *comeback*: the winner trailed the leader by more than ``COMEBACK_MARGIN`` of its own final
  score at two thirds of the game (the last round end at or before 2/3 of the rounds);
- *final margin*: the winner's lead over the runner-up at the end, as a share of its score;
- *gap*: the eventual winner's score minus the best other seat's, as a share of the winner's
  final score, at fractions of the game (the fan chart).

A game without a single winner (a shared win) has no *decided at*, comeback or gap.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from itertools import pairwise
from typing import Final

import numpy as np
import polars as pl

COMEBACK_MARGIN: Final = 0.10  # of the winner's final score
COMEBACK_POINT: Final = 2 / 3  # of the game's rounds
FAN_FRACTIONS: Final = tuple(round(0.1 * k, 1) for k in range(1, 11))
KEYS: Final = ("cell", "game_index")


def leaders(scores: np.ndarray) -> list[int]:
    """Per round (row of ``scores``: rounds x seats), the sole leader's seat or -1 on a tie."""
    top = scores == scores.max(axis=1, keepdims=True)
    sole = top.sum(axis=1) == 1
    return np.where(sole, top.argmax(axis=1), -1).tolist()


def lead_changes(scores: np.ndarray, lead: list[int] | None = None) -> int:
    """How often the sole leader changed from one seat to another over the rounds
    (``lead``: the rounds' ``leaders``, when known)."""
    seq = [s for s in (leaders(scores) if lead is None else lead) if s >= 0]
    return sum(1 for a, b in pairwise(seq) if a != b)


def lead_change_rate(scores: np.ndarray, lead: list[int] | None = None) -> float:
    """Lead changes per round boundary: ``lead_changes / (rounds - 1)`` (0 for one round)."""
    boundaries = len(scores) - 1
    return lead_changes(scores, lead) / boundaries if boundaries > 0 else 0.0


def decided_at(scores: np.ndarray, winner: int, lead: list[int] | None = None) -> float:
    """Share of the rounds played when ``winner`` took the lead for good (see module doc)."""
    lead = leaders(scores) if lead is None else lead
    rounds = len(lead)
    first = rounds - 1  # at the end at the latest (a tie broken by the rules)
    for i in range(rounds - 2, -1, -1):
        if lead[i] != winner:
            break
        first = i
    return (first + 1) / rounds


def comeback(scores: np.ndarray, winner: int, margin: float = COMEBACK_MARGIN) -> bool:
    """The winner trailed the leader by more than ``margin`` of its final score at two thirds
    of the game."""
    at = math.floor(COMEBACK_POINT * len(scores) + 1e-9) - 1
    if at < 0 or at >= len(scores) - 1:
        return False
    row = scores[at]
    deficit = float(row.max() - row[winner])
    return deficit > 0 and deficit > margin * abs(float(scores[-1][winner]))


def final_margin(final: np.ndarray) -> float:
    """The winner's lead over the runner-up as a share of the top score (NaN at a top of 0)."""
    ordered = np.sort(final)[::-1]
    if len(ordered) < 2 or ordered[0] == 0:
        return float("nan")
    return float((ordered[0] - ordered[1]) / abs(ordered[0]))


def gap_path(scores: np.ndarray, winner: int) -> list[float]:
    """The winner's lead over the best other seat at each of ``FAN_FRACTIONS`` of the game, as
    a share of its final score (the round that contains each fraction)."""
    scale = abs(float(scores[-1][winner])) or 1.0
    others = np.delete(scores, winner, axis=1).max(axis=1)
    gaps = (scores[:, winner] - others) / scale
    rounds = len(scores)
    return [float(gaps[max(0, math.ceil(f * rounds - 1e-9) - 1)]) for f in FAN_FRACTIONS]


def per_game(progress: pl.DataFrame, seats: pl.DataFrame) -> pl.DataFrame:
    """One row per game: ``rounds``, ``lead_changes``, ``decided_at``, ``comeback``,
    ``final_margin``, ``winner`` (-1 for a shared win) and the ``gap`` path (a list)."""
    prog = progress.sort(*KEYS, "round", "seat")
    winners = _winners(seats)
    rows = []
    for cell, index, scores in _games(prog):
        winner = winners.get((cell, index), -1)
        lead = leaders(scores)
        row = {
            "cell": cell,
            "game_index": index,
            "rounds": len(scores),
            "lead_changes": lead_changes(scores, lead),
            "lead_change_rate": lead_change_rate(scores, lead),
            "final_margin": final_margin(scores[-1]),
            "winner": winner,
        }
        if winner >= 0:
            row.update(
                decided_at=decided_at(scores, winner, lead),
                comeback=comeback(scores, winner),
                gap=gap_path(scores, winner),
            )
        else:
            row.update(decided_at=None, comeback=None, gap=None)
        rows.append(row)
    return pl.DataFrame(
        rows,
        schema={
            "cell": pl.String,
            "game_index": pl.Int64,
            "rounds": pl.Int64,
            "lead_changes": pl.Int64,
            "lead_change_rate": pl.Float64,
            "final_margin": pl.Float64,
            "winner": pl.Int64,
            "decided_at": pl.Float64,
            "comeback": pl.Boolean,
            "gap": pl.List(pl.Float64),
        },
    )


def _games(prog: pl.DataFrame) -> Iterator[tuple[str, int, np.ndarray]]:
    """``(cell, game_index, rounds x seats scores)`` of each game of a sorted progress table,
    sliced from whole columns (a polars group per game cost seconds per thousand games)."""
    cells = prog["cell"].to_numpy()
    games = prog["game_index"].to_numpy()
    seats = prog["seat"].to_numpy()
    scores = prog["score"].to_numpy()
    change = np.flatnonzero((cells[1:] != cells[:-1]) | (games[1:] != games[:-1])) + 1
    bounds = [0, *change.tolist(), len(games)]
    for start, stop in pairwise(bounds):
        if stop > start:
            n = len(np.unique(seats[start:stop]))
            yield str(cells[start]), int(games[start]), scores[start:stop].reshape(-1, n)


def _winners(seats: pl.DataFrame) -> dict[tuple[str, int], int]:
    """(cell, game_index) -> the seat that won alone; games with a shared win are left out."""
    top = seats.filter(pl.col("win_share") == pl.col("win_share").max().over(list(KEYS)))
    alone = top.filter(pl.len().over(list(KEYS)) == 1)
    return {(c, int(i)): int(s) for c, i, s in alone.select(*KEYS, "seat").iter_rows()}


def fan(games: pl.DataFrame, qs: tuple[float, ...] = (0.1, 0.25, 0.5, 0.75, 0.9)) -> pl.DataFrame:
    """Quantiles of the winner's lead (``gap``) at each fraction of the game, per cell."""
    rows = []
    for (cell,), part in games.filter(pl.col("gap").is_not_null()).group_by(
        "cell", maintain_order=True
    ):
        paths = np.array(part["gap"].to_list(), dtype=float)
        for j, frac in enumerate(FAN_FRACTIONS):
            values = np.quantile(paths[:, j], qs)
            rows.append(
                {
                    "cell": cell,
                    "fraction": frac,
                    **{f"q{round(100 * q):02d}": float(v) for q, v in zip(qs, values, strict=True)},
                }
            )
    return pl.DataFrame(rows)
