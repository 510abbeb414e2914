"""Worker processes end promptly when the sweep process that started them dies.

A SIGKILL of a running sweep kills the parent only; without this its loky workers finish their
chunks (minutes of CPU, holding the parent's stdout/stderr) before noticing. Each worker arms
itself once, on its first chunk: Linux ``prctl(PR_SET_PDEATHSIG, SIGTERM)``, elsewhere a
watchdog thread that polls the parent pid. The main process is never armed (a sweep started
with ``nohup`` must outlive its shell), nor are Dask workers (their nanny owns their life).
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time

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
        return libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGTERM), 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(POLL_SECONDS)
    os._exit(1)
