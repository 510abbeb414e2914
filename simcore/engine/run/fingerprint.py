"""Content fingerprints of everything that decides a sweep's tables, for safe resumes.

A run directory records, by content hash: the game's rule code and data files, every data file
a cell's parameters name (``*_file`` / ``*_dir``), the policy code, the code that plays a game
(``simcore.core`` and ``simcore.engine.play``: the API, seeds, chance streams and the runner),
and the versions of boardlab and the game. The command line, the sweep machinery, analyses,
reports and docs are not fingerprinted: they do not decide a game, so editing them never blocks
a resume. ``--resume`` with any of them changed is refused (exit 2,
naming what changed): a half-finished run never mixes two rule sets.
"""

from __future__ import annotations

import hashlib
import inspect
import os
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from simcore.core.errors import RunDirError
from simcore.engine.run.provenance import versions

SOURCE_SUFFIXES = (".py", ".toml", ".json")


# A file's digest by (path, size, mtime, inode). A file written within the last RACY_SECONDS is
# hashed again every time: file times are kept at the kernel's tick, so an edit that keeps the
# size may not move them (git's "racily clean" entries). Reading and hashing the engine's, the
# policies' and a game's files took 3.4 ms of every sweep; with the digests kept, 1.3-2.2 ms.
_DIGESTS: dict[tuple[str, int, int, int], bytes] = {}
RACY_SECONDS = 2.0


def digest_paths(paths: Iterable[Path]) -> str:
    """sha256 (16 hex digits) over the names and bytes of ``paths`` (files, or folders walked)."""
    h = hashlib.sha256()
    # Strings, not Paths, ordered as Paths order (by their parts): Path objects made, compared
    # and stat'ed cost most of the 2.6 ms this took per sweep.
    for path in sorted(_files(paths), key=_parts):
        h.update(os.path.basename(path).encode())
        h.update(_file_digest(path))
    return h.hexdigest()[:16]


def _parts(path: str) -> list[str]:
    return path.split(os.sep)


def _file_digest(path: str) -> bytes:
    st = os.stat(path)
    key = (path, st.st_size, st.st_mtime_ns, st.st_ino)
    digest = _DIGESTS.get(key)
    if digest is None:
        with open(path, "rb") as fh:
            digest = hashlib.sha256(fh.read()).digest()
        if time.time() - st.st_mtime > RACY_SECONDS:
            _DIGESTS[key] = digest
    return digest


def _files(paths: Iterable[Path]) -> list[str]:
    out: list[str] = []
    for path in map(os.fspath, paths):
        if os.path.isdir(path):
            for folder, dirs, names in os.walk(path):
                dirs[:] = [d for d in dirs if d != "__pycache__"]
                out += [os.path.join(folder, n) for n in names if n.endswith(SOURCE_SUFFIXES)]
        elif os.path.isfile(path):
            out.append(path)
    return out


def package_dir(obj: Any) -> Path:
    """Folder of the package that defines ``obj`` (a class or a module)."""
    return Path(inspect.getfile(obj)).resolve().parent


def fingerprint(game: Any, cell_params: Iterable[dict[str, Any]]) -> dict[str, str]:
    """Named content hashes and versions of every input that changes a sweep's behaviour."""
    import simcore.core
    import simcore.engine.play
    import strategies

    playing = [package_dir(simcore.core), package_dir(simcore.engine.play)]
    out = {
        "boardlab": versions()["boardlab"],
        "game_version": f"{game.spec.id} v{game.spec.version}",
        "game_code": digest_paths([package_dir(type(game))]),
        "policy_code": digest_paths([package_dir(strategies)]),
        "engine_code": digest_paths(playing),
    }
    named: set[str] = set()
    for params in cell_params:
        for key, value in params.items():
            if key.endswith(("_file", "_dir")) and isinstance(value, str) and value:
                named.add(value)
    for value in sorted(named):
        path = Path(value)
        out[f"data {value}"] = digest_paths([path]) if path.exists() else "missing"
    return out


def check_same(stored: dict[str, str] | None, now: dict[str, str], run_dir: Path) -> None:
    """``RunDirError`` naming what changed since the run was started."""
    if stored is None:
        raise RunDirError(
            f"{run_dir} was started by a boardlab without content fingerprints; its inputs "
            "cannot be checked, so it cannot be resumed: start it again under another name"
        )
    changed = [k for k in sorted(set(stored) | set(now)) if stored.get(k) != now.get(k)]
    if changed:
        raise RunDirError(
            f"{run_dir} cannot be resumed: changed since it started: {', '.join(changed)} "
            "(the finished games used the old inputs); start it again under another name"
        )
