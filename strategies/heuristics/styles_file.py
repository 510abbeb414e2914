"""A heuristic's styles file (``strategies/data/<game>_styles.toml``): per style, a one-line
description and every weight of the game's frozen weights dataclass."""

from __future__ import annotations

import tomllib
from dataclasses import fields
from pathlib import Path
from typing import Any

from simcore.core.errors import ConfigError


def read_styles(path: Path, cls: Any, label: str) -> tuple[dict[str, Any], dict[str, str]]:
    """Each style's weights (a ``cls``) and one-line description, in file order; ``ConfigError``
    when a style lacks a weight, names an unknown one, or gives a non-number."""
    names = [f.name for f in fields(cls)]
    weights: dict[str, Any] = {}
    docs: dict[str, str] = {}
    for style, table in tomllib.loads(path.read_text()).items():
        docs[style] = str(table.get("description", f"{label} heuristic ({style})"))
        given = {k: v for k, v in table.items() if k != "description"}
        wrong = sorted(set(given) ^ set(names))
        if wrong:
            raise ConfigError(f"{path.name}: style {style!r}: missing or unknown weight {wrong}")
        bad = [k for k, v in given.items() if isinstance(v, bool) or not isinstance(v, int | float)]
        if bad:
            raise ConfigError(f"{path.name}: style {style!r}: weight {bad[0]!r} is not a number")
        weights[style] = cls(**{k: float(given[k]) for k in names})
    return weights, docs


def policy_name(base_name: str, w: Any, base: Any) -> str:
    """``base_name`` plus ``weight=value`` for every weight of ``w`` that differs from the
    style's own ``base`` (a fitted player's name says which weights moved)."""
    moved = [
        f"{f.name}={getattr(w, f.name)!r}"
        for f in fields(w)
        if getattr(w, f.name) != getattr(base, f.name)
    ]
    if not moved:
        return base_name
    return base_name + ("," if ":" in base_name else ":") + ",".join(moved)
