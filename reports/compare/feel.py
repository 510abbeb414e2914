""" "How the game plays" in an A vs B report: the feel measures (``analyses.feel``) of both
versions, each with its interval, and the change of each per-game measure paired by seed
(``analyses.feel.change``), Holm within that family."""

from __future__ import annotations

import polars as pl

from analyses.compare.changes import ComparisonResult, SideData
from analyses.feel import change, measures
from analyses.feel.tables import MEASURES
from analyses.feel.text import change_sentence, change_text, interval, show
from analyses.stats.paired import with_holm
from analyses.studies.findings import pval
from reports.kit.tables import Table
from reports.studies.sections import Section

NOTES = [
    "Every measure of each version is computed on the games the comparison read, with its "
    '95% interval (the study report\'s "How the game plays" section defines them). A change '
    "is B minus A over the games both versions played on the same seed, all line-ups pooled. "
    "The line-ups replay the same seeds, so the change is averaged per seed first and the t "
    "interval runs over the seeds, Holm-adjusted across these measures (a family of its own, "
    "apart from the balance measures). Shares of the game (decided at) change in percentage "
    "points of the game.",
]


LENGTH_MEASURES = ("length_turns", "rounds")


def side_frames(side: SideData) -> dict[str, pl.DataFrame]:
    """The tables of one side restricted to the games the comparison read (with progress when
    the run recorded it)."""
    from analyses.stats.runs import has_table, scan

    out = {"games": side.games, "seats": side.seats}
    if has_table(side.run_dir, "progress"):
        keys = side.games.select("cell", "game_index")
        out["progress"] = (
            scan(side.run_dir, "progress")
            .collect()
            .join(keys, on=["cell", "game_index"], how="semi")
        )
    return out


def flagged_feel(changes: pl.DataFrame | None) -> list[str]:
    """The per-game feel measures whose paired change is found (Holm within the family)."""
    if changes is None or not changes.height:
        return []
    names = changes.filter(pl.col("significant"))["measure"].to_list()
    return [MEASURES[m].text.split(" (")[0] if m in MEASURES else m for m in names]


def feel_changes(result: ComparisonResult) -> pl.DataFrame | None:
    """The paired change of each per-game feel measure, with ``p_holm`` and ``significant``
    (None for unpaired runs, or when no measure pairs)."""
    if not result.paired:
        return None
    a, b = (side_frames(s) for s in result.sides)
    try:
        table = change(a, b)
    except ValueError:  # the two runs did not share seeds
        return None
    # Game length is a measure of the comparison's own family: tested again here, on other
    # games and another Holm family, it could read "changed" beside "no measure changed".
    table = table.filter(~pl.col("measure").is_in(LENGTH_MEASURES)) if table.height else table
    return with_holm(table, result.alpha) if table.height else None


def feel_compare_section(
    result: ComparisonResult, label=lambda c: c, changes: pl.DataFrame | None = None
) -> Section | None:
    """Both versions' feel measures side by side, the paired changes in words and a table
    (``changes``: :func:`feel_changes` when the caller has it)."""
    sides = [measures(side_frames(s), luck_resamples=200) for s in result.sides]
    if all(t.is_empty() for t in sides):
        return None
    a, b = result.name_a, result.name_b
    changes = feel_changes(result) if changes is None else changes
    words = []
    if changes is not None:
        found = changes.filter(pl.col("significant"))
        words = [change_sentence(r, a, b) for r in found.iter_rows(named=True)]
        if found.height < changes.height:
            words.append(
                f"{changes.height - found.height} of {changes.height} per-game "
                f"measures show no change between {a} and {b} beyond their paired "
                "intervals (table)."
            )
    tables = [_both_table(sides[0], sides[1], a, b, label)]
    if changes is not None:
        tables.append(_change_table(changes, a, b, result.schedule is not None))
    notes = NOTES if result.players is None else [n.replace("version", "player") for n in NOTES]
    return Section(
        id="cmp-feel",
        title=f"How the game plays: {a} vs {b}",
        findings=words,
        tables=tables,
        notes=notes,
        headline=words[:1],
    )


def _both_table(ta: pl.DataFrame, tb: pl.DataFrame, a: str, b: str, label) -> Table:
    """Every measure of A and of B with its interval, matched by group and measure."""
    keys = ["group", "measure"]
    both = ta.join(tb, on=keys, how="full", suffix="_b", coalesce=True)
    rows = []
    for r in both.iter_rows(named=True):
        side_a = interval(r) if r["estimate"] is not None else "–"
        rb = {
            "measure": r["measure"],
            "estimate": r["estimate_b"],
            "lo": r["lo_b"],
            "hi": r["hi_b"],
        }
        side_b = interval(rb) if rb["estimate"] is not None else "–"
        rows.append([label(r["group"]), r["measure"], side_a, side_b])
    return Table(
        caption=f"How the game plays, {a} and {b}: every measure with its 95% interval",
        headers=["Group", "Measure", a, b],
        rows=rows,
        numeric=[False, False, True, True],
    )


def _change_table(changes: pl.DataFrame, a: str, b: str, adaptive: bool = False) -> Table:
    """The paired change of each per-game measure: means, change with interval, Holm p.

    After a --precision stop (``adaptive``) these fixed-n intervals do not steer the stopping
    and are not anytime-valid: the caption says so and no p-value is printed."""
    rows = []
    for r in changes.iter_rows(named=True):
        m = r["measure"]
        rows.append(
            [
                m,
                show(m, r["a"]),
                show(m, r["b"]),
                f"{change_text(m, r['diff'])} ({change_text(m, r['lo'])} to "
                f"{change_text(m, r['hi'])})",
                pval(r["p_holm"]).removeprefix("p = ").replace("p < ", "< "),
                f"{r['pairs']:,} ({r['seeds']:,} seeds)" if "seeds" in r else f"{r['pairs']:,}",
            ]
        )
    headers = ["Measure", f"Mean {a}", f"Mean {b}", "Change (95% interval)", "p (Holm)", "Pairs"]
    caption = f"Change from {a} to {b}, paired by seed (95% interval, Holm p)"
    if adaptive:  # drop the p column: the games were chosen by the headline measures' stop
        rows = [r[:4] + r[5:] for r in rows]
        headers = headers[:4] + headers[5:]
        caption = (
            f"Change from {a} to {b}, paired by seed: fixed-sample 95% intervals at the "
            "number of games the precision rule chose (approximate; these measures did "
            "not steer the stop)"
        )
    return Table(
        caption=caption, headers=headers, rows=rows, numeric=[False] + [True] * (len(headers) - 1)
    )
