"""Report section on rule variants: paired comparisons of grid cells against their baseline."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

import polars as pl

from analyses.stats import paired
from analyses.stats.paired import variant_pairs
from analyses.stats.runs import show_value
from analyses.studies import common, findings, identical
from analyses.studies.turn_order import with_positions
from reports.kit.small_multiples import Panel, fits, forest_panels
from reports.kit.tables import Spec, Table, render_table
from reports.studies.examples import margin_examples
from reports.studies.sections import Context, Figure, Section
from reports.studies.variant_turns import first_player_part
from reports.studies.variant_words import condensed_words, meanings, short_conditions


def _show(value: Any, key: str = "policies") -> str:
    # A line-up reads "a vs b"; any other list (e.g. a deck pair) reads "a+b".
    if key != "policies":
        return show_value(value)
    return " vs ".join(map(str, value)) if isinstance(value, list) else str(value)


def comparison_name(manifest: Mapping[str, Any], key: str, cell_a: str, cell_b: str) -> str:
    """``bonus_card=8 instead of 0 (random vs mcts)``: the change and the fixed conditions."""
    variants = {c["cell"]: c.get("variant", {}) for c in manifest.get("cells", [])}
    a, b = variants.get(cell_a, {}), variants.get(cell_b, {})
    text = f"{key}={_show(b.get(key), key)} instead of {_show(a.get(key), key)}"
    rest = [_show(v) if k == "policies" else f"{k}={_show(v, k)}" for k, v in b.items() if k != key]
    return f"{text} ({', '.join(rest)})" if rest else text


def _metrics(ctx: Context) -> list[tuple[str, pl.DataFrame, bool]]:
    """(description, per-game values, shown in points) for each compared outcome: the first
    player's win share (recorded start player), the first line-up slot's (mixed line-ups),
    game length, mean score and each game-specific numeric seat statistic (score parts)."""
    out = []
    if "first_player" in ctx.games.columns:
        out.append(("the first player's win share", _first_player_share(ctx), True))
    lineups = ctx.seats.group_by("cell").agg(pl.col("policy").n_unique().alias("k"))
    if (lineups["k"] > 1).any():
        out.append(
            ("the first line-up slot's win share", paired.seat_outcome(ctx.seats, slot=0), True)
        )
    out.append(("game length in turns", paired.game_outcome(ctx.games, "turns"), False))
    out.append(("mean score per seat", paired.seat_outcome(ctx.seats, "score"), False))
    out.append(("win margin (winner's score minus the runner-up's)", _margin(ctx), False))
    for column in _seat_statistics(ctx):
        out.append(
            (
                f"mean {column.replace('_', ' ')} per seat",
                paired.seat_outcome(ctx.seats, column),
                False,
            )
        )
    return out


def _first_player_share(ctx: Context) -> pl.DataFrame:
    first = with_positions(ctx.games, ctx.seats).filter(pl.col("position") == 1)
    return paired.seat_outcome(first)


def _margin(ctx: Context) -> pl.DataFrame:
    """Per game: the best score minus the second best (0 for a tie on top)."""
    ranked = (
        ctx.seats.sort("score", descending=True)
        .group_by(["cell", "game_index"])
        .agg(value=pl.col("score").get(0) - pl.col("score").get(1))
    )
    return ranked.sort("cell", "game_index")


def _seat_statistics(ctx: Context) -> list[str]:
    """Game-specific numeric seat columns that vary (score parts, counts)."""
    return [
        c
        for c, dtype in ctx.seats.schema.items()
        if c not in common.STANDARD_SEAT_COLUMNS
        and dtype.is_numeric()
        and ctx.seats[c].n_unique() > 1
    ]


MAX_SPELLED = 6  # with more comparisons than this, findings summarise each rule change
MAX_FIGURES = 4  # effect figures drawn (outcomes with a clear change): each is a screen


def strategy_table(ctx: Context, keys: list[str]) -> Any:
    """What the players do under each value of each varied rule: per (rule value, policy), the
    mean per seat of every choice column (seat statistics that are not score parts), pooled
    over the other grid keys. Descriptive; the paired comparisons test the changes."""
    choices = [c for c in _seat_statistics(ctx) if not c.startswith("pts_")]
    if not choices or not keys:
        return None
    variants = {c["cell"]: c.get("variant", {}) for c in ctx.manifest.get("cells", [])}
    variants.update({m.dropped: m.variant for m in ctx.merges})  # shown once, pooled in full
    seats = identical.restore(ctx.seats, ctx.merges)
    grid = ctx.manifest.get("config", {}).get("grid", {}) or {}
    rows: list[dict[str, Any]] = []
    for key in keys:
        listed = [_show(v, key) for v in grid.get(key, [])]  # the sweep's order, baseline first
        shown = [_show(v.get(key), key) for v in variants.values()]
        order = [listed.index(x) if x in listed else 0 for x in shown]
        values = pl.DataFrame({"cell": list(variants), "value": shown, "order": order})
        means = (
            seats.join(values, on="cell")
            .group_by("value", "order", "policy")
            .agg(pl.len().alias("seats"), *(pl.col(c).mean() for c in choices))
            .sort("policy", "order")
            .drop("order")
        )
        rows += [{"rule": f"{key}={r.pop('value')}", **r} for r in means.iter_rows(named=True)]
    specs = [
        ("Rule value", "text", "rule"),
        ("Policy", "text", "policy"),
        ("Seats", "int", "seats"),
        *((c.replace("_", " "), "num", c) for c in choices),
    ]
    return render_table(
        pl.DataFrame(rows),
        specs,
        "Strategy shift: the players' choices per rule value (mean per seat; "
        "pooled over the other grid values)",
    )


def _summary_table(shown: list[tuple[str, pl.DataFrame, bool]]) -> Any:
    """One row per (rule change, outcome): paired comparisons, range of changes, how many are
    clear after Holm (the per-comparison detail would run to hundreds of rows)."""
    rows = []
    for what, df, as_points in shown:
        scale = 100.0 if as_points else 1.0
        for (change,), part in df.group_by(["change"], maintain_order=True):
            live = part.filter(~pl.col("fixed"))
            rows.append(
                {
                    "change": change,
                    "outcome": what + (" (points)" if as_points else ""),
                    "comparisons": part.height,
                    "untestable": part.height - live.height,
                    "low": cast(float, live["diff"].min()) * scale if live.height else None,
                    "high": cast(float, live["diff"].max()) * scale if live.height else None,
                    "clear": int(live["significant"].fill_null(False).sum()),
                    "p_min": live["p_holm"].min() if live.height else None,
                }
            )
    specs = [
        ("Change of rule", "text", "change"),
        ("Outcome", "text", "outcome"),
        ("Comparisons", "int", "comparisons"),
        ("Cannot differ", "int", "untestable"),
        ("Smallest change", "signed", "low"),
        ("Largest change", "signed", "high"),
        ("Clear (Holm)", "int", "clear"),
        ("Smallest p (Holm)", "p", "p_min"),
    ]
    return render_table(pl.DataFrame(rows), specs, "Paired comparisons by rule change and outcome")


def variant_comparisons(ctx: Context) -> list[tuple[str, str, str, str]]:
    """``(key, cell_a, cell_b, name)`` per rule comparison, the cells being those that hold the
    games (a merged cell's twin; :mod:`analyses.studies.identical`), the name the rule values."""
    pairs, manifest = _pairs_over_merged_cells(ctx)
    twin = {m.dropped: m.kept for m in ctx.merges}  # a merged cell plays its twin's games
    return [
        (k, twin.get(a, a), twin.get(b, b), comparison_name(manifest, k, a, b)) for k, a, b in pairs
    ]


def _pairs_over_merged_cells(ctx: Context) -> tuple[list[tuple[str, str, str]], dict]:
    """The variant comparisons as if no cell had been merged (a merged cell stands for its
    twin, whose games it plays), each pair of game sets once, and none between a cell and its
    own twin: the summary says once that they are the same games."""
    cells = [
        *ctx.manifest.get("cells", []),
        *({"cell": m.dropped, "variant": m.variant} for m in ctx.merges),
    ]
    manifest = {**ctx.manifest, "cells": sorted(cells, key=lambda c: c["cell"])}
    twin = {m.dropped: m.kept for m in ctx.merges}
    pairs, seen = [], set()
    for k, a, b in variant_pairs(manifest):
        games = (twin.get(a, a), twin.get(b, b))
        if games[0] != games[1] and games not in seen:  # the same two sets of games: once
            seen.add(games)
            pairs.append((k, a, b))
    return pairs, manifest


def _effect_figure(what: str, df: pl.DataFrame, as_points: bool, k: int) -> Figure | None:
    """One panel per rule change, a one-line row per set of fixed conditions; comparisons that
    cannot differ are not drawn. None when even that would run past one screen."""
    scale = 100.0 if as_points else 1.0
    panels = []
    for (change,), part in df.group_by(["change"], maintain_order=True):
        labels = [short_conditions(c) for c in part["comparison"]]
        clear = part["significant"].fill_null(False).to_list()
        panels.append(
            Panel(
                change, labels, part["diff"] * scale, part["lo"] * scale, part["hi"] * scale, clear
            )
        )
    if not fits(panels):
        return None
    xlabel = f"change in {what}" + (" (percentage points)" if as_points else "")
    svg = forest_panels(panels, title=f"Effect on {what}", name=f"variant{k}", xlabel=xlabel)
    return Figure(
        svg,
        "Paired difference against the baseline cell with 95% interval, one panel "
        "per rule change, one row per setting of the other rules and players; "
        "red: clear difference after Holm correction. Comparisons the rule cannot "
        "affect are left out.",
    )


def _comparison_table(what: str, df: pl.DataFrame, as_points: bool) -> Any:
    """Every comparison of one outcome that can differ (sortable in the page)."""
    fmt, ifmt = ("points", "points_interval") if as_points else ("signed", "num_interval")
    specs: list[Spec] = [
        ("Change of rule", "text", "change"),
        ("Other rules and players", "text", "where"),
        ("Paired games", "int", "pairs"),
        ("Change", fmt, "diff"),
        ("95% interval", ifmt, ("lo", "hi")),
        ("p (Holm)", "p", "p_holm"),
    ]
    where = [short_conditions(c) for c in df["comparison"]]
    return render_table(
        df.with_columns(where=pl.Series(where, dtype=pl.String)), specs, f"Every comparison: {what}"
    )


def variant_section(ctx: Context, n_resamples: int = 2000) -> Section | None:
    """Paired effect of each rule variant on win shares, game length, scores and score parts."""
    compared = variant_comparisons(ctx)
    if not compared:
        return None
    tables: list[Table] = []
    figures: list[Figure] = []
    words: list[str] = []
    frames: list[tuple[str, pl.DataFrame, bool]] = []
    pairs = [(k, a, b) for k, a, b, _ in compared]
    cell_pairs = [(a, b) for _, a, b, _ in compared]
    names = [name for _, _, _, name in compared]
    changes = [n.split(" (")[0] for n in names]  # "key=b instead of a"
    for i, (what, values, as_points) in enumerate(_metrics(ctx)):
        df = paired.compare_pairs(values, cell_pairs, n_resamples=n_resamples, seed=1000 * i)
        df = df.with_columns(
            metric=pl.lit(what),
            comparison=pl.Series(names, dtype=pl.String),
            change=pl.Series(changes, dtype=pl.String),
        )
        frames.append((what, df, as_points))
    # One Holm family for the whole section: every comparison shown here that can differ.
    everything = paired.test_family(pl.concat([f for _, f, _ in frames]))
    family = int(everything["p_value"].is_not_null().sum())
    offset = 0
    fixed_words = []
    condensed = len(pairs) > MAX_SPELLED
    shown: list[tuple[str, pl.DataFrame, bool]] = []
    for what, df, as_points in frames:
        tested = everything["fixed", "p_value", "p_holm", "significant", "mde"]
        df = df.with_columns(tested.slice(offset, df.height))
        offset += df.height
        shown.append((what, df, as_points))
        if condensed:
            continue
        fixed_words += [
            f"{c}: {what} is identical in every paired game (this change cannot "
            "affect it); left out of the tests."
            for c in df.filter("fixed")["comparison"]
        ]
        words += findings.paired_findings(
            df.filter(~pl.col("fixed")), what, ctx.labels, as_points=as_points
        )
    if condensed:
        words, fixed_words = condensed_words(shown)
    for what, df, as_points in shown:
        most = 2 if condensed else MAX_FIGURES
        if not df["significant"].fill_null(False).any() or len(figures) >= most:
            continue  # plots of noise, or too many to read: the tables have the numbers
        figure = _effect_figure(what, df.filter(~pl.col("fixed")), as_points, len(figures))
        if figure is not None:
            figures.append(figure)
    if condensed:
        tables.append(_summary_table(shown))
        moved = [(w, df, pts) for w, df, pts in shown if df["significant"].fill_null(False).any()]
        tables += [_comparison_table(w, df.filter(~pl.col("fixed")), pts) for w, df, pts in moved]
    grid = ctx.manifest.get("config", {}).get("grid", {}) or {}
    turn_words, turn_table = first_player_part(ctx, [k for k in grid if k != "policies"])
    if turn_table is not None:
        tables.append(turn_table)
    shift = strategy_table(ctx, list(dict.fromkeys(k for k, _, _ in pairs)))
    if shift is not None:
        tables.append(shift)
    for what, df, as_points in [] if condensed else shown:
        fmt, ifmt = ("points", "points_interval") if as_points else ("signed", "num_interval")
        specs: list[Spec] = [
            ("Change of rule", "text", "comparison"),
            ("Paired games", "int", "pairs"),
            ("Change", fmt, "diff"),
            ("95% interval (t)", ifmt, ("lo", "hi")),
            ("95% interval (bootstrap)", ifmt, ("boot_lo", "boot_hi")),
            ("p (t)", "p", "p_value"),
            ("p (sign-flip)", "p", "perm_p"),
            ("p (Holm)", "p", "p_holm"),
        ]
        tables.append(render_table(df, specs, f"Effect on {what}"))
    clear = [w for w in words if "a clear difference" in w or " changes clearly in " in w]
    if ctx.game is not None:  # what each compared value means, in the game's own words
        means = meanings(sorted(set(changes)), ctx.game.content_text)
        words += [f"What the values compared mean: {'; '.join(means)}."] if means else []
    return Section(
        id="variants",
        title="Rule variants",
        findings=words + turn_words + fixed_words,
        figures=figures,
        tables=tables,
        notes=[
            "Each variant cell is compared with the cell that differs only in that grid key, "
            "set to its first listed value. Game i of both cells starts from the same seed "
            "(common random numbers), so the analysis uses per-game differences: a t interval "
            "and t-test, a percentile bootstrap interval and a sign-flip permutation test "
            f"({n_resamples} resamples, fixed seeds). Holm's correction runs over every "
            f"comparison in this section that can differ ({family} tests); an outcome that is "
            "identical in every paired game is not tested.",
            "“Would have been detected” is the change a test at Holm's strictest level "
            "(5% divided by the number of tests) finds with 80% power given these games.",
        ],
        headline=clear[:3]
        or [
            "No rule variant changed any measured outcome clearly (after "
            "Holm correction); see the section for the size each test could "
            "detect."
        ],
        examples=margin_examples(ctx, pairs[0][1:]),
    )
