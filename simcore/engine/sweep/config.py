"""Sweep configuration: TOML files and CLI flags, validated before any game runs (DESIGN §5)."""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from simcore.core import registry
from simcore.core.content import read_toml
from simcore.core.errors import ConfigError, ContentError
from simcore.core.params import PATH_SUFFIXES

GRID_SPECIAL = ("policies", "players")
_KEYS = {
    "name": str,
    "game": str,
    "players": int,
    "games": int,
    "seed": int,
    "params": dict,
    "policies": list,
    "seat_rotation": bool,
    "grid": dict,
    "record_actions": bool,
    "chunk_size": int,
    "description": str,
}
_REQUIRED = ("game", "players", "games", "policies")


@dataclass(frozen=True)
class Cell:
    """One combination of grid values: its params, players and policy line-up."""

    index: int
    variant: dict[str, Any]
    params: dict[str, Any]
    players: int
    policies: tuple[str, ...]

    @property
    def id(self) -> str:
        """Stable cell id such as ``c000``."""
        return f"c{self.index:03d}"


@dataclass(frozen=True)
class SweepConfig:
    """A validated sweep."""

    name: str
    game: str
    players: int
    games: int
    seed: int
    policies: tuple[str, ...]
    params: dict[str, Any] = field(default_factory=dict)
    grid: dict[str, list[Any]] = field(default_factory=dict)
    seat_rotation: bool = True
    record_actions: bool = False
    chunk_size: int | None = None  # None: chosen from games and workers (auto_chunk_size)
    description: str = ""
    # May ``module:Class`` specs import code (``--allow-import``)? Not part of the identity: it
    # says who vouches for the specs, not which games are played. Workers read it from here.
    allow_import: bool = False

    def identity(self) -> dict[str, Any]:
        """Everything that determines the tables (execution details such as chunk size excluded)."""
        return {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "policies": list(self.policies),
            "params": self.params,
            "grid": self.grid,
            "seat_rotation": self.seat_rotation,
            "record_actions": self.record_actions,
        }

    def config_hash(self) -> str:
        """Hash of ``identity()``: a run directory only ever holds one config hash."""
        blob = json.dumps(self.identity(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(blob.encode()).hexdigest()[:16]

    def cells(self) -> list[Cell]:
        """All grid combinations, in the order the grid lists them."""
        keys = list(self.grid)
        out = []
        for index, values in enumerate(itertools.product(*(self.grid[k] for k in keys))):
            variant = dict(zip(keys, values, strict=True))
            params = {**self.params, **{k: v for k, v in variant.items() if k not in GRID_SPECIAL}}
            players = variant.get("players", self.players)
            policies = tuple(variant.get("policies", self.policies))
            out.append(Cell(index, variant, params, players, policies))
        return out


def load_toml(path: str | Path, role: str = "sweep file") -> dict[str, Any]:
    """Read a TOML file the command was given, named in errors by its ``role`` ("sweep file",
    "version A file", "tune file"); ``ConfigError`` if missing, too large, not UTF-8 or
    malformed."""
    path = Path(path)
    if path.is_dir():
        raise ConfigError(f"{role} {str(path)!r} is a directory, not a TOML file")
    if not path.exists():
        raise ConfigError(f"{role} {str(path)!r} not found")
    if not path.is_file():
        raise ConfigError(f"{role} {str(path)!r}: not a regular file (a pipe or a device)")
    try:
        return read_toml(path)
    except ContentError as exc:
        raise ConfigError(f"{role} {exc}") from None


def resolve_paths(raw: Mapping[str, Any], base: Path) -> dict[str, Any]:
    """Make relative data-file params (``*_file``, ``*_dir``) relative to the sweep file."""
    out = dict(raw)

    def fix(params: Mapping[str, Any]) -> dict[str, Any]:
        return {
            k: str((base / v).resolve())
            if k.endswith(PATH_SUFFIXES) and isinstance(v, str) and v and not Path(v).is_absolute()
            else v
            for k, v in params.items()
        }

    if isinstance(out.get("params"), Mapping):
        out["params"] = fix(out["params"])
    if isinstance(out.get("grid"), Mapping):
        out["grid"] = {
            k: [fix({k: v})[k] for v in vals] if isinstance(vals, list) else vals
            for k, vals in out["grid"].items()
        }
    return out


def build_config(
    raw: Mapping[str, Any], *, source: str = "sweep", allow_import: bool | None = None
) -> SweepConfig:
    """Check types and names of a raw sweep mapping and build a ``SweepConfig``;
    ``allow_import``: may its ``module:Class`` specs import code (None: as the caller's
    context allows, ``registry.imports_allowed``)."""
    raw = dict(raw)
    allowed = registry.import_allowed() if allow_import is None else allow_import
    for key in raw:
        if key not in _KEYS:
            raise ConfigError(f"{source}: unknown key {key!r}; allowed: {', '.join(_KEYS)}")
    for key in _REQUIRED:
        if key not in raw:
            raise ConfigError(f"{source}: missing required key {key!r}")
    for key, value in raw.items():
        _check_type(source, key, value, _KEYS[key])
    for key in ("players", "games", "chunk_size"):
        if key in raw and raw[key] <= 0:
            raise ConfigError(f"{source}: {key!r} must be a positive integer, got {raw[key]}")
    if raw["games"] > MAX_GAMES:
        raise ConfigError(
            f"{source}: 'games' is at most {MAX_GAMES:,} per cell, got {raw['games']:,} "
            "(split a larger study into several runs)"
        )
    check_seed(f"{source}: 'seed'", raw.get("seed", 0))
    game = str(raw["game"])
    name = raw["name"] if "name" in raw else f"{game.replace(':', '_')}-sweep"
    cfg = SweepConfig(
        name=check_run_name(source, name),
        game=game,
        players=raw["players"],
        games=raw["games"],
        seed=raw.get("seed", 0),
        policies=tuple(_check_specs(source, "policies", raw["policies"])),
        params=dict(raw.get("params", {})),
        grid=_check_grid(source, raw.get("grid", {})),
        seat_rotation=raw.get("seat_rotation", True),
        record_actions=raw.get("record_actions", False),
        chunk_size=raw.get("chunk_size"),
        description=raw.get("description", ""),
        allow_import=allowed,
    )
    with registry.imports_allowed(allowed):
        validate_cells(cfg, source)
    return cfg


MAX_GAMES = 100_000_000  # per cell: the chunk plan is built in memory (~10^5 chunks)
MAX_CELLS = 10_000  # grid combinations: each is built and checked before any game runs
MAX_SEED = 2**63 - 1  # seeds are stored in int64 columns
RUN_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,119}")


def check_seed(what: str, seed: int) -> int:
    """A seed is an int64 >= 0 (``ConfigError`` naming ``what`` otherwise)."""
    if not 0 <= seed <= MAX_SEED:
        raise ConfigError(f"{what} must be between 0 and {MAX_SEED}, got {seed}")
    return seed


N_JOBS_DEFAULT = 1  # every command: one process unless asked; the tables are the same anyway


def add_n_jobs(p: Any) -> None:
    """``--n-jobs N``, with one default and one meaning of -1 in every command."""
    p.add_argument(
        "--n-jobs",
        type=int,
        default=N_JOBS_DEFAULT,
        metavar="N",
        help=f"worker processes (default {N_JOBS_DEFAULT}; -1: all cores); the same games and "
        "tables for any N",
    )


def add_game_flag(p: Any, *, required: bool = True, text: str = "game id (boardlab games)") -> None:
    """``--game GAME``, the one spelling every command takes; a command that took the game as
    its first word before 0.2 still reads it there, with a note."""
    p.add_argument("--game", help=text + ("" if required else "; optional"))
    p.add_argument("legacy_game", nargs="?", metavar="GAME", help=argparse.SUPPRESS)


def game_of(args: Any, command: str, *, required: bool = True) -> str | None:
    """The game of ``add_game_flag``'s flags (``ConfigError`` when two differ or none is given)."""
    from simcore.engine.run.outputs import deprecated

    legacy = getattr(args, "legacy_game", None)
    if legacy is not None:
        if args.game is not None and args.game != legacy:
            raise ConfigError(f"two games given: {legacy!r} and --game {args.game!r}")
        deprecated(f"'boardlab {command} GAME'", f"'boardlab {command} --game GAME'")
        args.game = legacy
    if required and args.game is None:
        raise ConfigError(f"boardlab {command}: --game is required (boardlab games lists them)")
    return str(args.game) if args.game is not None else None


def check_n_jobs(n_jobs: int) -> int:
    """``--n-jobs`` as given (a positive worker count, or -1 for all cores); ConfigError else."""
    if n_jobs == 0 or n_jobs < -1:
        raise ConfigError(f"--n-jobs must be a positive integer or -1, got {n_jobs}")
    return n_jobs


def check_run_name(source: str, name: Any) -> str:
    """A run name is one plain folder name: letters, digits, '.', '_', '-', not starting with
    '.' or '-', no '..' (so ``--out/<name>`` can never point outside ``--out``)."""
    if not isinstance(name, str) or not RUN_NAME.fullmatch(name) or ".." in name:
        raise ConfigError(
            f"{source}: run name {name!r} is not allowed: use 1-120 letters, digits, '.', '_' "
            "or '-', starting with a letter or digit (no '/', no '..')"
        )
    return name


def validate_cells(cfg: SweepConfig, source: str) -> None:
    """Build every cell's game and policies once, so bad input fails before any game runs."""
    from strategies.registry import make_policy  # the composition layer may see policies

    game_cls = registry.game_class(cfg.game)
    for cell in cfg.cells():
        where = f"{source}: cell {cell.id} {cell.variant}" if cell.variant else source
        try:
            game = game_cls.from_overrides(cell.params)
            game.check_players(cell.players)
            if len(cell.policies) != cell.players:
                raise ConfigError(
                    f"'policies' lists {len(cell.policies)} spec(s) for {cell.players} players "
                    "(one spec per seat)"
                )
            for spec in cell.policies:
                make_policy(spec, game)
        except ConfigError as exc:
            raise ConfigError(f"{where}: {exc}") from None
        except ContentError as exc:  # from_overrides has named the files' parameters
            raise ContentError(f"{where}: {exc}") from None


def _check_type(source: str, key: str, value: Any, kind: type) -> None:
    ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
    if not ok:
        raise ConfigError(
            f"{source}: {key!r} must be {kind.__name__}, got {value!r} ({type(value).__name__})"
        )


def _check_specs(source: str, key: str, specs: Any) -> list[str]:
    if not isinstance(specs, list | tuple) or not specs:
        raise ConfigError(f"{source}: {key!r} must be a non-empty list of policy specs")
    for spec in specs:
        if not isinstance(spec, str) or not spec.strip():
            raise ConfigError(f"{source}: {key!r} entries must be policy spec strings: {spec!r}")
    return [s.strip() for s in specs]


def _check_grid(source: str, grid: Mapping[str, Any]) -> dict[str, list[Any]]:
    out: dict[str, list[Any]] = {}
    cells = 1
    for values in grid.values():
        cells *= len(values) if isinstance(values, list) else 1
    if cells > MAX_CELLS:
        raise ConfigError(
            f"{source}: the grid has {cells:,} cells; at most {MAX_CELLS:,} (split the study "
            "into several sweeps)"
        )
    for key, values in grid.items():
        if not isinstance(values, list) or not values:
            raise ConfigError(f"{source}: grid key {key!r} must be a non-empty list of values")
        if key == "policies":
            values = [_check_specs(source, "grid.policies", v) for v in values]
        if key == "players":
            for v in values:
                _check_type(source, "grid.players", v, int)
        out[key] = values
    return out


def auto_chunk_size(games: int, n_jobs: int, cells: int = 1) -> int:
    """Games per chunk when none is given: about 8 chunks per worker over all cells, 1..1000.

    Finished chunks are written in batches, so small chunks no longer cost the parent a file
    each; what matters is that every worker has work to the end (a 200-game cell on 16 workers
    gets 2-game chunks, not 10 chunks of 20) while large sweeps keep a few dozen tasks per
    worker, so dispatch overhead stays negligible.
    """
    workers = (os.cpu_count() or 1) if n_jobs < 0 else max(1, n_jobs)
    return max(1, min(1000, games, -(-games * max(1, cells) // (8 * workers))))


def split_policy_flags(policies: str | None, policy: list[str] | None) -> list[str] | None:
    """Seats from ``--policies A,B`` or repeated ``--policy SPEC`` (not both)."""
    if policies and policy:
        raise ConfigError("use either --policies A,B or --policy SPEC (repeated), not both")
    if policy:
        return list(policy)
    if policies is not None:
        names = [p.strip() for p in policies.split(",")]
        if not all(names):
            raise ConfigError(f"--policies {policies!r}: an empty policy name; give A,B,...")
        return names
    return None


def value_kind(values: list[Any]) -> str:
    """Column kind for variant values (ints, floats, bools, else strings)."""
    kinds = {type(v) for v in values}
    for py, kind in ((bool, "bool"), (int, "int"), (float, "float")):
        if kinds == {py}:
            return kind
    if kinds <= {int, float}:
        return "float"
    return "str"


def variant_value(value: Any, kind: str) -> Any:
    """Encode a grid value for its column (lists become JSON strings)."""
    if kind == "str" and not isinstance(value, str):
        return json.dumps(value, separators=(",", ":"))
    if kind == "float":
        return float(value)
    return value


ALLOW_IMPORT_ENV = "BOARDLAB_ALLOW_IMPORT"


def add_allow_import(p: Any) -> None:
    """``--allow-import``: let ``module:Class`` game and policy specs import their module."""
    p.add_argument(
        "--allow-import",
        action="store_true",
        help="let module:Class specs import code (only for code you trust; "
        f"or set {ALLOW_IMPORT_ENV}=1)",
    )


def parse_param_flags(items: Sequence[str] | None) -> dict[str, Any]:
    """``--param key=value`` flags → dict (values parsed as JSON, else int/float/bool/str)."""
    from strategies.base import parse_value

    out: dict[str, Any] = {}
    for item in items or ():
        key, eq, text = item.partition("=")
        if not eq or not key.strip():
            raise ConfigError(f"--param {item!r}: expected key=value")
        try:
            out[key.strip()] = json.loads(text)
        except json.JSONDecodeError:
            out[key.strip()] = parse_value(text)
    return out
