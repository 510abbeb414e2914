"""A model of sweep wall time on N workers, from costs measured on this machine (DESIGN §8).

The parent process is the only serial part of a sweep: it receives every finished chunk,
buffers it and writes the buffer as one Parquet part per table at most every ``SAVE_SECONDS``.
With ``G`` games in ``C`` chunks of ``k`` games, ``w`` CPU seconds per game in a worker,
``r`` parent seconds per game received (unpickling, buffering, Parquet encoding), ``f`` fixed
parent seconds per write and ``s`` pool start-up, the parent's serial work is
``P = G*r + F*f`` and

- one worker (in-process): ``T1 = G*w + P``;
- N workers: ``TN = s + max(ceil(C/N) * k*w + P/N, P)``. Chunks are handed out
  in waves (a half-empty last wave leaves workers idle, which ``ceil`` charges); the parent's
  CPU is taken from the workers when it shares their cores; and if the parent's own work exceeds
  the workers', it is the limit;
- parallel efficiency ``E(N) = T1 / (N * TN)``.

``F`` is the number of buffered writes: one per ``SAVE_SECONDS`` of wall time (never more than
one per chunk). Start-up is measured for 2 workers and assumed the same for more (workers are
spawned in parallel, each on its own core).
"""

from __future__ import annotations

import json
import pickle
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from math import ceil
from typing import Any

from simcore.engine.sweep.config import auto_chunk_size, build_config


@dataclass(frozen=True)
class Costs:
    """Measured costs of one (game, policy) sweep on this machine, in seconds."""

    game: float  # worker CPU per game
    row: float  # parent CPU per game received: unpickle, buffer, Parquet encoding and write
    write: float  # parent CPU per buffered write, fixed part (files, fsync, chunk-log line)
    start: float  # pool start-up until the first task can run (spawn, imports, game built)


def predict(costs: Costs, games: int, chunk: int, workers: int) -> float:
    """Predicted wall seconds of a ``games``-game sweep in ``chunk``-game chunks."""
    from simcore.engine.sweep.sweep import save_seconds

    chunks = ceil(games / chunk)
    work = games * costs.game
    writes = min(chunks, ceil(work / max(1, workers) / save_seconds()) + 1)
    serial = games * costs.row + writes * costs.write
    if workers <= 1:
        return work + serial
    waves = ceil(chunks / workers) * chunk * costs.game
    return costs.start + max(waves + serial / workers, serial)


def efficiency(costs: Costs, games: int, chunk: int, workers: int) -> float:
    """Predicted ``T1 / (N * TN)``."""
    return predict(costs, games, chunk, 1) / (workers * predict(costs, games, chunk, workers))


def measure(game_id: str, spec: str, seconds: float = 2.0) -> Costs:
    """Measure the four costs for ``spec`` self-play in ``game_id`` (2 players)."""
    from simcore.engine.sweep.chunks import Chunk, run_chunk
    from simcore.engine.sweep.sweep import Sweep

    cfg = selfplay_config(game_id, spec, 1_000_000)
    played, start, batches = 0, time.process_time(), []
    while time.process_time() - start < seconds or played < 20:
        batches.append(pickle.dumps(run_chunk(cfg, Chunk(0, played, played + 10))))
        played += 10
    game = (time.process_time() - start) / played
    with tempfile.TemporaryDirectory() as tmp:
        sweep = Sweep(cfg, tmp)
        sweep.prepare(False, 10)
        flush: dict[int, float] = {}
        for repeat in (1, 1, 4, 4, 1, 4):  # writes of n and 4n games (first one warms up)
            start = time.process_time()
            for i in range(repeat):
                for blob in batches:
                    sweep.record(Chunk(0, i * played, i * played + 10), pickle.loads(blob))
            sweep.flush()
            took = time.process_time() - start
            flush[repeat] = min(flush.get(repeat, took), took)
    row = (flush[4] - flush[1]) / (3 * played)
    return Costs(game, row, max(0.0, flush[1] - row * played), _start_up(game_id, spec))


def _start_up(game_id: str, spec: str) -> float:
    """Wall seconds for a fresh 2-worker pool to build the game in each worker (subprocess)."""
    code = (
        "import time, sys; from joblib import Parallel, delayed; "
        "from simcore.engine.sweep.scaling import selfplay_config; "
        "from simcore.engine.sweep.chunks import Chunk, run_chunk; "
        "cfg = selfplay_config(sys.argv[1], sys.argv[2], 2); t = time.perf_counter(); "
        "Parallel(n_jobs=2)(delayed(run_chunk)(cfg, Chunk(0, i, i)) for i in range(2)); "
        "print(time.perf_counter() - t)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, game_id, spec], capture_output=True, text=True, check=True
    )
    return float(out.stdout.strip().splitlines()[-1])


def check(game_id: str, spec: str, games: int, chunk: int) -> dict[str, Any]:
    """Measured vs predicted wall time on 1 and 2 workers, and predictions for 8/16/64.

    Each worker count runs twice, in ABBA order (the mean of the two is reported). ``e2_busy``
    is the share of the two workers' wall time spent inside games in the 2-worker runs: one run
    measures it, so a change of the machine's speed between runs does not move it.
    """
    costs = measure(game_id, spec)
    row: dict[str, Any] = {"game": game_id, "policy": spec, "games": games, "chunk": chunk}
    walls: dict[int, list[float]] = {1: [], 2: []}
    busy = []
    for jobs in (1, 2, 2, 1):  # in ABBA order: a steady drift of the machine's speed cancels
        wall, played = timed_sweep(game_id, spec, games, chunk, jobs)
        walls[jobs].append(wall)
        if jobs == 2:
            busy.append(played / (2 * wall))
    for jobs in (1, 2):
        row[f"t{jobs}_measured"] = round(sum(walls[jobs]) / 2, 2)
        row[f"t{jobs}_predicted"] = round(predict(costs, games, chunk, jobs), 2)
    row["e2_measured"] = round(row["t1_measured"] / (2 * row["t2_measured"]), 3)
    row["e2_busy"] = round(sum(busy) / 2, 3)
    row["e2_predicted"] = round(efficiency(costs, games, chunk, 2), 3)
    for n in (8, 16, 64):  # the same work per worker, chunked as the sweep would by default
        scaled = games * n // 2
        size = auto_chunk_size(scaled, n)
        row[f"e{n}_predicted"] = round(efficiency(costs, scaled, size, n), 3)
    row["costs"] = {k: float(f"{v:.4g}") for k, v in asdict(costs).items()}
    return row


def timed_sweep(
    game_id: str, spec: str, games: int, chunk: int, jobs: int, **backend: Any
) -> tuple[float, float]:
    """Wall seconds of a self-play sweep on ``jobs`` workers (``backend``: ``run_sweep``'s
    backend and scheduler), and the seconds its games took (the sum of their ``wall_ms``)."""
    from simcore.engine.run.dataset import scan_table
    from simcore.engine.sweep.sweep import run_sweep

    with tempfile.TemporaryDirectory() as tmp:
        cfg = selfplay_config(game_id, spec, games, f"scale{jobs}")
        result = run_sweep(cfg, tmp, n_jobs=jobs, chunk_size=chunk, quiet=True, **backend)
        played = scan_table(result.run_dir, "games").select("wall_ms").sum().collect().item()
    return result.seconds, played / 1000.0


def selfplay_config(game_id: str, spec: str, games: int, name: str = "scaling") -> Any:
    """A 2-player sweep of ``spec`` against itself (seed 1): what the speed figures time."""
    raw = {
        "name": name,
        "game": game_id,
        "players": 2,
        "games": games,
        "seed": 1,
        "policies": [spec, spec],
    }
    return build_config(raw)


def main(argv: list[str] | None = None) -> int:
    """``python -m simcore.engine.sweep.scaling GAME SPEC GAMES CHUNK``: print ``check``'s row as
    JSON."""
    import argparse

    from simcore.core.errors import ConfigError

    p = argparse.ArgumentParser(
        prog="python -m simcore.engine.sweep.scaling", description=check.__doc__
    )
    p.add_argument("game")
    p.add_argument("spec", help="policy spec both seats play, e.g. heuristic")
    p.add_argument("games", type=int)
    p.add_argument("chunk", type=int, help="games per chunk")
    args = p.parse_args(argv)
    if args.games < 1 or args.chunk < 1:
        p.error("games and chunk must be positive integers")
    try:
        row = check(args.game, args.spec, args.games, args.chunk)
    except ConfigError as exc:
        print(f"python -m simcore.engine.sweep.scaling: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(row))
    return 0


if __name__ == "__main__":
    sys.exit(main())
