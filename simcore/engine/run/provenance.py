"""What a run records about where it came from: content set and library versions."""

from __future__ import annotations

import platform
from functools import cache
from typing import Any

from simcore.core.native import build_label


def content_info(game: Any) -> dict[str, Any]:
    """Content set name/hash of a game that has versioned content, else the rules source."""
    info = {"rules_source": game.spec.rules_source}
    for attr in ("content_set", "content_hash", "content_provisional"):
        if hasattr(game, attr):
            info[attr] = getattr(game, attr)
    return info


def versions() -> dict[str, str]:
    """Versions of boardlab, Python and the main libraries (a copy: callers may change it)."""
    return dict(_versions())


@cache  # the installed metadata of the code this process runs: looked up ~5 ms once, not per sweep
def _versions() -> dict[str, str]:
    import importlib.metadata as md

    out = {"python": platform.python_version()}
    for dist in ("boardlab", "numpy", "polars", "pyarrow", "joblib"):
        try:
            out[dist] = md.version(dist)
        except md.PackageNotFoundError:
            out[dist] = "not installed"
    out["build"] = build_label()  # pure or compiled: same games, different speed
    return out
