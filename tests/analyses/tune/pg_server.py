"""A throwaway PostgreSQL server for the storage test (the Debian package's initdb/pg_ctl;
run as the ``postgres`` user when the test runs as root, as initdb refuses root)."""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import subprocess
from collections.abc import Iterator
from pathlib import Path


def pg_bin(name: str) -> str | None:
    """Path of a PostgreSQL program (PATH, /usr/local/bin, /usr/lib/postgresql/*/bin)."""
    found = shutil.which(name) or shutil.which(name, path="/usr/local/bin")
    if found:
        return found
    hits = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return hits[-1] if hits else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def postgres(folder: Path) -> Iterator[str]:
    """Start a server with its data and socket in ``folder``; yield its SQLAlchemy URL."""
    initdb, pg_ctl = pg_bin("initdb"), pg_bin("pg_ctl")
    assert initdb and pg_ctl, "PostgreSQL is not installed (.ci/run installs it)"
    as_user: list[str] = []
    if os.geteuid() == 0:
        as_user = ["runuser", "-u", "postgres", "--"]
        folder.chmod(0o777)
        for parent in folder.parents:  # postgres must reach the folder
            if str(parent) in ("/", "/tmp"):
                break
            parent.chmod(parent.stat().st_mode | 0o011)
    data, sock = folder / "data", folder / "sock"
    sock.mkdir()
    sock.chmod(0o777)
    port = _free_port()
    subprocess.run(
        [*as_user, initdb, "-D", str(data), "-A", "trust", "-U", "postgres"],
        check=True,
        capture_output=True,
    )
    opts = f"-k {sock} -p {port} -c listen_addresses=''"
    subprocess.run(
        [
            *as_user,
            pg_ctl,
            "-D",
            str(data),
            "-o",
            opts,
            "-w",
            "-l",
            str(folder / "log.txt"),
            "start",
        ],
        check=True,
        capture_output=True,
    )
    try:
        yield f"postgresql+psycopg2://postgres@/postgres?host={sock}&port={port}"
    finally:
        subprocess.run(
            [*as_user, pg_ctl, "-D", str(data), "-m", "fast", "-w", "stop"], capture_output=True
        )
