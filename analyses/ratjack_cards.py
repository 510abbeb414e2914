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

import polars as pl

from analyses.data import has_table, load_manifest, scan
from analyses.paired import compare_pairs, seat_outcome
from analyses.stats import wilson_interval

FAMILIES = ("rat", "weasel", "raccoon")
DECK_FAMILY = {"rat_red": "rat", "rat_blue": "rat", "weasel": "weasel", "raccoon": "raccoon"}
MODES = ("up", "down", "discard_flip")
FORBID_PREFIX = "resolve/"


def effect_columns() -> list[str]:
    """The 36 per-seat count columns ``res_<family>_<value>``."""
    return [f"res_{fam}_{v}" for fam in FAMILIES for v in range(1, 13)]


def split_forbid(spec: str) -> tuple[str, list[str]]:
    """``"heuristic:style=x,forbid=resolve/rat/6"`` → (``"heuristic:style=x"``, [classes])."""
    from strategies.base import parse_spec

    name, options = parse_spec(spec)
    forbid = options.pop("forbid", None)
    rest = ",".join(f"{k}={v}" for k, v in options.items())
    base = f"{name}:{rest}" if rest else name
    return base, (str(forbid).split("+") if forbid else [])


@dataclass
class RestrictionCell:
    """A cell whose slot-0 policy is forbidden one effect, and its unrestricted baseline."""

    run: str
    cell: str
    baseline: str
    family: str
    value: int


def restriction_cells(run_dir: str | Path) -> list[RestrictionCell]:
    """Pair every single-effect restricted cell of a run with its baseline cell."""
    manifest = load_manifest(run_dir)
    plain: dict[tuple, str] = {}
    restricted: list[tuple[dict, str, tuple]] = []
    for cell in manifest["cells"]:
        specs = [split_forbid(s) for s in cell["policies"]]
        key = (tuple(s[0] for s in specs), cell["params_hash"])
        if not any(s[1] for s in specs):
            plain.setdefault(key, cell["cell"])
        elif len(specs[0][1]) == 1 and not any(s[1] for s in specs[1:]):
            restricted.append((cell, specs[0][1][0], key))
    out = []
    for cell, cls, key in restricted:
        parts = cls.split("/")
        if len(parts) == 3 and cls.startswith(FORBID_PREFIX) and key in plain:
            out.append(RestrictionCell(manifest["name"], cell["cell"], plain[key], parts[1],
                                       int(parts[2])))  # fmt: skip
    return out


def interventional_values(run_dirs: Sequence[str | Path], seed: int = 0) -> pl.DataFrame:
    """Paired value of each effect (baseline − restricted win share of slot 0), Holm-corrected."""
    frames = []
    for run_dir in run_dirs:
        pairs = restriction_cells(run_dir)
        if not pairs:
            continue
        values = seat_outcome(run_dir, "win_share", slot=0)
        table = compare_pairs(values, [(p.baseline, p.cell) for p in pairs], seed=seed)
        frames.append(
            table.with_columns(
                run=pl.lit(pairs[0].run),
                family=pl.Series([p.family for p in pairs]),
                value=pl.Series([p.value for p in pairs], dtype=pl.Int64),
            )
        )
    if not frames:
        return pl.DataFrame()
    from analyses.paired import with_holm

    table = pl.concat(frames, how="diagonal_relaxed").drop("p_holm", "significant")
    table = with_holm(table)
    return (
        table.with_columns(
            effect=pl.format("{} {}", pl.col("family"), pl.col("value")),
            worth=-pl.col("diff"),
            worth_lo=-pl.col("hi"),
            worth_hi=-pl.col("lo"),
            baseline_rate=pl.col("mean_a"),
            restricted_rate=pl.col("mean_b"),
        )
        .sort("worth", descending=True)
        .with_row_index("rank", offset=1)
    )


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
            row = {"run": load_manifest(run_dir)["name"], "family": col.split("_")[1],
                   "value": int(col.split("_")[2])}  # fmt: skip
            for name, part in (("with", used), ("without", unused)):
                wins, n = float(part["win_share"].sum()), part.height
                lo, hi = wilson_interval(wins, n) if n else (float("nan"),) * 2
                row.update({f"n_{name}": n, f"rate_{name}": wins / n if n else float("nan"),
                            f"lo_{name}": lo, f"hi_{name}": hi})  # fmt: skip
            rows.append(row)
    if not rows:
        return pl.DataFrame()
    return pl.DataFrame(rows).with_columns(
        gap=pl.col("rate_with") - pl.col("rate_without"),
        effect=pl.format("{} {}", pl.col("family"), pl.col("value")),
    )


def _unrestricted_cells(run_dir: str | Path) -> list[str]:
    manifest = load_manifest(run_dir)
    return [
        c["cell"] for c in manifest["cells"] if not any(split_forbid(s)[1] for s in c["policies"])
    ]


def usage(run_dirs: Sequence[str | Path]) -> pl.DataFrame:
    """Plays of each card (deck, value) per mode and policy, from the actions table."""
    frames = []
    for run_dir in run_dirs:
        if not has_table(run_dir, "actions"):
            continue
        actions = scan(run_dir, "actions").filter(pl.col("mode").is_in(list(MODES)))
        seats = scan(run_dir, "seats").select("cell", "game_index", "seat", "policy")
        frames.append(
            actions.join(seats, on=["cell", "game_index", "seat"])
            .with_columns(policy=pl.col("policy").map_elements(
                lambda s: split_forbid(s)[0], return_dtype=pl.String))
            .group_by("card_deck", "card_value", "mode", "policy")
            .agg(plays=pl.len())
            .collect()
        )  # fmt: skip
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
    """Plain-language summary of the ranking."""
    out = []
    if not inter.is_empty():
        top, bottom = inter.row(0, named=True), inter.row(-1, named=True)
        out.append(_worth_sentence("The strongest effect is", top))
        out.append(_worth_sentence("The weakest effect is", bottom))
        sig = inter.filter(pl.col("significant"))
        out.append(
            f"{sig.height} of {inter.height} effects change their owner's win rate significantly "
            "(paired restricted play, Holm-corrected at 5%)."
        )
    if not obs.is_empty():
        out.append(
            "Observational gaps (win rate when an effect was resolved vs not) are correlational: "
            "strong positions resolve more effects. Use the restricted-play ranking for decisions."
        )
    return out


def _worth_sentence(prefix: str, row: dict) -> str:
    return (
        f"{prefix} {row['family']} {row['value']}, worth {100 * row['worth']:+.1f} points of win "
        f"rate (95% interval {100 * row['worth_lo']:+.1f} to {100 * row['worth_hi']:+.1f})."
    )


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
