"""Generators of the shipped player-ladder sweeps, one pair of files per game.

- ``<game>_ladder.toml``: adjacent rungs head to head, 2 players, seats rotated, 400 games each:
  greedy vs random, heuristic vs greedy, the heuristic styles against each other, plain ``mcts``
  (the game's recommended settings) vs the heuristic.
- ``<game>_ladder_{3,4}p.toml``: the same rungs at 3 and 4 players, one seat of the stronger
  rung against the weaker one in every other seat (seats rotated); the MCTS rung only where it
  has been measured (``MCTS_RUNG_PLAYERS``).
- ``<game>_skill_ladder.toml``: skill depth, MCTS at budgets B, 2B, 4B, 8B (the recommended
  settings otherwise) against the heuristic; the report's skill-ladder section reads it.
- ``<game>_mcts_target.toml``: plain ``mcts`` against the game's strongest heuristic style
  (``TOP_STYLE``), 2 players, 100 games: the players issue's target (>= 65%, 95% interval above
  55%) in a run short enough to repeat.

CPU per game of each line-up on one core is measured (``CPU_S``), so each header states what
the file costs before anyone starts it.
"""

from __future__ import annotations

from itertools import pairwise

from analyses.plan.pilot import CellPilot, Pilot, worst_case
from analyses.sweeps import plan_header
from analyses.sweeps.studies import to_toml
from simcore.core.registry import display_name

LADDER_GAMES = 400
SKILL_GAMES = 200
TARGET_GAMES = 100
LADDER_SEED = 5050
TARGET_SEED = 6262
STYLES = {"ratjack": ("careful", "aggressive"), "lord_of_worlds": ("chains", "architect"),
          "rats_of_wistar": ("engine", "explorer")}  # fmt: skip
# The strongest heuristic style per game (the ladder's style rung; level styles: the default)
TOP_STYLE = {"ratjack": "heuristic", "lord_of_worlds": "heuristic",
             "rats_of_wistar": "heuristic:style=explorer"}  # fmt: skip
# Budgets of the skill ladder (iterations per decision); the top one is the recommended budget.
BUDGETS = {"ratjack": (70, 140, 280, 560), "lord_of_worlds": (41, 82, 165, 330),
           "rats_of_wistar": (12, 23, 45, 90)}  # fmt: skip
# Measured CPU seconds per 2-player game on one core (both seats): pilot runs, and for the two
# bigger games the mean of the 100-game <game>_mcts_target.toml runs (2 workers on 2 cores).
CPU_S = {
    "ratjack": {"cheap": 0.02, "mcts": 1.9},
    "lord_of_worlds": {"cheap": 0.01, "mcts": 24.7},
    "rats_of_wistar": {"cheap": 0.01, "mcts": 25.9},
}
# Player counts whose ladder includes the MCTS rung (the two bigger games stay 2-player: 400
# games of their MCTS rung are hours of CPU at 3-4 players)
MCTS_RUNG_PLAYERS = {"ratjack": (2, 3, 4), "lord_of_worlds": (2,), "rats_of_wistar": (2,)}
# Measured CPU seconds per game of the MCTS rung at 3-4 players (12 games each, one core)
MCTS_NP_CPU_S = {("ratjack", 3): 2.0, ("ratjack", 4): 2.4}
# Measured CPU seconds per game of the cheap rungs (greedy, heuristic), mean over the three
# cells of each 3- and 4-player file run whole on one core
CHEAP_CPU_S = {("ratjack", 3): 0.012, ("ratjack", 4): 0.016,
               ("lord_of_worlds", 3): 0.046, ("lord_of_worlds", 4): 0.079,
               ("rats_of_wistar", 3): 0.033, ("rats_of_wistar", 4): 0.048}  # fmt: skip
FILES = {**{f"{g}_ladder.toml": (g, "ladder") for g in BUDGETS},
         **{f"{g}_ladder_{n}p.toml": (g, f"ladder{n}") for g in BUDGETS for n in (3, 4)},
         **{f"{g}_skill_ladder.toml": (g, "skill") for g in BUDGETS},
         **{f"ratjack_skill_ladder_{n}p.toml": ("ratjack", f"skill{n}") for n in (3, 4)},
         **{f"{g}_mcts_target.toml": (g, "target") for g in BUDGETS}}  # fmt: skip


def ladder_sweep(
    game: str, players: int = 2, games: int = LADDER_GAMES, seed: int = LADDER_SEED
) -> dict:
    """Adjacent rungs of ``game``'s ladder: one seat of the stronger rung (listed first), the
    weaker one in every other seat."""
    first, second = STYLES[game]
    pairs = [
        ("greedy", "random"),
        ("heuristic", "greedy"),
        (f"heuristic:style={second}", f"heuristic:style={first}"),
    ]
    if players in MCTS_RUNG_PLAYERS[game]:
        pairs.append(("mcts", "heuristic"))
    lineups = [[strong] + [weak] * (players - 1) for strong, weak in pairs]
    suffix = "" if players == 2 else f"-{players}p"
    return {
        "name": f"{game.replace('_', '-')}-ladder{suffix}",
        "game": game,
        "players": players,
        "games": games,
        "seed": seed,
        "policies": lineups[0],
        "grid": {"policies": lineups},
    }


def skill_sweep(
    game: str, players: int = 2, games: int = SKILL_GAMES, seed: int = LADDER_SEED
) -> dict:
    """MCTS at each budget of ``BUDGETS[game]`` in one seat, the heuristic in the others."""
    lineups = [[f"mcts:iterations={b}"] + ["heuristic"] * (players - 1) for b in BUDGETS[game]]
    suffix = "" if players == 2 else f"-{players}p"
    return {
        "name": f"{game.replace('_', '-')}-skill-ladder{suffix}",
        "game": game,
        "players": players,
        "games": games,
        "seed": seed,
        "policies": lineups[0],
        "grid": {"policies": lineups},
    }


def target_sweep(game: str, games: int = TARGET_GAMES, seed: int = TARGET_SEED) -> dict:
    """Plain ``mcts`` against ``TOP_STYLE[game]``, 2 players, seats rotated."""
    lineup = ["mcts", TOP_STYLE[game]]
    return {
        "name": f"{game.replace('_', '-')}-mcts-target",
        "game": game,
        "players": 2,
        "games": games,
        "seed": seed,
        "policies": lineup,
        "grid": {"policies": [lineup]},
    }


def ladder_text(name: str) -> str:
    """The shipped file ``name`` with its header."""
    game, kind = FILES[name]
    title = display_name(game)
    if kind.startswith("ladder"):
        players = int(kind[len("ladder") :] or 2)
        raw = ladder_sweep(game, players)
        with_mcts = players in MCTS_RUNG_PLAYERS[game]
        top = ", plain mcts > heuristic." if with_mcts else " (no MCTS rung yet)."
        seats = "" if players == 2 else ", one seat of the stronger rung against the weaker"
        header = [
            f"{title} player ladder, {players} players: adjacent rungs head to head (seats "
            f"rotated{seats}),",
            f"greedy > random, heuristic > greedy, the heuristic styles{top}",
        ]
    elif kind == "target":
        raw = target_sweep(game)
        header = [
            f"{title}: plain mcts against the strongest heuristic style ({TOP_STYLE[game]}), "
            "2 players, seats rotated;",
            "the players issue's target is a win share of at least 65% with the 95% interval "
            "above 55%.",
        ]
    else:
        players = int(kind[len("skill") :] or 2)
        raw = skill_sweep(game, players)
        against = "the heuristic" if players == 2 else "the heuristic in every other seat"
        header = [
            f"{title} skill ladder (skill depth), {players} players: MCTS at doubling budgets "
            f"against {against};",
            "the report's skill-ladder section shows the win rate per budget and what each "
            "doubling gains.",
        ]
    header += [
        "Generated by `python -m analyses.sweeps` (analyses/sweeps/ladders.py); a test checks "
        "this file equals that output.",
        "",
        *plan_header(name, raw["games"], lambda: measured_pilot(name)),
    ]
    return to_toml(raw, header)


def measured_pilot(name: str) -> Pilot:
    """No pilot (MCTS games cost seconds to minutes): each cell's CPU per game as measured on
    earlier runs (``CPU_S``, ``CHEAP_CPU_S``, ``MCTS_NP_CPU_S``), spreads at their worst case;
    a skill ladder compares each budget with the next, a player ladder nothing game by game."""
    game, kind = FILES[name]
    cpu = CPU_S[game]
    if kind.startswith("ladder"):
        players = int(kind[len("ladder") :] or 2)
        cheap = CHEAP_CPU_S.get((game, players), cpu["cheap"])
        mcts = MCTS_NP_CPU_S.get((game, players), cpu["mcts"])
        seconds = [cheap] * 3 + ([mcts] if players in MCTS_RUNG_PLAYERS[game] else [])
    elif kind == "target":
        seconds = [cpu["mcts"]]
    else:
        players = int(kind[len("skill") :] or 2)
        mcts = MCTS_NP_CPU_S.get((game, players), cpu["mcts"])
        seconds = [mcts * b / BUDGETS[game][-1] for b in BUDGETS[game]]
    cells = [CellPilot(f"c{i:03d}", 1000 * s, 0.5) for i, s in enumerate(seconds)]
    steps = (
        [worst_case(a.cell, b.cell) for a, b in pairwise(cells)] if kind.startswith("skill") else []
    )
    return Pilot(
        0,
        LADDER_SEED,
        cells,
        steps,
        "each doubling of the MCTS budget" if steps else "none",
        "the CPU per game measured on earlier runs of these line-ups, spreads at "
        "their worst case (no pilot)",
    )
