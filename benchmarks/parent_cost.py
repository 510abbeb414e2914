"""Parent-process CPU per chunk of a real 2-worker sweep, and how it grows with the chunk count.

    python benchmarks/parent_cost.py [--chunks 250 2500] [--size 20]

Runs random-vs-random Ratjack sweeps of ``chunks * size`` games on 2 loky workers and divides
the parent's own CPU time (``resource.getrusage(RUSAGE_SELF)``: workers excluded) by the number
of chunks. Run it with another tree first on ``PYTHONPATH`` to compare with a previous main.
"""

from __future__ import annotations

import argparse
import resource
import sys
import tempfile

from simcore.config import build_config
from simcore.sweep import run_sweep


def parent_ms_per_chunk(chunks: int, size: int) -> float:
    """Parent CPU milliseconds per chunk of one sweep."""
    raw = {"name": f"pc{chunks}", "game": "ratjack", "players": 2, "games": chunks * size,
           "seed": 1, "policies": ["random", "random"]}  # fmt: skip
    before = resource.getrusage(resource.RUSAGE_SELF)
    with tempfile.TemporaryDirectory() as tmp:
        run_sweep(build_config(raw), tmp, n_jobs=2, chunk_size=size, quiet=True)
    after = resource.getrusage(resource.RUSAGE_SELF)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return 1000 * cpu / chunks


def main(argv: list[str] | None = None) -> int:
    """Print parent milliseconds per chunk for each chunk count."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--chunks", type=int, nargs="+", default=[250, 2500])
    p.add_argument("--size", type=int, default=20)
    args = p.parse_args(argv)
    parent_ms_per_chunk(20, args.size)  # warm-up: imports, worker pool
    for n in args.chunks:
        print(f"{n} chunks of {args.size}: parent {parent_ms_per_chunk(n, args.size):.2f} ms/chunk",
              flush=True)  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
