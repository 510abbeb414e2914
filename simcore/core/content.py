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


def read_regular(
    path: str | Path,
    limit: int,
    error: type[Exception] = ContentError,
    what: str = "a file",
    head: int | None = None,
) -> bytes:
    """The bytes of ``path``, a regular file of at most ``limit`` bytes (with ``head``: its
    first ``head`` bytes, whatever its size); ``error`` naming the file otherwise. Opened
    without blocking and checked on the open file: a FIFO put in its place (or swapped in
    after a check) answers at once instead of waiting for a writer, and a device such as
    /dev/zero is not read forever. Missing files raise ``FileNotFoundError``."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(path, flags)
    with os.fdopen(fd, "rb") as fh:
        info = os.fstat(fh.fileno())
        if stat.S_ISDIR(info.st_mode):
            raise error(f"{path}: is a folder, not {what}")
        if not stat.S_ISREG(info.st_mode):
            raise error(f"{path}: not a regular file (a pipe or a device is not {what})")
        if head is not None:
            return fh.read(head)
        if info.st_size > limit:
            raise error(f"{path}: {info.st_size:,} bytes; {what} is at most {limit:,}")
        data = fh.read(limit + 1)
    if len(data) > limit:
        raise error(f"{path}: larger than {limit:,} bytes; {what} is at most {limit:,}")
    return data


def read_toml(path: str | Path) -> dict[str, Any]:
    """Parse a TOML data file; ``ContentError`` if it is missing, not a regular file (a
    device such as /dev/zero would be read forever), over ``MAX_CONTENT_BYTES``, not UTF-8 or
    not valid TOML."""
    try:
        data = read_regular(path, MAX_CONTENT_BYTES, ContentError, "a TOML file")
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
