"""Output paths checked before any work: a measurement of minutes must not end in "cannot
write" (exit 2 at once instead), and a file named from run data must stay under ``--out``."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from simcore.core.errors import ConfigError
from simcore.engine.run.trust import RUN_NAME


def check_output_file(path: str | Path, flag: str, *, make_folder: bool = False) -> Path:
    """``ConfigError`` unless a file can be written at ``path``: not a folder, in a folder
    that exists (or, with ``make_folder``, can be made) and takes a new file."""
    target = Path(path)
    if target.is_dir():
        raise ConfigError(f"{flag} {str(target)!r} is a folder, not a file")
    check_output_folder(target.parent, flag, make=make_folder, shown=str(target))
    return target


def check_output_folder(
    folder: str | Path, flag: str, *, make: bool = True, shown: str | None = None
) -> Path:
    """``ConfigError`` unless files can be written in ``folder`` (made first with ``make``):
    a new file is really created and removed, which is what answers for read-only file
    systems and for root, whom permission bits do not stop."""
    folder = Path(folder)
    shown = shown or str(folder)
    if folder.exists() and not folder.is_dir():
        raise ConfigError(f"{flag} {shown!r}: {str(folder)!r} is a file, not a folder")
    try:
        if make:
            folder.mkdir(parents=True, exist_ok=True)
        elif not folder.is_dir():
            raise ConfigError(f"{flag} {shown!r}: folder {str(folder)!r} does not exist")
        fd, probe = tempfile.mkstemp(prefix=".boardlab-probe-", dir=folder)
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        raise ConfigError(
            f"{flag} {shown!r}: cannot write in {str(folder)!r} ({exc.strerror or exc})"
        ) from None
    return folder


def file_in(folder: Path, name: str, suffix: str, flag: str) -> Path:
    """``folder/<name><suffix>`` for a plain ``name`` (one that cannot leave ``folder``);
    ``ConfigError`` for any other name."""
    if not RUN_NAME.fullmatch(name) or ".." in name:
        raise ConfigError(
            f"{flag}: {name[:60]!r} is not a plain file name (letters, digits, "
            "'.', '_', '-'); refused"
        )
    target = folder / f"{name}{suffix}"
    if target.resolve().parent != folder.resolve():
        raise ConfigError(f"{flag}: {str(target)!r} resolves outside {str(folder)!r}; refused")
    return target
