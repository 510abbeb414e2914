"""Generators of the shipped player-ladder sweeps, one pair of files per game.

- ``<game>_ladder.toml``: adjacent rungs head to head, 2 players, seats rotated, 400 games each:
  greedy vs random, heuristic vs greedy, the heuristic styles against each other, plain ``mcts``
  (the game's recommended settings) vs the heuristic.
- ``<game>_skill_ladder.toml``: skill depth, MCTS at budgets B, 2B, 4B, 8B (the recommended
  settings otherwise) against the heuristic; the report's skill-ladder section reads it.
- ``<game>_mcts_target.toml``: plain ``mcts`` against the game's strongest heuristic style
  (``TOP_STYLE``), 2 players, 100 games: the players issue's target (>= 65%, 95% interval above
  55%) in a run short enough to repeat.

CPU per game of each line-up on one core is measured (``CPU_S``), so each header states what
the file costs before anyone starts it.
"""

from __future__ import annotations

from analyses.stats import half_width
from analyses.sweeps.studies import to_toml
from simcore.registry import display_name

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
BUDGETS = {"ratjack": (70, 140, 280, 560), "lord_of_worlds": (31, 62, 125, 250),
           "rats_of_wistar": (12, 23, 45, 90)}  # fmt: skip
# Measured CPU seconds per 2-player game on one core (both seats): pilot runs, and for the two
# bigger games the mean of the 100-game <game>_mcts_target.toml runs (2 workers on 2 cores).
CPU_S = {
    "ratjack": {"cheap": 0.02, "mcts": 1.9},
    "lord_of_worlds": {"cheap": 0.01, "mcts": 24.4},
    "rats_of_wistar": {"cheap": 0.01, "mcts": 25.9},
}
FILES = {**{f"{g}_ladder.toml": (g, "ladder") for g in BUDGETS},
         **{f"{g}_skill_ladder.toml": (g, "skill") for g in BUDGETS},
         **{f"{g}_mcts_target.toml": (g, "target") for g in BUDGETS}}  # fmt: skip


def ladder_sweep(game: str, games: int = LADDER_GAMES, seed: int = LADDER_SEED) -> dict:
    """Adjacent rungs of ``game``'s ladder, 2 players (first listed = the stronger rung)."""
    first, second = STYLES[game]
    styles = [f"heuristic:style={second}", f"heuristic:style={first}"]
    lineups = [["greedy", "random"], ["heuristic", "greedy"], styles, ["mcts", "heuristic"]]
    return {"name": f"{game.replace('_', '-')}-ladder", "game": game, "players": 2,
            "games": games, "seed": seed, "policies": lineups[0],
            "grid": {"policies": lineups}}  # fmt: skip


def skill_sweep(game: str, games: int = SKILL_GAMES, seed: int = LADDER_SEED) -> dict:
    """MCTS at each budget of ``BUDGETS[game]`` against the heuristic, 2 players."""
    lineups = [[f"mcts:iterations={b}", "heuristic"] for b in BUDGETS[game]]
    return {"name": f"{game.replace('_', '-')}-skill-ladder", "game": game, "players": 2,
            "games": games, "seed": seed, "policies": lineups[0],
            "grid": {"policies": lineups}}  # fmt: skip


def target_sweep(game: str, games: int = TARGET_GAMES, seed: int = TARGET_SEED) -> dict:
    """Plain ``mcts`` against ``TOP_STYLE[game]``, 2 players, seats rotated."""
    lineup = ["mcts", TOP_STYLE[game]]
    return {"name": f"{game.replace('_', '-')}-mcts-target", "game": game, "players": 2,
            "games": games, "seed": seed, "policies": lineup,
            "grid": {"policies": [lineup]}}  # fmt: skip


def ladder_text(name: str) -> str:
    """The shipped file ``name`` with its header."""
    game, kind = FILES[name]
    title = display_name(game)
    cpu = CPU_S[game]
    if kind == "ladder":
        raw = ladder_sweep(game)
        minutes = raw["games"] * (3 * cpu["cheap"] + cpu["mcts"]) / 60
        header = [
            f"{title} player ladder, 2 players: adjacent rungs head to head (seats rotated),",
            "greedy > random, heuristic > greedy, the heuristic styles, plain mcts > heuristic.",
        ]
    elif kind == "target":
        raw = target_sweep(game)
        minutes = raw["games"] * cpu["mcts"] / 60
        header = [
            f"{title}: plain mcts against the strongest heuristic style ({TOP_STYLE[game]}), "
            "2 players, seats rotated;",
            "the players issue's target is a win share of at least 65% with the 95% interval "
            "above 55%.",
        ]
    else:
        raw = skill_sweep(game)
        top = BUDGETS[game][-1]
        minutes = raw["games"] * sum(cpu["mcts"] * b / top for b in BUDGETS[game]) / 60
        header = [
            f"{title} skill ladder (skill depth), 2 players: MCTS at doubling budgets against "
            "the heuristic;",
            "the report's skill-ladder section shows the win rate per budget and what each "
            "doubling gains.",
        ]
    hw = 100 * half_width(0.5, raw["games"])
    header += [
        "Generated by `python -m analyses.sweeps` (analyses/sweeps/ladders.py); a test checks "
        "this file equals that output.",
        "",
        f"Games: {raw['games']} per cell x {len(raw['grid']['policies'])} cells, about "
        f"{minutes:,.0f} CPU minutes (measured per-game CPU on one core);",
        f"95% interval half-width of a win rate near 50%: ±{hw:.1f} points.",
    ]
    return to_toml(raw, header)
