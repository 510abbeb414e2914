"""Ratjack card values: how each card is used, and what each of the 36 effects is worth.

Three views, from weakest to strongest evidence:

- **usage** — how often each card (deck, value) is played face up, face down or discarded to
  flip, and by which policy (actions table);
- **observational value** — win rate of seats that resolved an effect vs seats that did not.
  Correlational only: strong hands resolve more effects;
- **interventional value** (restricted play) — the same seeds played with the seat in line-up
  slot 0 forbidden to resolve one effect (``heuristic:forbid=resolve/rat/6``) against the
  unrestricted baseline line-up. The paired difference in that seat's win share, baseline minus
  restricted, is what the effect is worth to its owner; Holm-corrected over all effects.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

import polars as pl

from analyses.stats.intervals import wilson_interval
from analyses.stats.paired import compare_pairs, detectable_sizes, seat_outcome, with_holm
from analyses.stats.runs import has_table, load_manifest, scan
from analyses.studies import claims
from analyses.studies.ablation import ablation_pairs, split_forbid
from analyses.studies.findings import signed

FAMILIES = ("rat", "weasel", "raccoon")
DECK_FAMILY = {"rat_red": "rat", "rat_blue": "rat", "weasel": "weasel", "raccoon": "raccoon"}
MODES = ("up", "down", "discard_flip")
FORBID_PREFIX = "resolve/"


def effect_columns() -> list[str]:
    """The 36 per-seat count columns ``res_<family>_<value>``."""
    return [f"res_{fam}_{v}" for fam in FAMILIES for v in range(1, 13)]


@dataclass
class RestrictionCell:
    """A cell whose slot-0 policy is forbidden one effect, and its unrestricted baseline."""

    run: str
    cell: str
    baseline: str
    family: str
    value: int
    decks: str = ""


def restriction_cells(run_dir: str | Path) -> list[RestrictionCell]:
    """Every cell forbidding slot 0 one effect (``resolve/<family>/<value>``), with its
    baseline cell (pairing by :func:`analyses.studies.ablation.ablation_pairs`)."""
    manifest = load_manifest(run_dir)
    cells = {c["cell"]: c for c in manifest["cells"]}
    out = []
    for pair in ablation_pairs(manifest):
        cls = pair.classes[0]
        parts = cls.split("/")
        if (
            pair.slot == 0
            and len(pair.classes) == 1
            and len(parts) == 3
            and cls.startswith(FORBID_PREFIX)
            and parts[1] in FAMILIES
            and parts[2].isdigit()
        ):
            decks = " + ".join((cells[pair.cell].get("params") or {}).get("decks", []))
            out.append(
                RestrictionCell(
                    manifest["name"], pair.cell, pair.baseline, parts[1], int(parts[2]), decks
                )
            )
    return out


def interventional_values(run_dirs: Sequence[str | Path], seed: int = 0) -> pl.DataFrame:
    """Paired value of each effect (baseline − restricted win share of slot 0), Holm-corrected.

    One row per restricted cell: ``worth`` (win-rate points as a fraction) with its 95% t
    interval ``worth_lo``–``worth_hi``, ``pairs`` (games), ``changed`` (games whose slot-0 win
    share differs), ``resolved_share`` (baseline games in which slot 0 resolved the effect),
    ``sd`` (per-game SD of the paired difference, for sizing sweeps with
    :func:`analyses.stats.intervals.games_for_half_width`), ``p_holm`` over every row of every run,
    and
    ``rank`` by worth.
    """
    frames = [f for run_dir in run_dirs if (f := _run_values(run_dir, seed)) is not None]
    if not frames:
        return pl.DataFrame()
    table = with_holm(pl.concat(frames, how="diagonal_relaxed").drop("p_holm", "significant"))
    return (
        table.with_columns(
            effect=_effect_label(),
            # "+ 0.0" turns the -0.0 of a zero difference into 0.0.
            worth=-pl.col("diff") + 0.0,
            worth_lo=-pl.col("hi") + 0.0,
            worth_hi=-pl.col("lo") + 0.0,
            baseline_rate=pl.col("mean_a"),
            restricted_rate=pl.col("mean_b"),
            # Per-game SD of the paired difference: what a pilot run tells a sweep's size.
            sd=pl.col("se") * pl.col("pairs").cast(pl.Float64).sqrt(),
        )
        .sort(["worth", "family", "value"], descending=[True, False, False])
        .with_row_index("rank", offset=1)
    )


def _run_values(run_dir: str | Path, seed: int) -> pl.DataFrame | None:
    pairs = restriction_cells(run_dir)
    if not pairs:
        return None
    values = seat_outcome(run_dir, "win_share", slot=0)
    table = compare_pairs(values, [(p.baseline, p.cell) for p in pairs], seed=seed)
    return table.with_columns(
        run=pl.lit(pairs[0].run),
        decks=pl.Series([p.decks for p in pairs], dtype=pl.String),
        family=pl.Series([p.family for p in pairs]),
        value=pl.Series([p.value for p in pairs], dtype=pl.Int64),
        changed=pl.Series([_changed(values, p) for p in pairs], dtype=pl.Int64),
        game_worths=pl.Series([_game_worths(values, p) for p in pairs], dtype=pl.List(pl.Float64)),
        resolved_share=pl.Series(_resolved_shares(run_dir, pairs), dtype=pl.Float64),
    )


def _changed(values: pl.DataFrame, pair: RestrictionCell) -> int:
    """Games in which forbidding the effect changed slot 0's win share."""
    a = values.filter(pl.col("cell") == pair.baseline).select("game_index", "value")
    b = values.filter(pl.col("cell") == pair.cell).select("game_index", "value")
    joined = a.join(b, on="game_index", suffix="_b")
    return int((joined["value"] != joined["value_b"]).sum())


def _game_worths(values: pl.DataFrame, pair: RestrictionCell) -> list[float]:
    """Per game index 0, 1, ...: baseline − restricted win share of slot 0 (NaN where a game is
    missing in either cell), for paired comparisons between effects of one run."""
    a = values.filter(pl.col("cell") == pair.baseline).select("game_index", "value")
    b = values.filter(pl.col("cell") == pair.cell).select("game_index", "value")
    joined = a.join(b, on="game_index", suffix="_b")
    size = int(cast(int, joined["game_index"].max())) + 1 if joined.height else 0
    out = [float("nan")] * size
    for i, va, vb in joined.iter_rows():
        out[i] = va - vb
    return out


def _resolved_shares(run_dir: str | Path, pairs: list[RestrictionCell]) -> list[float]:
    """Share of baseline games in which slot 0 resolved each effect at least once."""
    seats = scan(run_dir, "seats").filter(pl.col("slot") == 0)
    names = set(seats.collect_schema().names())
    out = []
    for p in pairs:
        col = f"res_{p.family}_{p.value}"
        if col not in names:
            out.append(float("nan"))
            continue
        base = seats.filter(pl.col("cell") == p.baseline).select((pl.col(col) > 0).mean())
        out.append(float(base.collect().item()))
    return out


def observational_values(run_dirs: Sequence[str | Path]) -> pl.DataFrame:
    """Win rate of seats that resolved each effect vs seats that did not (unrestricted cells)."""
    rows = []
    for run_dir in run_dirs:
        baseline = _unrestricted_cells(run_dir)
        seats = scan(run_dir, "seats").filter(pl.col("cell").is_in(baseline)).collect()
        for col in effect_columns():
            if col not in seats.columns:
                continue
            used = seats.filter(pl.col(col) > 0)
            unused = seats.filter(pl.col(col) == 0)
            if used.is_empty():
                continue
            row = {
                "run": load_manifest(run_dir)["name"],
                "family": col.split("_")[1],
                "value": int(col.split("_")[2]),
            }
            for name, part in (("with", used), ("without", unused)):
                wins, n = float(part["win_share"].sum()), part.height
                lo, hi = wilson_interval(wins, n) if n else (float("nan"),) * 2
                row.update(
                    {
                        f"n_{name}": n,
                        f"rate_{name}": wins / n if n else float("nan"),
                        f"lo_{name}": lo,
                        f"hi_{name}": hi,
                    }
                )
            rows.append(row)
    if not rows:
        return pl.DataFrame()
    return pl.DataFrame(rows).with_columns(
        gap=pl.col("rate_with") - pl.col("rate_without"), effect=_effect_label()
    )


def _effect_label() -> pl.Expr:
    """``rat 7``; ``rat 7 (run)`` when several runs measure the same effect."""
    effect = pl.format("{} {}", pl.col("family"), pl.col("value"))
    repeated = pl.len().over("family", "value") > 1
    return pl.when(repeated).then(pl.format("{} ({})", effect, pl.col("run"))).otherwise(effect)


def _unrestricted_cells(run_dir: str | Path) -> list[str]:
    manifest = load_manifest(run_dir)
    return [
        c["cell"] for c in manifest["cells"] if not any(split_forbid(s)[1] for s in c["policies"])
    ]


def usage(run_dirs: Sequence[str | Path]) -> pl.DataFrame:
    """Plays of each card (deck, value) per mode and policy, from the actions table.

    Only unrestricted cells count: a seat forbidden an effect plays that card differently.
    """
    frames = []
    for run_dir in run_dirs:
        if not has_table(run_dir, "actions"):
            continue
        actions = scan(run_dir, "actions").filter(
            pl.col("mode").is_in(list(MODES)) & pl.col("cell").is_in(_unrestricted_cells(run_dir))
        )
        seats = scan(run_dir, "seats").select("cell", "game_index", "seat", "policy")
        frames.append(
            actions.join(seats, on=["cell", "game_index", "seat"])
            .with_columns(
                policy=pl.col("policy").map_elements(
                    lambda s: split_forbid(s)[0], return_dtype=pl.String
                )
            )
            .group_by("card_deck", "card_value", "mode", "policy")
            .agg(plays=pl.len())
            .collect()
        )
    if not frames:
        return pl.DataFrame()
    out = (
        pl.concat(frames)
        .group_by("card_deck", "card_value", "mode", "policy")
        .agg(pl.col("plays").sum())
    )
    totals = out.group_by("card_deck", "card_value", "policy").agg(total=pl.col("plays").sum())
    return (
        out.join(totals, on=["card_deck", "card_value", "policy"])
        .with_columns(share=pl.col("plays") / pl.col("total"))
        .sort("card_deck", "card_value", "policy", "mode")
    )


@dataclass
class CardValues:
    """All card-value tables and the findings in words."""

    interventional: pl.DataFrame
    observational: pl.DataFrame
    usage: pl.DataFrame
    findings: list[str] = field(default_factory=list)


def card_values(run_dirs: Sequence[str | Path], seed: int = 0) -> CardValues:
    """Run the three views over the given runs and summarise them in plain words."""
    inter = interventional_values(run_dirs, seed)
    obs = observational_values(run_dirs)
    use = usage(run_dirs)
    return CardValues(inter, obs, use, card_findings(inter, obs))


def card_findings(inter: pl.DataFrame, obs: pl.DataFrame) -> list[str]:
    """Plain-language summary: the ranking's sentences, then the observational caveat."""
    out = ranking_findings(inter)
    if not obs.is_empty():
        out.append(
            "Observational gaps (win rate when an effect was resolved vs not) are correlational: "
            "strong positions resolve more effects. Use the restricted-play ranking for decisions."
        )
    return out


def ranking_findings(inter: pl.DataFrame) -> list[str]:
    """Strongest and weakest effect by the claims rule (ties named as ties), the significant
    ones, and those that never mattered."""
    if inter.is_empty():
        return []
    rows = {r["effect"]: r for r in inter.iter_rows(named=True)}
    entries = [
        claims.Entry(e, r["worth"], r["worth_lo"], r["worth_hi"], r["se"]) for e, r in rows.items()
    ]
    ex = claims.extremes(entries, claims.paired_p(_per_game(inter)))
    nouns = ("effect", "effects")
    out = [
        claims.strongest_sentence(ex, nouns, lambda e: _worth_text(rows[e.name])),
        claims.weakest_sentence(ex, nouns, lambda e: _worth_text(rows[e.name])),
    ]
    bottom = rows[ex.bottom[0]]
    if ex.settled_bottom and bottom["significant"] and bottom["worth_hi"] < 0:
        out[-1] = out[-1][:-1] + ": resolving it hurts its owner."
    sig = inter.filter(pl.col("significant"))["effect"].to_list()
    out.append(
        f"{len(sig)} of {inter.height} effects change their owner's win rate significantly "
        "(paired restricted play, Holm-corrected at 5%)" + (f": {_listing(sig)}." if sig else ".")
    )
    quiet = inter.filter(~pl.col("significant") & (pl.col("se") > 0))
    # Holm over m tests: the per-test level is at most alpha/1 and at least alpha/m; the
    # strictest (alpha/m) gives the honest "could have detected" size for every row.
    sizes = [100 * x for x in detectable_sizes(quiet, 0.05 / inter.height) if x == x]
    if sizes:
        lo, hi = f"{min(sizes):.1f}", f"{max(sizes):.1f}"
        worth = f"±{hi} points" if lo == hi else f"±{lo} to ±{hi} points (by effect)"
        out.append(
            f"The {quiet.height} effects that are not significant are not distinguishable from "
            f"0 here: with these games an effect worth {worth} or more would have been "
            "detected (80% power, Holm level), so each is worth less than that or unmeasured."
        )
    if "changed" in inter.columns:
        idle = inter.filter(pl.col("changed") == 0)["effect"].to_list()
        if idle:
            out.append(
                f"Forbidding {_listing(idle)} never changed a result in these games "
                "(the effect rarely comes up or never decides a game); "
                f"{'its' if len(idle) == 1 else 'their'} worth is exactly 0 here."
            )
    return out


def _listing(items: list[str], limit: int = 6) -> str:
    if len(items) > limit:
        return f"{', '.join(items[:limit])} and {len(items) - limit} more effects"
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


WORTH_MEANING = (
    "An effect's worth is the number of win-rate points its owner loses when forbidden to "
    "resolve it (the card may still be played face down or discarded), with the same shuffles "
    "and the same opponents: +5 means a 50% player drops to 45%."
)


def _worth_text(row: dict) -> str:
    """``+22.8 points of win rate, 95% interval +16.7 to +28.9``."""
    return (
        f"{signed(100 * row['worth'])} points of win rate, 95% interval "
        f"{signed(100 * row['worth_lo'])} to {signed(100 * row['worth_hi'])}"
    )


def _per_game(inter: pl.DataFrame) -> dict[str, dict[tuple[str, int], float]]:
    """Effect → {(run, game index): worth in that game}; effects of different runs share no
    game, so the claims rule compares them on their standard errors."""
    if "game_worths" not in inter.columns:
        return {}
    rows = inter.select("effect", "run", "game_worths").rows()
    return {
        effect: {(run, i): w for i, w in enumerate(worths) if w == w}
        for effect, run, worths in rows
    }


# Deck pairs whose sweeps together put all 36 effects in play.
CARD_SWEEPS = {
    "rat": ("rat_red", "rat_blue"),
    "weasel_raccoon": ("weasel", "raccoon"),
}


def card_sweep(
    families: str, games: int, seed: int = 2024, policy: str = "heuristic", players: int = 2
) -> dict:
    """Raw sweep config: baseline line-up plus one cell per effect forbidden to slot 0."""
    decks = CARD_SWEEPS[families]
    in_play = sorted({DECK_FAMILY[d] for d in decks}, key=FAMILIES.index)
    others = [policy] * (players - 1)
    lineups = [[policy, *others]] + [
        [f"{policy}:forbid=resolve/{fam}/{v}", *others] for fam in in_play for v in range(1, 13)
    ]
    return {
        "name": f"ratjack-cards-{families.replace('_', '-')}",
        "game": "ratjack",
        "players": players,
        "games": games,
        "seed": seed,
        "policies": lineups[0],
        "params": {"decks": list(decks)},
        "grid": {"policies": lineups},
        "record_actions": True,
    }
