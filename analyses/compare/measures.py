"""What a comparison of two versions measures, one value per game (``boardlab compare``).

Each measure is a number per game index of one run: the worth of a restricted action class in
that game (baseline minus restricted outcome of the restricted slot, both cells on the game's
seed), the first player's win share, the stronger player's win share, the game's length, its
mean score and score parts. Two runs of the same study replay the same seeds, so a measure's
values of version A and version B pair up game by game; for a worth the pair is a difference
of differences over four cells that share the seed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, cast

import polars as pl

from analyses.stats.runs import cell_labels
from analyses.studies.ablation import ablation_pairs, restriction_words, split_forbid
from simcore.core import registry
from simcore.core.errors import BoardlabError
from strategies.ladder import family, rank

SHARE, SCORE, TURNS = "share", "score", "turns"  # units: win share, game points, turns/steps
GROUPS = ("Worths", "Seat balance", "Skill gap", "Styles", "Game length", "Scores")
SCORE_PART_PREFIXES = ("vp_", "pts_")  # per-seat columns that add up to the final score


@dataclass(frozen=True)
class Measure:
    """One compared quantity: its id, group, words, unit and whether it is a headline."""

    key: str
    group: str
    what: str
    unit: str
    headline: bool


def open_cells(manifest: Mapping[str, Any]) -> list[str]:
    """Cells in which no seat plays restricted (the game as it is played)."""
    return [
        c["cell"]
        for c in manifest.get("cells", [])
        if not any(split_forbid(p)[1] for p in c.get("policies", []))
    ]


def class_describer(manifest: Mapping[str, Any]) -> Callable[[str], str]:
    """A class named with its content text ("place/S1 (take the round visitor / ...)",
    "resolve/rat/7 (swap ...)"); the bare name when the game gives none."""
    players = int(manifest.get("config", {}).get("players") or 0) or None
    try:
        game = registry.make_game(str(manifest.get("game") or manifest["config"]["game"]))
    except (BoardlabError, KeyError):  # an unregistered game: names stay bare
        return str

    def describe(name: str) -> str:
        label = game.describe_class(name, players)
        if label != name:
            return label
        text = game.content_text(name, players)
        return f"{name} ({text})" if text else name

    return describe


def measure_values(
    manifest: Mapping[str, Any], games: pl.DataFrame, seats: pl.DataFrame
) -> dict[Measure, pl.DataFrame]:
    """Every measure of one run: a frame ``game_index``, ``value`` per measure."""
    out: dict[Measure, pl.DataFrame] = {}
    out |= _worths(manifest, seats)
    labels = cell_labels(dict(manifest))
    cells = open_cells(manifest)
    several = len(cells) > 1
    for cell in cells:
        where = f" ({labels.get(cell, cell)})" if several else ""
        g = games.filter(pl.col("cell") == cell)
        s = seats.filter(pl.col("cell") == cell)
        out |= _seat_balance(cell, where, g, s)
        out |= _skill(cell, where, s)
        out |= _styles(cell, where, s)
        out |= _length(cell, where, g)
        out |= _scores(cell, where, s)
    return out


def _worths(manifest: Mapping[str, Any], seats: pl.DataFrame) -> dict[Measure, pl.DataFrame]:
    """Per restricted cell: baseline minus restricted win share of the restricted slot."""
    out = {}
    describe = class_describer(manifest)
    for pair in ablation_pairs(manifest):
        share = {}
        for cell in (pair.baseline, pair.cell):
            part = seats.filter((pl.col("cell") == cell) & (pl.col("slot") == pair.slot))
            share[cell] = part.group_by("game_index").agg(v=pl.col("win_share").mean())
        joined = share[pair.baseline].join(share[pair.cell], on="game_index", suffix="_r")
        values = joined.select("game_index", value=pl.col("v") - pl.col("v_r"))
        words = f"worth of {restriction_words(pair.classes, describe)}"
        if pair.slot:
            words += f" to the player in slot {pair.slot + 1}"
        out[Measure(f"worth:{pair.cell}", "Worths", words, SHARE, True)] = values.sort("game_index")
    return out


def _seat_balance(
    cell: str, where: str, games: pl.DataFrame, seats: pl.DataFrame
) -> dict[Measure, pl.DataFrame]:
    """The first player's win share per game (the game's recorded start player)."""
    if "first_player" not in games.columns or games.is_empty():
        return {}
    first = seats.join(games.select("game_index", "first_player"), on="game_index")
    values = (
        first.filter(pl.col("seat") == pl.col("first_player"))
        .select("game_index", value=pl.col("win_share").cast(pl.Float64))
        .sort("game_index")
    )
    m = Measure(f"first:{cell}", "Seat balance", f"first player's win share{where}", SHARE, True)
    return {m: values}


def _skill(cell: str, where: str, seats: pl.DataFrame) -> dict[Measure, pl.DataFrame]:
    """The stronger player's win share, where a line-up mixes players of different skill."""
    specs = seats["policy"].unique().to_list() if seats.height else []
    if len({rank(s) for s in specs}) < 2:
        return {}
    top = max(rank(s) for s in specs)
    strong = sorted(s for s in specs if rank(s) == top)
    values = (
        seats.filter(pl.col("policy").is_in(strong))
        .group_by("game_index")
        .agg(value=pl.col("win_share").cast(pl.Float64).mean())
        .sort("game_index")
    )
    who = " and ".join(sorted({family(s) for s in strong}))
    m = Measure(f"skill:{cell}", "Skill gap", f"{who}'s win share{where}", SHARE, True)
    return {m: values}


def _styles(cell: str, where: str, seats: pl.DataFrame) -> dict[Measure, pl.DataFrame]:
    """Each style's win share per seat, where a line-up mixes players of equal skill (the
    heuristic's styles): which way of playing a version favours. With two styles one share
    says it all (each game's shares add up), so only the rarer style's is measured."""
    specs = seats["policy"].unique().to_list() if seats.height else []
    if len(specs) < 2 or len({rank(s) for s in specs}) > 1:
        return {}
    seats_of = seats.group_by("policy").agg(n=pl.len()).sort(["n", "policy"])
    styles = seats_of["policy"].to_list()
    per_game = seats.group_by("game_index").len()["len"].max()
    fair = f"fair share {100 / int(cast(int, per_game)):.1f}%"
    out = {}
    for spec in styles[:1] if len(styles) == 2 else styles:
        values = (
            seats.filter(pl.col("policy") == spec)
            .group_by("game_index")
            .agg(value=pl.col("win_share").cast(pl.Float64).mean())
            .sort("game_index")
        )
        words = f"win share of a {spec} seat ({fair}){where}"
        out[Measure(f"style:{cell}:{spec}", "Styles", words, SHARE, True)] = values
    return out


def _length(cell: str, where: str, games: pl.DataFrame) -> dict[Measure, pl.DataFrame]:
    """Turns per game, or decisions (steps) when the rules fix the number of turns."""
    if games.is_empty():
        return {}
    column = "turns" if games["turns"].n_unique() > 1 or "steps" not in games.columns else "steps"
    words = "turns per game" if column == "turns" else "decisions per game"
    values = games.select("game_index", value=pl.col(column).cast(pl.Float64)).sort("game_index")
    return {Measure(f"length:{cell}", "Game length", f"{words}{where}", TURNS, False): values}


def _scores(cell: str, where: str, seats: pl.DataFrame) -> dict[Measure, pl.DataFrame]:
    """Mean final score per game over the seats, and each score part the game records."""
    if seats.is_empty():
        return {}
    parts = [c for c in seats.columns if c.startswith(SCORE_PART_PREFIXES)]
    per_game = seats.group_by("game_index").agg(
        pl.col(c).cast(pl.Float64).mean() for c in ["score", *parts]
    )
    out = {}
    for column in ["score", *parts]:
        words = "mean final score" if column == "score" else f"score from {_part_name(column)}"
        m = Measure(f"score:{cell}:{column}", "Scores", f"{words}{where}", SCORE, False)
        out[m] = per_game.select("game_index", value=pl.col(column)).sort("game_index")
    return out


def _part_name(column: str) -> str:
    """``vp_start_and_play`` -> ``start and play``."""
    for prefix in SCORE_PART_PREFIXES:
        column = column.removeprefix(prefix)
    return column.replace("_", " ")
