"""Worker processes end promptly when the sweep process that started them dies.

A SIGKILL of a running sweep kills the parent only; without this its loky workers finish their
chunks (minutes of CPU, holding the parent's stdout/stderr) before noticing. Each worker arms
itself once, on its first chunk: Linux ``prctl(PR_SET_PDEATHSIG, SIGTERM)``, elsewhere a
watchdog thread that polls the parent pid. The main process is never armed (a sweep started
with ``nohup`` must outlive its shell), nor are Dask workers (their nanny owns their life).
"""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator

PR_SET_PDEATHSIG = 1
POLL_SECONDS = 1.0
_armed = False


def die_with_parent() -> None:
    """Arm this process to exit when its parent dies (loky workers only; idempotent)."""
    global _armed
    if _armed or not multiprocessing.current_process().name.startswith("LokyProcess"):
        return
    _armed = True
    parent = os.getppid()
    if sys.platform.startswith("linux") and _prctl_deathsig():
        if os.getppid() != parent:  # the parent died before the signal was armed
            os._exit(1)
        return
    threading.Thread(target=_watch, args=(parent,), daemon=True, name="lifeline").start()


def _prctl_deathsig() -> bool:
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        status: int = libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGTERM), 0, 0, 0)
        return status == 0
    except (OSError, AttributeError):
        return False


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(POLL_SECONDS)
    os._exit(1)


@contextlib.contextmanager
def sigint_deferred() -> Iterator[None]:
    """Hold back SIGINT for the block (it arrives when the block ends), and start the worker
    processes started in it with SIGINT ignored.

    A terminal's Ctrl-C goes to the whole process group: a loky worker still importing its
    modules printed a KeyboardInterrupt traceback. Workers have nothing to do on Ctrl-C (the
    sweep stops them and keeps what is finished), so they are started deaf to it, and this
    process takes the held-back signal as usual a few milliseconds later.
    """
    if threading.current_thread() is not threading.main_thread() or not hasattr(
        signal, "pthread_sigmask"
    ):
        yield
        return
    # Blocked first, so that a Ctrl-C in the block waits (Linux keeps a blocked signal
    # pending even while it is ignored); ignored while workers start, since a process spawn
    # keeps an ignored signal ignored but resets the mask, and Python then never installs its
    # KeyboardInterrupt handler in the worker.
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    handler = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, handler)
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)
