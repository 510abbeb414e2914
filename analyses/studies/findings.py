"""Findings in plain words from the tidy tables of
``analyses.studies.common``/``paired``/``ratings``.

Sentences are written for designers: the number first, then its 95% interval, then what it
means against the fair or baseline value. Seats are numbered from 1 (seat index 0 is "seat 1").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import pairwise
from typing import cast

import polars as pl
import scipy.stats as sps

from analyses.stats.intervals import holm
from analyses.stats.power import rate_detectable
from analyses.studies.degenerate import SATURATION
from analyses.studies.ratings import rating_groups

ALPHA = 0.05


def pct(x: float, digits: int = 1) -> str:
    """``0.5423`` -> ``54.2%``."""
    return f"{100 * x:.{digits}f}%"


def pct_range(lo: float, hi: float, digits: int = 1) -> str:
    """``(0.51, 0.573)`` -> ``51.0–57.3%``."""
    return f"{100 * lo:.{digits}f}–{100 * hi:.{digits}f}%"


def signed(x: float, digits: int = 1) -> str:
    """A signed number that never reads ``-0.0``: ``+4.1``, ``-0.3``, ``0.0``."""
    text = f"{x:+.{digits}f}"
    # A value that rounds to zero has no direction; "-0.0" or "+0.0" would suggest one.
    return text[1:] if float(text) == 0 else text


def points(x: float, digits: int = 1) -> str:
    """A difference of proportions in percentage points with a sign: ``+4.1 points``."""
    return f"{signed(100 * x, digits)} points"


def magnitude(x: float, digits: int = 2) -> str:
    """A positive size with ``digits`` decimals, or two significant digits when that would
    show fewer, so a small but real size never reads as ``0.00``: ``1.37``, ``0.042``."""
    return f"{x:.{digits}f}" if abs(x) >= 10.0 ** (1 - digits) else f"{x:.2g}"


def num(x: float, digits: int = 1) -> str:
    """A number without needless decimals: ``23``, ``23.5``."""
    if x == int(x) and abs(x) < 1e15:
        return str(int(x))
    return f"{x:.{digits}f}"


def pval(p: float) -> str:
    """``p = 0.012`` / ``p < 0.001``."""
    if p != p:  # NaN
        return "p not available"
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}"


def _prefix(row: Mapping, labels: Mapping[str, str] | None, several: bool) -> str:
    # ``labels`` name every cell of the run: when the run has several, a sentence about one
    # of them (the only usable one, say) must say which, or it reads as the whole run's.
    if "cell" not in row or not (several or len(labels or ()) > 1):
        return ""
    label = (labels or {}).get(row["cell"], row["cell"])
    return f"{label}: "


def _compare(rate: float, lo: float, hi: float, ref: float, p: float, ref_words: str) -> str:
    if p < ALPHA and lo > ref:
        return f"above {ref_words}"
    if p < ALPHA and hi < ref:
        return f"below {ref_words}"
    if lo > ref or hi < ref:  # a designer sees the interval miss the reference: say why
        return (
            f"consistent with {ref_words} once adjusted for the run's several comparisons "
            "(Holm), although this unadjusted interval excludes it"
        )
    return f"consistent with {ref_words}"


def seat_findings(
    table: pl.DataFrame, labels: Mapping[str, str] | None = None, max_quiet: int = 2
) -> list[str]:
    """Per group: the first seat, every seat that differs significantly, and the global test.

    With many groups only the first ``max_quiet`` groups without any clear seat effect get
    sentences; the rest are summed up in one closing sentence.
    """
    if table.is_empty():
        return []
    out: list[str] = []
    groups = table.partition_by([c for c in table.columns if c == "cell"] or ["n_players"])
    several = len(groups) > 1
    quiet = 0
    for part in groups:
        rows = part.sort("seat").to_dicts()
        clear = any(r["p_holm"] < ALPHA for r in rows) or rows[0]["chi2_p"] < ALPHA
        if not clear:
            quiet += 1
            if quiet > max_quiet:
                continue
        out += _seat_sentences(rows, labels, several)
    if quiet > max_quiet:
        out.append(
            f"In the {quiet - max_quiet} other conditions no seat differs clearly from the "
            "fair share."
        )
    return out


def _seat_sentences(rows: list[dict], labels: Mapping[str, str] | None, several: bool):
    out = []
    for row in rows:
        if row["seat"] != 0 and row["p_holm"] >= ALPHA:
            continue
        fair = pct(row["fair"], 0 if (100 * row["fair"]).is_integer() else 1)
        verdict = _compare(
            row["rate"], row["lo"], row["hi"], row["fair"], row["p_holm"], f"the fair {fair}"
        )
        out.append(
            f"{_prefix(row, labels, several)}Seat {row['seat'] + 1} wins {pct(row['rate'])} "
            f"of games (95% interval {pct_range(row['lo'], row['hi'])}), {verdict}."
        )
    chi_p = rows[0]["chi2_p"]
    if chi_p == chi_p and len(rows) > 2:
        # With two seats the global test repeats the seat-1 test; say it only for 3+ seats.
        word = "a real" if chi_p < ALPHA else "no clear"
        out.append(
            f"{_prefix(rows[0], labels, several)}Over all {len(rows)} seats there is {word} "
            f"seat effect ({rows[0]['games']} games, chi-square test {pval(chi_p)})."
        )
    return out


def win_rate_findings(table: pl.DataFrame, labels: Mapping[str, str] | None = None) -> list[str]:
    """One sentence per row of ``common.win_rates`` (by policy, seat or slot)."""
    out = []
    several = "cell" in table.columns and table["cell"].n_unique() > 1
    for row in table.to_dicts() if not table.is_empty() else []:
        if "policy" in row:
            who = row["policy"]
        elif "seat" in row:
            who = f"Seat {row['seat'] + 1}"
        else:
            who = f"Line-up slot {row['slot'] + 1}"
        fair = pct(row["fair"], 0 if (100 * row["fair"]).is_integer() else 1)
        p = row.get("p_holm", row["p_value"])
        verdict = _compare(row["rate"], row["lo"], row["hi"], row["fair"], p, f"the fair {fair}")
        out.append(
            f"{_prefix(row, labels, several)}{who} wins {pct(row['rate'])} of games "
            f"(95% interval {pct_range(row['lo'], row['hi'])}), {verdict}."
        )
    return out


def skill_gap_findings(table: pl.DataFrame, labels: Mapping[str, str] | None = None) -> list[str]:
    """One sentence per line-up: how often the stronger policy wins, against the fair share."""
    out = []
    several = table.height > 1
    for row in table.to_dicts() if not table.is_empty() else []:
        fair = pct(row["fair"], 0 if (100 * row["fair"]).is_integer() else 1)
        verdict = _compare(
            row["rate"],
            row["lo"],
            row["hi"],
            row["fair"],
            row["p_holm"],
            f"the {fair} of an even match",
        )
        if row["rate"] >= SATURATION:
            verdict += (
                ": saturated, so this measures a floor, not the gap; an opponent closer "
                "in strength is needed to measure it"
            )
        elif verdict.startswith("consistent") and row.get("games"):
            se = (row["fair"] * (1 - row["fair"]) / row["games"]) ** 0.5
            mde = rate_detectable(row["fair"], se, ALPHA / max(1, table.height))
            verdict += f"; a gap of {100 * mde:.1f} points would have shown (80% power)"
        out.append(
            f"{_prefix(row, labels, several)}{row['stronger']} wins {pct(row['rate'])} of its "
            f"games against {row['weaker']} (95% interval {pct_range(row['lo'], row['hi'])}), "
            f"{verdict}."
        )
    return out


def paired_findings(
    table: pl.DataFrame,
    what: str,
    labels: Mapping[str, str] | None = None,
    as_points: bool = True,
) -> list[str]:
    """One sentence per comparison: change of ``what`` from ``cell_a`` to ``cell_b``."""
    out = []
    fmt = points if as_points else (lambda x: signed(x, 2))
    bound = (lambda x: signed(100 * x)) if as_points else (lambda x: signed(x, 2))
    size = (lambda x: f"{magnitude(100 * x, 1)} points") if as_points else magnitude
    for row in table.to_dicts() if not table.is_empty() else []:
        if row.get("comparison"):
            subject = f"{row['comparison']}: "
        else:
            a = (labels or {}).get(row["cell_a"], row["cell_a"])
            b = (labels or {}).get(row["cell_b"], row["cell_b"])
            subject = f"From {a} to {b}, "
        p_adj = row.get("p_holm", row["p_value"])
        verdict = "a clear difference" if p_adj < ALPHA else "no clear difference"
        mde = row.get("mde")
        if p_adj >= ALPHA and mde is not None and mde == mde:
            verdict += f"; a change of ±{size(mde)} would have been detected (80% power)"
        out.append(
            f"{subject}{what} changes by {fmt(row['diff'])} (95% interval "
            f"{bound(row['lo'])} to {bound(row['hi'])}, {row['pairs']} paired games, "
            f"{pval(row['p_value'])}, Holm-adjusted {pval(p_adj)}): {verdict}."
        )
    return out


def _whole(x: float) -> str:
    # Interpolated quantiles of whole turns ("71.2 turns") read as false precision.
    return str(round(x))


def length_findings(
    table: pl.DataFrame, labels: Mapping[str, str] | None = None, unit: str = "turns"
) -> list[str]:
    """Median game length with the middle half and the central 90% of games."""
    out = []
    several = table.height > 1
    for row in table.to_dicts() if not table.is_empty() else []:
        if row["min"] == row["max"]:
            out.append(f"{_prefix(row, labels, several)}Every game lasts {num(row['q50'])} {unit}.")
            continue
        out.append(
            f"{_prefix(row, labels, several)}Games last {num(row['q50'])} {unit} on median "
            f"(half of them between {_whole(row['q25'])} and {_whole(row['q75'])}, 90% between "
            f"{_whole(row['q05'])} and {_whole(row['q95'])})."
        )
    return out


def score_findings(table: pl.DataFrame, labels: Mapping[str, str] | None = None) -> list[str]:
    """Median final score per policy (and group)."""
    out = []
    several = "cell" in table.columns and table["cell"].n_unique() > 1
    for row in table.to_dicts() if not table.is_empty() else []:
        who = row.get("policy", "all seats")
        out.append(
            f"{_prefix(row, labels, several)}{who} scores {num(row['q50'])} on median "
            f"(mean {num(row['mean'])}, middle half {num(row['q25'])}–{num(row['q75'])})."
        )
    return out


def rating_findings(
    table: pl.DataFrame, perfect: pl.DataFrame | None = None, matrix: pl.DataFrame | None = None
) -> list[str]:
    """The rating order and the gap between the strongest and the weakest policy.

    A pair with a perfect record (``ratings.perfect_records``) gets its record and a lower
    bound instead of a point gap: the point value would only reflect the prior. So does any
    pair that the head-to-head ``matrix`` links only through such a record.
    """
    if table.height < 2:
        return []
    rows = table.sort("rating", descending=True).to_dicts()
    out = [rating_order(rows, matrix)]
    bounded = set()
    for r in perfect.to_dicts() if perfect is not None and not perfect.is_empty() else []:
        bounded.add((r["policy"], r["opponent"]))
        by_seed = r.get("seeds") is not None
        seeds = f" in {r['seeds']:,} seeds" if by_seed else ""
        unit = ", each seed one unit" if by_seed else ""
        bound = r["elo_at_least"]
        claim = (
            f"it is at least {bound:.0f} Elo points stronger (95% lower bound{unit})"
            if bound > 0  # a bound below 0: too few comparisons to show it stronger at all
            else f"too few to show it stronger (95% lower bound {bound:.0f} Elo points{unit})"
        )
        out.append(
            f"{r['policy']} won all {r['comparisons']:,} of its comparisons with "
            f"{r['opponent']}{seeds}: {claim}. A point gap from a perfect record depends only on "
            "the prior, so none is given for this pair."
        )
    top, bottom = rows[0], rows[-1]
    if (top["policy"], bottom["policy"]) in bounded:
        return out
    groups = (
        rating_groups(matrix, perfect, [r["policy"] for r in rows]) if matrix is not None else {}
    )
    if groups and groups.get(top["policy"]) != groups.get(bottom["policy"]):
        out.append(
            f"{top['policy']} and {bottom['policy']} are linked only through a perfect record, "
            "so no gap between them is measured: the order above is what these games show."
        )
    else:
        # The gap of the ratings as the table prints them (whole Elo points), so the sentence
        # and the table never disagree by a rounding.
        gap = round(top["rating"]) - round(bottom["rating"])
        beat = 1.0 / (1.0 + 10 ** (-gap / 400.0))
        settled = _head_to_head_p(matrix, top["policy"], bottom["policy"]) < ALPHA
        out.append(
            f"{top['policy']} is rated {gap:.0f} Elo points above {bottom['policy']}, i.e. it "
            f"is expected to win {pct(beat)} of head-to-head comparisons"
            + ("." if settled else "; the head-to-head games do not settle that order.")
        )
    return out


def rating_order(rows: list[dict], matrix: pl.DataFrame | None) -> str:
    """The rating order by the claims rule: "a > b" only where the two policies' head-to-head
    results (the ``matrix`` of :func:`analyses.studies.ratings.win_matrix`) separate them after Holm
    over the adjacent pairs; "a ~ b" where they do not (never met counts as not separated)."""
    names = [r["policy"] for r in rows]
    p = holm([_head_to_head_p(matrix, a, b) for a, b in pairwise(names)])
    if len(names) > 1 and not (p < ALPHA).any():
        shown = "; ".join(f"{r['policy']} {signed(r['rating'], 0)}" for r in rows)
        return (
            f"No rating order is settled: the head-to-head games do not separate any "
            f"two neighbouring policies after Holm correction (Bradley–Terry ratings in "
            f"Elo points: {shown})."
        )
    text = names[0]
    for name, q in zip(names[1:], p, strict=True):
        text += f" {'>' if q < ALPHA else '~'} {name}"
    tail = " (~: order not settled by the head-to-head games)" if " ~ " in text else ""
    return f"Rating order (Bradley–Terry): {text}{tail}."


def _head_to_head_p(matrix: pl.DataFrame | None, a: str, b: str) -> float:
    """Two-sided p-value that ``a`` and ``b`` are even, from their head-to-head rate and its
    seed-clustered interval (1.0 when they never met or no interval is known)."""
    if matrix is None or not {"rate", "lo", "hi"} <= set(matrix.columns):
        return 1.0
    row = matrix.filter((pl.col("policy") == a) & (pl.col("opponent") == b))
    if row.is_empty():
        return 1.0
    rate, lo, hi = row.row(0)[row.columns.index("rate")], row["lo"][0], row["hi"][0]
    se = (hi - lo) / (2 * 1.959964)
    if not se > 0:
        return 0.0 if rate != 0.5 else 1.0
    return float(2 * sps.norm.sf(abs(rate - 0.5) / se))


def end_reason_findings(table: pl.DataFrame, labels: Mapping[str, str] | None = None) -> list[str]:
    """The most common way games end, per group."""
    out: list[str] = []
    if table.is_empty():
        return out
    parts = table.partition_by("cell") if "cell" in table.columns else [table]
    for part in parts:
        row = part.sort("count", descending=True).row(0, named=True)
        prefix = _prefix(row, labels, len(parts) > 1)
        if row["share"] == 1.0:
            out.append(f"{prefix}Every game ends by “{row['ended_by']}”.")
            continue
        out.append(
            f"{prefix}Most games end by “{row['ended_by']}” "
            f"({pct(row['share'])}, 95% interval {pct_range(row['lo'], row['hi'])})."
        )
    return out


def mixed_end_findings(
    per_cell: pl.DataFrame, labels: Mapping[str, str] | None = None
) -> list[str]:
    """How games end when cells differ: one sentence per most common way, naming its cells
    (empty when every cell mostly ends the same way: then a pooled share describes them).

    A share pooled over cells that end in different ways (two cells always by "planet", one
    always stalled: "66.7% by planet") describes no game, so the cells are named instead.
    """
    top = per_cell.sort("count", descending=True).group_by("cell", maintain_order=True).first()
    if top["ended_by"].n_unique() < 2:
        return []
    out = []
    for part in top.sort("cell").partition_by("ended_by", maintain_order=True):
        names = [(labels or {}).get(c, c) for c in part["cell"]]
        where = join_and(names) if len(names) <= 4 else f"{len(names)} cells"
        lo, hi = cast(float, part["share"].min()), cast(float, part["share"].max())
        if lo == 1.0:
            share = "every game"
        elif lo == hi:
            share = f"{pct(lo)} of games"
        else:
            share = f"{pct(lo)} to {pct(hi)} of games per cell"
        out.append(f"Games end by “{part['ended_by'][0]}” in {where} ({share}).")
    return out


def join_and(words: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def detectable(mde: float) -> str:
    """``this run would detect a shift of ±5.7 points (80% power)`` (empty when unknown)."""
    if mde != mde:
        return ""
    return f"this run would catch a shift of ±{100 * mde:.1f} points or more (80% power)"


def position_name(position: int) -> str:
    """1 -> ``The first player``, 2 -> ``The second player`` ..."""
    words = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth"}
    return f"The {words.get(position, f'{position}th')} player"


def first_player_findings(
    table: pl.DataFrame, labels: Mapping[str, str] | None = None, prefix: str = ""
) -> list[str]:
    """Per cell: the first player's win share; other positions only when they differ clearly.

    A result consistent with the fair share says how large a shift the run could have caught,
    so "no clear effect" is never read as "no effect".
    """
    out: list[str] = []
    if table.is_empty():
        return out
    several = "cell" in table.columns and table["cell"].n_unique() > 1
    for row in table.sort([c for c in ("cell", "position") if c in table.columns]).to_dicts():
        p = row.get("p_holm", row["p_value"])
        if row["position"] != 1 and not p < ALPHA:
            continue
        fair = pct(row["fair"], 0 if (100 * row["fair"]).is_integer() else 1)
        verdict = _compare(row["rate"], row["lo"], row["hi"], row["fair"], p, f"the fair {fair}")
        tail = f"; {detectable(row['mde'])}" if verdict.startswith("consistent") else ""
        lead = f"{prefix}{_prefix(row, labels, several)}"
        who = position_name(row["position"])
        out.append(
            f"{lead}{who if not lead else who[0].lower() + who[1:]} wins "
            f"{pct(row['rate'])} of games (95% interval {pct_range(row['lo'], row['hi'])}), "
            f"{verdict}{tail}."
        )
    return out
