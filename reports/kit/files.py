"""Writing a report file: atomically, readable by others (every page of ``reports`` uses it)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from simcore.core.errors import ConfigError


def write_report(html: str, path: str | Path) -> Path:
    """Write ``html`` to ``path`` atomically (temporary file in the same folder, then rename)."""
    target = Path(path)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise ConfigError(
            f"cannot write the report {str(target)!r}: {exc.strerror or exc}"
        ) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(html)
            fh.flush()
            os.fsync(fh.fileno())
        # mkstemp creates 0600 files; a report is meant to be shared, so use the umask.
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return target
