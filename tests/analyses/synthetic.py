"""Synthetic sweep runs with a known data-generating process, in the DESIGN §5 layout.

Each seat's "utility" is ``strength[policy] + seat_bias[seat] + Gumbel noise``; the highest
utility wins, so P(seat s wins) is the softmax of strength + bias (Plackett-Luce) and, with two
players, policies follow an exact Bradley-Terry model. The noise of game ``i`` depends only on
``(seed, i)`` — not on the cell — which reproduces the common random numbers of real sweeps.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import polars as pl

from simcore.engine.run.dataset import file_sha256


@dataclass
class Cell:
    """One cell of the synthetic grid."""

    cell: str
    policies: list[str]
    variant: dict = field(default_factory=dict)
    strengths: dict[str, float] = field(default_factory=dict)
    turns_shift: float = 0.0
    ended_by: str | None = None  # every game ends this way (e.g. "stall"), else by the noise
    turns: int | None = None  # every game lasts this many turns, else 20 + Poisson(5)


def _game(i, cell, n, seat_bias, seed, tie_margin, rotate, run, first_bias=0.0):
    rng = np.random.default_rng([seed, i])
    noise = rng.gumbel(size=n)
    base_turns = 20 + rng.poisson(5)
    seed_value, bonus = int(rng.integers(0, 2**62)), int(rng.integers(0, 3))
    first = int(rng.integers(n))  # the start player is random per game, as in the real games
    rotation = i % n if rotate else 0
    slots = [(s + rotation) % n for s in range(n)]
    pols = [cell.policies[k] for k in slots]
    util = np.array([cell.strengths.get(p, 0.0) for p in pols]) + seat_bias[:n] + noise
    util[first] += first_bias
    best = util.max()
    winners = [s for s in range(n) if best - util[s] <= tie_margin]
    # Scores are the utilities; seats within the tie margin of the best share the top score.
    scores = [float(best if s in winners else util[s]) for s in range(n)]
    ranks = [1 + sum(1 for o in scores if o > sc) for sc in scores]
    game = {
        "run": run,
        "cell": cell.cell,
        "game_index": i,
        "seed": seed_value,
        "game": "synthetic",
        "game_version": 1,
        "params_hash": "h" + cell.cell,
        "n_players": n,
        "lineup": "|".join(cell.policies),
        "rotation": rotation,
        "turns": int(base_turns + cell.turns_shift) if cell.turns is None else cell.turns,
        "steps": int(3 * base_turns),
        "ended_by": cell.ended_by or ("deck_out" if noise[0] > 1.5 else "score_limit"),
        "wall_ms": 1.0,
        **{
            f"var_{k}": json.dumps(v) if isinstance(v, list) else v for k, v in cell.variant.items()
        },
        "bonus": bonus,
        "first_player": first,
        "round_starts": str(first),
    }
    seats = [
        {
            "run": run,
            "cell": cell.cell,
            "game_index": i,
            "seat": s,
            "slot": slots[s],
            "policy": pols[s],
            "score": scores[s],
            "rank": ranks[s],
            "win_share": (1.0 / len(winners)) if s in winners else 0.0,
            "cards_played": int(5 + s),
        }
        for s in range(n)
    ]
    return game, seats


def _write_parts(run: Path, games: pl.DataFrame, seats: pl.DataFrame, parts: int, cell: str):
    """Write ``parts`` chunks per table and return the manifest's chunk entries (listed under
    the first cell: a synthetic part holds rows of every cell, which a reader allows)."""
    chunks = {}
    step = -(-games.height // parts)
    for k in range(parts):
        lo, hi = k * step, min((k + 1) * step, games.height)
        entry = {"cell": cell, "start": lo, "stop": hi, "parts": {}}
        keys = games.slice(lo, hi - lo).select("cell", "game_index")
        for table, df in (("games", games), ("seats", seats)):
            part = df.join(keys, on=["cell", "game_index"], how="semi")
            folder = run / table
            folder.mkdir(parents=True, exist_ok=True)
            file = f"part-{cell}-{lo:09d}.parquet"
            part.write_parquet(folder / file)
            entry["parts"][table] = {
                "file": file,
                "rows": part.height,
                "sha256": file_sha256(folder / file),
            }
        chunks[f"{cell}/{lo:09d}"] = entry
    return chunks


def _grid(cells: list[Cell]) -> dict[str, list]:
    """The grid the cells enumerate: each variant key with its values in order."""
    grid: dict[str, list] = {}
    for cell in cells:
        for key, value in cell.variant.items():
            if value not in grid.setdefault(key, []):
                grid[key].append(value)
    return grid


def write_run(
    root: Path,
    cells: list[Cell],
    games: int = 400,
    n_players: int = 2,
    seat_bias: tuple[float, ...] = (0.0, 0.0, 0.0, 0.0),
    seed: int = 7,
    name: str = "synthetic",
    tie_margin: float = 0.0,
    rotate: bool = True,
    parts: int = 2,
    first_bias: float = 0.0,
) -> Path:
    """Write ``root/name`` with manifest, games and seats parts; return the run dir."""
    run = Path(root) / name
    game_rows, seat_rows = [], []
    bias = np.asarray(seat_bias, dtype=float)
    for cell in cells:
        for i in range(games):
            g, s = _game(i, cell, n_players, bias, seed, tie_margin, rotate, name, first_bias)
            game_rows.append(g)
            seat_rows.extend(s)
    games_df, seats_df = pl.DataFrame(game_rows), pl.DataFrame(seat_rows)
    chunks = _write_parts(run, games_df, seats_df, parts, cells[0].cell)
    kinds = {pl.Int64: "int", pl.Float64: "float", pl.String: "str", pl.Boolean: "bool"}
    schemas = {
        t: {c: kinds[d] for c, d in df.schema.items()}
        for t, df in (("games", games_df), ("seats", seats_df))
    }
    manifest = {
        "format": 1,
        "name": name,
        "game": "synthetic",
        "game_version": 1,
        "config": {
            "name": name,
            "game": "synthetic",
            "players": n_players,
            "games": games,
            "seed": seed,
            "seat_rotation": rotate,
            "grid": _grid(cells),
        },
        "config_hash": "cfg123",
        "cells": [
            {
                "cell": c.cell,
                "variant": c.variant,
                "params": {"target": 10},
                "params_hash": "h" + c.cell,
                "players": n_players,
                "policies": c.policies,
            }
            for c in cells
        ],
        "versions": {"boardlab": "0.1.0", "python": "3.11", "synthetic": "1"},
        "seeds": {"sweep_seed": seed},
        "chunks": chunks,
        "tables": ["games", "seats"],
        "schemas": schemas,
        "complete": True,
        "content": {"cards": "default.toml"},
    }
    (run / "manifest.json").write_text(json.dumps(manifest, indent=1), encoding="utf-8")
    return run
