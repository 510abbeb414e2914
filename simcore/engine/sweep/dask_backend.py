"""Run sweep chunks on a Dask cluster, turning cluster faults into one ``WorkerLostError``.

Dask on its own waits forever for a worker that never comes back and ends a lost scheduler
with a cancelled-future traceback; a sweep instead stops, keeps its finished chunks and says
which part of the cluster is gone (exit 75, finish with ``--resume``).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from simcore.core.errors import ConfigError, WorkerLostError

WORKER_WAIT_SECONDS = 60.0  # how long a sweep waits while the cluster has no worker at all
POLL_SECONDS = 1.0
FETCH_MAX_SECONDS = 32.0  # longest single wait for a finished chunk's result


def check_dask(scheduler: str | None) -> None:
    """``ConfigError`` unless dask.distributed is installed and a scheduler is named."""
    try:
        import dask.distributed  # noqa: F401
    except ImportError:
        raise ConfigError("--backend dask needs the extra: pip install 'boardlab[dask]'") from None
    if not scheduler:
        raise ConfigError("--backend dask needs --scheduler ADDRESS (e.g. tcp://127.0.0.1:8786)")


def check_worker_wait(seconds: float) -> None:
    """``ConfigError`` unless the no-worker wait is a positive finite number of seconds."""
    if not (0 < seconds < float("inf")):
        raise ConfigError(f"--worker-wait must be a positive number of seconds, got {seconds}")


def probe(scheduler: str) -> tuple[int, int]:
    """Worker threads of the cluster at ``scheduler`` now (sizes chunks), and how many of its
    workers run Dask's sampling profiler; ``ConfigError`` if it cannot be reached (checked
    before any output)."""
    with _silenced("distributed", True):
        client = _connect(scheduler)
        try:
            threads = sum(client.nthreads().values())
            return threads, _profiling_workers(client)
        finally:
            client.close()


def _profiling_workers(client: Any) -> int:
    """Workers running the sampling profiler; 0 when they cannot be asked (the count only
    feeds an advisory note, never a reason to stop)."""
    try:
        return sum(client.run(_profiling).values())
    except Exception:
        return 0


def _profiling(dask_worker: Any) -> bool:
    return "profile" in dask_worker.periodic_callbacks


def profiler_note(profiling: int, scheduler: str) -> str:
    """One line for a cluster whose workers run the sampling profiler (README recipe)."""
    return (
        f"note: {profiling} Dask worker(s) at {scheduler} run Dask's sampling profiler, which "
        "takes the interpreter lock from the games every 10 ms; start workers with "
        "DASK_CONFIG=simcore/engine/sweep/dask_worker.yaml (README, 'Sweeps on a Dask cluster')"
    )


def _connect(scheduler: str) -> Any:
    from dask.distributed import Client

    try:
        return Client(scheduler, timeout="10s")
    except (OSError, TimeoutError, ValueError, TypeError) as exc:  # ValueError: not an address
        raise ConfigError(f"--scheduler {scheduler!r}: cannot connect ({exc})") from None


def execute_dask(
    task: Callable[..., Any],
    args: list[tuple[Any, ...]],
    scheduler: str,
    worker_wait: float = WORKER_WAIT_SECONDS,
    quiet_logs: bool = True,
) -> Iterator[Any]:
    """Yield ``task(*a)`` for every ``a`` in ``args`` as the cluster finishes them."""
    _drop_gather_exits()
    with _silenced("distributed", quiet_logs):
        client = _connect(scheduler)
        futures: list[Any] = []  # filled as tasks are submitted; cancelled on any exit
        try:
            futures += [client.submit(task, *a, pure=False) for a in args]
            yield from _results(client, futures, scheduler, worker_wait)
        finally:
            _close(client, futures)


def _results(client: Any, futures: list[Any], scheduler: str, worker_wait: float) -> Iterator[Any]:
    from dask.distributed import wait
    from distributed import KilledWorker

    pending = set(futures)
    idle_since: float | None = None
    while pending:
        try:
            done, pending = wait(pending, timeout=POLL_SECONDS, return_when="FIRST_COMPLETED")
        except TimeoutError:
            done = set()
        except Exception as exc:
            raise _lost_scheduler(scheduler, exc) from None
        for future in done:
            try:
                yield _fetch(client, future, scheduler, worker_wait)
            except KilledWorker as exc:
                raise WorkerLostError(f"Dask workers died running a chunk ({exc})") from None
            except WorkerLostError:
                raise
            except Exception as exc:
                if future.status == "error":
                    raise  # the chunk itself failed: an internal error, not a cluster fault
                raise _lost_scheduler(scheduler, exc) from None
        idle_since = _check_workers(client, scheduler, idle_since, worker_wait)


class _GatherExitFilter(logging.Filter):
    """Drops asyncio's "Task exception was never retrieved" for Dask's internal ``AllExit``.

    A result fetch that timed out (``_fetch``) leaves Dask a gather task waiting; when the
    client closes, that task ends with ``AllExit`` (Dask's signal to stop gathering), and
    asyncio logs it, as late as interpreter exit: a traceback after the sweep's one line.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        """Keep every record but that one."""
        exc = record.exc_info[1] if record.exc_info else None
        return type(exc).__name__ != "AllExit"


def _drop_gather_exits() -> None:
    """Install ``_GatherExitFilter`` on asyncio's logger, once per process."""
    logger = logging.getLogger("asyncio")
    if not any(isinstance(f, _GatherExitFilter) for f in logger.filters):
        logger.addFilter(_GatherExitFilter())


def _fetch(client: Any, future: Any, scheduler: str, worker_wait: float) -> Any:
    """A finished future's result. Its data lives on the worker that ran it: if that worker
    dies first, Dask runs the chunk again and ``result()`` without a timeout waited for a
    worker forever: the lost-worker fault test hung in 2 of 4 runs once the parent's writes
    got faster (0 of 6 before; the window was always there). A timed-out fetch is dropped,
    so each try waits twice as long as the one before (up to ``FETCH_MAX_SECONDS``): a result
    that takes longer than a poll to transfer still arrives."""
    idle_since: float | None = None
    timeout = POLL_SECONDS
    while True:
        try:
            return future.result(timeout=timeout)
        except TimeoutError:
            idle_since = _check_workers(client, scheduler, idle_since, worker_wait)
            timeout = min(2 * timeout, FETCH_MAX_SECONDS)


def _check_workers(
    client: Any, scheduler: str, idle_since: float | None, wait: float
) -> float | None:
    """Track how long the cluster has had no worker; ``WorkerLostError`` past ``wait`` seconds."""
    try:
        workers = len(client.nthreads())
    except Exception as exc:
        raise _lost_scheduler(scheduler, exc) from None
    if workers:
        return None
    now = time.monotonic()
    if idle_since is None:
        return now
    if now - idle_since >= wait:
        raise WorkerLostError(f"the Dask cluster at {scheduler} has had no worker for {wait:g} s")
    return idle_since


def _lost_scheduler(scheduler: str, exc: BaseException) -> WorkerLostError:
    reason = type(exc).__name__
    return WorkerLostError(f"lost the connection to the Dask scheduler at {scheduler} ({reason})")


def _close(client: Any, futures: list[Any]) -> None:
    """Cancel what is left and close the client, whatever state the cluster is in."""
    try:
        if futures and client.status == "running":
            client.cancel(futures)
        client.close(timeout=5)
    except Exception:  # closing a client whose scheduler is gone may fail; nothing to keep
        pass


@contextmanager
def _silenced(name: str, active: bool) -> Iterator[None]:
    """Hide a library's reconnect tracebacks (the sweep reports the fault itself, on one line)."""
    if not active:
        yield
        return
    names = [name] + [n for n in logging.Logger.manager.loggerDict if n.startswith(name + ".")]
    loggers = [logging.getLogger(n) for n in names]
    old = [lg.level for lg in loggers]
    for lg in loggers:
        lg.setLevel(logging.CRITICAL + 1)
    try:
        yield
    finally:
        for lg, level in zip(loggers, old, strict=True):
            lg.setLevel(level)
