"""A run keeps a copy of the content files its cells name, and is read with that copy only.

A sweep whose cells name a cards file or content folder outside the packaged data copies it
into ``<run>/content/`` when the run starts and lists the copy in the manifest
(``content_files``: original path -> path in the run). Whoever rebuilds a game from the run
later (``replay``, example games in reports) reads the copy: the run can be moved to another
machine, and run data can never make boardlab read a file outside the run folder and the
packaged data (a manifest naming ``/etc/passwd`` as a cards file is refused by name).
"""

from __future__ import annotations

import hashlib
import re
import shutil
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from simcore.core.content import MAX_CONTENT_BYTES, read_regular
from simcore.core.errors import RunDirError
from simcore.core.params import PATH_SUFFIXES

FOLDER = "content"
COPY = re.compile(r"content/[0-9a-f]{12}(/[A-Za-z0-9_][A-Za-z0-9_.-]{0,99})?")
MAX_FILES = 100  # files of one content folder


def packaged_root() -> Path:
    """The folder of the games' packaged data (``simcore/games``)."""
    import simcore.games

    return Path(simcore.games.__file__).resolve().parent


def is_packaged(path: str) -> bool:
    """Whether ``path`` lies in the packaged game data."""
    return Path(path).resolve().is_relative_to(packaged_root())


def content_paths(params: Mapping[str, Any]) -> Iterable[tuple[str, str]]:
    """``(name, path)`` of every content file or folder a cell's parameters name."""
    for key, value in params.items():
        if key.endswith(PATH_SUFFIXES) and isinstance(value, str) and value:
            yield key, value


def snapshot_content(run_dir: Path, cells: Iterable[Mapping[str, Any]]) -> dict[str, str]:
    """Copy each outside content file or folder the cells name into ``run_dir/content``;
    returns ``{original path: copy's path relative to the run}``."""
    copies: dict[str, str] = {}
    for params in cells:
        for _, path in content_paths(params):
            if path in copies or is_packaged(path):
                continue
            copies[path] = _copy(Path(path), run_dir)
    return copies


def _copy(source: Path, run_dir: Path) -> str:
    key = hashlib.sha256(str(source).encode()).hexdigest()[:12]
    target = run_dir / FOLDER / key
    if target.exists():
        shutil.rmtree(target)  # a copy left by a run start that did not finish
    target.mkdir(parents=True)
    if source.is_dir():
        files = sorted(p for p in source.iterdir() if p.is_file())
        for f in files[:MAX_FILES]:
            (target / f.name).write_bytes(read_regular(f, MAX_CONTENT_BYTES))
        return f"{FOLDER}/{key}"
    (target / source.name).write_bytes(read_regular(source, MAX_CONTENT_BYTES))
    return f"{FOLDER}/{key}/{source.name}"


def reader_params(
    run_dir: Path, manifest: Mapping[str, Any], params: Mapping[str, Any], where: str
) -> dict[str, Any]:
    """A cell's parameters as a reader may use them: each content path is the packaged data
    or the run's own copy; ``RunDirError`` naming the field for any other path."""
    copies = manifest.get("content_files", {})
    out = dict(params)
    for key, path in content_paths(params):
        if path in copies:
            out[key] = str(_copy_in_run(run_dir, copies[path], f"{where}.{key}"))
        elif not is_packaged(path):
            raise RunDirError(
                f"{where}.{key} names {path[:80]!r}, outside the run folder and the packaged "
                "data; boardlab reads content from those only (a run made before 0.2 kept no "
                "copy: sweep it again)"
            )
    return out


def _copy_in_run(run_dir: Path, relative: str, where: str) -> Path:
    if not isinstance(relative, str) or not COPY.fullmatch(relative):
        raise RunDirError(f"{where}: {str(relative)[:60]!r} is not a content copy of the run")
    here = run_dir
    for part in Path(relative).parts:
        here = here / part
        if here.is_symlink():
            raise RunDirError(f"{here}: a symbolic link; a run's content copy is read in place")
    if not here.exists():
        raise RunDirError(f"{where}: the run's content copy {relative!r} is missing")
    return here
