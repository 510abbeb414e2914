""" "What differs" in an A vs B report: the versions' changes in a designer's words
(``analyses.compare.diff``), and which measures are the changed items' own."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

import polars as pl

from analyses.compare.changes import ComparisonResult
from analyses.compare.diff import Change, version_diff
from analyses.studies.ablation import ablation_pairs
from analyses.studies.findings import join_and
from reports.kit.tables import Table
from reports.studies.sections import Section

SENTENCE_CHANGES = 4  # changes named in the summary's first sentence


def side_changes(result: ComparisonResult) -> list[Change]:
    """Every parameter and content item the two versions set differently, and the line-up
    when the versions seat other players (a fitted player's options, from ``boardlab tune``)."""
    a_side, b_side = result.sides
    params = [s.manifest["cells"][0].get("params", {}) for s in result.sides]
    game = str(a_side.manifest.get("game") or a_side.manifest.get("config", {}).get("game"))
    changes = version_diff(game, params[0], params[1])
    ups = [", ".join(s.manifest["cells"][0].get("policies", [])) for s in (a_side, b_side)]
    if ups[0] != ups[1]:
        changes.append(Change("line-up", ups[0], ups[1], kind="parameter"))
    return changes


def differs_sentence(a: str, b: str, changes: list[Change]) -> str:
    """The summary's first sentence: what ``b`` changes against ``a``, in words."""
    if not changes:
        return (
            f"{a} and {b} set every rule parameter and content item alike: any change "
            "below would be chance (or code that differs between the runs)."
        )
    parts = [c.words(a, b) for c in changes[:SENTENCE_CHANGES]]
    more = len(changes) - SENTENCE_CHANGES
    tail = f"; and {more} more (see “What differs”)" if more > 0 else ""
    return f"{b} changes against {a}: {'; '.join(parts)}{tail}."


def versions_section(result: ComparisonResult, changes: list[Change], sample: str) -> Section:
    """What differs between the versions, item by item, each with its text in both."""
    a, b = result.name_a, result.name_b
    qa, qb = f"\u201c{a}\u201d", f"\u201c{b}\u201d"
    rows = [
        [c.what, c.before if c.before is not None else f"(not in {a})",
         c.after if c.after is not None else f"(not in {b})"]
        for c in changes
    ] or [["(nothing)", "–", "–"]]  # fmt: skip
    table = Table(f"What differs: {a} vs {b}", ["Rule or content", a, b], rows, [False] * 3)
    return Section(
        id="cmp-versions",
        title=f"What differs: {a} vs {b}",
        findings=[differs_sentence(qa, qb, changes), sample],
        tables=[table],
    )


def changed_measures(
    manifest: Mapping[str, Any], changes: list[Change]
) -> dict[str, Change | None]:
    """The worth measures (``worth:<cell>``) whose restricted classes are a changed item's:
    the measures that answer "what did my change do". Each maps to the change when the
    restricted class is the item itself (a sector, a tile type: its text changed), else to
    None (an effect the changed card now carries: its own text did not change)."""
    out: dict[str, Change | None] = {}
    for pair in ablation_pairs(manifest):
        names = {name.partition("@")[0] for name in pair.classes}
        for change in changes:
            if names & set(change.classes):
                key = f"worth:{pair.cell}"
                own = change if change.kind == "content" and change.classes[0] in names else None
                out[key] = out.get(key) or own
    return out


def name_changed(table: pl.DataFrame, direct: Mapping[str, Change | None]) -> pl.DataFrame:
    """The changed items' measures named with the text of both versions: "worth of S6 (gain
    1 potion → gain 3 potions)", not the first version's text alone."""
    if not direct:
        return table
    whats = []
    for key, what in zip(table["key"], table["what"], strict=True):
        change = direct.get(key)
        if change is not None and change.before is not None and change.after is not None:
            head, _, tail = what.partition(" (")
            rest = tail.partition(")")[2]
            before, after = (t.rstrip(".") for t in (change.before, change.after))
            what = f"{head} ({before} → {after}){rest}"
        whats.append(what)
    return table.with_columns(what=pl.Series(whats, dtype=pl.String))


def by_relevance(rows: list[dict], direct: Collection[str]) -> list[dict]:
    """The changed items' own measures first (changes found before bounds), then the other
    changes found, the headline measures first and the largest first."""
    own = sorted(
        (r for r in rows if r["key"] in direct),
        key=lambda r: (not r["significant"], -abs(r["diff"])),
    )
    found = sorted(
        (r for r in rows if r["significant"] and r["key"] not in direct),
        key=lambda r: (not r["headline"], -abs(r["diff"])),
    )
    return own + found


def join_items(changes: list[Change]) -> str:
    """``S6 at 2 players and hut_potions``: the changed items by name."""
    return join_and([c.what.split(" (")[0] for c in changes])


def misuse_sentences(result: ComparisonResult, direct: Collection[str]) -> list[str]:
    """The study report's player-flaw rule on the changed items' worths: where a version's
    players do clearly better when forbidden the item (its worth's 95% interval below zero),
    the change's measure is partly the players' flaw, and the page says so."""
    from analyses.compare.measures import measure_values
    from analyses.stats.intervals import clustered_mean

    out = []
    whats = dict(zip(result.table["key"], result.table["what"], strict=True))
    for side in result.sides:
        values = {
            m.key: v for m, v in measure_values(side.manifest, side.games, side.seats).items()
        }
        for key in sorted(k for k in direct if k in values):
            v = values[key]["value"].to_numpy()
            mean, lo, hi = clustered_mean(v, values[key]["game_index"].to_numpy())
            if hi < 0:
                name = whats.get(key, key).split(" (")[0]
                out.append(
                    f"Under \u201c{side.name}\u201d the players do better when forbidden "
                    f"{name.removeprefix('worth of ')} ({100 * mean:+.1f} points, "
                    f"{100 * lo:+.1f} to {100 * hi:+.1f}): they misuse it, so this change's "
                    "measure is partly a flaw of the players, not of the game; check it with "
                    f"stronger players before reading its sign{stronger_hint(side.manifest)}."
                )
    return out


def stronger_hint(manifest: Mapping[str, Any]) -> str:
    """``(heuristic:style=fitted plays as strong as the top at a heuristic's cost: put it in
    the study's line-ups)`` when the game has such a player and the run does not seat it."""
    from strategies.ladder import top_player

    game = str(manifest.get("game") or manifest.get("config", {}).get("game"))
    players = manifest.get("config", {}).get("players")
    top = top_player(game, players if isinstance(players, int) else None)
    if top is None:
        return ""
    cheap = [p for p in (*top.level, top.family) if ":" in p]
    seated = {p for c in manifest.get("cells", []) for p in c.get("policies", [])}
    cheap = [p for p in cheap if p not in seated]
    if not cheap:
        return ""
    return (
        f" ({cheap[0]} plays as strong as this game's top player at a heuristic's cost: "
        "put it in the study's line-ups and compare again)"
    )
