"""``boardlab feel``'s page: the measures table the terminal prints, its findings in words and
the definitions, from the same table (the same numbers on both)."""

from __future__ import annotations

from typing import Any

import polars as pl

from analyses.feel.tables import MEASURES
from analyses.feel.text import definitions, interval, sentences
from reports.kit.tables import Table


def feel_page(table: pl.DataFrame, title: str, subtitle: str, run: str) -> str:
    """The HTML page of one ``boardlab feel`` run (``run``: where its games are)."""
    from reports.studies.build import environment

    groups = [g for g in table["group"].unique(maintain_order=True).to_list() if " x" in g]
    summary = [line for g in groups[:1] for line in sentences(table, g, g)]
    rows = [
        [r["group"], MEASURES[r["measure"]].text if r["measure"] in MEASURES else r["measure"],
         interval(r), f"{r['n']:,}"]
        for r in table.iter_rows(named=True)
    ]  # fmt: skip
    measures = Table(
        headers=["Line-up", "Measure", "Estimate (95% interval)", "n"],
        rows=rows,
        caption="Every measure, as the terminal prints it",
        numeric=[False, False, False, True],
    )
    sections: list[dict[str, Any]] = [
        {"id": "measures", "title": "The measures", "findings": [], "tables": [measures],
         "figures": [], "links": []},
        {"id": "definitions", "title": "What they mean", "findings": definitions(),
         "tables": [], "figures": [], "links": []},
    ]  # fmt: skip
    return (
        environment()
        .get_template("tune.html")
        .render(
            title=title,
            subtitle=f"{subtitle}; the games: {run}",
            summary=summary,
            sections=sections,
        )
    )
