"""Shared pieces of the tune tests: the planted-imbalance search and how to compare studies."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from analyses.tune.config import build_tune

TILTED = "tests.fixtures.tilted:Tilted"


def tilted_raw(**search: Any) -> dict[str, Any]:
    """Tune Tilted's planted first-player advantage (head_start) next to two irrelevant
    parameters, to within +-2 points."""
    return {
        "name": "tilted",
        "game": TILTED,
        "players": 2,
        "policies": ["random", "random"],
        "seed": 7,
        "search": {
            "trials": 24,
            "batch": 4,
            "rungs": [200, 800],
            "verify_games": 3000,
            "verify_top": 2,
            **search,
        },
        "target": [{"measure": "first_player_advantage", "within": [-2, 2]}],
        "space": [{"param": "head_start"}, {"param": "colour"}, {"param": "spare"}],
    }


def tilted(**search: Any):
    """The checked config of :func:`tilted_raw`."""
    return build_tune(tilted_raw(**search), allow_import=True)


def write_toml(path: Path, raw: dict[str, Any]) -> Path:
    """A tune file from ``raw`` (JSON values are TOML values here)."""
    from analyses.tune.content import to_toml

    lines = [
        f"{k} = {json.dumps(v)}"
        for k, v in raw.items()
        if not isinstance(v, dict | list) or k in ("policies",)
    ]
    if raw.get("params"):
        lines.append("[params]")
        lines += [f"{k} = {json.dumps(v)}" for k, v in raw["params"].items()]
    lines.append("[search]")
    lines += [f"{k} = {json.dumps(v)}" for k, v in raw["search"].items()]
    for key in ("target", "space", "constraint"):
        for table in raw.get(key, []):
            lines.append(f"[[{key}]]")
            lines += to_toml(table).splitlines()
    path.write_text("\n".join(lines) + "\n")
    return path


def finished(result: dict[str, Any]) -> list[tuple]:
    """The study's finished trials as comparable tuples (slot, state, values, objectives)."""
    return [
        (
            t["slot"],
            t["state"],
            json.dumps(t["values"], sort_keys=True),
            t["objectives"],
            t["games"],
        )
        for t in result["trials"]
    ]
