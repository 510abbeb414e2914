"""Skill ladder ("skill depth"): MCTS at growing budgets against one fixed reference player.

A ladder cell is a line-up of one MCTS setting (in one or more seats) against a single
reference policy in every other seat. Cells that differ only in the MCTS ``iterations`` form
one ladder. Per budget: the MCTS seats' win share with a 95% interval; per doubling step: the
paired gain (cells replay the same seeds, so game ``i`` of one budget is compared with game
``i`` of the next), Holm-corrected over the ladder's steps, with the gain each step could have
detected. Returns *flatten* after the smallest budget from which no further step gains
significantly.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

import numpy as np
import polars as pl

from analyses.stats.intervals import clustered_rate
from analyses.stats.paired import compare_pairs, seat_outcome, test_family
from analyses.stats.runs import Source, as_lazy

MCTS = "mcts"


@dataclass(frozen=True)
class Rung:
    """One cell of a ladder."""

    cell: str
    family: str  # the MCTS spec without ``iterations``
    budget: int
    spec: str
    reference: str
    n_players: int


def mcts_budget(spec: str, game_id: str | None = None) -> tuple[str, int] | None:
    """(spec without iterations, iterations) of an MCTS spec; None for other policies.

    A spec without ``iterations`` uses the game's recommended budget (what plain ``mcts``
    plays), so ``mcts`` and ``mcts:iterations=560`` are the same rung on Ratjack.
    """
    from strategies.base import parse_spec
    from strategies.mcts.config import RECOMMENDED, MctsConfig

    name, options = parse_spec(spec)
    if name != MCTS or "time_ms" in options:
        return None
    merged = {**RECOMMENDED.get(game_id or "", {}), **options}
    iterations = int(merged.get("iterations", MctsConfig.iterations))
    rest = ",".join(f"{k}={v}" for k, v in sorted(merged.items()) if k != "iterations")
    return (f"{MCTS}:{rest}" if rest else MCTS), iterations


def family_name(family: str, game_id: str | None = None) -> str:
    """``plain mcts`` when a ladder varies only the budget of the game's recommended settings
    (a designer knows that player by that name), else the MCTS spec without iterations."""
    plain = mcts_budget(MCTS, game_id)
    return "plain mcts" if game_id and plain and family == plain[0] else family


def rungs(source: Source, game_id: str | None = None) -> list[Rung]:
    """Ladder cells of a run: one MCTS setting against one reference policy, nothing else."""
    seats = as_lazy(source, "seats").select("cell", "policy").unique().collect()
    out = []
    for (cell,), part in seats.group_by("cell", maintain_order=True):
        policies = part["policy"].to_list()
        budgets = {p: mcts_budget(p, game_id) for p in policies}
        searchers = [p for p, b in budgets.items() if b is not None]
        others = [p for p in policies if budgets[p] is None]
        if len(searchers) != 1 or len(others) != 1:
            continue
        family, budget = budgets[searchers[0]]  # type: ignore[misc]
        n = as_lazy(source, "seats").filter(pl.col("cell") == cell).select("seat").unique()
        out.append(Rung(cell, family, budget, searchers[0], others[0], n.collect().height))
    return out


def ladder_groups(
    source: Source, game_id: str | None = None
) -> dict[tuple[str, str, int], list[Rung]]:
    """The run's ladders: rungs of one MCTS family against one reference at one player count,
    sorted by budget; only groups of two or more distinct budgets (the seatings of one line-up
    share a budget: they are not a ladder)."""
    groups: dict[tuple[str, str, int], list[Rung]] = {}
    for rung in rungs(source, game_id):
        groups.setdefault((rung.family, rung.reference, rung.n_players), []).append(rung)
    out = {}
    for key, members in groups.items():
        budgets = {r.budget for r in members}
        if len(budgets) >= 2 and len(members) == len(budgets):
            out[key] = sorted(members, key=lambda r: r.budget)
    return out


def ladders(source: Source, game_id: str | None = None) -> pl.DataFrame:
    """One row per rung of every ladder with two or more budgets (sorted by budget).

    Columns: ``ladder`` (family vs reference, n players), ``cell``, ``budget``, ``players``,
    ``games``,
    ``rate``/``lo``/``hi`` (the MCTS seats' win share), and for every rung after the first the
    step from the previous budget: ``gain``, ``gain_lo``, ``gain_hi``, ``p_holm``,
    ``significant``, ``mde`` (the gain the step would have detected with 80% power),
    ``identical`` (every game's outcome unchanged: the step is left out of the Holm family).
    """
    frames = []
    for (family, reference, n), members in ladder_groups(source, game_id).items():
        name = family_name(family, game_id)
        frames.append(_ladder(source, f"{name} vs {reference}, {n} players", members))
    return pl.concat(frames, how="diagonal_relaxed") if frames else pl.DataFrame()


def _ladder(source: Source, name: str, members: list[Rung]) -> pl.DataFrame:
    values = pl.concat(
        [seat_outcome(source, policy=r.spec).filter(pl.col("cell") == r.cell) for r in members]
    )
    rows = []
    for r in members:
        v = values.filter(pl.col("cell") == r.cell)["value"].to_numpy()
        # a share near 0 or 1 (MCTS far stronger than its reference): a score-type interval
        est = clustered_rate(v, np.ones(len(v)), np.arange(len(v)))
        rows.append(
            {
                "ladder": name,
                "cell": r.cell,
                "budget": r.budget,
                "spec": r.spec,
                "reference": r.reference,
                "players": r.n_players,
                "games": len(v),
                "rate": est.rate,
                "lo": est.lo,
                "hi": est.hi,
            }
        )
    table = pl.DataFrame(rows)
    pairs = [(a.cell, b.cell) for a, b in pairwise(members)]
    steps = test_family(compare_pairs(values, pairs))
    steps = steps.select(
        cell=pl.col("cell_b"),
        gain=pl.col("diff"),
        gain_lo=pl.col("lo"),
        gain_hi=pl.col("hi"),
        p_holm=pl.col("p_holm"),
        significant=pl.col("significant"),
        mde=pl.col("mde"),
        identical=pl.col("fixed"),
    )
    top = members[-1].cell
    ahead = test_family(compare_pairs(values, [(r.cell, top) for r in members[:-1]]))
    ahead = ahead.select(
        cell=pl.col("cell_a"),
        to_top=pl.col("diff"),
        to_top_lo=pl.col("lo"),
        to_top_hi=pl.col("hi"),
        to_top_significant=pl.col("significant"),
        to_top_mde=pl.col("mde"),
    )
    return table.join(steps, on="cell", how="left").join(ahead, on="cell", how="left")


def flattens_after(table: pl.DataFrame) -> int | None:
    """The smallest budget from which the top budget gains nothing significant (paired,
    Holm over the rungs); None when even the rung below the top is significantly weaker than
    the top (returns have not flattened within the budgets tested)."""
    for row in table.sort("budget").to_dicts()[:-1]:
        if not row["to_top_significant"]:
            return int(row["budget"])
    return None


def overall_sentence(name: str, table: pl.DataFrame) -> str:
    """From the lowest to the highest budget, the whole gain, and where returns flatten."""
    rows = table.sort("budget").to_dicts()
    low, top = rows[0], rows[-1]
    gain = (
        f"{100 * low['to_top']:+.1f} points, 95% interval {100 * low['to_top_lo']:+.1f} to "
        f"{100 * low['to_top_hi']:+.1f}"
    )
    flat = flattens_after(table)
    if flat is None:
        where = f"still gaining at {top['budget']:,} iterations (the largest budget tested)"
    else:  # absence of evidence, so say what the games could have shown
        at = next(r for r in rows if r["budget"] == flat)
        where = (
            f"returns flatten after {flat:,} iterations: the top budget wins no "
            f"significantly more than {flat:,} (a gain of {100 * at['to_top_mde']:.1f} "
            "points would have shown)"
        )
    return (
        f"{name}: from {100 * low['rate']:.1f}% at {low['budget']:,} iterations to "
        f"{100 * top['rate']:.1f}% at {top['budget']:,} ({gain}); {where}."
    )


def step_sentence(prev: dict, row: dict) -> str:
    """'Doubling thinking time from 200 to 400 iterations gains x points (a to b).'"""
    ratio = row["budget"] / prev["budget"]
    verb = "Doubling" if abs(ratio - 2) < 1e-9 else f"Multiplying by {ratio:g}"
    pts, lo, hi = 100 * row["gain"], 100 * row["gain_lo"], 100 * row["gain_hi"]
    text = (
        f"{verb} thinking time from {prev['budget']:,} to {row['budget']:,} iterations "
        f"{'gains' if pts >= 0 else 'changes'} {pts:+.1f} win-rate points "
        f"(95% interval {lo:+.1f} to {hi:+.1f})"
    )
    if row.get("identical"):
        return (
            f"{verb} thinking time from {prev['budget']:,} to {row['budget']:,} iterations "
            "changes no game's outcome (identical results on every seed)."
        )
    if row["significant"]:
        return text + "."
    # the interval is per step, the verdict Holm-corrected over the ladder's steps
    held = " after the Holm correction over this ladder's steps" if lo > 0 or hi < 0 else ""
    return text + (
        f": not significant{held}; a gain of {100 * row['mde']:.1f} points would have shown."
    )
