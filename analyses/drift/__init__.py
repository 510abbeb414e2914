"""Win-rate drift checks: a fixed-seed suite compared with a committed baseline."""

from analyses.drift.check import (
    DEFAULT_BASELINE,
    DEFAULT_SUITE,
    add_arguments,
    cmd_drift,
    compare,
    load_suite,
    measure,
    two_proportion_p,
)

__all__ = [
    "DEFAULT_BASELINE",
    "DEFAULT_SUITE",
    "add_arguments",
    "cmd_drift",
    "compare",
    "load_suite",
    "measure",
    "two_proportion_p",
]
