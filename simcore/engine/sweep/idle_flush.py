"""Write a sweep's finished chunks on time even while no other chunk arrives.

The parent buffers finished chunks and writes them when the next one arrives after
``SAVE_SECONDS``. In a sweep whose last cheap chunks finish while slow (search) chunks still
run, nothing may arrive for many minutes, and a hard kill would lose the buffered work; this
thread writes such a buffer once it is due.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


@contextmanager
def idle_flush(sweep: Any, every: float) -> Iterator[None]:
    """Call ``sweep.flush_due()`` every ``every`` seconds while the block runs; an error is
    kept in ``sweep.flush_error`` for the main thread to raise."""
    stop = threading.Event()

    def loop() -> None:
        while not stop.wait(every):
            try:
                sweep.flush_due()
            except BaseException as exc:  # handed to the main thread, raised there
                sweep.flush_error = exc
                return

    thread = threading.Thread(target=loop, name="sweep-idle-flush", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()
