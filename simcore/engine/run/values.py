"""The values in a run's tables checked against their ranges and against each other.

``verify`` shows each part is the one the manifest lists; this shows its rows say something
possible, so that a crafted or broken run is refused by name (exit 2) instead of becoming a
confident report: every game once, at the player count of its cell; one row per seat with
finite scores, win shares in [0, 1] that add up to 1, ranks in 1..n; progress rounds 1, 2, ...
with a row per seat and the last one the game's end; actions step by step from seats that
exist. Checked in polars over whole tables, a few milliseconds per thousand games.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import polars as pl

from simcore.core.errors import RunDirError

GAME = ["cell", "game_index"]
MAX_SEED = 2**63 - 1
MAX_ACTION = 2**31 - 1
TOLERANCE = 1e-9  # win shares are sums of 1/k: exact to this


def check_values(run_dir: str | Path, manifest: Mapping[str, Any]) -> None:
    """``RunDirError`` naming the first table, column and game whose values are impossible."""
    from simcore.engine.run.dataset import scan_table

    run_dir = Path(run_dir)
    tables = set(manifest.get("tables", ())) | {"games", "seats"}
    games = scan_table(run_dir, "games").select(_GAME_COLS).collect()
    _check_games(run_dir, manifest, games)
    if games.height == 0:
        return
    n = games.select(*GAME, "n_players")
    seats = scan_table(run_dir, "seats").select(_SEAT_COLS).collect()
    _check_seats(run_dir, seats, n)
    if "progress" in tables and _listed(manifest, "progress"):
        progress = scan_table(run_dir, "progress").select(_PROGRESS_COLS).collect()
        _check_progress(run_dir, progress, games, seats)
    if "actions" in tables and _listed(manifest, "actions"):
        timed = "think_ms" in manifest.get("schemas", {}).get("actions", {})
        columns = [*_ACTION_COLS, *(["think_ms"] if timed else [])]
        actions = scan_table(run_dir, "actions").select(columns).collect()
        _check_actions(run_dir, actions, games)


_GAME_COLS = [*GAME, "seed", "game_version", "n_players", "rotation", "turns", "steps", "wall_ms"]
_SEAT_COLS = [*GAME, "seat", "slot", "score", "rank", "win_share", "forced_moves"]
_PROGRESS_COLS = [*GAME, "round", "seat", "score"]
_ACTION_COLS = [*GAME, "step", "seat", "action"]


def _listed(manifest: Mapping[str, Any], table: str) -> bool:
    return any(table in c["parts"] for c in manifest.get("chunks", {}).values())


def _bad(run_dir: Path, table: str, frame: pl.DataFrame, problem: str) -> None:
    """Raise naming the first row of ``frame`` (rows that break a rule), if any."""
    if frame.height:
        row = frame.row(0, named=True)
        more = f" (and {frame.height - 1} more rows)" if frame.height > 1 else ""
        raise RunDirError(
            f"{run_dir}: table {table!r}, cell {row['cell']!r} game {row['game_index']}: "
            f"{problem}{more}"
        )


class Rules:
    """The rules of one table's rows: ``no(condition, problem)`` raises on the first row
    meeting ``condition``."""

    def __init__(self, run_dir: Path, table: str, frame: pl.DataFrame) -> None:
        self.run_dir, self.table, self.frame = run_dir, table, frame

    def no(self, condition: pl.Expr, problem: str) -> None:
        """``RunDirError`` naming the first row where ``condition`` holds."""
        _bad(self.run_dir, self.table, self.frame.filter(condition), problem)


def _finite(col: str) -> pl.Expr:
    return pl.col(col).is_finite().fill_null(False)


def _check_games(run_dir: Path, manifest: Mapping[str, Any], games: pl.DataFrame) -> None:
    default = manifest["config"].get("players")
    players = {c["cell"]: c.get("players", default) for c in manifest["cells"]}
    planned = _planned(manifest)
    bad = Rules(run_dir, "games", games).no
    per_cell = games.group_by("cell").agg(pl.len().alias("n"), pl.col("game_index").n_unique())
    for row in per_cell.iter_rows(named=True):
        if row["game_index"] != row["n"]:
            dup = games.filter(pl.col("cell") == row["cell"]).filter(
                pl.col("game_index").is_duplicated()
            )
            _bad(run_dir, "games", dup, "game_index repeats")
    expected = pl.DataFrame(
        {"cell": list(players), "n_expected": [players[c] for c in players]},
        schema={"cell": pl.String, "n_expected": pl.Int64},
    )
    joined = games.join(expected, on="cell", how="left")
    bad(
        ~pl.col("game_index").is_between(0, pl.col("cell").replace_strict(planned, default=0) - 1),
        "game_index outside the games its chunks planned",
    )
    _bad(
        run_dir,
        "games",
        joined.filter(pl.col("n_players") != pl.col("n_expected")),
        "n_players differs from its cell's player count",
    )
    bad(~pl.col("rotation").is_between(0, pl.col("n_players") - 1), "rotation outside 0..n-1")
    bad(~pl.col("seed").is_between(0, MAX_SEED), "seed outside 0..2^63-1")
    version = manifest.get("game_version")
    bad(pl.col("game_version") != version, f"game_version is not the run's ({version})")
    bad((pl.col("turns") < 0) | (pl.col("steps") < 0), "negative turns or steps")
    bad(~_finite("wall_ms") | (pl.col("wall_ms") < 0), "wall_ms not a finite time")


def _planned(manifest: Mapping[str, Any]) -> dict[str, int]:
    """Games planned per cell: one past the highest game index its finished chunks cover."""
    out: dict[str, int] = {}
    for chunk in manifest.get("chunks", {}).values():
        out[chunk["cell"]] = max(out.get(chunk["cell"], 0), chunk["stop"])
    return out


def _check_seats(run_dir: Path, seats: pl.DataFrame, n: pl.DataFrame) -> None:
    table = seats.join(n, on=GAME, how="left")
    bad = Rules(run_dir, "seats", table).no
    bad(pl.col("n_players").is_null(), "a seat of a game the games table does not hold")
    bad(~pl.col("seat").is_between(0, pl.col("n_players") - 1), "seat outside 0..n-1")
    bad(~pl.col("slot").is_between(0, pl.col("n_players") - 1), "slot outside 0..n-1")
    bad(~_finite("score"), "score is not a finite number")
    bad(~_finite("win_share") | ~pl.col("win_share").is_between(0, 1), "win_share outside [0, 1]")
    bad(~pl.col("rank").is_between(1, pl.col("n_players")), "rank outside 1..n")
    bad(pl.col("forced_moves") < 0, "negative forced_moves")
    per_game = table.group_by(GAME).agg(
        rows=pl.len(),
        n=pl.col("n_players").first(),
        seats=pl.col("seat").n_unique(),
        slots=pl.col("slot").n_unique(),
        shares=pl.col("win_share").sum(),
    )
    check = Rules(run_dir, "seats", per_game).no
    check(
        (pl.col("rows") != pl.col("n")) | (pl.col("seats") != pl.col("n")),
        "not one row per seat",
    )
    check(pl.col("slots") != pl.col("n"), "a player slot repeats")
    check((pl.col("shares") - 1).abs() > TOLERANCE, "win shares do not add up to 1")
    missing = n.join(per_game, on=GAME, how="anti")
    _bad(run_dir, "seats", missing, "a game without seat rows")


def _check_progress(
    run_dir: Path, progress: pl.DataFrame, games: pl.DataFrame, seats: pl.DataFrame
) -> None:
    """Rows in the order written: each game's rounds rising, one row per seat each, the
    round at most one past the game's steps, the last row the final scores."""
    table = progress.with_row_index("order").join(
        games.select(*GAME, "n_players", "steps"), on=GAME, how="left"
    )
    bad = Rules(run_dir, "progress", table).no
    bad(pl.col("n_players").is_null(), "a row of a game the games table does not hold")
    bad(~pl.col("seat").is_between(0, pl.col("n_players") - 1), "seat outside 0..n-1")
    bad(~pl.col("round").is_between(0, pl.col("steps") + 1), "round outside 0..steps+1")
    bad(~_finite("score"), "score is not a finite number")
    ordered = table.sort("order").with_columns(
        back=pl.col("round").diff().over(GAME).fill_null(0) < 0
    )
    Rules(run_dir, "progress", ordered).no(pl.col("back"), "rounds go back")
    rounds = table.group_by(GAME).agg(
        rows=pl.len(),
        n=pl.col("n_players").first(),
        rounds=pl.col("round").n_unique(),
        pairs=pl.struct("round", "seat").n_unique(),
        last=pl.col("round").max(),
    )
    Rules(run_dir, "progress", rounds).no(
        (pl.col("pairs") != pl.col("rows")) | (pl.col("rows") != pl.col("n") * pl.col("rounds")),
        "not one row per seat in each round (a row repeats or a seat is missing)",
    )
    last = table.join(rounds.select(*GAME, "last"), on=GAME).filter(
        pl.col("round") == pl.col("last")
    )
    final = seats.select(*GAME, "seat", pl.col("score").alias("final"))
    ends = last.join(final, on=[*GAME, "seat"])
    _bad(
        run_dir,
        "progress",
        ends.filter(pl.col("score") != pl.col("final")),
        "the last round's score is not the seat's final score",
    )


def _check_actions(run_dir: Path, actions: pl.DataFrame, games: pl.DataFrame) -> None:
    table = actions.join(games.select(*GAME, "n_players", "steps"), on=GAME, how="left")
    bad = Rules(run_dir, "actions", table).no
    bad(pl.col("n_players").is_null(), "an action of a game the games table does not hold")
    bad(~pl.col("seat").is_between(-1, pl.col("n_players") - 1), "seat outside 0..n-1")
    bad(~pl.col("action").is_between(0, MAX_ACTION), "action outside 0..2^31-1")
    bad(~pl.col("step").is_between(0, pl.col("steps") - 1), "step outside 0..steps-1")
    dup = table.filter(pl.struct(*GAME, "step").is_duplicated())
    _bad(run_dir, "actions", dup, "a step repeats")
    if "think_ms" in table.columns:  # a person's time, null where a program chose
        think = pl.col("think_ms")
        bad(think.is_not_null() & (~_finite("think_ms") | (think < 0)), "think_ms not a time")
