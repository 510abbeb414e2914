"""Reading game data files: one clear ``ContentError`` naming the file for any problem."""

from __future__ import annotations

import dataclasses
import tomllib
from pathlib import Path
from typing import Any

from simcore.errors import ContentError


def read_toml(path: str | Path) -> dict[str, Any]:
    """Parse a TOML data file; ``ContentError`` if it is missing or not valid TOML."""
    try:
        with open(path, "rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise ContentError(f"{path}: file not found") from None
    except IsADirectoryError:
        raise ContentError(f"{path}: is a folder, not a TOML file") from None
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{path}: not valid TOML: {exc}") from None


def reduce_frozen(obj: Any) -> tuple[Any, tuple[Any, ...]]:
    """``__reduce__`` of a frozen content dataclass: rebuilt by its constructor. A compiled
    frozen class cannot be restored field by field (its ``__setattr__`` refuses)."""
    return type(obj), tuple(getattr(obj, f.name) for f in dataclasses.fields(obj))
