"""Games and policies by name: entry points, explicit registration, or ``module:Class`` paths.

Trust boundary (docs/design.md, "Trust boundary"): a name resolves to an installed entry point
or to an object registered in this process; a ``module:Class`` path imports code, so it
resolves only inside ``imports_allowed(True)``, which the CLI enters for ``--allow-import``
(specs typed on the command line or read from the user's own sweep or suite file). Names read
from run data (manifests, tables, baselines) are resolved with imports off, always.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from importlib.metadata import entry_points
from typing import Any

from simcore.core.api import Game
from simcore.core.errors import ConfigError

GAME_GROUP = "boardlab.games"
POLICY_GROUP = "boardlab.policies"
HEURISTIC_GROUP = "boardlab.heuristics"

_extra: dict[str, dict[str, Any]] = {GAME_GROUP: {}, POLICY_GROUP: {}, HEURISTIC_GROUP: {}}
# Whether ``module:Class`` paths may be imported here; off unless a caller that holds a trusted
# spec says otherwise. A context variable, not a module flag: a thread or task that did not
# enter ``imports_allowed`` (a report built beside a sweep) keeps the safe default.
_IMPORTS: ContextVar[bool] = ContextVar("boardlab_imports_allowed", default=False)
ALLOW_IMPORT_HINT = (
    "a module:Class path imports code: pass --allow-import if you trust it "
    "(plug-ins installed as entry points need no flag)"
)


@contextmanager
def imports_allowed(allowed: bool) -> Iterator[None]:
    """Within the block, ``module:Class`` paths import (``allowed``) or are refused."""
    token = _IMPORTS.set(bool(allowed))
    try:
        yield
    finally:
        _IMPORTS.reset(token)


def import_allowed() -> bool:
    """Whether ``module:Class`` paths may be imported in the current context."""
    return _IMPORTS.get()


def is_path(name: str) -> bool:
    """True for a ``module:attr`` path (a name that would import code)."""
    return ":" in name


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
    if is_path(name):
        if not import_allowed():
            raise ConfigError(f"{what} {name!r} is not a registered name; {ALLOW_IMPORT_HINT}")
        return import_path(name, what)
    raise ConfigError(f"unknown {what} {name!r}; available: {', '.join(names(group)) or 'none'}")


def is_registered(group: str, name: str) -> bool:
    """True if ``name`` is an entry point or registered object of ``group`` (no import)."""
    return name in _extra[group] or name in _entry_points(group)


def import_path(path: str, what: str) -> Any:
    """Import ``module:attr``; ``ConfigError`` naming the path on failure."""
    module_name, _, attr = path.partition(":")
    try:
        module = importlib.import_module(module_name)
        return getattr(module, attr)
    except Exception as exc:  # an allowed import that fails is the plug-in's bad input
        raise ConfigError(f"unknown {what} {path!r}: {type(exc).__name__}: {exc}") from None


def game_class(name: str) -> type[Game]:
    """The ``Game`` subclass for a game id or ``module:Class`` path."""
    cls = load(GAME_GROUP, name, "game")
    if not (isinstance(cls, type) and issubclass(cls, Game)):
        raise ConfigError(
            f"game {name!r} is not a game class (a subclass of simcore.core.api.Game)"
        )
    return cls


def make_game(name: str, overrides: dict[str, Any] | None = None) -> Any:
    """A ``Game`` instance with validated parameter overrides."""
    return game_class(name).from_overrides(overrides)


def game_ids() -> list[str]:
    """Ids of all registered games."""
    return names(GAME_GROUP)


def heuristic_factory(game_id: str) -> Callable[..., Any]:
    """The heuristic-policy factory of a game."""
    factory: Callable[..., Any] = load(HEURISTIC_GROUP, game_id, f"heuristic for game {game_id!r}")
    return factory


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
