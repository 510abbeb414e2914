"""MCTS options: one frozen, validated config built from spec-string options."""

from __future__ import annotations

import math
from dataclasses import dataclass, fields
from typing import Any, Final

from simcore.core.errors import ConfigError
from strategies.base import check_options, parse_spec

POLICY = "mcts"
# Per-game settings that plain ``mcts`` uses (explicit options override them). Chosen by
# measured strength per CPU second; the tuning runs are listed in benchmarks/mcts_tuning.md.
RECOMMENDED: dict[str, dict[str, object]] = {
    # cut-off after 10 steps, scored by the race-to-3-VP evaluation; 560 iterations fill the
    # 2 s of CPU per game the players issue allows (1.89 s measured)
    "ratjack": {"iterations": 560, "horizon": 10},
    # heuristic play-outs to the end scored by score margin, progressive widening from the
    # heuristic's choice, the subtree kept across a seat's own consecutive decisions; 90
    # iterations keep a game near 30 s of CPU
    "rats_of_wistar": {
        "iterations": 90,
        "rollout": "heuristic",
        "widen": 1.0,
        "reward": "margin",
        "reuse": 1,
    },
    # heuristic play-outs cut off after 30 steps, margin reward with a small exploration constant
    # (margins differ by a few hundredths), narrow widening, the subtree kept across the 5-10
    # micro-decisions of a turn (tree reuse); card payment, discards, reveals and the portal
    # choice left to the heuristic (defer), which pays for 330 iterations elsewhere at the CPU
    # 250 took: ~25 s a game for both seats
    "lord_of_worlds": {
        "iterations": 330,
        "rollout": "heuristic",
        "horizon": 30,
        "widen": 0.5,
        "reward": "margin",
        "c": 0.1,
        "reuse": 1,
        "defer": "add+done+discard+reveal+portal",
    },
}

REWARDS = ("win", "margin")
MAX_ITERATIONS = 10_000_000  # per move: ~1 hour of search at typical speeds
NO_CAP: Final = 0
"""``iterations=0``: no iteration cap (only meaningful with a ``time_ms`` budget)."""


@dataclass(frozen=True)
class MctsConfig:
    """Search settings; ``iterations`` alone keeps the policy deterministic.

    - ``iterations``: determinize-descend-rollout-backup cycles per move (0 = no cap; needs
      ``time_ms``). With ``time_ms`` as well, the search stops at whichever comes first.
    - ``time_ms``: wall-clock budget per move (0 = none); makes the policy non-deterministic.
    - ``c``: UCB1 exploration constant (rewards lie in [0, 1]).
    - ``rollout``: registered policy name for the playouts; ``random`` runs inline (fastest).
    - ``horizon``: playout steps before the cut-off evaluator (``heuristic_value`` of every
      seat, normalised to sum 1) takes over; 0 = play to the end.
    - ``reward``: ``win`` (win share from ``returns()``) or ``margin`` (normalised score margin).
    - ``widen``: progressive widening; a node visited v times searches its first
      ``max(1, widen * sqrt(v))`` actions, the ``prior`` policy's choice first (0 = off).
    - ``prior``: registered policy name whose choice is unpruned first (with ``widen``).
    - ``reuse``: 1 keeps the chosen action's subtree when the same seat decides again right
      after its own move (compound turns), so the next search starts from its statistics.
    - ``guard``: 0 plays heuristic play-outs without the heuristic's end-of-game guard (its
      ``act_unguarded``): the guard plays out every move of a final turn, most of a late
      play-out's cost; 1 keeps it.
    - ``defer``: action classes joined by ``+`` (``boardlab policies GAME``): a decision whose
      legal actions all belong to them is left to the ``prior`` policy without a search (e.g.
      which card to pay with), so the budget goes to the decisions that shape the game.
    - ``focus``: action classes joined by ``+``: the complement of ``defer``; only a decision
      with a legal action of one of them is searched, every other one is left to the ``prior``
      (e.g. Rats of Wistar's turn menu: where to place, which quick action, when to end).
    """

    iterations: int = 400
    time_ms: float = 0.0
    c: float = 0.7
    rollout: str = "random"
    horizon: int = 0
    reward: str = "win"
    widen: float = 0.0
    prior: str = "heuristic"
    reuse: int = 0
    guard: int = 1
    defer: str = ""
    focus: str = ""

    def __post_init__(self) -> None:
        for key in ("time_ms", "c", "widen"):
            value = getattr(self, key)
            if not math.isfinite(value):
                raise ConfigError(
                    f"policy 'mcts': option {key!r} must be a finite number, got {value}"
                )
        if self.iterations > MAX_ITERATIONS:
            raise ConfigError(
                f"policy 'mcts': option 'iterations' is at most {MAX_ITERATIONS:,} per move, got "
                f"{self.iterations:,} (at a few thousand iterations per second that is "
                f"{self.iterations / 3000 / 3600:,.0f} hours per move); use time_ms for a budget"
            )
        if self.iterations < 0:
            raise ConfigError(
                f"policy 'mcts': option 'iterations' must be >= 0, got {self.iterations}"
            )
        if self.time_ms < 0:
            raise ConfigError(f"policy 'mcts': option 'time_ms' must be >= 0, got {self.time_ms}")
        if self.iterations == NO_CAP and self.time_ms == 0:
            raise ConfigError(
                "policy 'mcts': option 'iterations=0' (no cap) needs a time_ms budget"
            )
        if self.c < 0:
            raise ConfigError(f"policy 'mcts': option 'c' must be >= 0, got {self.c}")
        if self.widen < 0:
            raise ConfigError(f"policy 'mcts': option 'widen' must be >= 0, got {self.widen}")
        for key in ("reuse", "guard"):
            if getattr(self, key) not in (0, 1):
                raise ConfigError(
                    f"policy 'mcts': option {key!r} must be 0 or 1, got {getattr(self, key)}"
                )
        if self.horizon < 0:
            raise ConfigError(f"policy 'mcts': option 'horizon' must be >= 0, got {self.horizon}")
        if self.reward not in REWARDS:
            raise ConfigError(
                f"policy 'mcts': option 'reward' must be one of {', '.join(REWARDS)}, "
                f"got {self.reward!r}"
            )
        _check_rollout(self.rollout)
        _check_rollout(self.prior, "prior")

    @property
    def deterministic(self) -> bool:
        """True unless a wall-clock budget decides when the search stops."""
        return self.time_ms == 0

    @classmethod
    def from_options(cls, options: dict[str, Any]) -> MctsConfig:
        """Validate spec options (``ConfigError`` on unknown keys or wrong types) and build."""
        allowed = {f.name: _TYPES[f.name] for f in fields(cls)}
        check_options(POLICY, options, allowed)
        values = dict(options)
        if "time_ms" in values and "iterations" not in values:
            # A time budget alone means "search until the budget is spent".
            values["iterations"] = NO_CAP
        for key in ("time_ms", "c", "widen"):
            if key in values:
                values[key] = float(values[key])
        return cls(**values)

    def spec(self) -> str:
        """Canonical spec string: ``mcts`` plus the options that differ from the defaults."""
        default = MctsConfig()
        parts = [
            f"{f.name}={_fmt(getattr(self, f.name))}"
            for f in fields(self)
            if getattr(self, f.name) != getattr(default, f.name)
        ]
        return POLICY + (":" + ",".join(parts) if parts else "")


_TYPES: dict[str, type] = {
    "iterations": int,
    "time_ms": float,
    "c": float,
    "rollout": str,
    "horizon": int,
    "reward": str,
    "widen": float,
    "prior": str,
    "reuse": int,
    "guard": int,
    "defer": str,
    "focus": str,
}


def _check_rollout(rollout: str, option: str = "rollout") -> None:
    """A rollout (or prior) policy is a bare registered name (no options, not a search)."""
    name, options = parse_spec(rollout)
    if options or "=" in rollout:
        raise ConfigError(
            f"policy 'mcts': option {option!r} takes a policy name without options, got {rollout!r}"
        )
    if name == POLICY:
        raise ConfigError(f"policy 'mcts': option {option!r} cannot be 'mcts' (nested search)")


def _fmt(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)
