"""Output paths checked before any work: a measurement of minutes must not end in "cannot
write" (exit 2 at once instead), and a file named from run data must stay under ``--out``."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from simcore.core.errors import ConfigError
from simcore.engine.run.trust import RUN_NAME


def check_output_file(path: str | Path, flag: str, *, make_folder: bool = False) -> Path:
    """``ConfigError`` unless a file can be written at ``path``: not a folder, not a link, in
    a folder that exists (or, with ``make_folder``, can be made) and takes a new file."""
    target = Path(path)
    if target.is_symlink():
        raise ConfigError(
            f"{flag} {str(target)!r} is a symbolic link; boardlab writes no file through one"
        )
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
    if target.is_symlink():
        raise ConfigError(f"{flag}: {str(target)!r} is a symbolic link; refused")
    if target.resolve().parent != folder.resolve():
        raise ConfigError(f"{flag}: {str(target)!r} resolves outside {str(folder)!r}; refused")
    return target


def check_no_links(root: str | Path, path: str | Path, flag: str) -> Path:
    """``path`` (``root`` or a path under it) if nothing below ``root`` on the way to it is a
    symbolic link, nor anything inside it: whatever boardlab writes there lands there, not
    wherever a link planted in ``--out`` points. ``root`` itself is the user's choice."""
    root, path = Path(root), Path(path)
    try:
        parts = path.relative_to(root).parts
    except ValueError:
        raise ConfigError(f"{flag}: {str(path)!r} is not inside {str(root)!r}; refused") from None
    if ".." in parts:
        raise ConfigError(f"{flag}: {str(path)!r} leaves {str(root)!r}; refused")
    here = root
    for part in parts:
        here = here / part
        if here.is_symlink():
            raise ConfigError(_link(flag, here))
    if path.is_dir() and parts:
        for folder, dirs, files in os.walk(path):
            for name in (*dirs, *files):
                if os.path.islink(os.path.join(folder, name)):
                    raise ConfigError(_link(flag, Path(folder) / name))
    return path


def _link(flag: str, where: Path) -> str:
    return (
        f"{flag}: {str(where)!r} is a symbolic link; boardlab writes nothing through a link "
        "inside its output folder (remove it, or choose another --out)"
    )


def deprecated(old: str, new: str) -> None:
    """One stderr line: the spelling ``old`` still works in this version; ``new`` replaces it."""
    print(
        f"boardlab: note: {old} is deprecated and works until boardlab 0.2: use {new}",
        file=sys.stderr,
        flush=True,
    )


def folder_and_name(out: str | None, name: str | None) -> tuple[str | None, str | None]:
    """``--out`` is a folder and ``--name`` a file name in it; ``--out FILE.html`` (the
    spelling before 0.2) is read as ``--out FOLDER --name FILE.html``, with a note."""
    if out is not None and out.endswith(".html"):
        if name is not None:
            raise ConfigError(f"--out {out!r} and --name {name!r}: --out is the folder")
        deprecated("--out FILE.html", "--out FOLDER --name FILE.html")
        return str(Path(out).parent), Path(out).name
    if name is not None and (Path(name).name != name or not name.endswith(".html")):
        raise ConfigError(f"--name {name!r}: expected a plain file name ending in .html")
    return out, name
