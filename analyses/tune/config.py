"""The tune file: game, line-up, targets, search space and search settings, validated before
any game runs (bad input: ``ConfigError``, one line, exit 2)."""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from analyses.tune.space import Space, build_space
from analyses.tune.targets import DEFAULT_ITEMS, MEASURES, Target, parse_targets
from simcore.core import registry
from simcore.core.errors import ConfigError
from simcore.core.seedseq import seed63
from simcore.engine.sweep.config import (
    MAX_GAMES,
    build_config,
    check_run_name,
    check_seed,
    load_toml,
    resolve_paths,
)

_TOP = {
    "name",
    "game",
    "players",
    "policies",
    "seed",
    "params",
    "description",
    "search",
    "target",
    "space",
    "constraint",
}
_SEARCH = {
    "trials": 24,
    "batch": 4,
    "rungs": [100, 300],
    "sampler": "auto",
    "conf": 0.95,
    "prune_conf": 0.99,
    "verify_games": 1000,
    "verify_top": 3,
    "head_to_head": 400,
}
SAMPLERS = ("auto", "tpe", "cmaes", "nsga2", "random")
_MOST = {
    "trials": 100_000,
    "batch": 10_000,
    "verify_games": MAX_GAMES,
    "verify_top": 100,
    "head_to_head": MAX_GAMES,
}
VERIFY_STREAM = 1  # fresh seeds: seed63(seed, VERIFY_STREAM), never the search's own seed
HEAD_STREAM = 2  # a fitted player against its starting self: seeds of neither search nor check
# the recommendation's own numbers: seeds that did not choose it among the finalists (the games
# that chose it flatter it again, as the search's games flattered the finalists)
MEASURE_STREAM = 3


@dataclass(frozen=True)
class TuneConfig:
    """A validated search."""

    name: str
    game: str
    players: int
    policies: tuple[str, ...]
    seed: int
    params: dict[str, Any]
    targets: tuple[Target, ...]
    space: Space
    trials: int
    batch: int
    rungs: tuple[int, ...]
    sampler: str
    conf: float
    prune_conf: float
    verify_games: int
    verify_top: int
    head_to_head: int = 400  # seeds of the fitted-vs-starting player match (every seating each)
    description: str = ""
    allow_import: bool = False

    @property
    def verify_seed(self) -> int:
        """The seed of the verification games (other game seeds than the search's)."""
        return seed63(self.seed, VERIFY_STREAM)

    @property
    def measure_seed(self) -> int:
        """The seed of the games that measure the recommendation (not the ones that chose it)."""
        return seed63(self.seed, MEASURE_STREAM)

    @property
    def head_seed(self) -> int:
        """The seed of the fitted-vs-starting player match."""
        return seed63(self.seed, HEAD_STREAM)

    @property
    def n_batches(self) -> int:
        """Batches of ``batch`` trials (the last may be smaller)."""
        return -(-self.trials // self.batch)

    def forbid_items(self) -> list[tuple[str, str]]:
        """``(target measure, item)`` for each restricted-play cell, in cell order."""
        seen: list[tuple[str, str]] = []
        for t in self.targets:
            for item in t.items:
                key = (MEASURES[t.measure].forbid.format(item=item), item)
                if key not in seen:
                    seen.append(key)
        return seen

    def study_key(self) -> dict[str, Any]:
        """What makes two searches the same study (the storage refuses another under a name)."""
        return {
            "game": self.game,
            "players": self.players,
            "policies": list(self.policies),
            "seed": self.seed,
            "params": self.params,
            "trials": self.trials,
            "batch": self.batch,
            "rungs": list(self.rungs),
            "sampler": self.sampler,
            "space": sorted(self.space.distributions()),
            "targets": [t.__dict__ for t in self.targets],
        }


def load_tune(path: str | Path, allow_import: bool = False) -> TuneConfig:
    """Read and check a tune file."""
    raw = load_toml(path, "tune file")
    raw = resolve_paths(raw, Path(path).resolve().parent)
    return build_tune(raw, source=str(path), allow_import=allow_import)


def build_tune(raw: Mapping[str, Any], source: str = "tune file", allow_import: bool = False):
    """Check a raw tune mapping and build a :class:`TuneConfig`."""
    unknown = sorted(set(raw) - _TOP)
    if unknown:
        close = difflib.get_close_matches(unknown[0], sorted(_TOP), n=2)
        hint = f" (did you mean {', '.join(close)}?)" if close else ""
        raise ConfigError(f"{source}: unknown key {unknown[0]!r}{hint}")
    if not any(k in raw for k in ("target", "space", "search", "players", "policies")):
        raise ConfigError(
            f"{source}: this is a version file (a name and [params], what boardlab compare "
            "reads), not a tune file: a tune file gives game, players, policies, [[target]] "
            "and [[space]] (docs/tune.md)"
        )
    base = {k: raw[k] for k in ("game", "players", "policies", "seed", "params") if k in raw}
    cfg = build_config(
        {**base, "games": 1, "name": "base"}, source=source, allow_import=allow_import
    )
    search = _search(source, raw.get("search", {}))
    with registry.imports_allowed(allow_import):
        game = registry.make_game(cfg.game, cfg.params)
        targets = parse_targets(
            _tables(raw, "target", source),
            cfg.game,
            lambda m, items, where: _items(game, m, items, where),
        )
        space = build_space(
            _tables(raw, "space", source),
            _tables(raw, "constraint", source),
            cfg.game,
            cfg.params,
            cfg.policies,
        )
    if len(targets) > 1 and search["sampler"] == "cmaes":
        raise ConfigError(f"{source}: cmaes searches one target; use nsga2 for several")
    name = raw.get("name", f"{cfg.game.replace(':', '_')}-tune")
    return TuneConfig(
        name=check_run_name(source, name),
        game=cfg.game,
        players=cfg.players,
        policies=cfg.policies,
        seed=check_seed(f"{source}: 'seed'", cfg.seed),
        params=cfg.params,
        targets=tuple(targets),
        space=space,
        trials=search["trials"],
        batch=search["batch"],
        rungs=tuple(search["rungs"]),
        sampler=search["sampler"],
        conf=search["conf"],
        prune_conf=search["prune_conf"],
        verify_games=search["verify_games"],
        verify_top=search["verify_top"],
        head_to_head=search["head_to_head"],
        description=str(raw.get("description", "")),
        allow_import=allow_import,
    )


def _tables(raw: Mapping[str, Any], key: str, source: str) -> list[Mapping[str, Any]]:
    value = raw.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, Mapping) for v in value):
        raise ConfigError(f"{source}: {key} must be a list of tables ([[{key}]])")
    return value


def _search(source: str, raw: Any) -> dict[str, Any]:
    if not isinstance(raw, Mapping):
        raise ConfigError(f"{source}: [search] must be a table")
    unknown = sorted(set(raw) - set(_SEARCH))
    if unknown:
        raise ConfigError(
            f"{source}: [search] unknown key {unknown[0]!r}; allowed: {', '.join(_SEARCH)}"
        )
    out = {**_SEARCH, **raw}
    for key, most in _MOST.items():
        v = out[key]
        if not isinstance(v, int) or isinstance(v, bool) or not 0 < v <= most:
            raise ConfigError(
                f"{source}: search.{key} must be an integer from 1 to {most:,}, got {v!r}"
            )
    rungs = out["rungs"]
    if (
        not isinstance(rungs, list)
        or not rungs
        or not all(isinstance(r, int) and not isinstance(r, bool) and r > 0 for r in rungs)
        or sorted(set(rungs)) != rungs
    ):
        raise ConfigError(f"{source}: search.rungs must be increasing game counts, got {rungs!r}")
    if rungs[-1] > MAX_GAMES:
        raise ConfigError(
            f"{source}: search.rungs: {rungs[-1]:,} games a trial; a cell plays at most "
            f"{MAX_GAMES:,}"
        )
    if out["sampler"] not in SAMPLERS:
        raise ConfigError(
            f"{source}: search.sampler {out['sampler']!r}; allowed: {', '.join(SAMPLERS)}"
        )
    for key in ("conf", "prune_conf"):
        if not isinstance(out[key], float) or not 0.5 <= out[key] < 1:
            raise ConfigError(
                f"{source}: search.{key} must be a level in [0.5, 1), got {out[key]!r}"
            )
    return out


def _items(game: Any, measure: str, items: list[str] | None, where: str) -> list[str]:
    """A measure's items (default: all), each a restricted-play class the game has."""
    from strategies.registry import check_classes

    if items is None:
        items = list(DEFAULT_ITEMS.get(measure, ())) or _effects_in_play(game)
    pattern = MEASURES[measure].forbid
    try:
        check_classes(game, [pattern.format(item=i) for i in items], where)
    except ConfigError as exc:
        raise ConfigError(f"{where}: {exc}".replace(f"policy {where!r}: ", "")) from None
    return list(items)


def _effects_in_play(game: Any) -> list[str]:
    """``rat/1``... for every Ratjack effect of the decks in play."""
    found: list[str] = []
    for name in game.action_class_catalogue() or {}:
        if name.startswith("resolve/"):
            family = name.split("/")[1]
            if any(family in d for d in game.params.decks):
                found.append(name.removeprefix("resolve/"))
    return found


def n_objectives(tc: TuneConfig) -> int:
    """One objective (the summed misses) or one per target (NSGA-II)."""
    several = tc.sampler == "nsga2" or (tc.sampler == "auto" and len(tc.targets) > 1)
    return len(tc.targets) if several else 1
