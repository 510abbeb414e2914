"""The "sample size by precision" section of a run made with ``boardlab sweep --precision``."""

from __future__ import annotations

from typing import cast

from analyses.compare.precision import read_record
from analyses.stats.sequential import STOP_DECIDED
from analyses.studies.findings import signed
from reports.kit.tables import Table
from reports.studies.sections import Context, Section


def precision_section(ctx: Context) -> Section | None:
    """How many games the run played and why it stopped, with each headline's anytime-valid
    interval (the other sections' fixed-size intervals do not allow for the stopping)."""
    record = read_record(dict(ctx.manifest), ctx.run_dir)
    if record is None:
        return None
    points, games = record["points"], record["games"]
    if record["stopped"] == STOP_DECIDED:
        why = f"every headline was decided or known to within ±{points:g} points"
    else:
        why = (
            f"it reached the limit of {record['max_games']:,} games per cell before every "
            f"headline was decided or known to within ±{points:g} points"
        )
    words = [
        f"Sample size by precision: the run played {games:,} games per cell in batches "
        f"of {record['batch']:,} and stopped because {why}."
    ]
    rows = []
    for h in record["headlines"]:
        found = h["lo"] > 0 or h["hi"] < 0
        span = f"{signed(100 * h['lo'])} to {signed(100 * h['hi'])} points"
        verdict = "found" if found else f"at most ±{100 * max(abs(h['lo']), abs(h['hi'])):.1f}"
        rows.append([h["what"], f"{signed(100 * h['mean'])} points", span, verdict])
    held = cast(int, ctx.games["game_index"].max()) if ctx.games.height else None
    notes = [
        "The intervals of this section are anytime-valid confidence sequences (Bonferroni "
        "over the headlines): valid at whatever batch the run stopped. The fixed-size "
        "intervals of the other sections do not allow for a data-chosen stop; read the "
        "headlines here."
    ]
    if held is not None and held + 1 > games:
        notes.append(
            f"The run now holds {held + 1:,} games per cell (resumed past the stop); "
            f"this section describes the first {games:,}."
        )
    table = Table(
        "Headlines at the stop",
        ["Headline", "Estimate", "Anytime-valid interval", "Verdict"],
        rows,
        [False, True, True, False],
    )
    return Section(
        id="precision",
        title="Sample size by precision",
        findings=words,
        tables=[table],
        notes=notes,
        headline=words,
    )
