"""Games and policies by name: entry points, explicit registration, or ``module:Class`` paths."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import cache
from importlib.metadata import entry_points
from typing import Any

from simcore.errors import ConfigError

GAME_GROUP = "boardlab.games"
POLICY_GROUP = "boardlab.policies"
HEURISTIC_GROUP = "boardlab.heuristics"

_extra: dict[str, dict[str, Any]] = {GAME_GROUP: {}, POLICY_GROUP: {}, HEURISTIC_GROUP: {}}


@cache
def _entry_points(group: str) -> dict[str, Any]:
    return {ep.name: ep for ep in entry_points(group=group)}


def register(group: str, name: str, obj: Any) -> None:
    """Register ``obj`` under ``name`` in ``group`` for this process (tests, notebooks)."""
    _extra[group][name] = obj


def names(group: str) -> list[str]:
    """Sorted names available in ``group``."""
    return sorted(set(_entry_points(group)) | set(_extra[group]))


def load(group: str, name: str, what: str) -> Any:
    """The object registered as ``name`` (or at ``module:attr``); ``ConfigError`` if unknown."""
    if name in _extra[group]:
        return _extra[group][name]
    eps = _entry_points(group)
    if name in eps:
        return eps[name].load()
    if ":" in name:
        return import_path(name, what)
    raise ConfigError(f"unknown {what} {name!r}; available: {', '.join(names(group)) or 'none'}")


def import_path(path: str, what: str) -> Any:
    """Import ``module:attr``; ``ConfigError`` naming the path on failure."""
    module_name, _, attr = path.partition(":")
    try:
        module = importlib.import_module(module_name)
        return getattr(module, attr)
    except (ImportError, AttributeError, ValueError) as exc:
        raise ConfigError(f"unknown {what} {path!r}: {exc}") from None


def game_class(name: str) -> type:
    """The ``Game`` subclass for a game id or ``module:Class`` path."""
    return load(GAME_GROUP, name, "game")


def make_game(name: str, overrides: dict[str, Any] | None = None) -> Any:
    """A ``Game`` instance with validated parameter overrides."""
    return game_class(name).from_overrides(overrides)


def game_ids() -> list[str]:
    """Ids of all registered games."""
    return names(GAME_GROUP)


def heuristic_factory(game_id: str) -> Callable[..., Any]:
    """The heuristic-policy factory of a game."""
    return load(HEURISTIC_GROUP, game_id, f"heuristic for game {game_id!r}")


def loadable_game_ids(with_heuristic: bool = False) -> list[str]:
    """Ids of registered games that build with default params (and have a heuristic)."""
    out = []
    for gid in game_ids():
        try:
            make_game(gid)
            if with_heuristic:
                heuristic_factory(gid)
            out.append(gid)
        except Exception:  # a plug-in that fails to load is reported by `boardlab games`
            continue
    return out


DISPLAY_NAMES = {"ratjack": "Ratjack", "lord_of_worlds": "Lord of Worlds",
                 "rats_of_wistar": "Rats of Wistar"}  # fmt: skip


def display_name(game_id: str) -> str:
    """A game's name as designers write it (the id for games not listed)."""
    return DISPLAY_NAMES.get(game_id, game_id)
