"""The ``boardlab`` command (DESIGN §6): the composition root of all layers; each subcommand
is a module of ``boardlab.commands``.

Exit codes: 0 success, 1 a check failed (drift), 2 bad input, 70 internal error, 74 an I/O
error such as a full disk (finished chunks are kept: rerun with --resume), 75 a worker process
died or the Dask cluster was lost (likewise), 130 interrupted.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
import traceback
import warnings
from collections.abc import Sequence
from typing import Any

from boardlab.commands import COMMANDS
from simcore.core.errors import BoardlabError, ConfigError, WorkerLostError

EXIT_OK, EXIT_CHECK_FAILED, EXIT_BAD_INPUT, EXIT_INTERNAL, EXIT_INTERRUPTED = 0, 1, 2, 70, 130
EXIT_WORKER_LOST = 75  # EX_TEMPFAIL: try again (with --resume)
EXIT_IO = 74  # EX_IOERR: the disk is full or failed; finished chunks are kept
EXIT_CODES_HELP = """exit codes:
  0    success
  1    a check failed (drift)
  2    bad input (one line naming the problem)
  70   internal error (--debug shows the traceback)
  74   I/O error (e.g. disk full): finished chunks are kept, free space and --resume
  75   a worker process died or the Dask cluster was lost: finished chunks are kept, --resume
  130  interrupted: finished chunks are kept, --resume"""
INTERRUPTED = "boardlab: interrupted (finished chunks are kept; rerun with --resume)"


class _Parser(argparse.ArgumentParser):
    """argparse that reports bad arguments as one line with exit code 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise ConfigError(f"{self.prog}: {message}")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser of every subcommand; given ``command``, the other commands get no
    arguments (adding them imports their feature: drift imports scipy, and importing everything
    cost ~1 s of every invocation, even ``--help``)."""
    parser = _Parser(
        prog="boardlab",
        description="Board-game balance analysis by simulation.",
        epilog=EXIT_CODES_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--debug", action="store_true", help="show tracebacks")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for name, module in COMMANDS.items():
        p = sub.add_parser(
            name,
            help=module.HELP,
            description=module.HELP,
            epilog=module.EXAMPLES,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        if command is None or command == name:
            module.add_arguments(p)
    return parser


def _command_of(argv: Sequence[str]) -> str:
    """The subcommand named in ``argv`` ('' if none): its first word that is not an option
    (the only top-level option, ``--debug``, takes no value)."""
    return next((a for a in argv if not a.startswith("-")), "")


def _dispatch(args: argparse.Namespace) -> int:
    from simcore.core import registry

    allowed = getattr(args, "allow_import", False) or _allowed_by_env()
    with registry.imports_allowed(allowed):
        return int(COMMANDS[args.command].run(args))


def _allowed_by_env() -> bool:
    """``BOARDLAB_ALLOW_IMPORT=1``: the user's own setting, like ``--allow-import``."""
    from simcore.engine.sweep.config import ALLOW_IMPORT_ENV

    value = os.environ.get(ALLOW_IMPORT_ENV, "")
    if value not in ("", "0", "1"):
        raise ConfigError(f"{ALLOW_IMPORT_ENV}={value!r}: expected 1 (allow) or 0")
    return value == "1"


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``boardlab`` console script."""
    argv = list(sys.argv[1:] if argv is None else argv)
    debug = "--debug" in argv
    command = _command_of(argv)
    # joblib warns on stderr about an interrupted sweep's tasks (finished ones dropped, running
    # ones cancelled; which one depends on timing): the one line below says what happened
    warnings.filterwarnings("ignore", message=r".*tasks have been successfully executed")
    warnings.filterwarnings("ignore", message=r".*tasks which were still being processed")
    try:
        args = build_parser(command).parse_args(argv)
        return _dispatch(args)
    except BoardlabError as exc:
        if debug:
            traceback.print_exc()
        print(f"boardlab: error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except WorkerLostError as exc:
        print(f"boardlab: {exc}; finished chunks are kept: rerun with --resume", file=sys.stderr)
        return EXIT_WORKER_LOST
    except KeyboardInterrupt:
        print(INTERRUPTED, file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        return EXIT_OK
    except OSError as exc:  # a full disk, a failing one, a folder gone mid-run
        if debug:
            traceback.print_exc()
        print(f"boardlab: I/O error: {_os_error(exc)}{_resume_hint(command)}", file=sys.stderr)
        return EXIT_IO
    except Exception as exc:
        if debug:
            traceback.print_exc()
        print(
            f"boardlab: internal error: {type(exc).__name__}: {exc} "
            "(run with --debug for the traceback)",
            file=sys.stderr,
        )
        return EXIT_INTERNAL


def _os_error(exc: OSError) -> str:
    """``No space left on device: 'runs/x/games/part-....parquet'`` in one line."""
    text = exc.strerror or str(exc) or type(exc).__name__
    return f"{text}: {str(exc.filename)!r}" if exc.filename else text


def _resume_hint(command: str) -> str:
    """What to do after a full disk: the commands that keep finished work say how to go on."""
    if command in ("sweep", "tune", "compare", "playtest"):
        return "; finished work is kept: free space, then rerun with --resume"
    if command in ("demo", "feel"):
        return "; finished work is kept: free space, then run the same command again"
    return ""


def _exit_interrupted(signum: int, frame: Any) -> None:
    """Ctrl-C once ``main`` has returned (joining worker threads, running exit handlers): the
    same one line and exit 130 at once, not a traceback from ``threading._shutdown``."""
    with contextlib.suppress(Exception):  # a closed or broken stdout must not stop the exit
        sys.stdout.flush()
    os.write(2, (INTERRUPTED + "\n").encode())
    os._exit(EXIT_INTERRUPTED)


def entry() -> int:
    """The console script: ``main`` with Ctrl-C at any moment ending in one line and 130."""
    # A Ctrl-C while the interpreter shuts down ends the process at once (below); loky's
    # resource tracker, a child process, then frees the workers' semaphores itself and would
    # say so on stderr as "leaked" objects: the interruption is already said in one line.
    quiet = "ignore:resource_tracker:UserWarning"
    os.environ["PYTHONWARNINGS"] = ",".join(filter(None, [os.environ.get("PYTHONWARNINGS"), quiet]))
    # From main's return to the process's end (interpreter shutdown joins threads and runs
    # atexit handlers: loky's, Dask's) a Ctrl-C exits at once with the same line. The handler
    # is installed inside the try: a Ctrl-C just before it takes effect (it once came in
    # signal.signal itself, after the try, and printed a traceback) is caught below.
    try:
        code = main()
        signal.signal(signal.SIGINT, _exit_interrupted)
    except KeyboardInterrupt:  # between main's handlers (e.g. while printing an error)
        print(INTERRUPTED, file=sys.stderr)
        code = EXIT_INTERRUPTED
        signal.signal(signal.SIGINT, _exit_interrupted)
    return code


if __name__ == "__main__":
    sys.exit(entry())
