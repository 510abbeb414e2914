"""Where each player places on the Rats of Wistar wheel, and the hut caveat, in the "same
game, two players" report (``boardlab compare --players-differ``).

The caveat (docs/players.md: the heuristic sends 30-37% of its placements to the Alchemist's
hut and does better when forbidden it) is stated per player from that player's own run, by
the rule in :data:`RULE`; nothing here is written by hand per player.
"""

from __future__ import annotations

import polars as pl

from analyses.compare.changes import ComparisonResult
from analyses.compare.players import (
    SECTIONS,
    HutVerdict,
    hut_verdict,
    misused_sections,
    placement_shares,
    use_changes,
    wheel_use,
)
from analyses.studies.ablation import restriction_words
from analyses.studies.findings import pct, pct_range, pval, signed
from reports.compare.page import quoted
from reports.kit.tables import Table
from reports.studies.sections import Section

RULE = (
    "Hut caveat rule: the caveat stands for a player when forbidding it the hut clearly raises "
    "its win rate (the hut's worth is below zero after Holm's correction within that player's "
    "run), or when its share of slot 0's placements on the Alchemist's hut is out of line with "
    "the sectors' (the hut's 95% interval lies above that of the player's most-used sector) "
    "and the hut's worth is not clearly above zero. Otherwise it is resolved. A sector whose "
    "worth is clearly below zero (slot 0 wins more when forbidden it) is named the same way."
)
NOTES = [
    "Placements: slot 0's chiefs in the unrestricted (baseline) cell of each run, by wheel "
    "section (the seats table's chiefs_* columns); each share has a 95% interval that treats "
    "each game as one cluster. A change is B's share minus A's over the games both played on "
    "the same seed (paired t interval), Holm across the seven sections.",
    RULE,
]


def hut_section(result: ComparisonResult, worths: list[pl.DataFrame]) -> Section | None:
    """Shares of slot 0's placements per section under both players, their paired change,
    and the hut caveat per player (None when the runs have no placement columns)."""
    found = [placement_shares(s.seats, s.manifest) for s in result.sides]
    counts = [c for c in found if c is not None and not c.is_empty()]
    if len(counts) < len(found):
        return None
    uses = [wheel_use(c) for c in counts]
    changes = use_changes(counts[0], counts[1], result.alpha)
    names = (result.name_a, result.name_b)
    verdicts = [hut_verdict(n, u, w) for n, u, w in zip(names, uses, worths, strict=True)]
    caveat = [caveat_sentence(v) for v in verdicts]
    caveat += [t for n, w in zip(names, worths, strict=True) if (t := misused_sentence(n, w))]
    words = [*caveat, _hut_change(changes, *names)]
    offers = _offers(result)
    return Section(
        id="cmp-hut",
        title=f"Wheel use and the hut caveat: {names[0]} vs {names[1]}",
        findings=words,
        tables=[use_table(uses, changes, names, offers)],
        notes=NOTES,
        headline=caveat,
    )


def _offers(result: ComparisonResult) -> dict[str, str]:
    """Section -> its name with what it offers at this player count (the game's words)."""
    from simcore.core import registry

    manifest = result.sides[0].manifest
    game = registry.make_game(manifest["game"])
    players = int(manifest["config"]["players"])
    return {s: game.describe_class(f"place/{s}", players) for s in SECTIONS}


def caveat_sentence(v: HutVerdict) -> str:
    """The caveat for one player, resolved or restated with its figures."""
    who = quoted(v.player)
    hut = (
        f"{pct(v.hut[0])} of slot 0's placements on the hut (95% interval "
        f"{pct_range(v.hut[1], v.hut[2])})"
    )
    top = (
        f"its most-used sector, {v.top}, takes {pct(v.top_share[0])} "
        f"({pct_range(v.top_share[1], v.top_share[2])})"
    )
    worth = (
        "the hut's worth was not measured"
        if v.worth is None
        else (
            f"forbidding it the hut changes its win rate by {signed(-100 * v.worth[0])} points "
            f"(95% interval {signed(-100 * v.worth[2])} to {signed(-100 * v.worth[1])}"
            f"{', clear after Holm' if v.worth_clear else ', not clear after Holm'})"
        )
    )
    if v.resolved and v.over_used:
        return (
            f"The hut caveat is resolved for {who}: it puts {hut}, more than on any sector "
            f"({top}), but {worth}: the hut earns those placements. Read the hut's worth "
            f"under {who} as the game's."
        )
    if v.resolved:
        return (
            f"The hut caveat is resolved for {who}: it puts {hut}, in line with the sectors "
            f"({top}); {worth}."
        )
    reasons = []
    if v.over_used:
        reasons.append(f"it puts {hut}, more than on any sector: {top}")
    if v.misused:
        reasons.append(f"{worth}: it does better without the hut")
    return (
        f"The hut caveat stands for {who}: {'; and '.join(reasons)}. Read the hut's worth "
        f"under {who} as a flaw of the player, not of the game."
    )


def misused_sentence(player: str, worths: pl.DataFrame) -> str:
    """The sectors a player does better without, with their figures ("" for none)."""
    rows = misused_sections(worths)
    if not rows:
        return ""
    who = quoted(player)
    parts = [
        f"{_sector_words(r['restriction'])} raises its win rate by "
        f"{signed(-100 * r['worth'])} points (95% interval {signed(-100 * r['worth_hi'])} to "
        f"{signed(-100 * r['worth_lo'])}, clear after Holm)"
        for r in rows
    ]
    return (
        f"{who} does better without {'a sector' if len(parts) == 1 else 'some sectors'}: "
        f"forbidding it {'; forbidding it '.join(parts)}. "
        f"Read those worths under {who} as a flaw of the player, not of the game."
    )


def _sector_words(restriction: str) -> str:
    """``place/S1@round1-2`` -> ``S1 in rounds 1–2`` (the sections' names, as the hut's)."""
    return restriction_words(restriction.split("+"), lambda name: name.removeprefix("place/"))


def _hut_change(changes: pl.DataFrame, a: str, b: str) -> str:
    """The paired change of the hut's share from A to B in words."""
    r = changes.filter(pl.col("section") == "hut").row(0, named=True)
    span = f"{signed(100 * r['lo'])} to {signed(100 * r['hi'])} points"
    if r["significant"]:
        return (
            f"{quoted(b)} changes the hut's share of slot 0's placements by "
            f"{signed(100 * r['diff'])} points against {quoted(a)} (95% interval {span}, "
            f"Holm-adjusted {pval(r['p_holm'])})."
        )
    return (
        f"The hut's share of slot 0's placements does not clearly differ between "
        f"{quoted(a)} and {quoted(b)} ({signed(100 * r['diff'])} points, 95% interval "
        f"{span})."
    )


def use_table(
    uses: list[pl.DataFrame], changes: pl.DataFrame, names: tuple[str, str], offers: dict
) -> Table:
    """Per section (named with what it offers): each player's share of slot 0's placements
    and the paired change."""
    a, b = names
    by = [{r["section"]: r for r in u.to_dicts()} for u in uses]
    ch = {r["section"]: r for r in changes.to_dicts()}
    body = []
    for s in SECTIONS:
        ra, rb, rc = by[0][s], by[1][s], ch[s]
        p = pval(rc["p_holm"]).removeprefix("p = ") if rc["p_holm"] == rc["p_holm"] else "–"
        body.append(
            [
                offers.get(s, s),
                f"{pct(ra['share'])} ({pct_range(ra['lo'], ra['hi'])})",
                f"{pct(rb['share'])} ({pct_range(rb['lo'], rb['hi'])})",
                signed(100 * rc["diff"]),
                f"{signed(100 * rc['lo'])} to {signed(100 * rc['hi'])}",
                p,
            ]
        )
    headers = [
        "Section",
        f"Share under {a} (95% interval)",
        f"Share under {b} (95% interval)",
        f"Change ({b} − {a}), points",
        "95% interval",
        "Holm p",
    ]
    return Table(
        f"Where slot 0 places, under {a} and under {b}: share of its placements",
        headers,
        body,
        [False, True, True, True, True, True],
    )
