"""One writer per run folder: an exclusive lock held for the whole life of a sweep or resume.

The lock is ``filelock``'s: an ``flock`` on ``.boardlab.lock`` inside the run folder. The
kernel drops an ``flock`` when its process ends, however it ends, so the lock of a writer
killed with SIGKILL is free at once and the next ``--resume`` takes it over; there is no stale
state to guess about (a lock file left behind is only an empty file). Who holds the lock is
written next to it (``.boardlab.writer.json``: PID, host, start time) so that a second writer
can name it. ``flock`` is local to one machine: two hosts writing one run folder on a network
file system are not kept apart (the README says so).
"""

from __future__ import annotations

import json
import os
import socket
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from simcore.core.errors import RunDirError

LOCK_FILE = ".boardlab.lock"
HOLDER_FILE = ".boardlab.writer.json"
LOCK_NAMES = frozenset({LOCK_FILE, HOLDER_FILE})


class RunLock:
    """The writer's lock of one run folder (``acquire`` / ``release``, or ``with``)."""

    def __init__(self, run_dir: str | Path) -> None:
        self.run_dir = Path(run_dir)
        self._lock: Any = None

    def acquire(self) -> None:
        """Take the lock (creating the run folder) or raise ``RunDirError`` naming the holder."""
        from filelock import FileLock, Timeout

        try:
            self.run_dir.mkdir(parents=True, exist_ok=True)
            lock = FileLock(str(self.run_dir / LOCK_FILE), timeout=0)
            lock.acquire()
        except Timeout:
            raise RunDirError(
                f"{self.run_dir} is being written by {describe_holder(self.run_dir)}; one "
                "writer per run folder: wait for it to finish (or stop it), then --resume"
            ) from None
        except OSError as exc:
            raise RunDirError(
                f"cannot write the run directory {self.run_dir}: {exc.strerror or exc}"
            ) from None
        self._lock = lock
        holder = {
            "pid": os.getpid(),
            "host": socket.gethostname(),
            "since": datetime.now(UTC).isoformat(timespec="seconds"),
        }
        _write_holder(self.run_dir / HOLDER_FILE, holder)

    def release(self) -> None:
        """Drop the lock (and the holder note); harmless when not held."""
        if self._lock is None:
            return
        try:
            (self.run_dir / HOLDER_FILE).unlink(missing_ok=True)
        finally:
            self._lock.release()
            self._lock = None

    def __enter__(self) -> RunLock:
        self.acquire()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def check_not_busy(run_dir: Path) -> None:
    """``RunDirError`` naming the writer when the run folder's lock is held by another
    process (read only: no lock is taken, so a check never gets in a real writer's way). A
    note left by a killed writer is ignored: its lock is free."""
    held = _held_elsewhere(run_dir / LOCK_FILE)
    if held is None:  # no /proc/locks: trust a note naming a live process on this host
        try:
            holder = json.loads((run_dir / HOLDER_FILE).read_text())
            pid, host = int(holder["pid"]), str(holder["host"])
        except (OSError, ValueError, TypeError, KeyError):
            return
        held = host == socket.gethostname() and pid != os.getpid() and _alive(pid)
    if held:
        raise RunDirError(
            f"{run_dir} is being written by {describe_holder(run_dir)}; one writer per run "
            "folder: wait for it to finish (or stop it), then --resume"
        )


def _held_elsewhere(path: Path) -> bool | None:
    """Whether another process holds an ``flock`` on ``path`` (Linux ``/proc/locks``; None
    where that cannot be read). This process's own lock does not count."""
    try:
        info = os.stat(path)
        table = Path("/proc/locks").read_text()
    except FileNotFoundError:
        return False if not path.exists() else None
    except OSError:
        return None
    device = f"{os.major(info.st_dev):02x}:{os.minor(info.st_dev):02x}:{info.st_ino}"
    for line in table.splitlines():
        fields = line.split()
        if "FLOCK" in fields and device in fields:
            pid = fields[fields.index(device) - 1]
            return pid != str(os.getpid())
    return False


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process: alive
        return True
    return pid > 0


def _write_holder(path: Path, holder: dict[str, Any]) -> None:
    """The holder note, replaced atomically (a reader never sees half of it)."""
    tmp = path.with_name(f"{path.name}.tmp{os.getpid()}")
    tmp.write_text(json.dumps(holder))
    os.replace(tmp, path)


def describe_holder(run_dir: Path) -> str:
    """'PID 123 on host h (since ...)' from the holder note, or a plain phrase without one."""
    try:
        holder = json.loads((run_dir / HOLDER_FILE).read_text())
        pid, host, since = int(holder["pid"]), _plain(holder["host"]), _plain(holder["since"])
    except (OSError, ValueError, TypeError, KeyError):
        return "another process (its PID is not recorded yet)"
    return f"PID {pid} on host {host} (since {since})"


def _plain(value: Any) -> str:
    """A short printable rendering of a note's field (the note is a file anyone can edit)."""
    return "".join(c for c in str(value) if c.isprintable())[:80]
