"""Subcommands whose code lives in later layers; imported lazily by ``simcore.cli``."""

from __future__ import annotations

import argparse
from collections.abc import Callable


def _lazy_adder(path: str) -> Callable[[argparse.ArgumentParser], None]:
    def add(parser: argparse.ArgumentParser) -> None:
        import importlib

        module_name, _, attr = path.partition(":")
        getattr(importlib.import_module(module_name), attr)(parser)

    return add


# name -> (help, add_arguments, "module:function" run with the parsed args)
COMMANDS: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None], str]] = {
    "bench": ("measure simulator speed, sweep overhead, parallel efficiency",
              _lazy_adder("simcore.bench:add_arguments"), "simcore.bench:cmd_bench"),
    "report": ("build HTML reports from run directories",
               _lazy_adder("reports.cli:add_report_arguments"), "reports.cli:cmd_report"),
    "drift": ("check (exit 1) or update the win-rate drift baseline",
              _lazy_adder("analyses.drift:add_arguments"), "analyses.drift:cmd_drift"),
    "plan": ("a short pilot of a sweep, then the games per cell a precision needs and its CPU",
             _lazy_adder("analyses.plan:add_arguments"), "analyses.plan:cmd_plan"),
    "tune": ("search rule and content numbers (or policy weights) that meet targets, verified "
             "on fresh seeds", _lazy_adder("reports.tune_cli:add_arguments"),
             "reports.tune_cli:cmd_tune"),
    "compare": ("play two versions of a game on one study and report what changed (A vs B)",
                _lazy_adder("reports.compare_cli:add_arguments"),
                "reports.compare_cli:cmd_compare"),
    "replay": ("one recorded game as an HTML page to step through (each seat's view)",
               _lazy_adder("reports.replay_cli:add_replay_arguments"),
               "reports.replay_cli:cmd_replay"),
    "feel": ("a short preset run: luck and skill, drama, kingmaking, decision load of a game",
             _lazy_adder("analyses.feel.preset:add_arguments"), "analyses.feel.preset:cmd_feel"),
    "demo": ("short sweeps of every game, reports and an index page",
             _lazy_adder("reports.cli:add_demo_arguments"), "reports.cli:cmd_demo"),
}  # fmt: skip
