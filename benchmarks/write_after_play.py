"""The parent's CPU for one buffered write that follows seconds of play, as in a real sweep.

    python benchmarks/write_after_play.py [--game ratjack] [--games 12000] [--writes 8]

A sweep writes its buffer every 2 s (``SAVE_SECONDS``), and between writes the games run. Memory
the allocators handed back to the system in that time is faulted in again by the next write
(2.2 us a 4-KiB page on the 2-core test VM), which a write timed in a tight loop never sees.
Here the same ``--games`` random games (chunks of 1,000 played once, up front) are written
``--writes`` times into one run directory, each write after playing ``--games`` bare games;
printed: the median CPU of a write (user and system, the first write left out) per game, and
the page faults of each write. Run it with another tree first on ``PYTHONPATH`` to compare with
a previous main.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import tempfile
import time
from typing import Any

from interleaved import refuse  # the sibling script

from simcore import registry
from simcore.chunks import Chunk, run_chunk
from simcore.errors import ConfigError
from simcore.rng import game_seed
from simcore.runner import play_game
from simcore.scaling import selfplay_config
from simcore.sweep import Sweep
from strategies.registry import make_policy

CHUNK = 1000


def write_after_play(game_id: str, games: int, writes: int) -> dict[str, Any]:
    """Median write CPU per game (microseconds) and each write's page faults."""
    cfg = selfplay_config(game_id, "random", games, "write_after_play")
    buffered = [
        (chunk, run_chunk(cfg, chunk))
        for chunk in (Chunk(0, s, min(games, s + CHUNK)) for s in range(0, games, CHUNK))
    ]
    game = registry.make_game(game_id)
    policies = [make_policy("random", game)] * 2
    cpu, faults = [], []
    with tempfile.TemporaryDirectory() as tmp:
        sweep = Sweep(cfg, tmp)
        sweep.prepare(False, CHUNK)
        for _ in range(writes):
            for i in range(games):
                play_game(game, 2, policies, game_seed(1, i))
            sweep.buffer = list(buffered)
            before, start = resource.getrusage(resource.RUSAGE_SELF).ru_minflt, time.process_time()
            sweep.flush()
            cpu.append(time.process_time() - start)
            faults.append(resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before)
    later = cpu[1:] or cpu  # the first write also pays for first use
    return {"game": game_id, "games": games, "write_us_per_game":
            round(statistics.median(later) / games * 1e6, 3), "faults": faults}  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    """Print the write cost for the options given."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="ratjack")
    p.add_argument("--games", type=int, default=12000)
    p.add_argument("--writes", type=int, default=8)
    args = p.parse_args(argv)
    if args.games <= 0 or args.writes <= 0:
        return refuse("write_after_play", "--games and --writes must be positive")
    try:
        registry.game_class(args.game)
    except ConfigError as exc:
        return refuse("write_after_play", str(exc))
    print(write_after_play(args.game, args.games, args.writes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
