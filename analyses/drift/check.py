"""``boardlab drift``: replay a fixed-seed suite and compare it with a per-game baseline.

The baseline stores every suite game's outcome (keyed by game index, so by seed), for
``baseline_factor`` times the games a check replays; a check replays the first ``games`` seeds
and compares each monitored metric with the baseline (``compare.py``). Unchanged code
reproduces the baseline exactly and costs no test. Exit codes: 0 no drift (a change within
tolerance, or of unclear size, is reported); 1 drift in any metric; 2 bad input (including
``drift update`` without ``--message``).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import math
import os
import tempfile
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any

import polars as pl

from analyses.drift.compare import compare_check, judge
from analyses.drift.metrics import metric, per_game
from simcore.core.errors import ConfigError
from simcore.core.rng import game_seed
from simcore.engine.run.dataset import read_table
from simcore.engine.sweep.config import build_config, load_toml
from simcore.engine.sweep.sweep import run_sweep

PACKAGE_DIR = Path(__file__).parent
DEFAULT_SUITE = PACKAGE_DIR / "suite.toml"
DEFAULT_BASELINE = PACKAGE_DIR / "baseline.json.gz"
FORMAT = 2
STORED = ("game_index", "rotation", "turns", "ended_by", "first_player", "slot0_win",
          "slot0_margin", "score", "first_player_win")  # fmt: skip


def load_suite(path: str | Path) -> tuple[list[dict[str, Any]], float]:
    """The suite's checks (sweep config plus ``metrics`` / ``tolerance``) and its alpha; each
    check also carries the suite's ``baseline_factor`` (baseline games per replayed game)."""
    raw = load_toml(path, "drift suite file")
    checks = raw.get("check")
    if not isinstance(checks, list) or not checks:
        raise ConfigError(f"{path}: needs at least one [[check]] table")
    alpha = raw.get("alpha", 0.05)
    if not isinstance(alpha, float) or not 0 < alpha < 1:
        raise ConfigError(f"{path}: 'alpha' must be a number in (0, 1), got {alpha!r}")
    factor = raw.get("baseline_factor", 1)
    if not isinstance(factor, int) or isinstance(factor, bool) or not 1 <= factor <= 20:
        raise ConfigError(f"{path}: 'baseline_factor' must be an integer 1-20, got {factor!r}")
    names = [c.get("name") for c in checks]
    if len(set(names)) != len(names) or not all(isinstance(n, str) for n in names):
        raise ConfigError(f"{path}: every [[check]] needs a unique 'name'")
    for check in checks:
        where = f"{path} [{check['name']}]"
        metrics = check.get("metrics")
        if not isinstance(metrics, list) or not metrics:
            raise ConfigError(f"{where}: needs a non-empty 'metrics' list")
        for name in metrics:
            metric(name)
        check_tolerances(where, metrics, check.get("tolerance", {}))
        build_config(sweep_part(check), source=where)
    return [{**c, "baseline_factor": factor} for c in checks], alpha


def check_tolerances(where: str, metrics: list[str], tolerance: Any) -> None:
    """A check's ``tolerance`` table: monitored metrics only, each a finite number > 0."""
    if not isinstance(tolerance, dict):
        raise ConfigError(f"{where}: 'tolerance' must be a table of metric = number")
    for name, value in tolerance.items():
        if name not in metrics:
            raise ConfigError(
                f"{where}: tolerance for {name!r}, a metric the check does not "
                f"monitor ({', '.join(metrics)})"
            )
        ok = isinstance(value, int | float) and not isinstance(value, bool)
        if not ok or not 0 < value < float("inf"):
            raise ConfigError(f"{where}: tolerance of {name!r} must be a number > 0, got {value!r}")


DRIFT_KEYS = ("metrics", "tolerance", "baseline_factor")


def sweep_part(check: dict[str, Any], games: int | None = None) -> dict[str, Any]:
    """The sweep config of a check (without its drift keys), with ``games`` if given."""
    part = {k: v for k, v in check.items() if k not in DRIFT_KEYS}
    return part if games is None else {**part, "games": games}


def baseline_games(check: dict[str, Any]) -> int:
    """Games the baseline of ``check`` records: its games times the suite's factor."""
    return int(check["games"]) * int(check.get("baseline_factor", 1))


def config_hash(check: dict[str, Any]) -> str:
    """Identity of a check's games: a baseline of another config cannot be compared."""
    return hashlib.sha256(json.dumps(sweep_part(check), sort_keys=True).encode()).hexdigest()[:16]


def measure(
    checks: list[dict[str, Any]], n_jobs: int = 1, baseline: bool = False
) -> dict[str, pl.DataFrame]:
    """Run every check's sweep (``baseline``: the baseline's games); return per-game frames."""
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for check in checks:
            games = baseline_games(check) if baseline else None
            cfg = build_config(sweep_part(check, games))
            result = run_sweep(cfg, tmp, n_jobs=n_jobs, quiet=True)
            games, seats = read_table(result.run_dir, "games"), read_table(result.run_dir, "seats")
            wanted = tuple(m[5:] for m in check["metrics"] if m.startswith("seat:"))
            out[check["name"]] = per_game(games, seats, wanted)
    return out


def compare_all(
    checks: list[dict[str, Any]],
    now: dict[str, pl.DataFrame],
    baseline: dict[str, Any],
    alpha: float,
) -> pl.DataFrame:
    """Every metric of every check against the baseline, judged together (Holm)."""
    rows = []
    for check in checks:
        stored = baseline.get("checks", {}).get(check["name"])
        if stored is None:
            raise ConfigError(
                f"check {check['name']!r} has no baseline; run `boardlab drift "
                "update --message ...` after reviewing it"
            )
        if stored.get("config_hash") != config_hash(check):
            raise ConfigError(
                f"check {check['name']!r} changed since the baseline was "
                "recorded; run `boardlab drift update --message ...`"
            )
        base = with_seeds(check, baseline_frame(check, stored))
        rows += compare_check(
            check["name"], check["metrics"], base, now[check["name"]], check.get("tolerance")
        )
    return judge(rows, alpha)


def with_seeds(check: dict[str, Any], frame: pl.DataFrame) -> pl.DataFrame:
    """Add the game seeds (derived from the sweep seed; not stored in the baseline)."""
    indices = frame["game_index"].to_list()
    known = _seeds(check["seed"], max(indices, default=-1) + 1)  # derived once per sweep seed
    seeds = [known[i] for i in indices]
    return frame.with_columns(seed=pl.Series(seeds, dtype=pl.Int64))


@cache
def _seeds(sweep_seed: int, n: int) -> tuple[int, ...]:
    """Game seeds 0..n-1 of a sweep seed (SeedSequence derivation is slow; drift reuses them)."""
    return tuple(game_seed(sweep_seed, i) for i in range(n))


def baseline_from(
    checks: list[dict[str, Any]], measured: dict[str, pl.DataFrame], message: str
) -> dict[str, Any]:
    """The baseline document of a measurement, with why it was recorded."""
    from importlib.metadata import version

    return {
        "format": FORMAT,
        "message": message,
        "recorded": datetime.now(UTC).isoformat(timespec="seconds"),
        "boardlab": version("boardlab"),
        "checks": {
            c["name"]: {"config_hash": config_hash(c), "columns": _stored(measured[c["name"]])}
            for c in checks
        },
    }


def _stored(frame: pl.DataFrame) -> dict[str, list]:
    """The per-game columns a baseline keeps (seeds are derived, not stored)."""
    keep = [*STORED, *(c for c in frame.columns if c.startswith("seat_"))]
    return frame.select(keep).to_dict(as_series=False)


def write_baseline(path: str | Path, doc: dict[str, Any]) -> None:
    """Write a baseline (gzip-compressed JSON when the name ends in ``.gz``)."""
    data = json.dumps(doc, separators=(",", ":")).encode()
    path = Path(path)
    path.write_bytes(gzip.compress(data, mtime=0) if path.suffix == ".gz" else data)


def baseline_frame(check: dict[str, Any], stored: Any) -> pl.DataFrame:
    """A check's stored per-game columns as a frame; ``ConfigError`` naming the check and
    field for any other shape (a baseline is a file anyone can edit)."""
    where = f"baseline check {check['name']!r}"
    columns = stored.get("columns") if isinstance(stored, dict) else None
    if not isinstance(columns, dict):
        raise ConfigError(f"{where}: field 'columns' must be an object of per-game lists")
    games = baseline_games(check)
    wanted = [*STORED, *(f"seat_{m[5:]}" for m in check["metrics"] if m.startswith("seat:"))]
    for name in wanted:
        values = columns.get(name)
        if not isinstance(values, list) or len(values) != games:
            raise ConfigError(f"{where}: field 'columns.{name}' must list {games} values")
        text = name == "ended_by"
        for value in values:
            if not _stored_value_ok(value, text):
                raise ConfigError(f"{where}: field 'columns.{name}' holds {str(value)[:40]!r}")
    if columns["game_index"] != list(range(games)):
        raise ConfigError(f"{where}: field 'columns.game_index' must be 0..{games - 1} in order")
    try:
        return pl.DataFrame({name: columns[name] for name in wanted}, strict=False)
    except Exception as exc:  # polars' own errors have no common base
        raise ConfigError(f"{where}: field 'columns' cannot be read ({exc})") from None


def _stored_value_ok(value: Any, text: bool) -> bool:
    if text:
        return isinstance(value, str)
    if value is None:
        return True
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


MAX_BASELINE_BYTES = 1 << 30


def load_baseline(path: str | Path) -> dict[str, Any]:
    """A baseline file; ``ConfigError`` if missing, unreadable or of an older format."""
    from simcore.core.content import read_regular

    path = Path(path)
    if not os.path.lexists(path):
        raise ConfigError(
            f"no drift baseline at {path}; run `boardlab drift update --message ...` first"
        )
    try:
        data = read_regular(path, MAX_BASELINE_BYTES, ConfigError, "a drift baseline")
        doc = json.loads(gzip.decompress(data) if path.suffix == ".gz" else data)
    except (OSError, EOFError, json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: baseline is not readable ({exc})") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ConfigError(
            f"{path}: not a drift baseline of format {FORMAT}; rerun `boardlab "
            "drift update --message ...`"
        )
    for key, kind in (("checks", dict), ("message", str), ("recorded", str)):
        if key in doc and not isinstance(doc[key], kind):
            raise ConfigError(f"{path}: field {key!r} must be {kind.__name__}")
    for name, stored in doc.get("checks", {}).items():
        if not isinstance(stored, dict) or not isinstance(stored.get("config_hash"), str):
            raise ConfigError(
                f"{path}: field 'checks.{name}' must be an object with a 'config_hash'"
            )
    return doc
