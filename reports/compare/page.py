"""The "A vs B" report of ``boardlab compare``: what changed between two versions.

Every sentence, table and figure names both versions. A change is claimed only where its
interval excludes zero (Holm across the family, or the anytime-valid sequence under
``--precision``); elsewhere the sentence states the bound the data rule out, never "no effect".
"""

from __future__ import annotations

from dataclasses import replace

import polars as pl

from analyses.compare.changes import ComparisonResult
from analyses.compare.diff import Change
from analyses.compare.measures import GROUPS, SCORE, SHARE
from analyses.stats.runs import cell_labels
from analyses.stats.sequential import STOP_DECIDED
from analyses.studies.findings import join_and, pct, pval, signed
from reports.compare.differs import (
    by_relevance,
    changed_measures,
    differs_sentence,
    misuse_sentences,
    name_changed,
    side_changes,
    versions_section,
)
from reports.compare.feel import feel_changes, feel_compare_section, flagged_feel
from reports.compare.figures import group_figures
from reports.kit.tables import Table, key_value_table
from reports.studies.build import render_page
from reports.studies.sections import Context, Section
from simcore.core.registry import display_name

SUMMARY_CHANGES = 6  # changes found named in the summary (the rest are in the sections)
SUMMARY_BOUNDS = 4  # headline bounds named in the summary


def _is_rate(row: dict) -> bool:
    return row["unit"] == SHARE and not row["key"].startswith("worth:")


def value_text(row: dict, value: float) -> str:
    """One side's mean: a rate in %, a worth in points, a score or length as a number."""
    if row["unit"] != SHARE:
        return f"{value:.2f}"
    return pct(value) if _is_rate(row) else f"{signed(100 * value)} points"


def change_text(row: dict, value: float, plus: bool = True) -> str:
    """A change: points of win share, or the measure's own unit."""
    if row["unit"] == SHARE:
        return f"{signed(100 * value) if plus else f'{100 * value:.1f}'} points"
    return signed(value, 2) if plus else f"{value:.2f}"


def _span(row: dict) -> str:
    """``+1.2 to +8.4 points`` (a win share) or ``-0.42 to -0.01``."""
    lo, hi = row["lo"], row["hi"]
    if row["unit"] == SHARE:
        return f"{signed(100 * lo)} to {signed(100 * hi)} points"
    return f"{signed(lo, 2)} to {signed(hi, 2)}"


def interval_text(row: dict, sequential: bool) -> str:
    """``95% interval +1.2 to +8.4 points, Holm-adjusted p = 0.012`` (or the sequence's)."""
    span = _span(row)
    if sequential:
        return f"anytime-valid interval {span}"
    p = row.get("p_holm")
    return (
        f"95% interval {span}, Holm-adjusted {pval(p)}" if p is not None else f"95% interval {span}"
    )


def constant_words(row: dict) -> str:
    """'never scored in either version' for a score part that is 0 in every game of both
    (every pair alike and both means 0: a part never below 0), '' otherwise: an interval of
    0.00 to 0.00 and a bound of ±0.00 said the same thing less plainly."""
    alike = row.get("fixed") or (row["diff"] == 0 and row.get("se") == 0)
    score = row["unit"] == SCORE
    return (
        "never scored in either version"
        if alike and score and row["mean_a"] == row["mean_b"] == 0
        else ""
    )


def change_sentence(row: dict, a: str, b: str, sequential: bool) -> str:
    """One measure in words, naming both versions; a change only where the interval says so."""
    what = row["what"][0].upper() + row["what"][1:]
    both = f"{value_text(row, row['mean_a'])} with {a}, {value_text(row, row['mean_b'])} with {b}"
    if row["significant"]:
        verb = "raises" if row["diff"] > 0 else "lowers"
        size = change_text(row, abs(row["diff"]), plus=False)
        return f"{what}: {both}; {b} {verb} it by {size} ({interval_text(row, sequential)})."
    if constant_words(row):
        return f"{what}: {constant_words(row)}."
    if row["bound"] != row["bound"]:  # nothing varies in either version: no bound to state
        return f"{what}: {both}; every paired game ended alike, so no change can be sized."
    bound = change_text(row, row["bound"], plus=False)
    alike = " (every paired game ended alike)" if row.get("fixed") else ""
    if sequential or row.get("p_holm") is None or row.get("fixed"):
        return (
            f"{what}: {both}; no change found{alike}: {b} changes it by at most ±{bound} "
            f"against {a}."
        )
    # The bound holds for all the measures at once, so it is wider than the measure's own
    # interval; say both, and why an own interval that leaves out zero is still no finding.
    own, p = _span(row), pval(row["p_holm"])
    if row["lo"] > 0 or row["hi"] < 0:
        return (
            f"{what}: {both}; its own 95% interval ({own}) leaves out zero, but the change is "
            f"not clear once all the measures are tested together (Holm-adjusted {p}): "
            f"{b} changes it by at most ±{bound} against {a}."
        )
    return (
        f"{what}: {both}; no change found (95% interval {own}, Holm-adjusted {p}): with all "
        f"the measures taken together, {b} changes it by at most ±{bound} against {a}."
    )


def _sides(result: ComparisonResult) -> str:
    """What the two sides are: two versions, or two players (``--players-differ``)."""
    return "versions" if result.players is None else "players"


def sample_sentence(result: ComparisonResult) -> str:
    """How many games were compared, and why that many."""
    games = f"{result.games:,} games per cell"
    sides = _sides(result)
    pairing = (
        "on the same seeds, compared game by game"
        if result.paired
        else "on different seeds, compared as independent samples (--unpaired)"
    )
    s = result.schedule
    if s is None:
        return f"The {sides} are compared on {games}, {pairing}."
    if result.stop == STOP_DECIDED:
        why = (
            f"every headline comparison was decided or narrower than ±{s.precision * 100:g} points"
        )
    else:
        why = (
            f"the limit of {s.cap:,} games per cell came before every headline comparison "
            f"was decided or narrower than ±{s.precision * 100:g} points"
        )
    return (
        f"The {sides} are compared on {games}, {pairing}, in batches of {s.batch:,}: the run "
        f"stopped because {why}."
    )


def summary_lines(
    result: ComparisonResult,
    changes: list[Change],
    differs: str | None = None,
    direct: set[str] | None = None,
    feel: list[str] | None = None,
    flaws: list[str] | None = None,
) -> list[str]:
    """The report's summary: what differs (``differs``, else the versions' changes in
    words), the sample, the changed items' own measures (``direct``), the other changes found
    (headlines first, largest first), then the bounds of the headline measures where none was
    found. ``feel``: the play measures found changed, so that "no balance measure changed"
    never stands beside a change in how the game plays; ``flaws``: where the players misuse a
    changed item (:func:`reports.compare.differs.misuse_sentences`)."""
    a, b = quoted(result.name_a), quoted(result.name_b)
    seq = result.schedule is not None
    lines = [differs or differs_sentence(a, b, changes), sample_sentence(result)]
    rows = result.table.to_dicts()
    ordered = by_relevance(rows, direct or set())
    if not any(r["significant"] for r in rows):
        plays = (
            f"; the game plays differently: {join_and(feel)} (“How the game plays”)" if feel else ""
        )
        lines.append(
            f"No balance measure changed detectably between {a} and {b} "
            f"({len(rows)} measures, tested together){plays}."
        )
    shown_rows = ordered[:SUMMARY_CHANGES]
    own = sum(r["key"] in (direct or set()) for r in shown_rows)  # the changed items' rows
    lines += [change_sentence(r, a, b, seq) for r in shown_rows[:own]]
    lines += flaws or []  # the players' misuse of a changed item, beside its measure
    lines += [change_sentence(r, a, b, seq) for r in shown_rows[own:]]
    found = [r for r in ordered if r["significant"]]
    shown = {r["key"] for r in ordered[:SUMMARY_CHANGES]}
    more = sum(r["key"] not in shown for r in found)
    if more:
        lines.append(
            f"{more} more change{'s' if more > 1 else ''} between {a} and {b} "
            f"{'are' if more > 1 else 'is'} found; the sections below list them."
        )
    quiet = [r for r in rows if r["headline"] and not r["significant"] and r["key"] not in shown]
    lines += [change_sentence(r, a, b, seq) for r in quiet[:SUMMARY_BOUNDS]]
    if len(quiet) > SUMMARY_BOUNDS:
        lines.append(
            f"No change between {a} and {b} found in {len(quiet) - SUMMARY_BOUNDS} "
            "more headline measures; the sections below state each one's bound."
        )
    return lines


def quoted(name: str) -> str:
    """A version's name as the sentences show it: “hut gives 2 potions”."""
    return f"\u201c{name}\u201d"


def group_section(result: ComparisonResult, group: str) -> Section | None:
    """One group of measures: sentences, a figure of the changes, a table naming A and B."""
    part = result.table.filter(pl.col("group") == group)
    if part.is_empty():
        return None
    a, b, seq = result.name_a, result.name_b, result.schedule is not None
    rows = part.to_dicts()
    words = group_sentences(rows, quoted(a), quoted(b), seq)
    figures = []
    if len(rows) > 1 and len({r["unit"] for r in rows}) == 1:
        figures += group_figures(rows, group, a, b)
    return Section(
        id=f"cmp-{group.lower().replace(' ', '-')}",
        title=f"{group}: {a} vs {b}",
        findings=words,
        figures=figures,
        tables=[_table(rows, group, a, b, seq)],
    )


def group_sentences(rows: list[dict], a: str, b: str, seq: bool) -> list[str]:
    """Each change found in words; the measures without one in a sentence when there are
    many of them (their bounds are in the table)."""
    changed = sorted((r for r in rows if r["significant"]), key=lambda r: -abs(r["diff"]))
    found = [change_sentence(r, a, b, seq) for r in changed]  # largest first
    quiet = [r for r in rows if not r["significant"]]
    if len(quiet) <= 3:
        return found + [change_sentence(r, a, b, seq) for r in quiet]
    bounds = [r["bound"] for r in quiet if r["bound"] == r["bound"]]
    span = ""
    if bounds:
        lo, hi = (change_text(quiet[0], x, plus=False) for x in (min(bounds), max(bounds)))
        span = f": each is changed by at most ±{lo} to ±{hi}, as the table says per measure"
    others = "other " if found else ""
    return [
        *found,
        f"No change found between {a} and {b} in the {len(quiet)} {others}"
        f"measures of this group{span}.",
    ]


def _table(rows: list[dict], group: str, a: str, b: str, seq: bool) -> Table:
    headers = [
        "Measure",
        a,
        b,
        f"Change ({b} − {a})",
        "Anytime-valid interval" if seq else "95% interval",
        *([] if seq else ["Holm p"]),
        "Verdict",
    ]
    body = []
    for r in rows:
        span = interval_text(r, seq).split(" interval ", 1)[1].split(",")[0]
        verdict = (
            "changed"
            if r["significant"]
            else constant_words(r)
            or (
                f"at most ±{change_text(r, r['bound'], plus=False)}"
                if r["bound"] == r["bound"]
                else "no change found"
            )
        )
        p = (
            []
            if seq
            else [
                pval(r["p_holm"]).removeprefix("p = ").replace("p < ", "< ")
                if r["p_holm"] is not None
                else "–"
            ]
        )
        body.append(
            [
                r["what"],
                value_text(r, r["mean_a"]),
                value_text(r, r["mean_b"]),
                change_text(r, r["diff"]),
                span,
                *p,
                verdict,
            ]
        )
    numeric = [False, True, True, True, True, *([] if seq else [True]), False]
    return Table(f"{group}: {a} vs {b}", headers, body, numeric)


def method_notes(result: ComparisonResult) -> list[str]:
    """How the comparison was computed, in the report's method section."""
    a, b = quoted(result.name_a), quoted(result.name_b)
    one = _sides(result)[:-1]
    notes = [
        f"Each measure is computed per game for {a} and for {b}. With common random numbers "
        f"game i of both {one}s starts from the same seed, so the change is the mean of the "
        "per-game differences (paired). A worth is a difference of differences: the restricted "
        f"slot's win share in the baseline cell minus in the restricted cell, for each {one}, "
        "all four cells on the game's seed.",
        "A change is found when its interval excludes zero at the family's level: Holm across "
        f"all {result.table.height} measures at 5% (or, with --precision, confidence sequences "
        "at 5% divided among the measures). Where no change is found, the bound is the larger "
        "of the family-level interval's reach and the change the run would detect with 80% "
        "power: a change beyond it is ruled out, one within it is not.",
    ]
    if result.schedule is not None:
        notes.append(
            "With --precision the games were added in batches and the comparison recomputed "
            "after each; the intervals are anytime-valid confidence sequences (Waudby-Smith et "
            "al. 2021, normal mixture), so looking after every batch does not inflate the error "
            "rate, as recomputed fixed-size intervals would."
        )
    if not result.paired:
        notes.append(
            "The runs do not share seeds (--unpaired): each change is a difference of "
            "two independent means with a Welch interval, much wider than a paired "
            "one would be."
        )
    return notes


def provenance(result: ComparisonResult) -> list[Table]:
    """Each side's run: folder, config hash, rules version, seed, games, content."""
    tables = []
    for label, side in zip(("A", "B"), result.sides, strict=True):
        m = side.manifest
        tables.append(
            key_value_table(
                {
                    _sides(result)[:-1].capitalize(): side.name,
                    "Run folder": str(side.run_dir),
                    "Run": m.get("name"),
                    "Game": f"{m.get('game')} (rules version {m.get('game_version')})",
                    "Config hash": m.get("config_hash"),
                    "Seed": m.get("config", {}).get("seed"),
                    "Games compared per cell": result.games,
                    **{f"Content: {k}": v for k, v in m.get("content", {}).items()},
                },
                f"{label}: {side.name}",
            )
        )
    return tables


def compare_report(result: ComparisonResult) -> str:
    """The whole "A vs B" report of two versions as one self-contained HTML string (two
    players: ``reports.compare.players.players_report``)."""
    a_side, b_side = result.sides
    a, b = result.name_a, result.name_b
    changes = side_changes(result)
    direct = changed_measures(a_side.manifest, changes)
    result = replace(result, table=name_changed(result.table, direct))
    manifest = {**a_side.manifest, "complete": True}  # a --precision stop is not incomplete
    ctx = Context(
        games=a_side.games,
        seats=a_side.seats,
        manifest=manifest,
        labels=cell_labels(a_side.manifest),
        run_dir=a_side.run_dir,
    )
    sections = [versions_section(result, changes, sample_sentence(result))]
    sections += [s for g in GROUPS if (s := group_section(result, g))]
    play = feel_changes(result)
    feel = feel_compare_section(result, ctx.label, play)
    sections += [feel] if feel else []
    sections[0].headline = summary_lines(
        result,
        changes,
        direct=set(direct),
        feel=flagged_feel(play),
        flaws=misuse_sentences(result, set(direct)),
    )
    game = display_name(a_side.manifest.get("game", "?"))
    study = a_side.manifest.get("config", {})
    subtitle = (
        f"{game}: the same study ({len(a_side.manifest.get('cells', []))} cells, "
        f"{study.get('players')} players) played by both versions · {result.games:,} "
        "games per cell each"
    )
    return render_page(
        ctx,
        sections,
        f"{a} vs {b}",
        subtitle=subtitle,
        provenance=provenance(result),
        method=method_notes(result),
        configs={a: a_side.manifest.get("config", {}), b: b_side.manifest.get("config", {})},
        footer=f"boardlab compare · {a} vs {b}",
    )
