"""The tune report's words: the summary lines, the verdict, which seeds chose and which
measured the recommendation, numbers as a designer reads them (``reports.tune.page`` lays
them out)."""

from __future__ import annotations

import math
from typing import Any

REPORT = "report.html"


def compare_file(slot: int, measured: bool = False) -> str:
    """The file name of the current version against trial ``slot`` (A vs B report) on the
    choosing games, or with ``measured`` on the games that measured the recommendation."""
    return f"current-vs-trial-{slot}{'-measured' if measured else ''}.html"


def _n(x: Any, digits: int = 1) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "–"
    return f"{x:+.{digits}f}" if isinstance(x, float) else str(x)


def _iv(v: list[float] | None, signed: bool = True) -> str:
    """An estimate and its interval; ``signed`` for differences (a level such as a win rate in
    % or turns is shown without a sign)."""
    if not v:
        return "–"
    f = "+.1f" if signed else ".1f"
    return f"{v[0]:{f}} [{v[1]:{f}}, {v[2]:{f}}]"


def _signed(result: dict[str, Any], name: str) -> bool:
    """Whether target ``name``'s values are differences (points), not levels."""
    unit = next((t.get("unit") for t in result["targets"] if t["name"] == name), "points")
    return unit == "points"


def recommended(result: dict[str, Any]) -> dict[str, Any] | None:
    """The verified finalist the search recommends (or the closest one)."""
    ver = result["verification"]
    return next((f for f in ver["finalists"] if f["slot"] == ver["recommended"]), None)


def measured(result: dict[str, Any]) -> dict[str, Any] | None:
    """The recommendation's numbers as reported: ``targets``, ``games``, ``runs``... of the games
    that measured it (an older ``tune.json``: those of the games that chose it)."""
    best = recommended(result)
    if best is None:
        return None
    return result["verification"].get("measured") or {
        **best,
        "games": result["search"]["verify_games"],
        "same_games": True,
    }


def summary_lines(result: dict[str, Any]) -> list[str]:
    """The verdict in words."""
    best, shown = recommended(result), measured(result)
    ver = result["verification"]
    if best is None or shown is None:
        return ["no candidate finished the search: nothing to recommend"]
    games = shown["games"]
    lines = [_verdict(ver, best, games)]
    if put_back := ver.get("simplified"):
        lines.append(
            f"  left at the current value: {', '.join(put_back)} (the trial moved "
            f"{'it' if len(put_back) == 1 else 'them'}; the recommendation does as well "
            "without, on the games that chose it)"
        )
    if h2h := ver.get("head_to_head"):
        lines.append(head_to_head_line(h2h))
    for name, res in shown["targets"].items():
        rows = res["rows"]
        if len(rows) == 1:
            r, sg = rows[0], _signed(result, name)
            lines.append(
                f"  {name}: {_iv(r['before'], sg)} -> {_iv(r['after'], sg)}, paired change "
                f"{_iv(r['change'])} (on {games} fresh games)"
            )
        else:
            ok = sum(1 for r in rows if r["meets"])
            before = sum(1 for r in rows if r["met_before"])
            lines.append(
                f"  {name}: {before}/{len(rows)} {_items_in_band(rows)} -> {ok}/{len(rows)}; "
                f"summed miss {res['miss_before']:.1f} -> {res['miss']:.1f} "
                f"(on {games} fresh games)"
            )
    return [*lines, seeds_line(result)]


def _verdict(ver: dict[str, Any], best: dict[str, Any], games: int) -> str:
    """The first line: recommended, not shown to be reached, or not reached."""
    changes = "; ".join(best.get("words") or [])  # content in words; else the numbers
    changes = changes or "; ".join(
        f"{n}: {_short(o)} -> {_short(v)}" for n, o, v in best["changes"]
    )
    what = f"(trial {best['slot']}): {changes or 'no change'}"
    # a target to maximize is reached only by beating the current version on the measuring games
    if ver.get("better") == "no":
        return (
            f"no better than the current version: worse on {games} fresh games (a paired "
            f"change below zero); keep the current version. Best candidate {what}"
        )
    if ver.get("better") == "not shown" and ver["reached"]:
        return (
            f"not shown better than the current version on {games} fresh games (a paired "
            f"change's interval crosses zero); best candidate {what}"
        )
    if ver["reached"]:
        return f"recommended {what}"
    if ver.get("in_band"):  # every estimate in its band, an interval across an edge
        return (
            f"targets not shown to be reached on {games} fresh games (an interval crosses its "
            f"band's edge); best candidate {what}"
        )
    return f"targets NOT reached on {games} fresh games; closest candidate {what}"


def _items_in_band(rows: list[dict[str, Any]]) -> str:
    # rows with ``in_band`` count an item as met when its interval lies inside the band
    return "items in band (interval inside)" if "in_band" in rows[0] else "items in band"


def seeds_line(result: dict[str, Any]) -> str:
    """Which fresh games chose the recommendation and which measured it, in words."""
    ver = result["verification"]
    n = len(ver["finalists"])
    games = f"{result['search']['verify_games']:,}"
    shown = ver.get("measured")
    first = _seed(result.get("verify_seed"))
    if shown is None and n > 1:  # a tune.json from before the measuring games
        return (
            f"  chosen among {n} finalists and measured on the same {games} fresh games{first}: "
            "the choice flatters these numbers"
        )
    if shown is None or shown["same_games"]:
        return (
            f"  one finalist, chosen on the search's games; measured on {games} fresh "
            f"games{first} that chose nothing"
        )
    return (
        f"  chosen among {n} finalists on {games} fresh games{first}; measured on another "
        f"{games}{_seed(shown['seed'])}"
    )


def _seed(seed: int | None) -> str:
    return "" if seed is None else f" (seed {seed})"


def head_to_head_line(h2h: dict[str, Any]) -> str:
    """The fitted player against its starting self, in words."""
    m, lo, hi = h2h["win_share"]
    n = h2h.get("players", 2)  # a tune.json from before 3- and 4-player fits: 2
    if n == 2:
        seating, fair = "each played in both seats", "50% is even"
    else:
        seating = f"each played {n} times, with it in each seat and its starting self in the others"
        fair = f"{100 / n:.1f}% is a fair share"
    return (
        f"  head to head: the fitted player wins {m:.1f}% [{lo:.1f}, {hi:.1f}] against its "
        f"starting self ({h2h['seeds']} fresh seeds, {seating}: {h2h['games']} games; {fair})"
    )


def _value(v: Any) -> str:
    """A number as a reader takes it in (4 significant digits; tune.json keeps every digit)."""
    return f"{v:.4g}" if isinstance(v, float) else str(v)


def _short(v: Any) -> str:
    text = _value(v)
    return text if len(text) <= 60 else text[:57] + "..."
