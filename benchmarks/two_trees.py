"""Two source trees side by side: speed measured interleaved, and whether they play the same games.

    python benchmarks/two_trees.py speed OLD_TREE NEW_TREE [--seconds 2] [--rounds 3] [--cpu]
        [--best-of N] [--game ID ...] [--spec random --spec heuristic] [--json OUT]
    python benchmarks/two_trees.py instructions OLD_TREE NEW_TREE [--games N] [--game ID ...]
        [--spec random --spec heuristic] [--json OUT]
    python benchmarks/two_trees.py same-games OLD_TREE NEW_TREE [--games 20] [--game ID ...]
        [--json OUT]

``OLD_TREE`` is typically a ``git worktree`` of the last release or of ``main`` before a change.
Each tree runs in fresh subprocesses with that tree first on ``sys.path``.

``speed``: each round runs every (game, policy) measurement once in each tree, alternating which
tree goes first; a measurement is ``simcore.engine.sweep.bench.games_per_second`` (2 players, one
core).
Medians over rounds are compared, so machine load drifting during the run affects both trees
alike. Prints old, new, the ratio new / old and the lowest and highest ratio of one round.
With ``--cpu`` a measurement plays fixed work, timed in CPU seconds (``process_time``, which
a busy shared machine moves far less than wall time): the same seeded games in every run, as
many as the old tree's first run plays in ``--seconds`` of CPU, after one warm-up game. With
``--best-of N`` each run plays those games N times and keeps its quickest pass, and each tree's
quickest round is compared: a busy neighbour on a shared machine only ever slows a pass, so the
best is the steadiest estimate (medians of single passes moved by up to 30% between runs here;
best of 12, by 1-2%).

``instructions``: the machine instructions each tree executes per game (valgrind's callgrind), the
same seeded games in both, start-up taken off (a run of no games is subtracted). A busy
neighbour does not move the count, so it settles a change within a percent where timing on a
shared machine spreads by 10-20%; it does not see cache misses. Ratio old / new, so above 1 is
fewer instructions. String hashing is fixed (``PYTHONHASHSEED=0``) and the BLAS library's
threads kept at one: both would otherwise move the count from run to run.

``same-games``: every game of a fixed battery (2-4 players, every heuristic style, random play,
short searches) is played in both trees and hashed whole (actions and returns); exit 1 when a
line differs. A refactor that claims to keep behaviour must print ``yes`` on every line.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

GAMES = ("ratjack", "lord_of_worlds", "rats_of_wistar")
SPECS = ("random", "heuristic")
# Both layouts: a tree from before the layout move (2026-12-07) kept every engine module in
# simcore/ itself; comparing across the move is the point of a speed or same-games check.
IMPORTS = """
import os, simcore
# decided by the tree's own files: an editable install's import hook would answer an import
# of a module the tree lacks from the installed tree
if os.path.isdir(os.path.join(os.path.dirname(simcore.__file__), "core")):
    from simcore.core import registry
    from simcore.core.rng import game_seed, policy_stream
    from simcore.engine.play.runner import play_game
    from simcore.engine.sweep.bench import games_per_second
else:
    from simcore import registry
    from simcore.rng import game_seed, policy_stream
    from simcore.runner import play_game
    from simcore.bench import games_per_second
from strategies.registry import make_policy
"""
SPEED_PROBE = (
    IMPORTS
    + """
import json, sys
print(json.dumps(games_per_second(sys.argv[1], 2, sys.argv[2], float(sys.argv[3]))))
"""
)
CPU_PROBE = (
    IMPORTS
    + """
import json, sys, time
game_id, spec, seconds, games = sys.argv[1], sys.argv[2], float(sys.argv[3]), int(sys.argv[4])
best_of = int(sys.argv[5])
game = registry.make_game(game_id)
policies = [make_policy(spec, game) for _ in range(2)]
play_game(game, 2, policies, game_seed(1, 0))  # warm-up: first-use imports and caches
played, start = 0, time.process_time()
while played < games if games else time.process_time() - start < seconds or played < 3:
    play_game(game, 2, policies, game_seed(0, played))
    played += 1
cpu = time.process_time() - start
for _ in range(best_of - 1):  # the same games again: the quickest pass is the least disturbed
    start = time.process_time()
    for i in range(played):
        play_game(game, 2, policies, game_seed(0, i))
    cpu = min(cpu, time.process_time() - start)
print(json.dumps({"games": played, "games_per_s": played / cpu}))
"""
)
INSTRUCTIONS_PROBE = (
    IMPORTS
    + """
import sys
game_id, spec, games = sys.argv[1], sys.argv[2], int(sys.argv[3])
game = registry.make_game(game_id)
policies = [make_policy(spec, game) for _ in range(2)]
play_game(game, 2, policies, game_seed(1, 0))  # warm-up, in the subtracted run too
for i in range(games):
    play_game(game, 2, policies, game_seed(0, i))
"""
)
# games a game counts by default: about a second of play each under callgrind's 50x slow-down
INSTRUCTION_GAMES = {"ratjack": 100, "lord_of_worlds": 30, "rats_of_wistar": 20}
# (params, policies, share of --games); a share of 0.2 keeps the search lines short
BATTERY = {
    "ratjack": [
        ({}, ["heuristic", "heuristic:style=aggressive"], 1.0),
        ({}, ["heuristic", "heuristic:style=aggressive", "random"], 1.0),
        ({}, ["heuristic", "heuristic", "heuristic:style=aggressive", "random"], 0.5),
        ({}, ["mcts:iterations=30", "heuristic"], 0.2),
    ],
    "lord_of_worlds": [
        ({}, ["random", "random", "random"], 1.0),
        ({}, ["heuristic", "heuristic:style=architect", "random"], 1.0),
        ({}, ["heuristic:style=architect", "heuristic", "heuristic", "random"], 0.5),
        ({"variant": "strategic"}, ["heuristic", "heuristic:style=architect", "random"], 0.5),
        ({}, ["mcts:iterations=20", "heuristic"], 0.1),
    ],
    "rats_of_wistar": [
        ({}, ["heuristic:style=explorer", "heuristic:style=engine"], 1.0),
        ({}, ["heuristic:style=explorer", "heuristic:style=engine", "random", "heuristic"], 1.0),
        ({}, ["mcts:iterations=5", "heuristic", "random"], 0.05),
    ],
}
GAMES_PROBE = (
    IMPORTS
    + """
import hashlib, json, sys
import simcore
game_id, lines = sys.argv[1], json.loads(sys.argv[2])
out = {"tree": simcore.__file__.rsplit("/", 2)[0], "hashes": []}
for params, specs, n in lines:
    game = registry.make_game(game_id, params)
    policies = [make_policy(spec, game) for spec in specs]
    digest = hashlib.sha256()
    for i in range(n):
        seed = game_seed(0, i)
        state = game.new_state(len(specs), seed)
        rngs = [policy_stream(seed, seat) for seat in range(len(specs))]
        actions = []
        while state.current_player >= 0:
            seat = state.current_player
            action = policies[(seat + i) % len(specs)].act(state, rngs[seat])
            actions.append(action)
            state.apply(action)
        digest.update(repr((actions, state.returns())).encode())
    out["hashes"].append(digest.hexdigest()[:16])
print(json.dumps(out))
"""
)


class TreeError(RuntimeError):
    """A tree failed to run its games, or imported another tree's code."""


def refuse(message: str) -> int:
    """Print ``two_trees: message`` on stderr; exit code 2."""
    print(f"two_trees: {message}", file=sys.stderr)
    return 2


def probe(tree: Path, code: str, *args: str) -> dict[str, Any]:
    """Run ``code`` with ``tree``'s sources first on the path; its last stdout line as JSON."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run(
        [sys.executable, "-c", code, *args], env=env, cwd=tree, capture_output=True, text=True
    )
    if out.returncode != 0:
        tail = (out.stderr.strip().splitlines() or ["no output"])[-1]
        raise TreeError(f"{tree}: {args[0]} failed: {tail}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def speed(args: argparse.Namespace) -> list[dict[str, Any]]:
    """One row per (game, policy): median games/s of each tree over interleaved rounds."""
    rows = []
    for game in args.game or GAMES:
        for spec in args.spec or SPECS:
            runs: dict[str, list[float]] = {"old": [], "new": []}
            games = 0  # --cpu: the games every run plays, set by the first run
            for r in range(args.rounds):
                for which in ("old", "new") if r % 2 == 0 else ("new", "old"):
                    tree, seconds = getattr(args, which), str(args.seconds)
                    if args.cpu or args.best_of > 1:
                        best_of = str(args.best_of)
                        found = probe(tree, CPU_PROBE, game, spec, seconds, str(games), best_of)
                        games = games or found["games"]
                    else:
                        found = probe(tree, SPEED_PROBE, game, spec, seconds)
                    runs[which].append(float(found["games_per_s"]))
            # best of: a shared machine only ever slows a pass, so each tree's quickest round
            pick = max if args.best_of > 1 else statistics.median
            old, new = pick(runs["old"]), pick(runs["new"])
            each = [n / o for o, n in zip(runs["old"], runs["new"], strict=True)]
            rows.append(
                {
                    "game": game,
                    "policy": spec,
                    "old_games_per_s": old,
                    "new_games_per_s": new,
                    "ratio": round(new / old, 3),
                    "round_ratios": [round(min(each), 3), round(max(each), 3)],
                    **({"games": games} if args.cpu or args.best_of > 1 else {}),
                }
            )
            print(
                f"{game:<16}{spec:<11}{old:>9.1f}{new:>9.1f}{new / old:>8.3f}x"
                f"  [{min(each):.3f}-{max(each):.3f}]",
                flush=True,
            )
    return rows


def instructions_run(tree: Path, game: str, spec: str, games: int) -> int:
    """Instructions callgrind counts for ``games`` seeded games (after a warm-up) in ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
    env["OPENBLAS_NUM_THREADS"] = "1"
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
    command += [sys.executable, "-c", INSTRUCTIONS_PROBE, game, spec, str(games)]
    out = subprocess.run(command, env=env, cwd=tree, capture_output=True, text=True)
    found = [line for line in out.stderr.splitlines() if "Collected :" in line]
    if out.returncode != 0 or not found:
        tail = (out.stderr.strip().splitlines() or ["no output"])[-1]
        raise TreeError(f"{tree}: {game} failed: {tail}")
    return int(found[-1].rsplit(":", 1)[1])


def instructions(args: argparse.Namespace) -> list[dict[str, Any]]:
    """One row per (game, policy): instructions a game in each tree, start-up subtracted."""
    if shutil.which("valgrind") is None:
        raise TreeError("valgrind is not installed (Debian: apt-get install valgrind)")
    rows = []
    for game in args.game or GAMES:
        games = args.games or INSTRUCTION_GAMES[game]
        for spec in args.spec or SPECS:
            per_game = {}
            for which in ("old", "new"):
                tree = getattr(args, which)
                played = instructions_run(tree, game, spec, games)
                per_game[which] = (played - instructions_run(tree, game, spec, 0)) / games
            old, new = per_game["old"], per_game["new"]
            rows.append(
                {
                    "game": game,
                    "policy": spec,
                    "games": games,
                    "old_instructions": round(old),
                    "new_instructions": round(new),
                    "ratio": round(old / new, 3),
                }
            )
            print(f"{game:<16}{spec:<11}{old:>12,.0f}{new:>12,.0f}{old / new:>8.3f}x", flush=True)
    return rows


def battery_hashes(tree: Path, game: str, lines: list) -> list[str]:
    """One hash per battery line, played with ``tree``'s code (refused if another tree ran)."""
    found = probe(tree, GAMES_PROBE, game, json.dumps(lines))
    if Path(found["tree"]).resolve() != tree.resolve():
        raise TreeError(f"{tree}: {game} imported the code of {found['tree']}")
    return found["hashes"]


def same_games(args: argparse.Namespace) -> list[dict[str, Any]]:
    """One row per battery line: players, policies, games, identical."""
    rows = []
    print(f"{'game':<16}{'':>3}{'games':>5}  {'same':<4} policies")
    for game in args.game or GAMES:
        lines = [
            (prm, specs, max(1, round(args.games * share))) for prm, specs, share in BATTERY[game]
        ]
        old, new = battery_hashes(args.old, game, lines), battery_hashes(args.new, game, lines)
        for (prm, specs, n), a, b in zip(lines, old, new, strict=True):
            rows.append(
                {
                    "game": game,
                    "params": prm,
                    "policies": specs,
                    "games": n,
                    "old": a,
                    "new": b,
                    "identical": a == b,
                }
            )
            label = ",".join(specs) + (f" {json.dumps(prm)}" if prm else "")
            print(f"{game:<16}{len(specs)}p {n:>4}  {'yes' if a == b else 'NO ':<4} {label}")
    return rows


def parser() -> argparse.ArgumentParser:
    """The two subcommands and their arguments."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="command", required=True)
    for name in ("speed", "instructions", "same-games"):
        s = sub.add_parser(name)
        s.add_argument("old", type=Path)
        s.add_argument("new", type=Path)
        s.add_argument("--game", action="append")
        s.add_argument("--json")
    sub.choices["speed"].add_argument("--spec", action="append")
    sub.choices["speed"].add_argument("--seconds", type=float, default=2.0)
    sub.choices["speed"].add_argument("--rounds", type=int, default=3)
    sub.choices["speed"].add_argument("--cpu", action="store_true", help="fixed games, CPU time")
    sub.choices["speed"].add_argument(
        "--best-of", type=int, default=1, metavar="N",
        help="fixed games played N times a run, CPU time of the quickest pass; each tree's "
        "quickest round (implies --cpu; steadier on a shared machine than the median)",
    )  # fmt: skip
    sub.choices["same-games"].add_argument("--games", type=int, default=20)
    sub.choices["instructions"].add_argument("--spec", action="append")
    sub.choices["instructions"].add_argument(
        "--games", type=int, help="games counted per game (default: 100 Ratjack, 30 Lord of "
        "Worlds, 20 Rats of Wistar)",
    )  # fmt: skip
    return p


def problem(args: argparse.Namespace) -> str | None:
    """What is wrong with the arguments, or None."""
    unknown = sorted(set(args.game or ()) - set(GAMES))
    if unknown:
        return f"unknown game {unknown[0]!r}"
    if args.command != "speed" and args.games is not None and args.games < 1:
        return "--games must be at least 1"
    if args.command == "speed" and (args.rounds < 1 or not 0 < args.seconds < 3600):
        return "--rounds must be at least 1 and --seconds between 0 and 3600"
    return None


def main(argv: list[str] | None = None) -> int:
    """Run one comparison; 0 (same games), 1 (a line differs) or 2 (bad input, failed tree)."""
    args = parser().parse_args(argv)
    if (bad := problem(args)) is not None:
        return refuse(bad)
    try:
        run = {"speed": speed, "instructions": instructions, "same-games": same_games}
        rows = run[args.command](args)
    except TreeError as exc:
        return refuse(str(exc))
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))
    return 1 if any(not r.get("identical", True) for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
