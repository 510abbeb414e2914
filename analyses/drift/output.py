"""What a reviewer reads: the terminal table, example seeds to replay, JUnit XML and HTML."""

from __future__ import annotations

import html
import math
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

import polars as pl

from analyses.drift.check import baseline_frame, with_seeds
from analyses.drift.compare import DRIFT, IDENTICAL, UNCLEAR, WITHIN
from analyses.drift.metrics import metric

EXAMPLES = 3  # changed games shown per check


def _num(x: float, rate: bool) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "-"
    return f"{100 * x:.1f}%" if rate else f"{x:.2f}"


def _diff(r: dict[str, Any]) -> str:
    rate = not metric(r["metric"]).relative
    scale, unit = (100, " pts") if rate else (1, "")
    if r["mode"] == "identical":
        return "0 (identical)"
    return (
        f"{scale * r['diff']:+.2f}{unit} [{scale * r['lo']:+.2f}, {scale * r['hi']:+.2f}] "
        f"tol ±{scale * r['tolerance']:.2f}"
    )


def _power(r: dict[str, Any]) -> str:
    """Chance this check flags a change of the full tolerance that draws a new random stream."""
    value = r["expected_power"]
    return "-" if value is None or math.isnan(value) else f"{100 * value:.0f}%"


def format_table(table: pl.DataFrame, baseline: dict[str, Any]) -> str:
    """Plain-text table: per metric baseline, now, difference with 90% interval, status."""
    head = f"baseline: {baseline.get('recorded', '?')}: {baseline.get('message', '')}"
    lines = [
        head,
        f"{'check':<26} {'metric':<18} {'baseline':>9} {'now':>9}  "
        f"{'difference [90%] tolerance':<40} {'p (Holm)':>8}  status / mode",
    ]
    for r in table.iter_rows(named=True):
        rate = not metric(r["metric"]).relative
        p = "-" if r["p_holm"] is None or math.isnan(r["p_holm"]) else f"{r['p_holm']:.3g}"
        mode = "" if r["mode"] == "identical" else f" / {r['mode']}, r={r['r']:.2f}"
        values = f"{_num(r['baseline'], rate):>9} {_num(r['now'], rate):>9}"
        lines.append(
            f"{r['check']:<26} {r['metric']:<18} {values}  {_diff(r):<40} {p:>8}  "
            f"{r['status']}{mode}"
        )
    return "\n".join(lines)


def summary(table: pl.DataFrame, alpha: float) -> str:
    """The closing line: how many metrics drifted, are unclear, within tolerance, identical."""
    counts = {
        s: table.filter(pl.col("status") == s).height for s in (DRIFT, UNCLEAR, WITHIN, IDENTICAL)
    }
    changed = int(table["changed"].fill_null(False).sum())
    return (
        f"{counts[DRIFT]} drifted, {counts[UNCLEAR]} changed with size unclear, "
        f"{counts[WITHIN]} within tolerance, {counts[IDENTICAL]} identical; {changed} "
        f"changed significantly (alpha {alpha} family-wise, Holm)"
    )


RULE = (
    "Within tolerance: the 90% interval lies inside ±tolerance (two one-sided tests). "
    "DRIFT: otherwise, when the change is shown to exceed half the tolerance (one-sided "
    "4%) and is estimated at 80% of it or more. Changed, size unclear: neither. A change of "
    "half the tolerance is flagged in at most 5% of checks, one of the full tolerance in at "
    "least 80% at the suite's sizes (the column gives each metric's chance when a change "
    "draws a new random stream)."
)


def changed_examples(
    checks: list[dict[str, Any]], now: dict[str, pl.DataFrame], baseline: dict[str, Any]
) -> list[dict[str, Any]]:
    """Up to ``EXAMPLES`` games per check whose winner changed, with a replay command."""
    out = []
    for check in checks:
        base = with_seeds(check, baseline_frame(check, baseline["checks"][check["name"]]))
        cur = now[check["name"]]
        moved = base.join(cur, on="game_index", suffix="_now").filter(
            (pl.col("slot0_win") != pl.col("slot0_win_now"))
            | (pl.col("first_player_win") != pl.col("first_player_win_now"))
        )
        for r in moved.head(EXAMPLES).iter_rows(named=True):
            out.append(
                {
                    "check": check["name"],
                    "game_index": r["game_index"],
                    "seed": r["seed"],
                    "slot0_win": (r["slot0_win"], r["slot0_win_now"]),
                    "command": replay_command(check, r["seed"], r["rotation"]),
                }
            )
    return out


def replay_command(check: dict[str, Any], seed: int, rotation: int) -> str:
    """``boardlab play`` of one suite game with its seating, traced."""
    n, lineup = check["players"], check["policies"]
    seats = [lineup[(seat + rotation) % n] for seat in range(n)]
    flags = " ".join(f"--policy '{s}'" for s in seats)
    params = " ".join(f"--param {k}={v}" for k, v in check.get("params", {}).items())
    trust = " --allow-import" if ":" in check["game"] else ""  # a module:Class game
    return (
        f"boardlab play --game {check['game']}{trust} --players {n} {flags} --seed {seed}"
        f"{' ' + params if params else ''} --trace"
    )


def format_examples(examples: list[dict[str, Any]]) -> str:
    """Lines naming changed games and how to replay them."""
    if not examples:
        return "no game changed its winner"
    lines = ["games whose winner changed (replay with the command):"]
    for e in examples:
        a, b = e["slot0_win"]
        lines.append(
            f"  {e['check']} game {e['game_index']}: first policy's share {a:g} -> "
            f"{b:g}\n    {e['command']}"
        )
    return "\n".join(lines)


def write_junit(path: str | Path, table: pl.DataFrame) -> None:
    """JUnit XML: one test suite per check, one test case per metric; drift is a failure."""
    root = ET.Element("testsuites", name="boardlab drift")
    for (check,), part in table.group_by(["check"], maintain_order=True):
        failures = part.filter(pl.col("status") == "DRIFT").height
        suite = ET.SubElement(
            root,
            "testsuite",
            name=check,
            tests=str(part.height),
            failures=str(failures),
            errors="0",
        )
        for r in part.iter_rows(named=True):
            case = ET.SubElement(suite, "testcase", classname=f"drift.{check}", name=r["metric"])
            text = f"{r['status']}: {_diff(r)} ({r['mode']})"
            if r["status"] == "DRIFT":
                ET.SubElement(case, "failure", message=text).text = text
            else:
                ET.SubElement(case, "system-out").text = text
    ET.ElementTree(root).write(path, encoding="utf-8", xml_declaration=True)


def write_html(
    path: str | Path,
    table: pl.DataFrame,
    baseline: dict[str, Any],
    examples: list[dict[str, Any]],
    alpha: float,
) -> None:
    """A self-contained HTML page of the check (a CI artifact)."""
    esc = html.escape
    rows = []
    for r in table.iter_rows(named=True):
        rate = not metric(r["metric"]).relative
        cls = "drift" if r["status"] == "DRIFT" else ""
        rows.append(
            f"<tr class='{cls}'><td>{esc(r['check'])}</td><td>{esc(r['metric'])}</td>"
            f"<td>{_num(r['baseline'], rate)}</td><td>{_num(r['now'], rate)}</td>"
            f"<td>{esc(_diff(r))}</td><td>{_power(r)}</td>"
            f"<td>{esc(r['status'])}</td><td>{esc(r['mode'])}</td></tr>"
        )
    ex = "".join(
        f"<li>{esc(e['check'])} game {e['game_index']}: <code>{esc(e['command'])}</code></li>"
        for e in examples
    )
    ex = ex or "<li>no game changed its winner</li>"
    drifted = table.filter(pl.col("status") == "DRIFT").height
    verdict = f"{drifted} metric(s) drifted" if drifted else "no drift"
    page = f"""<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<title>boardlab drift check: {verdict}</title><style>
body{{font-family:system-ui,sans-serif;margin:2rem;max-width:75rem}}
table{{border-collapse:collapse}}td,th{{border:1px solid #ccc;padding:.3rem .5rem}}
tr.drift{{background:#fde2e2}}code{{font-size:.85em}}</style></head><body>
<h1>Drift check: {verdict}</h1>
<p>Baseline recorded {esc(str(baseline.get("recorded")))}: {esc(baseline.get("message", ""))}.
The tolerance is the smallest shift that matters. {esc(RULE)} {esc(summary(table, alpha))}.</p>
<table><tr><th>check</th><th>metric</th><th>baseline</th><th>now</th>
<th>difference [90%], tolerance</th><th>flags a new-stream change of the tolerance</th>
<th>status</th><th>test</th></tr>{"".join(rows)}</table>
<h2>Games whose winner changed</h2><ul>{ex}</ul></body></html>"""
    Path(path).write_text(page, encoding="utf-8")
