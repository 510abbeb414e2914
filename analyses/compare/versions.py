"""The two sides of ``boardlab compare``: version files, study sweep files or finished runs.

A **version file** is a small TOML naming what differs from the game as shipped::

    name = "hut gives 2 potions"        # optional: the name the report uses
    description = "..."                 # optional
    game = "rats_of_wistar"             # optional: checked against the study
    [params]
    hut_potions = 2                     # rule parameters, or content files:
    # cards_file = "cards_rat7_on_9.toml"   (paths relative to the version file)

A **study sweep file** is a side as it stands (its ``[params]`` are its version); a **run
directory** is a finished run. Both sides must play the same study (game, players, line-ups,
grid, seed): what differs is the version, so every game pairs with its twin on the same seed.
"""

from __future__ import annotations

import difflib
import json
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from simcore.core.errors import ConfigError, RunDirError
from simcore.core.params import PATH_SUFFIXES
from simcore.engine.sweep.config import (
    GRID_SPECIAL,
    SweepConfig,
    build_config,
    check_run_name,
    load_toml,
    resolve_paths,
)

VERSION_KEYS = ("name", "description", "game", "params")
SWEEP_MARKERS = ("policies", "players", "games", "grid")  # keys only a sweep file has
# What two sides must share to be paired game by game (their ``params`` are the versions).
STUDY_KEYS = ("game", "players", "policies", "grid", "seat_rotation", "seed")
UNPAIRED_OK = ("seed", "policies", "players")  # differences --unpaired accepts


@dataclass(frozen=True)
class Side:
    """One side of a comparison, as the user gave it."""

    label: str  # "A" or "B"
    name: str
    kind: str  # "version", "study" or "run"
    source: str
    params: dict[str, Any] = field(default_factory=dict)  # a version's overrides
    config: SweepConfig | None = None  # a study file's sweep
    run_dir: Path | None = None
    manifest: dict[str, Any] | None = None

    def finished(self) -> tuple[Path, dict[str, Any]]:
        """A finished run's folder and manifest (a side of kind "run")."""
        if self.run_dir is None or self.manifest is None:
            raise TypeError(f"{self.source}: a {self.kind} side, not a finished run")
        return self.run_dir, self.manifest

    def sweep(self) -> SweepConfig:
        """A study file's sweep (a side of kind "study")."""
        if self.config is None:
            raise TypeError(f"{self.source}: a {self.kind} side has no sweep of its own")
        return self.config


def read_side(path: str, label: str, name: str | None = None) -> Side:
    """The side at ``path`` (version file, sweep file or run directory); ``name`` overrides
    the one it carries."""
    p = Path(path)
    if p.is_dir():
        return _run_side(p, label, name)
    raw = load_toml(p, f"version {label} file")
    if any(k in raw for k in SWEEP_MARKERS):
        cfg = build_config(resolve_paths(raw, p.resolve().parent), source=path)
        return Side(label, name or cfg.name, "study", path, dict(cfg.params), config=cfg)
    for key in raw:
        if key not in VERSION_KEYS:
            raise ConfigError(
                f"version file {path}: unknown key {key!r}; allowed: "
                f"{', '.join(VERSION_KEYS)} (or a sweep file's keys)"
            )
    params = raw.get("params", {})
    if not isinstance(params, dict):
        raise ConfigError(f"version file {path}: [params] must be a table of rule parameters")
    params = resolve_paths({"params": params}, p.resolve().parent)["params"]
    text = raw.get("name", name or p.stem)
    if not isinstance(text, str) or not text.strip():
        raise ConfigError(f"version file {path}: 'name' must be a non-empty string")
    return Side(
        label,
        name or text.strip(),
        "version",
        path,
        params,
        manifest={"game": raw.get("game")} if "game" in raw else None,
    )


def _run_side(path: Path, label: str, name: str | None) -> Side:
    """A finished run: its manifest, checked like any run a report reads."""
    from simcore.engine.run.dataset import MANIFEST, load_manifest
    from simcore.engine.run.verify import check_for_report

    if not os.path.lexists(path / MANIFEST):  # one that is there but not a file: said by name
        raise RunDirError(f"{path} is a folder but not a boardlab run (no {MANIFEST})")
    manifest = load_manifest(path)
    check_for_report(path, manifest)
    params = manifest["cells"][0].get("params", {}) if manifest.get("cells") else {}
    return Side(
        label,
        name or manifest["name"],
        "run",
        str(path),
        dict(params),
        run_dir=path,
        manifest=manifest,
    )


def study_of(study: str | None, sides: list[Side]) -> SweepConfig:
    """The study both sides play: ``--study`` (a sweep file or a shipped study's file name),
    else a study file's or a run's own study."""
    if study is not None:
        path = Path(study)
        if not path.exists():
            from analyses.sweeps import shipped, sweep_path

            if study not in shipped():
                close = difflib.get_close_matches(study, shipped(), n=1)
                hint = f"did you mean {close[0]!r}? " if close else ""
                raise ConfigError(
                    f"--study {study!r}: no such file or shipped study ({hint}"
                    f"shipped: {', '.join(shipped())})"
                )
            path = sweep_path(study)
        return build_config(
            resolve_paths(load_toml(path, "study file (--study)"), path.resolve().parent),
            source=str(study),
        )
    for side in sides:
        if side.config is not None:
            return side.config
    for side in sides:
        if side.manifest is not None and "config" in side.manifest:
            return config_of_run(side)
    raise ConfigError(
        "both sides are version files: name the study they play with --study "
        "(a sweep file, or a shipped study such as rats_of_wistar_wheel_2p.toml)"
    )


def config_of_run(side: Side) -> SweepConfig:
    """The study a finished run played, as a sweep config (names resolved with imports off)."""
    assert side.manifest is not None  # a run side: it has its manifest
    raw = {
        k: v
        for k, v in side.manifest["config"].items()
        if k in (*STUDY_KEYS, "games", "params", "record_actions", "name")
    }
    return build_config(raw, source=f"run {side.source}", allow_import=False)


def side_config(side: Side, study: SweepConfig, run_name: str, games: int | None) -> SweepConfig:
    """The sweep that plays ``side``: the study with the side's parameters, named
    ``run_name``; ``games`` per cell overrides the study's."""
    overlap = sorted(set(side.params) & (set(study.grid) - set(GRID_SPECIAL)))
    if side.kind == "version" and overlap:
        raise ConfigError(
            f"version {side.name!r} sets {', '.join(overlap)}, which the study's "
            "grid varies: a version must change what every cell shares"
        )
    wanted = side.manifest.get("game") if side.manifest else None
    if side.kind == "version" and wanted and wanted != study.game:
        raise ConfigError(
            f"version {side.name!r} is for {wanted!r}, the study plays {study.game!r}"
        )
    base = side.config if side.kind == "study" else study
    assert base is not None  # a study side carries its sweep config
    params = {**study.params, **side.params} if side.kind == "version" else dict(base.params)
    raw = {**base.identity(), "params": params, "name": check_run_name("compare", run_name)}
    if games is not None:
        raw["games"] = games
    cfg = build_config(raw, source=f"version {side.name!r}", allow_import=base.allow_import)
    return replace(cfg, description=f"boardlab compare: version {side.name!r}")


def run_name_for(label: str, name: str) -> str:
    """A plain folder name for a side's run: ``a-hut-gives-2-potions``."""
    slug = re.sub(r"[^A-Za-z0-9]+", "-", name).strip("-").lower()[:60] or "version"
    return f"{label.lower()}-{slug}"


def study_differences(a: Mapping[str, Any], b: Mapping[str, Any]) -> list[str]:
    """The study settings (game, players, line-ups, grid, seed) in which two configs differ."""
    return [k for k in STUDY_KEYS if _canon(a.get(k)) != _canon(b.get(k))]


def check_pairable(
    a: Mapping[str, Any], b: Mapping[str, Any], names: tuple[str, str], unpaired: bool
) -> None:
    """Refuse two sides that do not play the same study on the same seeds (``--unpaired``
    accepts other seeds, players or line-ups, never another game or grid)."""
    differ = study_differences(a, b)
    hard = [k for k in differ if not unpaired or k not in UNPAIRED_OK]
    if hard:
        key = hard[0]
        hint = (
            ""
            if unpaired or key not in UNPAIRED_OK
            else ("; pass --unpaired to compare them as independent samples")
        )
        if not unpaired and key in ("policies", "grid"):
            hint += " (or --players-differ if only the players differ)"
        raise ConfigError(
            f"{names[0]!r} and {names[1]!r} differ in {key} ({_show(a.get(key))}"
            f" vs {_show(b.get(key))}): not the same study on the same seeds"
            f"{hint}"
        )


def _canon(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def _show(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 60 else text[:57] + "..."


def version_changes(a: Mapping[str, Any], b: Mapping[str, Any]) -> list[tuple[str, str, str]]:
    """``(parameter, A's value, B's value)`` for every rule parameter the versions set
    differently (content files included)."""
    keys = sorted(set(a) | set(b))
    return [
        (k, _value(k, a.get(k, "(default)")), _value(k, b.get(k, "(default)")))
        for k in keys
        if _canon(a.get(k)) != _canon(b.get(k))
    ]


def _value(key: str, value: Any) -> str:
    """A parameter's value as the report shows it: a content file by its file name."""
    if key.endswith(PATH_SUFFIXES) and isinstance(value, str):
        return Path(value).name or "(packaged data)"
    return _show(value)
