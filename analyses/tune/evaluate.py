"""Play a candidate's games: its config (baseline cell plus restricted-play cells), chunks of
game indices run on the existing sweep workers (``simcore.engine.sweep.chunks.run_chunk``), tables
kept in
memory. A game's seed depends only on the seed and its index, so any chunking and any number
of workers give the same tables."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import polars as pl

from analyses.tune import content as cf
from analyses.tune.config import TuneConfig
from simcore.engine.sweep.chunks import Chunk, run_chunk
from simcore.engine.sweep.config import SweepConfig, build_config

GAME_COLS = ("cell", "game_index", "turns", "first_player", "n_players")
SEAT_COLS = ("cell", "game_index", "slot", "seat", "win_share", "score", "pts_value_sets")


@dataclass(frozen=True)
class Candidate:
    """A version of the game to play: its parameters, line-up and where they came from."""

    values: dict[str, Any]  # dimension name -> value
    params: dict[str, Any]
    policies: tuple[str, ...]
    feasible: bool = True
    cells: dict[str, str] = field(default_factory=dict)  # item -> cell id

    def key(self) -> str:
        """Short stable hash of the values (names the candidate's content folder)."""
        blob = json.dumps(self.values, sort_keys=True, default=str)
        return hashlib.sha256(blob.encode()).hexdigest()[:12]


def make_candidate(
    tc: TuneConfig, values: Mapping[str, Any], work: Path, feasible: bool = True
) -> Candidate:
    """The candidate whose dimensions take ``values`` (content files written under ``work``)."""
    params = dict(tc.params)
    policies = list(tc.policies)
    edits: dict[str, dict[str, Any]] = {}
    for d in tc.space.dims:
        v = values[d.name]
        if d.kind == "param":
            params[d.target] = v
        elif d.kind == "policy":
            policies[d.slot] = _with_option(policies[d.slot], d.target, v)
        elif v != d.old:
            seq = list(v) if d.kind == "permute" else [v]
            for copy in d.paths:
                edits.setdefault(d.target, {}).update(zip(copy, seq, strict=True))
    probe = Candidate(dict(values), {}, ())
    if edits and feasible:
        params.update(cf.write_candidate(tc.game, edits, work / "content" / probe.key(), tc.params))
    cells = {item: f"c{i + 1:03d}" for i, (_, item) in enumerate(tc.forbid_items())}
    return Candidate(dict(values), params, tuple(policies), feasible, cells)


def _with_option(spec: str, option: str, value: Any) -> str:
    sep = "," if ("=" in spec.split(":")[-1]) else ":"
    text = repr(value) if isinstance(value, float) else str(value)
    return f"{spec}{sep}{option}={text}"


def sweep_config(
    tc: TuneConfig, cand: Candidate, games: int, seed: int, name: str = "candidate"
) -> SweepConfig:
    """The candidate as a sweep named ``name``: baseline line-up, then slot 0 forbidden each
    item."""
    lineups = [list(cand.policies)]
    for cls, _ in tc.forbid_items():
        first = cand.policies[0]
        sep = "," if "=" in first.split(":")[-1] else ":"
        lineups.append([f"{first}{sep}forbid={cls}", *cand.policies[1:]])
    raw: dict[str, Any] = {
        "name": name,
        "game": tc.game,
        "players": tc.players,
        "games": games,
        "seed": seed,
        "policies": list(cand.policies),
        "params": cand.params,
    }
    if len(lineups) > 1:
        raw["grid"] = {"policies": lineups}
    return build_config(raw, source="candidate", allow_import=tc.allow_import)


def play(cfg: SweepConfig, start: int, stop: int, n_jobs: int) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Games ``start``..``stop-1`` of every cell: (games, seats) tables, sorted."""
    cells = len(cfg.cells())
    workers = max(1, n_jobs)
    size = max(1, -(-(stop - start) * cells // (4 * workers)))
    chunks = [
        Chunk(c, s, min(s + size, stop)) for c in range(cells) for s in range(start, stop, size)
    ]
    if workers == 1:
        results = [run_chunk(cfg, ch) for ch in chunks]
    else:
        from joblib import Parallel, delayed

        results = Parallel(n_jobs=workers)(delayed(run_chunk)(cfg, ch) for ch in chunks)
    games = pl.concat([_frame(r["games"], GAME_COLS) for r in results], how="vertical_relaxed")
    seats = pl.concat([_frame(r["seats"], SEAT_COLS) for r in results], how="vertical_relaxed")
    return games.sort("cell", "game_index"), seats.sort("cell", "game_index", "slot")


def _frame(columns: Mapping[str, Any], wanted: tuple[str, ...]) -> pl.DataFrame:
    data = {k: list(v) if isinstance(v, bytes) else v for k, v in columns.items() if k in wanted}
    out = pl.DataFrame(data, strict=False)
    for k in ("win_share", "score"):
        if k in out.columns:
            out = out.with_columns(pl.col(k).cast(pl.Float64))
    return out
