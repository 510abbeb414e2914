"""The Policy protocol and policy spec strings."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

from simcore.core.api import State
from simcore.core.errors import ConfigError


@runtime_checkable
class Policy(Protocol):
    """Chooses an action for ``state.current_player``, reading only what that seat observes."""

    name: str

    def act(self, state: State, rng: random.Random) -> int:
        """The chosen action (one of ``state.legal_actions()``)."""
        ...


def parse_value(text: str) -> Any:
    """Spec option value: int, float, bool or string."""
    low = text.strip().lower()
    if low in ("true", "false"):
        return low == "true"
    for cast in (int, float):
        try:
            return cast(text)
        except ValueError:
            pass
    return text.strip()


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split ``"name"``, ``"name:k=v,..."``, ``"module:Class"`` or ``"module:Class:k=v"``."""
    spec = spec.strip()
    if not spec:
        raise ConfigError("empty policy spec")
    parts = spec.split(":")
    if len(parts) >= 2 and "=" not in parts[1]:
        name, rest = f"{parts[0]}:{parts[1]}", ":".join(parts[2:])
    else:
        name, rest = parts[0], ":".join(parts[1:])
    options: dict[str, Any] = {}
    for item in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise ConfigError(f"policy spec {spec!r}: option {item!r} is not key=value")
        options[key.strip()] = parse_value(value)
    return name, options


def with_option(spec: str, key: str, value: Any) -> str:
    """``spec`` with option ``key=value`` added: ``heuristic`` -> ``heuristic:forbid=x``,
    ``heuristic:style=explorer`` -> ``heuristic:style=explorer,forbid=x`` (a ``module:Class``
    spec gets a third part)."""
    sep = "," if "=" in spec.split(":")[-1] else ":"
    text = repr(value) if isinstance(value, float) else str(value)
    return f"{spec}{sep}{key}={text}"


def check_options(policy: str, options: dict[str, Any], allowed: Mapping[str, type]) -> None:
    """``ConfigError`` for an unknown option or a value of the wrong type."""
    for key, value in options.items():
        if key not in allowed:
            raise ConfigError(
                f"unknown option {key!r} for policy {policy!r}; "
                f"allowed: {', '.join(sorted(allowed)) or 'none'}"
            )
        kind = allowed[key]
        ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            ok = True
        if not ok:
            raise ConfigError(
                f"policy {policy!r}: option {key!r} must be {kind.__name__}, got {value!r}"
            )


def choose_style(policy: str, options: dict[str, Any], styles: tuple[str, ...]) -> str:
    """Check a heuristic's options (only ``style``) and return the style; the first is default."""
    check_options(policy, options, {"style": str})
    style = options.get("style", styles[0])
    if style not in styles:
        raise ConfigError(f"{policy}: unknown style {style!r}; allowed: {', '.join(styles)}")
    return style


class StyleFactory:
    """A game's ``heuristic`` factory: ``factory(game, style=...)`` builds
    ``policy_class(style)``; ``styles`` names the styles, the first is the default.

    With ``weights`` (style -> a frozen dataclass of evaluation weights) every weight is an
    option too (``heuristic:style=careful,close=1.2``): ``policy_class(style, weights)`` gets
    the style's weights with those replaced, which lets ``boardlab tune`` fit a style.
    ``docs`` (style -> one line) describes the styles in ``boardlab policies``.

    An object, not a function with a ``styles`` attribute: a compiled module's functions take
    no attributes (``simcore.core.native``).
    """

    def __init__(
        self,
        game_id: str,
        policy_class: Any,
        styles: tuple[str, ...],
        weights: Any = None,
        docs: dict[str, str] | None = None,
    ) -> None:
        self.game_id, self.policy_class, self.styles = game_id, policy_class, tuple(styles)
        self.weights, self.docs = weights, dict(docs or {})

    def __call__(self, game: Any, **options: Any) -> Any:
        """The heuristic of the chosen style (``style`` and, with weights, each weight)."""
        policy = f"{self.game_id} heuristic"
        if not self.weights:
            return self.policy_class(choose_style(policy, options, self.styles))
        import dataclasses

        style = choose_style(policy, {"style": options.get("style", self.styles[0])}, self.styles)
        base = self.weights[style]
        fields = {f.name: float for f in dataclasses.fields(base)}
        changed = {k: v for k, v in options.items() if k != "style"}
        check_options(policy, changed, fields)
        if not changed:
            return self.policy_class(style)
        return self.policy_class(
            style, dataclasses.replace(base, **{k: float(v) for k, v in changed.items()})
        )
