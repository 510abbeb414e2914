"""Sections of the generic game report, each built from the common analysis library."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np
import polars as pl

from analyses.studies import common, degenerate, findings, ratings
from reports.kit import plots
from reports.kit.tables import Spec, Table, render_table

MAX_OVERLAID = 6  # more histogram lines than this become unreadable


@dataclass
class Figure:
    """An inline SVG figure with its caption."""

    svg: str
    caption: str


@dataclass
class Section:
    """A report section: findings in words first, then figures, tables and method notes."""

    id: str
    title: str
    findings: list[str]
    figures: list[Figure] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    headline: list[str] = field(default_factory=list)  # sentences for the page summary
    examples: list[Any] = field(default_factory=list)  # links to games (reports.studies.examples)


@dataclass
class Context:
    """What every section needs: the loaded tables, the manifest and the cell labels."""

    games: pl.DataFrame
    seats: pl.DataFrame
    manifest: Mapping[str, Any]
    labels: dict[str, str]
    run_dir: Any = None  # the run directory, for sections that read further tables
    merges: list = field(
        default_factory=list
    )  # identical cells shown once (analyses.studies.identical)

    def label(self, cell: str) -> str:
        """The readable label of a cell."""
        return self.labels.get(cell, cell)

    @cached_property
    def flags(self) -> pl.DataFrame:
        """Saturated, stalled and constant cells (``analyses.studies.degenerate.cell_flags``)."""
        return degenerate.cell_flags(self.games, self.seats)

    @cached_property
    def game(self) -> Any:
        """The run's game (its current code), or None when it cannot be loaded here."""
        from simcore.core import registry

        try:
            return registry.make_game(self.manifest.get("game", ""))
        except Exception:  # a report of a game not installed here still renders, with less
            return None

    @cached_property
    def open_seats(self) -> pl.DataFrame:
        """Seats of cells where no seat plays restricted (restricted cells are ablations, not
        skill or rating comparisons; the restricted-play section covers them)."""
        restricted = self.seats.filter(pl.col("policy").str.contains(r"forbid="))["cell"]
        return self.seats.filter(~pl.col("cell").is_in(restricted.unique().to_list()))

    @cached_property
    def rules_fix_length(self) -> bool:
        """Every game of the run lasts the same number of turns (the rules fix it)."""
        return self.games["turns"].n_unique() == 1

    def flag_reason(self, reason: str) -> str:
        """A cell flag's reason as shown: a length the rules fix is said once, not per cell."""
        if not self.rules_fix_length:
            return reason
        return "; ".join(r for r in reason.split("; ") if not r.startswith("every game lasts"))

    @property
    def several_cells(self) -> bool:
        """True when the run has more than one cell."""
        return self.games["cell"].n_unique() > 1


RATE_SPECS: list[Spec] = [
    ("Games", "int", "games"),
    ("Win rate", "pct", "rate"),
    ("95% interval", "interval", ("lo", "hi")),
    ("Fair share", "pct", "fair"),
]


def skill_section(ctx: Context) -> Section | None:
    """Skill gap: in every cell where different policies meet, the stronger one's win rate."""
    table = common.skill_gap(ctx.open_seats)
    if table.is_empty():
        return None
    words = findings.skill_gap_findings(table, ctx.labels)
    names = [f"{r['stronger']} vs {r['weaker']}" for r in table.iter_rows(named=True)]
    rules = rule_versions(ctx)
    if ctx.several_cells and any(rules.values()):
        # The rule values on the first line, the match on the second: a whole cell label
        # (rules and the full line-up) ran to four or five lines a row.
        names = [
            f"{_rule_values(rules.get(r['cell'], ''))}\n{n}" if rules.get(r["cell"]) else n
            for r, n in zip(table.iter_rows(named=True), names, strict=True)
        ]
    svg = plots.interval_bars(
        names,
        table["rate"],
        table["lo"],
        table["hi"],
        ref=table["fair"],
        xlabel="win rate of the first-named policy",
        title="Skill gap",
        name="skill",
        wrap=70,
    )
    # The rule values name a cell here (the players have their own columns): a whole cell
    # label ran to six lines and pushed the table past the page.
    cell_spec = ("Rules", "text", "rules") if any(rules.values()) else ("Cell", "text", "cell")
    table = table.with_columns(
        rules=pl.Series([_rule_values(rules.get(c, "")) for c in table["cell"]], dtype=pl.String)
    )
    specs = [
        cell_spec,
        ("Policy", "text", "stronger"),
        ("Against", "text", "weaker"),
        *RATE_SPECS,
        ("p (Holm)", "p", "p_holm"),
    ]
    return Section(
        id="skill",
        title="Skill gap",
        findings=words,
        figures=[
            Figure(
                svg,
                "How often the first-named policy (the higher rung of the ladder, or within "
                "one family the higher observed rate) wins, per seat it holds; whiskers: 95% "
                "interval; red marks: an even match.",
            )
        ],
        tables=[render_table(table, specs, "Win rate of the first-named policy", ctx.labels)],
        notes=[
            "Policies are ranked random < heuristic < MCTS by design; within one family the "
            "one with the higher observed rate is named first (which says nothing about "
            "whether the gap is real: the interval and p-value do). A game is one trial, and "
            "a policy holding several seats counts the mean share of its seats. A large gap "
            "means skill matters; a gap near zero means luck dominates or the higher rung is "
            "not actually stronger in this game."
        ],
        # clear gaps first: the summary must not name three even matches and hide the gap
        headline=_first_lines(
            sorted(words, key=lambda w: "consistent with" in w),
            4,
            "line-ups in the Skill gap section",
        ),
    )


def _first_lines(words: list[str], keep: int, where: str) -> list[str]:
    """Up to ``keep`` sentences for the summary; beyond that the first ones and a pointer
    (a ladder's top rung, e.g. MCTS against the heuristic, is one line the summary must show)."""
    if len(words) <= keep:
        return words
    return [*words[: keep - 1], f"{len(words) - keep + 1} more {where}."]


def _same_players_merged(ctx: Context) -> tuple[pl.DataFrame, list[str]]:
    """Open seats with specs of the same player under one name, and a sentence per merge.

    A ladder writes ``heuristic`` in one cell and ``heuristic:style=engine`` in another; rated
    apart, the two would split the policies into groups that never met.
    """
    seats = ctx.open_seats
    if ctx.game is None or seats.height == 0:
        return seats, []
    from strategies.registry import player_aliases

    aliases = player_aliases(seats["policy"].unique().sort().to_list(), ctx.game)
    if not aliases:
        return seats, []
    words = [
        f"{spec} is the same player as {short} and is rated as {short}."
        for spec, short in sorted(aliases.items())
    ]
    return seats.with_columns(pl.col("policy").replace(aliases)), words


def _group_sentence(groups: Mapping[str, int]) -> str:
    """Which policies share a rating scale."""
    parts = [
        f"{chr(65 + g)} ({', '.join(p for p in sorted(groups) if groups[p] == g)})"
        for g in sorted(set(groups.values()))
    ]
    return (
        f"Ratings compare only within a group, {'; '.join(parts)}: the groups are linked "
        "only through perfect records, so each is rated on its own scale "
        "(mean 0)."
    )


def _ratings_per_group(seats: pl.DataFrame, groups: Mapping[str, int]) -> pl.DataFrame:
    """Bradley–Terry ratings fitted within each group (mean 0 per group), with a group column."""
    parts = []
    for g in sorted(set(groups.values())):
        members = sorted(p for p, k in groups.items() if k == g)
        part = (
            ratings.policy_ratings(seats.filter(pl.col("policy").is_in(members)))
            if len(members) > 1
            else pl.DataFrame({"policy": members})
        )
        parts.append(part.with_columns(group=pl.lit(chr(65 + g))))
    return pl.concat(parts, how="diagonal_relaxed")


def ratings_section(ctx: Context) -> Section | None:
    """Pairwise win-rate matrix and Bradley–Terry ratings over all cells of the run."""
    seats, merged = _same_players_merged(ctx)
    if seats.height == 0 or seats["policy"].n_unique() < 2:
        return None
    matrix = ratings.win_matrix(seats)
    try:
        # The point fit finds the groups; the seed-resampled intervals (200 more fits) are
        # computed below only for the table that is shown.
        table = ratings.policy_ratings(seats, clustered=False)
    except ValueError as exc:
        return Section("ratings", "Policy ratings", [f"No ratings: {exc}.", *merged])
    names = table["policy"].to_list()
    grid = np.full((len(names), len(names)), np.nan)
    index = {n: i for i, n in enumerate(names)}
    for pol, opp, rate in matrix.select("policy", "opponent", "rate").rows():
        grid[index[pol], index[opp]] = rate
    heat = plots.heatmap(
        grid,
        names,
        names,
        title="Head-to-head win rate",
        name="matrix",
        cbar_label="row policy wins (%)",
        xlabel="opponent",
        ylabel="policy",
    )
    perfect = ratings.perfect_records(matrix)
    words = [*findings.rating_findings(table, perfect, matrix), *merged]
    figures = [
        Figure(
            heat,
            "Share of head-to-head comparisons the row policy wins against the "
            "column policy (blank: never met).",
        )
    ]
    groups = ratings.rating_groups(matrix, perfect, table.sort("rating", descending=True)["policy"])
    alone = bool(groups) and len(set(groups.values())) == len(groups)
    if alone:  # every policy is a group of its own: a table of ratings would be all blanks
        words.append(
            "No ratings are fitted: every pair of policies here is linked only "
            "through a perfect record, which bounds a rating gap from below but gives "
            "no value; the head-to-head results are the measurement."
        )
    elif groups:
        table = _ratings_per_group(seats, groups)
        words.append(_group_sentence(groups))
    else:
        table = ratings.policy_ratings(seats)
    # Point ratings of a perfect record only echo the prior: show the record, not them
    # (within a group; a record between groups is what splits them).
    pairs = perfect.select("policy", "opponent").rows() if perfect.height else []
    hidden = {p for a, b in pairs if groups.get(a) == groups.get(b) for p in (a, b)}
    if hidden:
        table = table.with_columns(
            [
                pl.when(pl.col("policy").is_in(list(hidden)))
                .then(None)
                .otherwise(pl.col(c))
                .alias(c)
                for c in ("rating", "lo", "hi", "expected")
            ]
        )
    elif not groups:  # ratings on one scale only
        figures.append(
            Figure(
                plots.forest_plot(
                    names,
                    table["rating"],
                    table["lo"],
                    table["hi"],
                    xlabel="Bradley–Terry rating (Elo points, mean 0)",
                    title="Policy ratings",
                    name="ratings",
                ),
                "Ratings with 95% intervals; 400 points = 10:1 odds.",
            )
        )
    specs: list[Spec] = [
        ("Policy", "text", "policy"),
        ("Rating", "elo", "rating"),
        ("95% interval", "elo_interval", ("lo", "hi")),
        ("Comparisons", "int", "comparisons"),
        ("Win rate vs average", "pct", "expected"),
        *([("Group", "text", "group")] if groups else []),
    ]
    mspecs: list[Spec] = [
        ("Policy", "text", "policy"),
        ("Opponent", "text", "opponent"),
        ("Comparisons", "int", "comparisons"),
        ("Seeds", "int", "seeds"),
        ("Ties", "int", "ties"),
        ("Win rate", "pct", "rate"),
        ("95% interval", "interval", ("lo", "hi")),
    ]
    caption = "Bradley–Terry ratings" + (" (–: perfect record, see above)" if hidden else "")
    tables = [render_table(matrix, mspecs, "Head-to-head results")]
    if not alone:
        tables.insert(0, render_table(table, specs, caption))
    return Section(
        id="ratings",
        title="Policy ratings",
        findings=words,
        figures=figures,
        tables=tables,
        notes=[
            "Every game is split into comparisons between seats held by different policies; "
            "the better-placed seat wins (a tie for first that the rules' tie-break decided "
            "goes to its winner, as in the win rates), equal places count as half a win to "
            "each side (ties are not modelled separately). Ratings are a Bradley–Terry fit "
            "(MM algorithm) with one virtual drawn comparison per pair that met, which keeps "
            "ratings finite "
            "when a policy never lost; such pairs are reported as a record and a lower bound "
            "instead. All cells are pooled, so rule variants are averaged over. When only "
            "perfect records link groups of policies, each group is fitted on its own (mean 0 "
            "within the group), since no measured gap connects the groups.",
            "With three or more seats per game the comparisons of one game are correlated, and "
            "cells replay the same seeds: the intervals then come from resampling seeds (all "
            "games of a seed together, 200 bootstrap resamples); with one two-seat cell they "
            "come from the Fisher information. Head-to-head intervals treat each seed as one "
            "cluster (score-type, cluster-robust), and a perfect record's lower bound counts "
            "seeds, not comparisons.",
        ],
        headline=words[1:2] if perfect.height else words[:1],
    )


def length_section(ctx: Context) -> Section:
    """Game length distribution (turns and decision steps) per cell; stalled or constant cells
    are shown in the table but make no sentence."""
    turns = common.game_lengths(ctx.games, "turns")
    steps = common.game_lengths(ctx.games, "steps")
    usable = degenerate.usable_cells(ctx.flags, for_length=True)
    words = findings.length_findings(turns.filter(pl.col("cell").is_in(usable)), ctx.labels)
    # A game whose rules fix the number of turns: only the decisions vary, so show those.
    fixed = ctx.rules_fix_length
    measure = "steps" if fixed else "turns"
    figures = []
    if turns.height <= MAX_OVERLAID:
        groups = {
            ctx.label(c): part[measure].to_numpy()
            for (c,), part in ctx.games.group_by(["cell"], maintain_order=True)
        }
        xlabel = "decisions (steps)" if fixed else "turns"
        svg = plots.histogram(
            groups, xlabel=xlabel, title="Game length", name="length", integer=True
        )
        figures.append(Figure(svg, f"Share of games by number of {xlabel}."))
    specs = [
        ("Cell", "text", "cell"),
        ("Measure", "text", "metric"),
        ("Games", "int", "n"),
        ("Mean", "num", "mean"),
        ("Min", "num", "min"),
        ("5%", "num", "q05"),
        ("25%", "num", "q25"),
        ("Median", "num", "q50"),
        ("75%", "num", "q75"),
        ("95%", "num", "q95"),
        ("Max", "num", "max"),
    ]
    both = pl.concat([turns, steps]).sort("cell", "metric", descending=[False, True])
    headline = words[:1]
    if len(usable) > 1:
        kept = ctx.games.filter(pl.col("cell").is_in(usable))
        pooled = findings.length_findings(common.game_lengths(kept, "turns", groups=()))
        scope = "all cells" if len(usable) == ctx.games["cell"].n_unique() else "usable cells"
        headline = [f"Over {scope}: {pooled[0][0].lower()}{pooled[0][1:]}"]
    left_out = excluded_sentence(ctx, for_length=True)
    if fixed:
        words, left_out = [_fixed_length_sentence(ctx.games)], ""
        headline = words
    return Section(
        id="length",
        title="Game length",
        findings=[*words, *([left_out] if left_out else [])],
        figures=figures,
        tables=[render_table(both, specs, "Game length quantiles", ctx.labels)],
        notes=[
            "Turns as counted by the game; steps are all decisions taken by any seat. "
            "Cells whose games mostly stopped at a safety cap, or that all last the same "
            "number of turns, say nothing about natural game length and get no sentence."
        ],
        headline=headline,
    )


def _fixed_length_sentence(games: pl.DataFrame) -> str:
    """Every game lasts the same number of turns: say so, and how the decisions vary."""
    q = games["steps"].quantile
    return (
        f"Every game lasts {games['turns'][0]} turns: the rules fix the length, so the game "
        f"length says nothing about balance. The number of decisions varies: median "
        f"{q(0.5, 'nearest'):.0f}, half of the games between {q(0.25, 'nearest'):.0f} and "
        f"{q(0.75, 'nearest'):.0f}."
    )


def excluded_sentence(ctx: Context, *, for_length: bool = False) -> str:
    """One sentence naming the cells left out of a conclusion, and why ("" when none)."""
    flags = ctx.flags
    if flags.is_empty():
        return ""
    keep = set(degenerate.usable_cells(flags, for_length=for_length))
    out = flags.filter(~pl.col("cell").is_in(list(keep)))
    parts = [
        f"{ctx.label(c)} ({ctx.flag_reason(r)})" if ctx.flag_reason(r) else ctx.label(c)
        for c, r in out.select("cell", "reason").rows()
    ]
    what = "length" if for_length else "turn-order and seat"
    return f"Left out of the {what} conclusions: {'; '.join(parts)}." if parts else ""


def _rule_values(label: str) -> str:
    """``variant=standard · chain_table=linear`` → ``standard · linear``."""
    return " · ".join(part.split("=", 1)[-1] for part in label.split(" · "))


def rule_versions(ctx: Context) -> dict[str, str]:
    """Cell → its rule values (grid keys other than the line-up), as a label."""
    from analyses.stats.paired import NOT_RULES

    out = {}
    for c in ctx.manifest.get("cells", []):
        rules = {k: v for k, v in (c.get("variant") or {}).items() if k not in NOT_RULES}
        out[c["cell"]] = " · ".join(f"{k}={v}" for k, v in rules.items())
    return out


def end_section(ctx: Context) -> Section:
    """How games end (``ended_by``)."""
    table = common.end_reasons(ctx.games)
    specs: list[Spec] = [
        ("Cell", "text", "cell"),
        ("Ended by", "text", "ended_by"),
        ("Games", "int", "count"),
        ("Share", "pct", "share"),
        ("95% interval", "interval", ("lo", "hi")),
    ]
    return Section(
        id="endings",
        title="How games end",
        findings=_end_findings(ctx, table),
        tables=[render_table(table, specs, "End conditions", ctx.labels)],
    )


def _end_findings(ctx: Context, per_cell: pl.DataFrame) -> list[str]:
    """Pooled over cells only when every cell mostly ends the same way."""
    if not ctx.several_cells:
        return findings.end_reason_findings(per_cell)
    return findings.mixed_end_findings(per_cell, ctx.labels) or findings.end_reason_findings(
        common.end_reasons(ctx.games, groups=())
    )
