"""Work per game of two source trees as counted machine instructions (ratios new / old).

    python benchmarks/icount.py OLD_TREE NEW_TREE [--games 20] [--game ID ...]
        [--spec random --spec heuristic] [--players 2] [--json OUT]

Wall and CPU time on a shared or throttled machine wander by ±30% from run to run, so a 3%
change cannot be read from them. Valgrind's cachegrind counts the instructions the interpreter
executes, which for the same code and seeds repeats to about one part in 10^8: each tree plays
the same ``--games`` self-play games (seeds ``game_seed(0, i)``, 2 players) under cachegrind,
once more with no games to subtract start-up and imports, and the difference per game is
compared. Instructions are a proxy for time (they ignore cache misses and branch prediction),
so confirm a large change with ``benchmarks/interleaved.py``. Each tree's games are hashed too
(their games and seats rows but ``wall_ms``), so a speed change that alters games shows as
``identical: no``.

Needs ``valgrind`` (Debian: ``apt-get install valgrind``); about 20x slower than a plain run.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from interleaved import GAMES, SPECS, refuse, two_tree_parser, write_rows  # the sibling script

NO_VALGRIND = "valgrind not found (Debian: apt-get install valgrind)"
# Self-play as a sweep plays it (``play_game``); the digest covers the games and seats rows.
PROBE = """
import hashlib, sys
from simcore import registry
from simcore.rng import game_seed
from simcore.runner import play_game
from strategies.registry import make_policy
game = registry.make_game(sys.argv[1])
spec, players, n = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
policies = [make_policy(spec, game) for _ in range(players)]
digest = hashlib.sha256()
for i in range(n):
    record = play_game(game, players, policies, game_seed(0, i))
    record.game.pop("wall_ms")
    digest.update(repr((record.game, record.seats)).encode())
print("digest", digest.hexdigest())
"""
I_REFS = re.compile(r"I\s+refs:\s+([\d,]+)")


class IcountError(RuntimeError):
    """Valgrind is missing or a measured run failed."""


def instructions(tree: Path, game: str, spec: str, players: int, games: int) -> tuple[int, str]:
    """Instructions executed by one probe run in ``tree``, and the digest of its games."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
    probe = [sys.executable, "-c", PROBE, game, spec, str(players)]
    count, out = cachegrind(tree, [*probe, str(games)], [*probe, "1"], env, f"{game} {spec}")
    return count, out.split("digest", 1)[-1].strip()


def cachegrind(
    tree: Path, command: list[str], warm_up: list[str], env: dict[str, str], what: str
) -> tuple[int, str]:
    """Instructions of ``command`` run in ``tree`` under cachegrind, and its output; ``warm_up``
    runs first, plainly, to write any stale bytecode caches, which would otherwise be counted."""
    subprocess.run(warm_up, env=env, cwd=tree, capture_output=True)
    cmd = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
           *command]  # fmt: skip
    out = subprocess.run(cmd, env=env, cwd=tree, capture_output=True, text=True)
    found = I_REFS.search(out.stderr)
    if out.returncode != 0 or found is None:
        lines = [line for line in out.stderr.splitlines() if line and not line.startswith("==")]
        tail = (lines or ["no output"])[-1]  # the program's last line, not valgrind's summary
        raise IcountError(f"{tree}: {what} failed: {tail}")
    return int(found.group(1).replace(",", "")), out.stdout


def per_game(tree: Path, game: str, spec: str, players: int, games: int) -> tuple[float, str]:
    """Instructions per game (start-up subtracted) and the games' digest."""
    total, digest = instructions(tree, game, spec, players, games)
    base, _ = instructions(tree, game, spec, players, 0)
    return (total - base) / games, digest


def main(argv: list[str] | None = None) -> int:
    """Print one row per (game, policy): instructions per game old and new, ratio, identical."""
    p = two_tree_parser(__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--players", type=int, default=2)
    args = p.parse_args(argv)
    if shutil.which("valgrind") is None:
        return refuse("icount", NO_VALGRIND)
    if args.games < 1:
        return refuse("icount", f"--games must be at least 1, not {args.games}")
    rows = []
    head = f"{'game':<16}{'policy':<12}{'old Minstr':>11}{'new Minstr':>11}{'new/old':>9}"
    print(f"{head}  identical")
    for game in args.game or GAMES:
        for spec in args.spec or SPECS:
            try:
                old, old_digest = per_game(args.old, game, spec, args.players, args.games)
                new, new_digest = per_game(args.new, game, spec, args.players, args.games)
            except IcountError as exc:
                return refuse("icount", str(exc))
            same = old_digest == new_digest
            rows.append({"game": game, "policy": spec, "old_instructions": old,
                         "new_instructions": new, "ratio": round(new / old, 4),
                         "identical": same})  # fmt: skip
            print(f"{game:<16}{spec:<12}{old / 1e6:>11.2f}{new / 1e6:>11.2f}"
                  f"{new / old:>9.3f}  {'yes' if same else 'no'}", flush=True)  # fmt: skip
    write_rows(args.json, rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
