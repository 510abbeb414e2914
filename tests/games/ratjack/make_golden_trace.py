"""Regenerate golden_trace.txt: ``python -m tests.games.ratjack.make_golden_trace``.

Equivalent to ``boardlab play --game ratjack --players 3 --policies heuristic,random,random --seed 1
--trace``. Regenerate only after an intended behaviour change (and bump the game version).
"""

from __future__ import annotations

from pathlib import Path

from simcore.engine.check.trace import trace_game
from simcore.games.ratjack import Ratjack
from strategies.registry import make_policy

GOLDEN = Path(__file__).parent / "golden_trace.txt"


def golden_lines() -> list[str]:
    """The trace of the golden game."""
    game = Ratjack()
    policies = [make_policy(p, game) for p in ("heuristic", "random", "random")]
    return trace_game(game, 3, policies, seed=1)


def main() -> None:
    """Write the golden file."""
    GOLDEN.write_text("\n".join(golden_lines()) + "\n")
    print(f"wrote {GOLDEN}")


if __name__ == "__main__":
    main()
