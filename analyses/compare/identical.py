"""Two versions that play the same games, said before any game is played.

A comparison of a version with itself measures nothing (every paired difference is 0) and
costs the full study: ``boardlab compare`` refuses it with one line naming what both sides
share, unless ``--null`` asks for that A-vs-A calibration on purpose. What a cell plays is
its game, player count, line-up and rule parameters, with each content file or folder read
for its bytes (two copies of the packaged cards under other names are the same version).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from simcore.core.params import PATH_SUFFIXES
from simcore.engine.run.snapshot import packaged_root
from simcore.engine.sweep.config import SweepConfig


def content_digest(path: str, base: str = "") -> str:
    """sha256 of a content file's bytes, or of a folder's files (names and bytes, sorted). A
    folder holds only the files it changes: each file it lacks is ``base``'s (the packaged
    folder), so a folder with one unchanged copy is the packaged content."""
    p = Path(path)
    h = hashlib.sha256()
    if not p.is_dir():
        h.update(p.read_bytes() if p.is_file() else b"missing")
        return h.hexdigest()
    files = {f.name: f for f in Path(base).glob("*.toml")} if base else {}
    files |= {f.name: f for f in p.iterdir() if f.is_file()}
    for name in sorted(files):
        h.update(name.encode() + b"\0" + files[name].read_bytes())
    return h.hexdigest()


def played(cfg: SweepConfig) -> list[tuple[Any, ...]]:
    """Per cell, everything that decides its games (content by its bytes, not its path)."""
    from simcore.core import registry

    with registry.imports_allowed(cfg.allow_import):
        params_class = registry.game_class(cfg.game).params_class
    out = []
    for cell in cfg.cells():
        # every parameter, defaults included: setting a default changes nothing
        params: dict[str, Any] = params_class.from_overrides(cell.params).to_dict()
        for key, value in params.items():
            default = _packaged_default(cfg.game, key)
            path = value or default
            if key.endswith(PATH_SUFFIXES) and isinstance(path, str) and path:
                params[key] = content_digest(path, default if key.endswith("_dir") else "")
        out.append((cfg.game, cell.players, tuple(cell.policies), _canon(params)))
    return out


def _packaged_default(game: str, key: str) -> str:
    """The packaged content an empty ``*_file`` / ``*_dir`` parameter stands for (the game's
    ``data/cards.toml`` or ``data`` folder), '' if the game has none there."""
    data = packaged_root() / game / "data"
    path = data / "cards.toml" if key.endswith("_file") else data
    return str(path) if key.endswith(PATH_SUFFIXES) and path.exists() else ""


def _canon(params: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    return tuple(sorted((k, repr(v)) for k, v in params.items()))


def same_games(a: SweepConfig, b: SweepConfig) -> bool:
    """Whether two sweeps play the same games on the same seeds."""
    return a.seed == b.seed and a.games == b.games and played(a) == played(b)
