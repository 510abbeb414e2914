"""Drift checks: a fixed-seed suite replayed and compared game by game with a baseline."""

from analyses.drift.check import DEFAULT_BASELINE, DEFAULT_SUITE, compare_all, load_suite, measure
from analyses.drift.cli import add_arguments, cmd_drift
from analyses.drift.compare import compare_check, judge
from analyses.drift.metrics import METRICS, metric, per_game

__all__ = [
    "DEFAULT_BASELINE",
    "DEFAULT_SUITE",
    "METRICS",
    "add_arguments",
    "cmd_drift",
    "compare_all",
    "compare_check",
    "judge",
    "load_suite",
    "measure",
    "metric",
    "per_game",
]
