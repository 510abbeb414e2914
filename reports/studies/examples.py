"""Links from a report to the games behind its findings, and the replay pages they open.

A section asks for links with :func:`example_links`; while ``build_reports`` writes a report
it collects the games asked for, rebuilt and checked (:func:`collecting_examples`), and writes
one replay page per game next to the report, in ``games/`` (:func:`write_example_pages`).
Outside a collection (a report built in memory) no link is made: a link must have its page.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from analyses.replay.rebuild import Replay, load_replay
from analyses.studies.examples import Finding, example_games
from simcore.core.errors import BoardlabError

GAMES_FOLDER = "games"
# page name -> the rebuilt game, collected while a report is built
_PENDING: ContextVar[dict[str, Replay] | None] = ContextVar("replay_examples", default=None)
EXAMPLES_PER_FINDING = 2  # a demo writes a page per game: two per finding keep it short


@dataclass(frozen=True)
class ExampleLink:
    """A link as a report shows it."""

    title: str
    href: str
    why: str
    baseline_href: str = ""


def page_name(run: str, cell: str, index: int) -> str:
    """The replay page's file name in ``games/``."""
    return f"{run}-{cell}-game{index}.html"


@contextlib.contextmanager
def collecting_examples() -> Iterator[dict[str, Replay]]:
    """Collect the games that sections link while a report is built."""
    pending: dict[str, Replay] = {}
    token = _PENDING.set(pending)
    try:
        yield pending
    finally:
        _PENDING.reset(token)


def example_links(
    run: str | Path, run_name: str, finding: Finding, k: int = EXAMPLES_PER_FINDING
) -> list[ExampleLink]:
    """Links to up to ``k`` games showing ``finding`` (none outside a collection). Each game
    is rebuilt now and checked against its record; one that cannot be (a player the replay
    cannot build, another game version) gets no link, and the report is still written."""
    pending = _PENDING.get()
    if pending is None:
        return []
    links = []
    for game in example_games(run, finding, k):
        cells = [game.cell, *([game.baseline] if game.baseline else [])]
        names = [page_name(run_name, cell, game.game_index) for cell in cells]
        if not all(
            _rebuilt(pending, name, run, cell, game.game_index)
            for name, cell in zip(names, cells, strict=True)
        ):
            continue
        base = f"{GAMES_FOLDER}/{names[1]}" if game.baseline else ""
        title = f"game {game.game_index}" + (" (restricted)" if base else "")
        links.append(ExampleLink(title, f"{GAMES_FOLDER}/{names[0]}", game.why, base))
    return links


def _rebuilt(pending: dict[str, Replay], name: str, run: str | Path, cell: str, i: int) -> bool:
    """Rebuild a game into ``pending`` (once); False when it cannot be rebuilt."""
    if name not in pending:
        try:
            pending[name] = load_replay(run, i, cell)
        except BoardlabError:
            return False
    return True


def write_example_pages(games: Mapping[str, Replay], folder: str | Path) -> list[Path]:
    """Write the collected games' pages into ``folder/games``."""
    from reports.replay.page import write_replay

    return [
        write_replay(replay, Path(folder) / GAMES_FOLDER / name) for name, replay in games.items()
    ]


# --- the links each study's section shows -------------------------------------------------


def card_examples(table: Any, run_dirs: Sequence[str | Path]) -> list[ExampleLink]:
    """Card study: games whose winner changed when the headline effects were forbidden (the
    Holm-significant ones, at most two; else the top-ranked one)."""
    if table.is_empty():
        return []
    clear = table.filter(table["significant"])
    rows = clear.head(2) if clear.height else table.head(1)
    by_name = {_run_name(r): r for r in run_dirs}
    links = []
    for row in rows.iter_rows(named=True):
        run = by_name.get(row["run"])
        if run is not None:
            finding = Finding("winner_changed", row["cell_b"], row["cell_a"], what=row["effect"])
            links += example_links(run, row["run"], finding)
    return links


def ablation_examples(ctx: Any, wins: Any) -> list[ExampleLink]:
    """Restricted play (the wheel study): games whose winner changed when the headline class
    was forbidden (the Holm-significant ones first, at most two classes)."""
    if ctx.run_dir is None or wins.is_empty():
        return []
    rows = wins.sort(["significant", "worth"], descending=[True, True], nulls_last=True).head(2)
    name = ctx.manifest["name"]
    return [
        link
        for r in rows.iter_rows(named=True)
        for link in example_links(
            ctx.run_dir, name, Finding("winner_changed", r["cell"], r["baseline"], what=r["short"])
        )
    ]


def most_used_examples(ctx: Any, top: dict[str, Any]) -> list[ExampleLink]:
    """Wheel use: games of the first cell in which the most taken section (``top``, a row of
    the use table: ``sector``, ``name``) was taken most."""
    if ctx.run_dir is None or not ctx.manifest.get("cells"):
        return []
    cell = ctx.manifest["cells"][0]["cell"]
    what = str(top.get("name") or top["sector"])
    finding = Finding("most_used", cell, column="sector", value=str(top["sector"]), what=what)
    return example_links(ctx.run_dir, ctx.manifest["name"], finding)


def margin_examples(ctx: Any, cells: Sequence[str]) -> list[ExampleLink]:
    """Variants: a close and a decided game of each of ``cells``."""
    if ctx.run_dir is None:
        return []
    name = ctx.manifest["name"]
    return [
        link
        for cell in cells
        for kind in ("close", "decided")
        for link in example_links(ctx.run_dir, name, Finding(kind, cell), k=1)
    ]


def _run_name(run_dir: str | Path) -> str:
    from analyses.stats.runs import load_manifest

    return str(load_manifest(run_dir).get("name"))
