"""Example games behind a finding: the recorded games a designer should watch to see it.

A finding names what to look for; :func:`example_games` picks up to ``k`` games of a run that
show it, each with a sentence saying why it was picked. Picks are deterministic (ties go to
the lower game index), so a report and its replay pages agree run after run.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import polars as pl

from analyses.stats.paired import seat_outcome
from analyses.stats.runs import cell_labels, load_manifest, run_tables, scan
from analyses.studies.ablation import ablation_pairs


@dataclass(frozen=True)
class Finding:
    """What to look for in a run's games.

    ``winner_changed``: games of restricted ``cell`` whose restricted slot won a different
    share than in the same game of ``baseline`` (common random numbers: the same deal).
    ``most_used``: games of ``cell`` with the most decisions whose actions column ``column``
    is ``value`` (e.g. placements on wheel sector S5; needs the actions table).
    ``close`` / ``decided``: games of ``cell`` with the smallest / largest gap between the
    winner's score and the runner-up's.
    """

    kind: str
    cell: str
    baseline: str = ""
    column: str = ""
    value: str = ""
    what: str = ""  # how a sentence names the restriction or the value ("rat 7", "S5")


KINDS = ("winner_changed", "most_used", "close", "decided")


@dataclass(frozen=True)
class ExampleGame:
    """One game to watch: where it is, why it was picked, and the same game in the baseline
    cell when the finding compares two cells."""

    run_dir: str
    cell: str
    game_index: int
    why: str
    baseline: str = ""


def example_games(run: str | Path, finding: Finding, k: int = 3) -> list[ExampleGame]:
    """Up to ``k`` games of ``run`` that show ``finding`` (fewer when fewer do)."""
    if finding.kind not in KINDS:
        raise ValueError(f"unknown finding kind {finding.kind!r}; kinds: {', '.join(KINDS)}")
    if k <= 0:
        return []
    pick = {"winner_changed": _winner_changed, "most_used": _most_used}.get(finding.kind, _margin)
    return pick(Path(run), finding, k)


def _winner_changed(run: Path, finding: Finding, k: int) -> list[ExampleGame]:
    manifest = load_manifest(run)
    pair = next(
        (
            p
            for p in ablation_pairs(manifest)
            if p.cell == finding.cell and p.baseline == finding.baseline
        ),
        None,
    )
    if pair is None:
        return []
    values = seat_outcome(run, "win_share", slot=pair.slot)
    base = values.filter(pl.col("cell") == pair.baseline).select("game_index", base="value")
    cell = values.filter(pl.col("cell") == pair.cell).select("game_index", cell="value")
    changed = (
        base.join(cell, on="game_index")
        .with_columns(change=pl.col("cell") - pl.col("base"))
        .filter(pl.col("change") != 0)
    )
    # the games that changed the way most did come first (a restriction that costs its
    # player: won unrestricted, lost restricted), the largest changes first
    way = -1.0 if (changed["change"].sum() or 0) < 0 else 1.0
    changed = changed.sort(
        [pl.col("change") * way, pl.col("game_index")], descending=[True, False]
    ).head(k)
    what = finding.what or ", ".join(pair.classes)
    return [
        ExampleGame(
            str(run),
            pair.cell,
            int(row["game_index"]),
            f"the restricted player {_result(row['base'])} with {what} allowed and "
            f"{_result(row['cell'])} with it forbidden (same deal)",
            pair.baseline,
        )
        for row in changed.iter_rows(named=True)
    ]


def _result(share: float) -> str:
    return "won" if share == 1 else "lost" if share == 0 else f"shared the win ({share:.2g})"


def _most_used(run: Path, finding: Finding, k: int) -> list[ExampleGame]:
    if "actions" not in run_tables(load_manifest(run)):
        return []
    actions = scan(run, "actions")
    if finding.column not in actions.collect_schema().names():
        return []
    chosen = (pl.col("cell") == finding.cell) & (
        pl.col(finding.column).cast(pl.String) == finding.value
    )
    counts = (
        actions.filter(chosen)
        .group_by("game_index")
        .agg(uses=pl.len())
        .sort(["uses", "game_index"], descending=[True, False])
        .head(k)
        .collect()
    )
    what = finding.what or finding.value
    return [
        ExampleGame(str(run), finding.cell, int(r["game_index"]), f"{what} used {r['uses']} times")
        for r in counts.iter_rows(named=True)
    ]


def _margin(run: Path, finding: Finding, k: int) -> list[ExampleGame]:
    seats = scan(run, "seats").filter(pl.col("cell") == finding.cell)
    margins = (
        seats.group_by("game_index")
        .agg(pl.col("score").sort(descending=True).head(2).alias("top"))
        .with_columns(gap=pl.col("top").list.first() - pl.col("top").list.last())
        .sort(["gap", "game_index"], descending=[finding.kind == "decided", False])
        .head(k)
        .collect()
    )
    label = cell_labels(load_manifest(run)).get(finding.cell, finding.cell)
    word = "closest" if finding.kind == "close" else "most decided"
    return [
        ExampleGame(
            str(run),
            finding.cell,
            int(r["game_index"]),
            f"one of the {word} games of {label}: the winner led by {r['gap']:g}",
        )
        for r in margins.iter_rows(named=True)
    ]
