"""Reports of several run directories at once, with an index page (``boardlab report``,
``boardlab demo``)."""

from __future__ import annotations

import html as html_lib
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from analyses.stats.runs import load_manifest
from analyses.studies.ratjack_cards import restriction_cells
from reports.kit.ticker import ticking
from reports.studies.build import generic_report, write_index, write_report
from reports.studies.examples import GAMES_FOLDER, collecting_examples, write_example_pages
from reports.studies.ratjack_cards import card_report
from simcore.core.errors import ConfigError, RunDirError
from simcore.core.registry import display_name
from simcore.engine.run.outputs import (
    check_no_links,
    check_output_file,
    check_output_folder,
    file_in,
)
from simcore.engine.run.verify import check_for_report


def _is_card_run(run_dir: str | Path) -> bool:
    return bool(restriction_cells(run_dir))


def build_reports(
    runs: list[str], out: str | None, kind: str, say: Callable[[str], None] | None = None
) -> list[dict[str, Any]]:
    """Write the requested reports; return index entries (title, href, path, summary).
    ``say``: a line per report and every few seconds while one is written (the demo).

    Run folders are untrusted input (``simcore.engine.run.verify``): every run is checked whole, and
    every output path is fixed and checked, before the first report is built.
    """
    _check_out(out, len(runs))
    manifests = {r: load_manifest(r) for r in runs}  # fails early on a bad run dir
    for r in runs:
        check_for_report(r, manifests[r])  # names, shapes, parts: a bad one stops here
    cards = [r for r in runs if kind != "generic" and _is_card_run(r)]
    if kind == "ratjack-cards" and not cards:
        raise RunDirError("--kind ratjack-cards: no run has restricted-play cells")
    jobs: list[tuple[str, Any]] = []
    if cards:
        jobs.append(("ratjack-card-values", lambda: card_report(cards)))
    if kind != "ratjack-cards":
        for r in (r for r in runs if r not in cards):
            jobs.append((manifests[r]["name"], lambda r=r: generic_report(r)))
    targets = _targets(out, [name for name, _ in jobs])
    entries = []
    for k, ((name, make), target) in enumerate(zip(jobs, targets, strict=True), 1):
        with (
            ticking(say, f"writing report {k}/{len(jobs)}: {name}"),
            collecting_examples() as games,  # the games its sections link
        ):
            html = make()
        write_report(html, target)
        write_example_pages(games, target.parent)
        entries.append(
            {
                "title": name,
                "href": target.name,
                "path": str(target),
                "description": _describe(name, manifests, cards, html),
                "summary": summary_lines(html),
            }
        )
    if out is None or not out.endswith(".html"):
        write_index(entries, targets[0].parent / "index.html")
    return entries


def _check_out(out: str | None, n_runs: int) -> None:
    """``--out`` can take what is asked of it, checked before any run is read."""
    if out is not None and out.endswith(".html"):
        folder = check_output_file(out, "--out", make_folder=True).parent
    else:
        folder = check_output_folder(out or DEFAULT_OUT, "--out")
    check_no_links(folder, folder / GAMES_FOLDER, "--out")  # the example games' pages


DEFAULT_OUT = "reports_out"


def _targets(out: str | None, names: list[str]) -> list[Path]:
    """One file per report: ``--out`` itself (one report to an .html path) or
    ``<folder>/<name>.html``, each name a plain file name that stays in the folder, no two
    alike and none the index's."""
    if out is not None and out.endswith(".html"):
        if len(names) > 1:
            raise ConfigError(f"--out {out!r}: {len(names)} reports need a folder, not one file")
        return [Path(out)]
    folder = Path(out or DEFAULT_OUT)
    seen: set[str] = set()
    targets = []
    for name in names:
        if name in seen or name == "index":
            raise ConfigError(
                f"two reports would both be written to {name}.html in {folder} "
                "(a run name repeats, or is 'index'); report them separately"
            )
        seen.add(name)
        targets.append(file_in(folder, name, ".html", "report file name"))
    return targets


def summary_lines(html: str, limit: int = 3) -> list[str]:
    """The first findings of a report's summary box, for the index page."""
    box = re.search(r'<section class="summary".*?</section>', html, re.S)
    # the findings, not the "Read with care" caveats that precede them in the box
    found = re.sub(r'<div class="caveats">.*?</div>', "", box.group(0), flags=re.S) if box else ""
    items = re.findall(r"<li>(.*?)</li>", found, re.S)
    return [html_lib.unescape(re.sub(r"\s+", " ", i)).strip() for i in items[:limit]]


# the report's subtitle: "1,800 simulated games of Rats of Wistar (...), 2 players, 12 cells"
SUBTITLE_SIZE = re.compile(
    r"([\d,]+) simulated games of [^<]*?, (\d+) cells?"
    r"(?: \(and \d+ that replays? the games of another\))? ·"
)


def _describe(name: str, manifests: dict[str, dict], cards: list[str], html: str = "") -> str:
    if name == "ratjack-card-values":
        games = sum(
            manifests[r].get("games_per_cell", 0) * len(manifests[r]["cells"]) for r in cards
        )
        runs = f"{len(cards)} runs" if len(cards) > 1 else "1 run"
        return (
            f"What each Ratjack effect is worth to its owner, by restricted play "
            f"({games:,} games in {runs})."
        )
    m = next(m for m in manifests.values() if m["name"] == name)
    games = m.get("games_per_cell", 0) * len(m.get("cells", []))
    cells = len(m["cells"])
    size = f"{games:,} games in {cells} cell{'s' if cells != 1 else ''}"
    shown = SUBTITLE_SIZE.search(html)
    if shown and int(shown[2]) != cells:  # the report merged cells that play the same games
        games_shown, cells_shown = int(shown[1].replace(",", "")), int(shown[2])
        size = (
            f"{games_shown:,} games in {cells_shown} cells; {games:,} were played in {cells}, "
            f"{cells - cells_shown} of which {'plays' if cells - cells_shown == 1 else 'play'} "
            "the same games as another"
        )
    if "wheel" in name and m["game"] == "rats_of_wistar":
        return f"How strong is each wheel section, by restricted play and as played ({size})."
    if "variants" in name and m["game"] == "lord_of_worlds":
        return f"How the scoring variants change the game, paired cell by cell ({size})."
    return f"Balance report for {display_name(m['game'])}: {size}."
