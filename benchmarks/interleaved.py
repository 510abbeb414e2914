"""Speed of two source trees, measured interleaved in one run (ratios new / old).

    python benchmarks/interleaved.py OLD_TREE NEW_TREE [--seconds 2] [--rounds 3]
        [--game ID ...] [--spec random --spec heuristic] [--json OUT]

Each round runs every (game, policy) measurement once in each tree, alternating which tree goes
first, in fresh subprocesses with that tree first on ``sys.path``; a measurement is
``simcore.bench.games_per_second`` (2 players, one core). Medians over rounds are compared, so
machine load drifting during the run affects both trees alike. ``OLD_TREE`` is typically a
``git worktree`` of the previous main.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

GAMES = ("ratjack", "lord_of_worlds", "rats_of_wistar")
SPECS = ("random", "heuristic")
PROBE = (
    "import json, sys; from simcore.bench import games_per_second; "
    "print(json.dumps(games_per_second(sys.argv[1], 2, sys.argv[2], float(sys.argv[3]))))"
)


def measure(tree: Path, game: str, spec: str, seconds: float) -> float:
    """Games per second of ``spec`` self-play in ``game`` with ``tree``'s code."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run(
        [sys.executable, "-c", PROBE, game, spec, str(seconds)],
        env=env, cwd=tree, capture_output=True, text=True, check=True,
    )  # fmt: skip
    return float(json.loads(out.stdout.strip().splitlines()[-1])["games_per_s"])


def two_tree_parser(description: str) -> argparse.ArgumentParser:
    """Arguments of every two-tree comparison: OLD NEW, ``--game``, ``--spec``, ``--json``."""
    p = argparse.ArgumentParser(description=description)
    p.add_argument("old", type=Path)
    p.add_argument("new", type=Path)
    p.add_argument("--game", action="append")
    p.add_argument("--spec", action="append")
    p.add_argument("--json")
    return p


def refuse(script: str, message: str) -> int:
    """Print ``script: message`` on stderr; exit code 2 (a two-tree script's refusals)."""
    print(f"{script}: {message}", file=sys.stderr)
    return 2


def write_rows(path: str | None, rows: list[dict[str, Any]]) -> None:
    """Save a two-tree script's rows as JSON where ``--json`` asked for it."""
    if path:
        Path(path).write_text(json.dumps(rows, indent=1))


def main(argv: list[str] | None = None) -> int:
    """Print one row per (game, policy): old, new, ratio."""
    p = two_tree_parser(__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=2.0)
    p.add_argument("--rounds", type=int, default=3)
    args = p.parse_args(argv)
    rows = []
    for game in args.game or GAMES:
        for spec in args.spec or SPECS:
            runs: dict[str, list[float]] = {"old": [], "new": []}
            for r in range(args.rounds):
                order = ("old", "new") if r % 2 == 0 else ("new", "old")
                for which in order:
                    tree = args.old if which == "old" else args.new
                    runs[which].append(measure(tree, game, spec, args.seconds))
            old, new = statistics.median(runs["old"]), statistics.median(runs["new"])
            rows.append({"game": game, "policy": spec, "old_games_per_s": old,
                         "new_games_per_s": new, "ratio": round(new / old, 3)})  # fmt: skip
            print(f"{game:<16}{spec:<11}{old:>9.1f}{new:>9.1f}{new / old:>8.2f}x", flush=True)
    write_rows(args.json, rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
