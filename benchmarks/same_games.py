"""Whether two source trees play the same games: whole-game hashes, tree against tree.

    python benchmarks/same_games.py OLD_TREE NEW_TREE [--game ID ...] [--games 20]

Each tree runs in a fresh subprocess with that tree first on ``sys.path`` (``PYTHONPATH`` and
the working directory; run as a plain script, a check would import the installed tree for both
sides), and reports the tree it imported, so a check cannot compare a tree with itself by
accident. Per game, a battery of lines covers 2, 3 and 4 players, every heuristic style, random
play, a variant and a short search; a line hashes its games' action sequences and returns
(seeds ``game_seed(0, i)``, seats rotating). Exit 0 when every line is identical, 1 when one
differs, 2 on bad input or a tree that fails to run.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from interleaved import GAMES, refuse, two_tree_parser, write_rows  # the sibling script

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
PROBE = """
import hashlib, json, sys
import simcore
from simcore import registry
from simcore.rng import game_seed, policy_stream
from strategies.registry import make_policy
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


class TreeError(RuntimeError):
    """A tree failed to run its games, or imported another tree's code."""


def hashes(tree: Path, game: str, lines: list) -> list[str]:
    """One hash per battery line, played with ``tree``'s code."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run(
        [sys.executable, "-c", PROBE, game, json.dumps(lines)],
        env=env, cwd=tree, capture_output=True, text=True,
    )  # fmt: skip
    if out.returncode != 0:
        tail = (out.stderr.strip().splitlines() or ["no output"])[-1]
        raise TreeError(f"{tree}: {game} failed: {tail}")
    found = json.loads(out.stdout.strip().splitlines()[-1])
    if Path(found["tree"]).resolve() != tree.resolve():
        raise TreeError(f"{tree}: {game} imported the code of {found['tree']}")
    return found["hashes"]


def main(argv: list[str] | None = None) -> int:
    """Print one row per battery line: players, policies, games, identical."""
    p = two_tree_parser(__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=20)
    args = p.parse_args(argv)
    unknown = sorted(set(args.game or ()) - set(GAMES))
    if args.games < 1 or unknown:
        problem = f"unknown game {unknown[0]!r}" if unknown else "--games must be at least 1"
        return refuse("same_games", problem)
    rows, differ = [], False
    print(f"{'game':<16}{'':>3}{'games':>5}  {'same':<4} policies")
    for game in args.game or GAMES:
        lines = [(prm, specs, max(1, round(args.games * share)))
                 for prm, specs, share in BATTERY[game]]  # fmt: skip
        try:
            old, new = hashes(args.old, game, lines), hashes(args.new, game, lines)
        except TreeError as exc:
            return refuse("same_games", str(exc))
        for (prm, specs, n), a, b in zip(lines, old, new, strict=True):
            same = a == b
            differ |= not same
            rows.append({"game": game, "params": prm, "policies": specs, "games": n,
                         "old": a, "new": b, "identical": same})  # fmt: skip
            label = ",".join(specs) + (f" {json.dumps(prm)}" if prm else "")
            print(f"{game:<16}{len(specs)}p {n:>4}  {'yes' if same else 'NO ':<4} {label}")
    write_rows(args.json, rows)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
