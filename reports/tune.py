"""The ``boardlab tune`` command and its HTML report (recommended changes, targets before and
after on fresh seeds, trade-off front, parameter importance, search history)."""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path
from typing import Any

from reports.plots import _figure, to_svg
from reports.tables import Table

REPORT = "report.html"


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Arguments of ``boardlab tune``."""
    from simcore.config import add_allow_import

    p.add_argument("config", help="tune file (TOML): game, line-up, [[target]], [[space]]")
    p.add_argument("--out", default="runs", help="parent folder of the search's run folder")
    p.add_argument("--n-jobs", type=int, default=1, help="worker processes (-1: all cores)")
    p.add_argument(
        "--storage",
        metavar="URL",
        help="Optuna RDB storage shared by several processes or machines, e.g. "
        "postgresql://user:pass@host/db (default: SQLite in the run folder)",
    )
    p.add_argument("--resume", action="store_true", help="continue an interrupted search")
    p.add_argument("--quiet", action="store_true", help="no progress lines")
    add_allow_import(p)


def cmd_tune(args: argparse.Namespace) -> int:
    """Run the search, verify, write ``tune.json`` and ``report.html``; print the verdict."""
    import os

    from analyses.tune.config import load_tune
    from analyses.tune.run import run_tune
    from simcore.config import ALLOW_IMPORT_ENV
    from simcore.errors import ConfigError

    if args.n_jobs == 0 or args.n_jobs < -1:
        raise ConfigError(f"--n-jobs must be a positive number or -1, got {args.n_jobs}")
    n_jobs = (os.cpu_count() or 1) if args.n_jobs == -1 else args.n_jobs
    allow = args.allow_import or os.environ.get(ALLOW_IMPORT_ENV) == "1"
    tc = load_tune(args.config, allow_import=allow)

    def say(text: str) -> None:
        if not args.quiet:
            print(text, file=sys.stderr, flush=True)

    result = run_tune(tc, Path(args.out), args.storage, n_jobs, args.resume, say)
    run_dir = Path(args.out) / tc.name
    (run_dir / REPORT).write_text(render(result), encoding="utf-8")
    for line in summary_lines(result):
        print(line)
    print(f"report: {run_dir / REPORT}")
    return 0


def _n(x: Any, digits: int = 1) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "–"
    return f"{x:+.{digits}f}" if isinstance(x, float) else str(x)


def _iv(v: list[float] | None) -> str:
    if not v:
        return "–"
    return f"{v[0]:+.1f} [{v[1]:+.1f}, {v[2]:+.1f}]"


def recommended(result: dict[str, Any]) -> dict[str, Any] | None:
    """The verified finalist the search recommends (or the closest one)."""
    ver = result["verification"]
    return next((f for f in ver["finalists"] if f["slot"] == ver["recommended"]), None)


def summary_lines(result: dict[str, Any]) -> list[str]:
    """The verdict in words."""
    best = recommended(result)
    ver = result["verification"]
    games = result["search"]["verify_games"]
    if best is None:
        return ["no candidate finished the search: nothing to recommend"]
    changes = "; ".join(f"{n}: {_short(o)} -> {_short(v)}" for n, o, v in best["changes"])
    head = (
        f"recommended (trial {best['slot']}): {changes or 'no change'}"
        if ver["reached"]
        else f"targets NOT reached on {games} fresh games; closest candidate (trial "
        f"{best['slot']}): {changes or 'no change'}"
    )
    lines = [head]
    for name, res in best["targets"].items():
        rows = res["rows"]
        if len(rows) == 1:
            r = rows[0]
            lines.append(
                f"  {name}: {_iv(r['before'])} -> {_iv(r['after'])}, paired change "
                f"{_iv(r['change'])} (on {games} fresh games)"
            )
        else:
            ok = sum(1 for r in rows if r["meets"])
            before = sum(1 for r in rows if r["met_before"])
            lines.append(
                f"  {name}: {before}/{len(rows)} items in band -> {ok}/{len(rows)}; "
                f"summed miss {res['miss_before']:.1f} -> {res['miss']:.1f} "
                f"(on {games} fresh games)"
            )
    return lines


def _short(v: Any) -> str:
    text = str(v)
    return text if len(text) <= 60 else text[:57] + "..."


def render(result: dict[str, Any]) -> str:
    """The HTML report of a finished search."""
    from reports.build import environment

    sections = [
        s
        for s in (
            _changes(result),
            _targets(result),
            _front(result),
            _importance(result),
            _history(result),
        )
        if s
    ]
    desc = result["description"]
    subtitle = (
        f"{result['game']}, {result['players']} players, line-up "
        f"{', '.join(result['policies'])}; {desc}"
    )
    return (
        environment()
        .get_template("tune.html")
        .render(
            title=f"Find what to change: {result['name']}",
            subtitle=subtitle,
            summary=summary_lines(result) + _method(result),
            sections=sections,
        )
    )


def _method(result: dict[str, Any]) -> list[str]:
    s = result["search"]
    return [
        f"Search: {s['trials']} trials ({s['sampler']}) in batches of {s['batch']}, each "
        f"played in rungs of {', '.join(map(str, s['rungs']))} games on common seeds "
        f"(seed {result['seed']}) and stopped once an interval ruled a target out; the best "
        f"were played again on {s['verify_games']} fresh games (seed "
        f"{result['verify_seed']}) next to the current version. A target is met when its "
        "fresh-seed estimate lies in its band; intervals are 95%."
    ]


def _section(id_: str, title: str, findings, tables, figures=()) -> dict[str, Any]:
    return {
        "id": id_,
        "title": title,
        "findings": findings,
        "tables": tables,
        "figures": list(figures),
    }


def _changes(result: dict[str, Any]) -> dict[str, Any] | None:
    best = recommended(result)
    if best is None:
        return None
    rows = []
    for name, old, new in best["changes"]:
        rows += change_rows(result["game"], name, old, new)
    t = Table(
        "Recommended changes (old -> new)",
        ["Dimension", "Old", "New", "Text"],
        rows,
        [False, False, False, False],
    )
    return _section("changes", "Recommended changes", [], [t])


def change_rows(game: str, name: str, old: Any, new: Any) -> list[list[str]]:
    """One row per moved number; a permutation: one row per position that changed, with the
    card's text where the game has one."""
    if isinstance(old, list) and isinstance(new, list):
        texts = _effect_texts(game)
        return [
            [f"{name} [{i}]", str(o), str(n), texts.get(str(n), "")]
            for i, (o, n) in enumerate(zip(old, new, strict=True))
            if o != n
        ]
    return [[name, str(old), str(new), ""]]


def _effect_texts(game: str) -> dict[str, str]:
    if game != "ratjack":
        return {}
    from analyses.tune.content import data_dir
    from simcore.content import read_toml

    path = data_dir(game) / "texts.toml"
    effects = read_toml(path).get("effects", {}) if path.exists() else {}
    return {k: v.get("text", "") for k, v in effects.items()}


def _targets(result: dict[str, Any]) -> dict[str, Any] | None:
    best = recommended(result)
    if best is None:
        return None
    tables = []
    bands = {t["name"]: t for t in result["targets"]}
    for name, res in best["targets"].items():
        rows = [
            [
                r["item"] or name,
                _iv(r["before"]),
                _iv(r["after"]),
                _iv(r["change"]),
                {True: "yes", False: "no", None: "–"}[r["meets"]],
            ]
            for r in res["rows"]
        ]
        tables.append(
            Table(
                f"{name}: {bands[name]['band']} (fresh seeds)",
                ["Item", "Current", "Recommended", "Paired change", "Meets"],
                rows,
                [False, True, True, True, False],
            )
        )
    return _section("targets", "Targets before and after", [], tables)


def _front(result: dict[str, Any]) -> dict[str, Any] | None:
    if result["search"]["objectives"] < 2:
        return None
    names = [t["name"] for t in result["targets"]]
    done = [t for t in result["trials"] if t["objectives"] and not t["infeasible"]]
    front = [t for t in done if not any(_dominates(o["objectives"], t["objectives"]) for o in done)]
    rows = [[str(t["slot"]), *(f"{v:.2f}" for v in t["objectives"])] for t in front]
    table = Table(
        "Trade-off front: misses of the candidates no other beats on every target",
        ["Trial", *names],
        rows,
        [True] * (len(names) + 1),
    )
    fig = _figure(5, 3.4)
    ax = fig.add_subplot()
    ax.scatter(
        [t["objectives"][0] for t in done],
        [t["objectives"][1] for t in done],
        s=12,
        color="#999",
        label="trials",
    )
    ax.scatter(
        [t["objectives"][0] for t in front],
        [t["objectives"][1] for t in front],
        s=24,
        color="#c33",
        label="front",
    )
    ax.set_xlabel(f"miss: {names[0]}")
    ax.set_ylabel(f"miss: {names[1]}")
    ax.legend()
    svg = to_svg(fig, "front", "misses of each trial on the first two targets")
    return _section(
        "front",
        "Trade-off front",
        [],
        [table],
        [{"svg": svg, "caption": "Each trial's miss on the first two targets"}],
    )


def _dominates(a: list[float], b: list[float]) -> bool:
    return all(x <= y for x, y in zip(a, b, strict=True)) and a != b


def _importance(result: dict[str, Any]) -> dict[str, Any] | None:
    imp = result["importance"]
    if not imp:
        return None
    rows = [[k, f"{v:.2f}"] for k, v in imp.items()]
    t = Table(
        "Share of the summed miss's variation explained (Optuna PED-ANOVA)",
        ["Dimension", "Importance"],
        rows,
        [False, True],
    )
    return _section("importance", "Which parameters mattered", [], [t])


def _history(result: dict[str, Any]) -> dict[str, Any]:
    rows = [
        [
            str(h["trial"]),
            _n(h["slot"]),
            _n(h["batch"]),
            h["state"],
            _n(h["games"]),
            f"{h['miss']:.2f}" if h["miss"] is not None else "–",
        ]
        for h in result["history"]
    ]
    t = Table(
        "Every trial of the study",
        ["Trial", "Slot", "Batch", "State", "Games", "Miss"],
        rows,
        [True, True, True, False, True, True],
    )
    done = [h for h in result["history"] if h["miss"] is not None and h["miss"] < 1e5]
    figures = []
    if done:
        fig = _figure(5, 3)
        ax = fig.add_subplot()
        ax.plot([h["slot"] for h in done], [h["miss"] for h in done], "o", ms=4)
        ax.set_xlabel("trial (slot)")
        ax.set_ylabel("summed miss")
        figures.append(
            {
                "svg": to_svg(fig, "history", "summed miss of each finished trial"),
                "caption": "Summed miss of each finished trial, in order",
            }
        )
    return _section("history", "Search history", [], [t], figures)
