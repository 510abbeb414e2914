"""``--storage`` checked before any game is played, and a storage that fails while opening
said in one line: a URL that is not one, a database kind or driver not here, a SQLite path
that is a folder, a read-only place, a file that is not a SQLite database, an in-memory
database (it keeps nothing, so neither a second process nor ``--resume`` could use it)."""

from __future__ import annotations

import errno
from pathlib import Path

from simcore.core.errors import ConfigError, RunDirError

SQLITE_HEADER = b"SQLite format 3\x00"
EXAMPLE = "sqlite:///path/study.db or postgresql+psycopg2://user@host/db"


def check_storage(url: str) -> None:
    """``ConfigError`` naming what is wrong with a ``--storage`` URL."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, NoSuchModuleError

    shown = f"--storage {redact(url)!r}"
    try:
        parsed = make_url(url)
    except (ArgumentError, ValueError):
        raise ConfigError(f"{shown} is not a database URL (e.g. {EXAMPLE})") from None
    try:
        dialect = parsed.get_dialect()
    except NoSuchModuleError:
        raise ConfigError(
            f"{shown}: {parsed.drivername!r} is not a database kind SQLAlchemy knows "
            f"(e.g. {EXAMPLE})"
        ) from None
    try:
        dialect.import_dbapi()
    except ImportError as exc:
        raise ConfigError(
            f"{shown}: the driver of {parsed.drivername!r} is not installed ({exc.name or exc}); "
            "install it with pip"
        ) from None
    if parsed.get_backend_name() == "sqlite":
        check_sqlite_file(parsed.database or "", shown)


def check_sqlite_file(database: str, shown: str) -> None:
    """A SQLite study file: a real path, not a folder, a SQLite database if it exists, in a
    folder where a file can be written."""
    from simcore.engine.run.outputs import check_output_file

    if database in ("", ":memory:") or database.startswith("file::memory:"):
        raise ConfigError(
            f"{shown}: an in-memory database keeps nothing (no --resume, no second process); "
            "name a file, or leave --storage out for SQLite in the run folder"
        )
    path = Path(database)
    if path.exists():
        check_sqlite_header(path, shown)
    check_output_file(path, "--storage", make_folder=False)


def check_sqlite_header(path: Path, shown: str) -> None:
    """``ConfigError`` unless ``path`` is a regular file that starts as a SQLite database."""
    from simcore.core.content import read_regular

    if path.is_dir():
        raise ConfigError(f"{shown}: {str(path)!r} is a folder, not a database file")
    head = read_regular(path, 0, ConfigError, "a study database", head=16)
    if head and head != SQLITE_HEADER:
        raise ConfigError(f"{shown}: {str(path)!r} is not a SQLite database")
    if head and not _optuna_tables(path):
        raise ConfigError(
            f"{shown}: {str(path)!r} is a SQLite database but not an Optuna study's; "
            "boardlab changes nothing in it"
        )


def _optuna_tables(path: Path) -> bool:
    """Whether a SQLite file is empty or holds Optuna's tables (read only: a database of
    something else must not get Optuna's tables added to it)."""
    import sqlite3

    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as con:
            names = {r[0] for r in con.execute("select name from sqlite_master where type='table'")}
    except sqlite3.Error:
        return False
    return not names or {"studies", "trials", "version_info"} <= names


def open_failed(exc: BaseException, url: str) -> Exception:
    """The one-line error for a storage that fails (an ``OSError`` with ENOSPC for a full
    disk: exit 74 with the ``--resume`` hint)."""
    text = " ".join(str(getattr(exc, "orig", None) or exc).split())[:200]
    if "disk is full" in text or "No space left" in text:
        return OSError(errno.ENOSPC, "No space left on device", redact(url))
    if "disk I/O error" in text:  # SQLite's word for a write the OS refused (EFBIG, EIO)
        return OSError(errno.EIO, "disk I/O error", redact(url))
    return RunDirError(f"study database {redact(url)}: {text}")


def redact(url: str) -> str:
    """A storage URL without its password."""
    head, at, tail = url.rpartition("@")
    if not at:
        return url
    scheme, _, cred = head.partition("://")
    return f"{scheme}://{cred.split(':')[0]}:***@{tail}"


def storage_errors() -> tuple[type[BaseException], ...]:
    """What opening or using an RDB storage raises for a bad or failing database."""
    import optuna
    from sqlalchemy.exc import SQLAlchemyError

    return (SQLAlchemyError, optuna.exceptions.StorageInternalError, RuntimeError)
