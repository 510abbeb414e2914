"""The "same game, two players" report of ``boardlab compare A B --players-differ``.

The comparison is ``boardlab compare``'s (every measure paired by seed, Holm across the
family); this page names the two players instead of two versions and, for a wheel study, puts
each section's worth under both players beside its paired change, the orderings each player's
run supports (the claims rule) and where each player places on the wheel, which decides
whether the hut caveat holds (:func:`analyses.compare_players.hut_verdict`).
"""

from __future__ import annotations

import polars as pl

from analyses import ablation
from analyses.compare import ComparisonResult, SideData
from analyses.compare_measures import GROUPS
from analyses.compare_players import player_names
from analyses.data import cell_labels
from analyses.findings import pval, signed
from reports import wheel_plot
from reports.ablation import ranking_words, restriction_name
from reports.build import render_page
from reports.compare import (
    _figure,
    change_text,
    group_section,
    group_sentences,
    interval_text,
    method_notes,
    provenance,
    quoted,
    sample_sentence,
    summary_lines,
)
from reports.compare_feel import feel_compare_section
from reports.compare_hut import hut_section
from reports.sections import Context, Figure, Section
from reports.tables import Table
from simcore.registry import display_name


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
    sections += [s for g in GROUPS if (g != "Worths" or wheel is None)
                 and (s := group_section(result, g))]  # fmt: skip
    feel = feel_compare_section(result, ctx.label)
    sections += [feel] if feel else []
    sections[0].headline = summary_lines(result, [], differs=players_sentence(result))
    game = display_name(a_side.manifest.get("game", "?"))
    study = a_side.manifest.get("config", {})
    subtitle = (f"{game}, the same study ({len(a_side.manifest.get('cells', []))} cells, "
                f"{study.get('players')} players) on the same seeds, played by {a} and by {b} "
                f"· {result.games:,} games per cell each")  # fmt: skip
    return render_page(ctx, sections, f"Same game, two players: {a} vs {b}", subtitle=subtitle,
                       provenance=provenance(result), method=method_notes(result),
                       configs={a: a_side.manifest.get("config", {}),
                                b: b_side.manifest.get("config", {})},
                       footer=f"boardlab compare --players-differ · {a} vs {b}")  # fmt: skip


def _context(result: ComparisonResult) -> Context:
    """Both runs' tables in one context (cells prefixed A: and B:), so the page's caveats and
    method notes name the players of both sides."""
    frames = {}
    for table in ("games", "seats"):
        parts = [getattr(s, table).with_columns(cell=pl.lit(f"{k}:") + pl.col("cell"))
                 for k, s in zip("AB", result.sides, strict=True)]  # fmt: skip
        frames[table] = pl.concat(parts, how="diagonal_relaxed")
    a_side = result.sides[0]
    manifest = {**a_side.manifest, "complete": True}  # a --precision stop is not incomplete
    return Context(games=frames["games"], seats=frames["seats"], manifest=manifest,
                   labels=cell_labels(a_side.manifest), run_dir=a_side.run_dir)  # fmt: skip


def players_sentence(result: ComparisonResult) -> str:
    """What differs: which player replaces which; what stays (rules, seeds, restrictions)."""
    a, b = quoted(result.name_a), quoted(result.name_b)
    m = result.sides[0].manifest
    same = (f"the game ({m.get('game')}, rules version {m.get('game_version')}), its rule "
            f"parameters, the seeds (seed {m.get('config', {}).get('seed')}) and every cell's "
            "restrictions are the same")  # fmt: skip
    changed = player_names(result.players or {})
    if changed is None:
        return (f"{a} and {b} seat the same players, and {same}: any change below would be "
                "chance (or code that differs between the runs).")  # fmt: skip
    if changed == (result.name_a, result.name_b):
        return f"Same game, two players: {b} plays in every seat where {a} played; {same}."
    return (f"Same game, two players: in {b}, {changed[1]} plays in every seat where "
            f"{changed[0]} played in {a}; {same}.")  # fmt: skip


def players_section(result: ComparisonResult) -> Section:
    """The players of each side and what both share."""
    a, b = result.name_a, result.name_b
    rows = [[pa, pb] for pa, pb in (result.players or {}).items()]
    table = Table(f"Players: {a} vs {b} (a player of {a} and the one that replaces it in {b})",
                  [a, b], rows, [False, False])  # fmt: skip
    return Section(id="cmp-players", title=f"Same game, two players: {a} vs {b}",
                   findings=[players_sentence(result), sample_sentence(result)],
                   tables=[table])  # fmt: skip


def _worth_table(side: SideData) -> pl.DataFrame:
    """One side's restricted-play table (win share), each restriction named by what it
    forbids; empty when the run restricts nothing."""
    table = ablation.ablation(side.seats, side.manifest, outcomes=("win_share",))
    if table.is_empty():
        return table
    from simcore import registry

    game = registry.make_game(side.manifest["game"])
    pairs = table.select("restriction", "classes", "players").rows()
    names = [restriction_name(game, r, n) for r, _, n in pairs]
    sections = [restriction_name(game, c, n) for _, c, n in pairs]
    return table.with_columns(name=pl.Series(names, dtype=pl.String),
                              section=pl.Series(sections, dtype=pl.String))  # fmt: skip


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
    panels = [(f"under {n}", wheel_plot.worths_from_table(t.to_dicts())[int(t["players"][0])])
              for n, t in zip((a, b), worths, strict=True)]  # fmt: skip
    wheels = Figure(wheel_plot.wheel_panels(panels, "cmp-wheels", f"The wheel under {a} and "
                                            f"under {b}: each sector coloured by its worth."),
                    f"The wheel under {a} (left) and under {b} (right), one colour scale: each "
                    "sector's worth to slot 0 (win-rate points lost when forbidden it), rings "
                    "from the inside whole game, rounds 1-2, rounds 4-5, the hut in the middle. "
                    f"Pale hatched: not clearly different from zero within that player's run "
                    "(Holm).")  # fmt: skip
    return Section(
        id="cmp-wheel", title=f"Wheel sections: worth under {a} and under {b}",
        findings=words, figures=[wheels, _figure(rows, "Worths", a, b)],
        tables=[worth_table(result, worths)], headline=[words[0], words[2]],
    )  # fmt: skip


def worth_table(result: ComparisonResult, worths: list[pl.DataFrame]) -> Table:
    """Per restriction: its worth under each player (95% interval) and the paired change."""
    a, b, seq = result.name_a, result.name_b, result.schedule is not None
    changes = {r["key"].removeprefix("worth:"): r for r in
               result.table.filter(pl.col("group") == "Worths").to_dicts()}  # fmt: skip
    by_cell = [{r["cell"]: r for r in t.to_dicts()} for t in worths]
    body = []
    for cell, ra in by_cell[0].items():
        rb, ch = by_cell[1].get(cell), changes.get(cell)
        if rb is None or ch is None:
            continue
        span = interval_text(ch, seq).split(" interval ", 1)[1].split(",")[0]
        p = pval(ch["p_holm"]).removeprefix("p = ") if ch.get("p_holm") is not None else "–"
        verdict = ("changed" if ch["significant"] else
                   f"at most ±{change_text(ch, ch['bound'], plus=False)}"
                   if ch["bound"] == ch["bound"] else "no change found")  # fmt: skip
        rounds = "whole game" if ra["rounds"] == "all" else ra["rounds"]
        body.append([ra["section"], rounds, _worth(ra), _worth(rb), change_text(ch, ch["diff"]),
                     span, p, verdict])  # fmt: skip
    headers = ["Forbidden to slot 0", "Rounds", f"Worth under {a} (95% interval)",
               f"Worth under {b} (95% interval)", f"Change ({b} − {a})",
               "Anytime-valid interval" if seq else "95% interval", "Holm p",
               "Verdict"]  # fmt: skip
    return Table(f"Worth of each wheel section under {a} and under {b}, in win-rate points",
                 headers, body, [False, False, True, True, True, True, True, False])  # fmt: skip


def _worth(row: dict) -> str:
    return (f"{signed(100 * row['worth'])} ({signed(100 * row['worth_lo'])} to "
            f"{signed(100 * row['worth_hi'])})")  # fmt: skip
