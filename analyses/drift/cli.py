"""``boardlab drift``: flags, the check (exit 1 on drift) and the baseline update."""

from __future__ import annotations

from typing import Any

import polars as pl

from analyses.drift import output
from analyses.drift.check import (
    DEFAULT_BASELINE,
    DEFAULT_SUITE,
    baseline_from,
    compare_all,
    load_baseline,
    load_suite,
    measure,
    write_baseline,
)
from simcore.core.errors import ConfigError
from simcore.engine.run.outputs import check_output_file
from simcore.engine.sweep.config import add_allow_import, add_n_jobs, check_n_jobs


def add_arguments(p: Any) -> None:
    """Flags of ``boardlab drift``."""
    p.add_argument(
        "action",
        choices=["check", "update"],
        help="check: replay the suite and compare it with the baseline (exit 1 on drift); "
        "update: measure it and write a new baseline (--message says why)",
    )
    p.add_argument("--suite", default=str(DEFAULT_SUITE), help="suite TOML")
    p.add_argument("--baseline", default=str(DEFAULT_BASELINE), help="baseline (.json[.gz])")
    add_n_jobs(p)
    p.add_argument("--message", help="update: why the baseline changes (required)")
    p.add_argument("--junit", help="check: also write a JUnit XML result here")
    p.add_argument("--html", help="check: also write an HTML report here")
    add_allow_import(p)


def _check_flags(args: Any) -> None:
    """Flags and output paths, checked before the suite is played (minutes of work)."""
    check_n_jobs(args.n_jobs)
    if args.action == "update":
        if not (args.message or "").strip():
            raise ConfigError("drift update needs --message saying why the baseline changes")
        check_output_file(args.baseline, "--baseline")
        return
    load_baseline(args.baseline)
    for flag, path in (("--junit", args.junit), ("--html", args.html)):
        if path:
            check_output_file(path, flag)


def cmd_drift(args: Any) -> int:
    """``drift check`` (exit 1 on drift) or ``drift update --message WHY``."""
    checks, alpha = load_suite(args.suite)
    _check_flags(args)
    if args.action == "update":
        measured = measure(checks, args.n_jobs, baseline=True)
        write_baseline(args.baseline, baseline_from(checks, measured, args.message.strip()))
        print(f"baseline of {len(checks)} checks written to {args.baseline}: {args.message}")
        return 0
    baseline = load_baseline(args.baseline)
    now = measure(checks, args.n_jobs)
    table = compare_all(checks, now, baseline, alpha)
    examples = output.changed_examples(checks, now, baseline)
    print(output.format_table(table, baseline))
    print(output.format_examples(examples))
    if args.junit:
        output.write_junit(args.junit, table)
    if args.html:
        output.write_html(args.html, table, baseline, examples, alpha)
    print(output.summary(table, alpha))
    return 1 if table.filter(pl.col("status") == "DRIFT").height else 0
