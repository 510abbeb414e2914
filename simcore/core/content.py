"""Reading game data files: one clear ``ContentError`` naming the file for any problem."""

from __future__ import annotations

import dataclasses
import os
import stat
import tomllib
from pathlib import Path
from typing import Any

from simcore.core.errors import ContentError

MAX_CONTENT_BYTES = 1 << 20  # a data file larger than 1 MiB is not a game's content


def read_toml(path: str | Path) -> dict[str, Any]:
    """Parse a TOML data file; ``ContentError`` if it is missing, not a regular file (a
    device such as /dev/zero would be read forever), over ``MAX_CONTENT_BYTES``, not UTF-8 or
    not valid TOML."""
    try:
        with open(path, "rb") as fh:
            info = os.fstat(fh.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise ContentError(f"{path}: not a regular file")
            data = fh.read(MAX_CONTENT_BYTES + 1)
        if len(data) > MAX_CONTENT_BYTES:
            raise ContentError(
                f"{path}: larger than {MAX_CONTENT_BYTES:,} bytes (the limit of a content file)"
            )
        return tomllib.loads(data.decode("utf-8"))
    except FileNotFoundError:
        raise ContentError(f"{path}: file not found") from None
    except IsADirectoryError:
        raise ContentError(f"{path}: is a folder, not a TOML file") from None
    except UnicodeDecodeError as exc:
        raise ContentError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{path}: not valid TOML: {exc}") from None
    except OSError as exc:
        raise ContentError(f"{path}: cannot read ({exc.strerror or exc})") from None


def reduce_frozen(obj: Any) -> tuple[Any, tuple[Any, ...]]:
    """``__reduce__`` of a frozen content dataclass: rebuilt by its constructor. A compiled
    frozen class cannot be restored field by field (its ``__setattr__`` refuses)."""
    return type(obj), tuple(getattr(obj, f.name) for f in dataclasses.fields(obj))
