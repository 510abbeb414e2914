"""Frozen, validated parameter objects: every rule number of a game is a field."""

from __future__ import annotations

import dataclasses
import difflib
import functools
import hashlib
import json
import math
import types
import typing
from collections.abc import Mapping
from typing import Any, ClassVar, Literal, get_args, get_origin

from simcore.core.errors import ConfigError

# Every number of a rule parameter, whatever its declared range: at most this in size, and
# finite. Scores and counts built from parameters are stored in int64 columns; 10^9 leaves
# room for a game's sums and products of them (10^23 ended in an overflow at the Parquet write).
MAX_MAGNITUDE = 10**9
PATH_SUFFIXES = ("_file", "_dir")  # a parameter so named points at a content file or folder


def file_params(params: Mapping[str, Any] | None) -> str:
    """`` (parameter cards_file=my/cards.toml)``: the content files a set of parameters names,
    so a content error says which role its file plays (empty when it names none)."""
    named = [f"{k}={v}" for k, v in (params or {}).items() if k.endswith(PATH_SUFFIXES) and v]
    return f" (parameter {', '.join(named)})" if named else ""


def param(
    default: Any,
    doc: str = "",
    *,
    choices: tuple[Any, ...] | None = None,
    ge: float | None = None,
    le: float | None = None,
    assumption: bool = False,
) -> Any:
    """Declare a parameter field with its documentation and allowed range."""
    meta = {"doc": doc, "choices": choices, "ge": ge, "le": le, "assumption": assumption}
    return dataclasses.field(default=default, metadata=meta)


@dataclasses.dataclass(frozen=True)
class Params:
    """Base of every game's parameters; subclasses are frozen dataclasses of ``param`` fields."""

    game_id: ClassVar[str] = "game"

    def __post_init__(self) -> None:
        owner: type = type(self)  # as `type`: mypy takes type[Params] for an unhashable key
        hints = _hints(owner)
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            _check_field(f, hints[f.name], value, self.game_id)
        self.validate()

    def validate(self) -> None:
        """Cross-field checks; raise ``ConfigError`` naming the offending key."""

    @classmethod
    def field_names(cls) -> list[str]:
        """Names of all parameters, in declaration order."""
        return [f.name for f in dataclasses.fields(cls)]

    @classmethod
    def from_overrides(cls, overrides: Mapping[str, Any] | None = None) -> Params:
        """Build from defaults plus ``overrides`` (e.g. a TOML table), coercing and checking."""
        overrides = dict(overrides or {})
        allowed = cls.field_names()
        unknown = sorted(set(overrides) - set(allowed))
        if unknown:
            close = difflib.get_close_matches(unknown[0], allowed, n=3)
            hint = f"did you mean {', '.join(close)}? " if close else ""
            raise ConfigError(
                f"unknown parameter {unknown[0]!r} for game {cls.game_id!r}; "
                f"{hint}allowed: {', '.join(allowed)}"
            )
        owner: type = cls  # as `type`: mypy takes type[Params] for an unhashable key
        hints = _hints(owner)
        coerced = {k: _coerce(v, hints[k]) for k, v in overrides.items()}
        return cls(**coerced)

    def replace(self, **changes: Any) -> Params:
        """A copy with some fields changed (validated)."""
        return type(self).from_overrides({**self.to_dict(), **changes})

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-compatible dict of all fields."""
        return {f.name: _to_plain(getattr(self, f.name)) for f in dataclasses.fields(self)}

    def params_hash(self) -> str:
        """Stable short hash of all parameter values."""
        blob = json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(blob.encode()).hexdigest()[:16]

    @classmethod
    def describe(cls) -> list[dict[str, Any]]:
        """One dict per field: name, default, doc, constraints (for docs and the CLI)."""
        rows = []
        for f in dataclasses.fields(cls):
            rows.append({"name": f.name, "default": _to_plain(f.default), **f.metadata})
        return rows


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    """The resolved field annotations of a params class, resolved once per class (0.6 ms a
    call, twice for every params object: a sweep builds one per cell to check its config, then
    per game object)."""
    return typing.get_type_hints(cls)


def _to_plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_to_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _to_plain(v) for k, v in value.items()}
    return value


def _coerce(value: Any, hint: Any) -> Any:
    """Turn TOML/JSON values into the annotated type (lists to tuples, ints to floats)."""
    origin = get_origin(hint)
    if origin is tuple and isinstance(value, list | tuple):
        args = get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_coerce(v, args[0]) for v in value)
        if len(args) == len(value):
            return tuple(_coerce(v, a) for v, a in zip(args, value, strict=True))
        return tuple(value)
    if origin in (typing.Union, types.UnionType):
        for arg in get_args(hint):
            if arg is not type(None) and _matches(_coerce(value, arg), arg):
                return _coerce(value, arg)
        return value
    if hint is float and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    return value


def _matches(value: Any, hint: Any) -> bool:
    origin = get_origin(hint)
    if hint is Any:
        return True
    if hint is type(None):
        return value is None
    if origin is Literal:
        return value in get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return any(_matches(value, a) for a in get_args(hint))
    if origin is tuple:
        if not isinstance(value, tuple):
            return False
        args = get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_matches(v, args[0]) for v in value)
        return len(args) == len(value) and all(
            _matches(v, a) for v, a in zip(value, args, strict=True)
        )
    if hint is float:
        return isinstance(value, float | int) and not isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, hint)


def _type_name(hint: Any) -> str:
    if get_origin(hint) is Literal:
        return "one of " + ", ".join(repr(a) for a in get_args(hint))
    return getattr(hint, "__name__", None) or str(hint).replace("typing.", "")


def _check_field(f: dataclasses.Field[Any], hint: Any, value: Any, game_id: str) -> None:
    key = f"{game_id}.{f.name}"
    if not _matches(value, hint):
        raise ConfigError(
            f"parameter {key!r} must be {_type_name(hint)}, got {value!r} ({type(value).__name__})"
        )
    _check_magnitude(key, value)
    meta = f.metadata
    choices = meta.get("choices")
    items = value if isinstance(value, tuple) and choices else (value,)
    if choices:
        for item in items:
            if item not in choices:
                raise ConfigError(
                    f"parameter {key!r}: {item!r} is not allowed; "
                    f"allowed: {', '.join(map(str, choices))}"
                )
    if meta.get("ge") is not None and isinstance(value, int | float) and value < meta["ge"]:
        raise ConfigError(f"parameter {key!r} must be >= {meta['ge']}, got {value!r}")
    if meta.get("le") is not None and isinstance(value, int | float) and value > meta["le"]:
        raise ConfigError(f"parameter {key!r} must be <= {meta['le']}, got {value!r}")


def _check_magnitude(key: str, value: Any) -> None:
    """``ConfigError`` for a number (or a tuple's number) that is not finite or over
    ``MAX_MAGNITUDE`` in size."""
    for item in value if isinstance(value, tuple) else (value,):
        if isinstance(item, bool) or not isinstance(item, int | float):
            continue
        if isinstance(item, float) and not math.isfinite(item):
            raise ConfigError(f"parameter {key!r} must be a finite number, got {item!r}")
        if abs(item) > MAX_MAGNITUDE:
            raise ConfigError(
                f"parameter {key!r}: {item!r} is out of range (numbers are at most "
                f"{MAX_MAGNITUDE:,} in size)"
            )


# Compiled rules read their hot parameters from a compiled copy (Ratjack's generated
# ``ParamsMirror``, Lord of Worlds' ``Context``): a params class is not compiled, so
# ``s.params.x`` in compiled code is a lookup by name (~250 instructions). A game builds its
# copy once, with its content.


def params_fields(cls: type, params: Any) -> dict[str, Any]:
    """The fields of dataclass ``cls`` that ``params`` also has, with the params' values."""
    return {
        f.name: getattr(params, f.name) for f in dataclasses.fields(cls) if hasattr(params, f.name)
    }


def params_copy(cls: type, params: Any) -> Any:
    """``cls`` (a frozen dataclass of params fields only) filled from ``params``."""
    return cls(**params_fields(cls, params))
