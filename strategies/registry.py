"""Resolve policy spec strings to policy objects."""

from __future__ import annotations

import difflib
import inspect
from collections.abc import Iterable
from typing import Any

from simcore.core import registry
from simcore.core.api import Game
from simcore.core.errors import ConfigError
from strategies import scripted
from strategies.base import Policy, parse_spec
from strategies.restricted import Restricted, parse_class

FORBID_KEY = "forbid"


def make_policy(spec: str, game: Game) -> Policy:
    """Build the policy named by ``spec`` for ``game``.

    ``forbid=a+b`` is accepted by every policy and wraps it in ``Restricted`` with those
    action classes.
    """
    name, options = parse_spec(spec)
    forbid = options.pop(FORBID_KEY, None)
    factory = registry.load(registry.POLICY_GROUP, name, "policy")
    try:
        policy = _instantiate(factory, game, options) if callable(factory) else None
    except TypeError as exc:
        raise ConfigError(f"policy {spec!r}: {exc}") from None
    if policy is None or not callable(getattr(policy, "act", None)):
        raise ConfigError(f"policy {spec!r} did not produce a policy object")
    if not getattr(policy, "name", None):
        policy.name = name
    if forbid is not None:
        classes = str(forbid).split("+")
        check_classes(game, classes, spec)
        policy = Restricted(policy, classes)
    if scripted.active() and not isinstance(policy, scripted.HumanPolicy):
        # the engine replays a recorded playtest game: the bots' seats replay it too (a
        # person's seat reads the record itself)
        policy = scripted.Scripted(policy)
    return policy


def check_classes(game: Game, classes: list[str], spec: str) -> None:
    """``ConfigError`` for a ``forbid`` class the game does not have (a typo would otherwise
    restrict nothing and read as "worth 0"), naming the closest valid classes."""
    catalogue = game.action_class_catalogue()
    for text in classes:
        try:
            name, _, _ = parse_class(text)
        except ValueError as exc:
            raise ConfigError(f"policy {spec!r}: {exc}") from None
        if catalogue is not None and name not in catalogue:
            close = difflib.get_close_matches(name, list(catalogue), n=3, cutoff=0.5)
            hint = f"; closest: {', '.join(close)}" if close else ""
            raise ConfigError(
                f"policy {spec!r}: {game.spec.id} has no action class {name!r}{hint} "
                f"(all classes: boardlab policies {game.spec.id})"
            )


def _instantiate(factory: Any, game: Game, options: dict[str, Any]) -> Any:
    """Factories take ``(game, **options)``; a ``module:Class`` may also take options only."""
    if isinstance(factory, type):
        try:
            wants_game = "game" in inspect.signature(factory).parameters
        except (TypeError, ValueError):  # a builtin type (``builtins:dict``): no policy class
            raise ConfigError(f"{factory.__name__!r} is not a policy class") from None
        return factory(game, **options) if wants_game else factory(**options)
    return factory(game, **options)


def policy_names() -> list[str]:
    """Registered policy names."""
    return registry.names(registry.POLICY_GROUP)


def validate_spec(spec: str, game: Game) -> None:
    """``ConfigError`` if ``spec`` cannot be built for ``game``."""
    make_policy(spec, game)


def describe_policies(game: Game | None = None) -> list[dict[str, Any]]:
    """Name and one-line description of each policy (and the game's heuristic styles)."""
    rows = []
    for name in policy_names():
        factory = registry.load(registry.POLICY_GROUP, name, "policy")
        # the docstring's first paragraph (a summary may wrap onto a second line)
        doc = " ".join((factory.__doc__ or "").strip().split("\n\n")[0].split())
        rows.append({"name": name, "doc": doc})
    if game is not None and game.spec.id in registry.names(registry.HEURISTIC_GROUP):
        factory = registry.heuristic_factory(game.spec.id)
        docs = getattr(factory, "docs", {})
        for style in getattr(factory, "styles", ()):
            doc = docs.get(style, f"{game.spec.id} heuristic")
            rows.append({"name": f"heuristic:style={style}", "doc": doc})
    return rows


def player_aliases(specs: Iterable[str], game: Game) -> dict[str, str]:
    """Map each spec that builds the same player as a shorter spec to that spec.

    Two specs are the same player when the built policies give themselves the same name, as
    Rats of Wistar's ``heuristic`` and ``heuristic:style=engine`` do (engine is the default
    style). Specs that cannot be built here are left alone.
    """
    by_player: dict[str, list[str]] = {}
    for spec in specs:
        try:
            key = make_policy(spec, game).name
        except Exception:  # an old run's spec may not build in this version
            continue
        by_player.setdefault(key, []).append(spec)
    aliases = {}
    for group in by_player.values():
        short = min(group, key=lambda s: (len(s), s))
        aliases.update({spec: short for spec in group if spec != short})
    return aliases
