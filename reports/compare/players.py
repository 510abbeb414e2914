"""The "same game, two players" report of ``boardlab compare A B --players-differ``.

The comparison is ``boardlab compare``'s (every measure paired by seed, Holm across the
family); this page names the two players instead of two versions and, for a wheel study, puts
each section's worth under both players beside its paired change, the orderings each player's
run supports (the claims rule) and where each player places on the wheel, which decides
whether the hut caveat holds (:func:`analyses.compare.players.hut_verdict`).
"""

from __future__ import annotations

import polars as pl

from analyses.compare.changes import ComparisonResult, SideData
from analyses.compare.measures import GROUPS
from analyses.compare.players import player_names
from analyses.stats.runs import cell_labels
from analyses.studies import ablation
from analyses.studies.findings import join_and, pval, signed
from reports.compare.feel import feel_compare_section
from reports.compare.hut import hut_section
from reports.compare.page import (
    SUMMARY_CHANGES,
    change_sentence,
    change_text,
    group_section,
    group_sentences,
    method_notes,
    provenance,
    quoted,
    sample_sentence,
    summary_lines,
)
from reports.kit import plots
from reports.kit.tables import Table
from reports.studies import wheel_plot
from reports.studies.ablation import ranking_words, restriction_name
from reports.studies.build import render_page
from reports.studies.sections import Context, Figure, Section
from simcore.core.registry import display_name


def players_report(result: ComparisonResult) -> str:
    """The whole "same game, two players" page as one self-contained HTML string."""
    a_side, b_side = result.sides
    a, b = result.name_a, result.name_b
    ctx = _context(result)
    worths = [_worth_table(side) for side in result.sides]
    wheel = worth_section(result, worths) if _is_wheel(worths) else None
    sections = [players_section(result), *([wheel] if wheel else [])]
    hut = hut_section(result, worths) if wheel else None
    sections += [hut] if hut else []
    sections += [
        s for g in GROUPS if (g != "Worths" or wheel is None) and (s := group_section(result, g))
    ]
    feel = feel_compare_section(result, ctx.label)
    sections += [feel] if feel else []
    sections[0].headline = players_summary(result, wheel, hut)
    game = display_name(a_side.manifest.get("game", "?"))
    study = a_side.manifest.get("config", {})
    subtitle = (
        f"{game}, the same study ({len(a_side.manifest.get('cells', []))} cells, "
        f"{study.get('players')} players) on the same seeds, played by {a} and by {b} "
        f"· {result.games:,} games per cell each"
    )
    return render_page(
        ctx,
        sections,
        f"Same game, two players: {a} vs {b}",
        subtitle=subtitle,
        provenance=provenance(result),
        method=method_notes(result),
        configs={a: a_side.manifest.get("config", {}), b: b_side.manifest.get("config", {})},
        footer=f"boardlab compare --players-differ · {a} vs {b}",
    )


def _context(result: ComparisonResult) -> Context:
    """Both runs' tables in one context (cells prefixed A: and B:), so the page's caveats and
    method notes name the players of both sides."""
    frames = {}
    for table in ("games", "seats"):
        parts = [
            getattr(s, table).with_columns(cell=pl.lit(f"{k}:") + pl.col("cell"))
            for k, s in zip("AB", result.sides, strict=True)
        ]
        frames[table] = pl.concat(parts, how="diagonal_relaxed")
    a_side = result.sides[0]
    manifest = {**a_side.manifest, "complete": True}  # a --precision stop is not incomplete
    return Context(
        games=frames["games"],
        seats=frames["seats"],
        manifest=manifest,
        labels=cell_labels(a_side.manifest),
        run_dir=a_side.run_dir,
    )


def players_sentence(result: ComparisonResult) -> str:
    """What differs: which player replaces which; what stays (rules, seeds, restrictions)."""
    a, b = quoted(result.name_a), quoted(result.name_b)
    m = result.sides[0].manifest
    same = (
        f"the game ({m.get('game')}, rules version {m.get('game_version')}), its rule "
        f"parameters, the seeds (seed {m.get('config', {}).get('seed')}) and every cell's "
        "restrictions are the same"
    )
    changed = player_names(result.players or {})
    if changed is None:
        return (
            f"{a} and {b} seat the same players, and {same}: any change below would be "
            "chance (or code that differs between the runs)."
        )
    if changed == (result.name_a, result.name_b):
        return f"Same game, two players: {b} plays in every seat where {a} played; {same}."
    return (
        f"Same game, two players: in {b}, {changed[1]} plays in every seat where "
        f"{changed[0]} played in {a}; {same}."
    )


def players_summary(result: ComparisonResult, wheel: Section | None, hut: Section | None):
    """The page summary: what differs and the sample, then for a wheel study the worths
    (changes found, or their bounds), each player's strongest section and the hut caveat
    (taken from those sections' headlines), then how many other measures changed."""
    differs = players_sentence(result)
    if wheel is None:
        return summary_lines(result, [], differs=differs)
    a, b, seq = quoted(result.name_a), quoted(result.name_b), result.schedule is not None
    rows = result.table.to_dicts()
    worths = [r for r in rows if r["group"] == "Worths"]
    # largest change first: the summary leads with what moved most, not with the list order
    found = sorted((r for r in worths if r["significant"]), key=lambda r: -abs(r["diff"]))
    lines = [differs, sample_sentence(result)]
    if not any(r["significant"] for r in rows):
        lines.append(
            f"No measure of the study changed detectably between {a} and {b} "
            f"({len(rows)} measures, tested together)."
        )
    lines.append(_worth_count(worths, found, a, b))
    lines += [change_sentence(r, a, b, seq) for r in found[:SUMMARY_CHANGES]]
    for section in (wheel, hut):
        if section is not None:  # their headlines are said here, once
            lines += section.headline
            section.headline = []
    others = [r for r in rows if r["group"] != "Worths" and r["significant"]]
    if others:
        said = [f"{r['what']} ({change_text(r, r['diff'])})" for r in others[:SUMMARY_CHANGES]]
        more = f" and {len(others) - len(said)} more" if len(others) > len(said) else ""
        lines.append(
            f"Besides the worths, {b} changes {len(others)} of {len(rows) - len(worths)} "
            f"other measures against {a}: {join_and(said)}{more}."
        )
    return lines


def _worth_count(worths: list[dict], found: list[dict], a: str, b: str) -> str:
    """How many section worths change; the bounds of the others."""
    bounds = [100 * r["bound"] for r in worths if not r["significant"] and r["bound"] == r["bound"]]
    span = (
        f": each of the others changes by at most ±{min(bounds):.1f} to ±{max(bounds):.1f} points"
        if bounds
        else ""
    )
    if not found:
        return (
            f"None of the {len(worths)} section worths changes detectably between {a} and "
            f"{b} (Holm across all measures){span.replace(' of the others', '')}."
        )
    return (
        f"{len(found)} of {len(worths)} section worths change detectably between {a} and "
        f"{b} (Holm across all measures){span}."
    )


def players_section(result: ComparisonResult) -> Section:
    """The players of each side and what both share."""
    a, b = result.name_a, result.name_b
    rows = [[pa, pb] for pa, pb in (result.players or {}).items()]
    table = Table(
        f"Players: {a} vs {b} (a player of {a} and the one that replaces it in {b})",
        [a, b],
        rows,
        [False, False],
    )
    return Section(
        id="cmp-players",
        title=f"Same game, two players: {a} vs {b}",
        findings=[players_sentence(result), sample_sentence(result)],
        tables=[table],
    )


def _worth_table(side: SideData) -> pl.DataFrame:
    """One side's restricted-play table (win share), each restriction named by what it
    forbids; empty when the run restricts nothing."""
    table = ablation.ablation(side.seats, side.manifest, outcomes=("win_share",))
    if table.is_empty():
        return table
    from simcore.core import registry

    game = registry.make_game(side.manifest["game"])
    names = [restriction_name(game, c, n) for c, n in table.select("restriction", "players").rows()]
    return table.with_columns(name=pl.Series(names, dtype=pl.String))


def _is_wheel(worths: list[pl.DataFrame]) -> bool:
    return all(not t.is_empty() and wheel_plot.has_wheel(t.to_dicts()) for t in worths)


def worth_section(result: ComparisonResult, worths: list[pl.DataFrame]) -> Section:
    """Each section's worth under both players, their paired change, and the orderings each
    player's run supports."""
    a, b, seq = result.name_a, result.name_b, result.schedule is not None
    rows = result.table.filter(pl.col("group") == "Worths").to_dicts()
    words = []
    for name, side, table in zip((a, b), result.sides, worths, strict=True):
        per_game = ablation.per_game_worth(side.seats, side.manifest)
        players = int(table["players"][0])
        words += ranking_words(table, players, False, per_game, lead=f"Under {quoted(name)}: ")[:2]
    words += group_sentences(rows, quoted(a), quoted(b), seq)
    panels = [
        (f"under {n}", wheel_plot.worths_from_table(t.to_dicts())[int(t["players"][0])])
        for n, t in zip((a, b), worths, strict=True)
    ]
    alt = f"The wheel under {a} and under {b}: each sector coloured by its worth."
    wheels = Figure(
        wheel_plot.wheel_panels(panels, "cmp-wheels", alt, labels=False),
        f"The wheel under {a} (left) and under {b} (right), one colour scale: each "
        "sector's worth to slot 0 (win-rate points lost when forbidden it; blue, it "
        "loses), S1 at the top, clockwise; rings from the inside: whole game, "
        "rounds 1–2, rounds 4–5; the hut in the middle. Pale hatched: not clearly "
        "different from zero within that player's run (Holm). The table gives "
        "each value.",
    )
    return Section(
        id="cmp-wheel",
        title=f"Wheel sections: worth under {a} and under {b}",
        findings=words,
        figures=[wheels, change_figure(rows, worths[0], a, b)],
        tables=[worth_table(result, worths)],
        headline=[words[0], words[2]],
    )


def short_names(worths: pl.DataFrame) -> dict[str, str]:
    """Cell -> ``S1, rounds 1–2`` / ``hut, whole game`` (the wheel-use table says what each
    section offers)."""
    return {
        r["cell"]: f"{r['classes'].removeprefix('place/')}, {wheel_plot.window_words(r['rounds'])}"
        for r in worths.to_dicts()
    }


def change_figure(rows: list[dict], worths: pl.DataFrame, a: str, b: str) -> Figure:
    """Each worth's change from A to B with its interval, labelled ``S1, rounds 1–2``."""
    short = short_names(worths)
    rows = [r for r in rows if r["key"].removeprefix("worth:") in short]
    svg = plots.forest_plot(
        [short[r["key"].removeprefix("worth:")] for r in rows],
        [100 * r["diff"] for r in rows],
        [100 * r["lo"] for r in rows],
        [100 * r["hi"] for r in rows],
        xlabel=f"change in worth, {b} minus {a} (win-rate points)",
        title=f"Worths: {b} minus {a}",
        name="cmp-worths",
        highlight=[bool(r["significant"]) for r in rows],
    )
    return Figure(
        svg,
        f"Change of each section's worth from {a} to {b} with its paired 95% "
        "interval (Holm across all measures); highlighted where a change is found.",
    )


def worth_table(result: ComparisonResult, worths: list[pl.DataFrame]) -> Table:
    """Per restriction: its worth under each player (95% interval) and the paired change."""
    a, b, seq = result.name_a, result.name_b, result.schedule is not None
    changes = {
        r["key"].removeprefix("worth:"): r
        for r in result.table.filter(pl.col("group") == "Worths").to_dicts()
    }
    by_cell = [{r["cell"]: r for r in t.to_dicts()} for t in worths]
    short = short_names(worths[0])
    body = []
    for cell, ra in by_cell[0].items():
        rb, ch = by_cell[1].get(cell), changes.get(cell)
        if rb is None or ch is None:
            continue
        p = pval(ch["p_holm"]).removeprefix("p = ") if ch.get("p_holm") is not None else "–"
        verdict = (
            "changed"
            if ch["significant"]
            else f"at most ±{100 * ch['bound']:.1f}"
            if ch["bound"] == ch["bound"]
            else "no change found"
        )
        change = (
            f"{signed(100 * ch['diff'])} ({signed(100 * ch['lo'])} to {signed(100 * ch['hi'])})"
        )
        body.append([short[cell], _worth(ra), _worth(rb), change, p, verdict])
    interval = "anytime-valid interval" if seq else "95% interval"
    headers = [
        "Forbidden to slot 0",
        f"Worth under {a} (95% interval)",
        f"Worth under {b} (95% interval)",
        f"Change, {b} − {a} ({interval})",
        "Holm p",
        "Verdict",
    ]
    return Table(
        f"Worth of each wheel section under {a} and under {b}, in win-rate points",
        headers,
        body,
        [False, True, True, True, True, False],
    )


def _worth(row: dict) -> str:
    return (
        f"{signed(100 * row['worth'])} ({signed(100 * row['worth_lo'])} to "
        f"{signed(100 * row['worth_hi'])})"
    )
