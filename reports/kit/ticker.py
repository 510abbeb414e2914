"""A line every few seconds while a long step runs, so a command is never silent for long
(`boardlab demo` writing reports or playing a comparison: a step can take a minute)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

TICK_SECONDS = 8.0  # under the 10 s a user waits before wondering whether anything happens


@contextmanager
def ticking(
    say: Callable[[str], None] | None, what: str, every: float = TICK_SECONDS
) -> Iterator[None]:
    """Say ``what`` now and ``... still <what> (N s)`` every ``every`` seconds until the block
    ends (nothing when ``say`` is None: a quiet run)."""
    if say is None:
        yield
        return
    say(what)
    start, done = time.perf_counter(), threading.Event()

    def tick() -> None:
        while not done.wait(every):
            say(f"  ... still {what} ({time.perf_counter() - start:.0f} s)")

    thread = threading.Thread(target=tick, name="ticker", daemon=True)
    thread.start()
    try:
        yield
    finally:
        done.set()
        thread.join()
