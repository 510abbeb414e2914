"""Two players on one study (``boardlab compare A B --players-differ``): the same game, rules,
seeds and restrictions with other players in the seats.

:func:`substitution` checks that two studies differ only in their players (every cell keeps
its restrictions slot by slot) and returns which player replaces which. The worths and their
paired changes are ``boardlab compare``'s own (:mod:`analyses.compare.changes`); this module adds
what
a change of player needs besides: where slot 0 places on the Rats of Wistar wheel under each
player (:func:`wheel_use`, :func:`use_changes`) and whether the hut caveat holds
(:func:`hut_verdict`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import polars as pl

from analyses.compare.measures import open_cells
from analyses.stats import paired
from analyses.stats.intervals import clustered_rate, paired_difference
from analyses.studies.ablation import ablation_pairs, split_forbid
from simcore.core.errors import ConfigError

SAME = ("game", "players", "seed", "seat_rotation", "params")  # what both studies share
SECTIONS = ("S1", "S2", "S3", "S4", "S5", "S6", "hut")
HINT = "--players-differ compares two players on one study: same game, rules, seeds and grid"


def substitution(a: Mapping[str, Any], b: Mapping[str, Any], names: tuple[str, str]) -> dict:
    """A's player spec -> B's for two sweep configs that differ only in their players;
    ``ConfigError`` naming the first other difference."""
    for key in SAME:
        if _canon(a.get(key)) != _canon(b.get(key)):
            raise ConfigError(
                f"{names[0]!r} and {names[1]!r} differ in {key} "
                f"({_show(a.get(key))} vs {_show(b.get(key))}): {HINT}"
            )
    grid_a, grid_b = dict(a.get("grid") or {}), dict(b.get("grid") or {})
    keys = (set(grid_a) | set(grid_b)) - {"policies"}
    others = sorted(k for k in keys if _canon(grid_a.get(k)) != _canon(grid_b.get(k)))
    if others:
        raise ConfigError(f"{names[0]!r} and {names[1]!r} differ in grid key {others[0]}: {HINT}")
    ups_a = [a.get("policies") or [], *(grid_a.get("policies") or [])]
    ups_b = [b.get("policies") or [], *(grid_b.get("policies") or [])]
    if len(ups_a) != len(ups_b):
        raise ConfigError(
            f"{names[0]!r} and {names[1]!r} list {len(ups_a) - 1} and "
            f"{len(ups_b) - 1} line-ups: {HINT}"
        )
    mapping: dict[str, str] = {}
    for i, (up_a, up_b) in enumerate(zip(ups_a, ups_b, strict=True)):
        for slot, (spec_a, spec_b) in enumerate(zip(up_a, up_b, strict=True)):
            _pair_slot(mapping, spec_a, spec_b, _where(i, slot), names)
    return mapping


def _pair_slot(mapping: dict, spec_a: str, spec_b: str, where: str, names: tuple) -> None:
    """Record spec_a -> spec_b (restrictions stripped); refuse other restrictions or a player
    replaced by two different ones."""
    base_a, forbid_a = split_forbid(spec_a)
    base_b, forbid_b = split_forbid(spec_b)
    if forbid_a != forbid_b:
        raise ConfigError(
            f"{where}: {names[0]!r} forbids {'+'.join(forbid_a) or 'nothing'}, "
            f"{names[1]!r} {'+'.join(forbid_b) or 'nothing'}: {HINT}"
        )
    if mapping.setdefault(base_a, base_b) != base_b:
        raise ConfigError(
            f"{where}: {base_a!r} of {names[0]!r} is replaced by both "
            f"{mapping[base_a]!r} and {base_b!r} in {names[1]!r}: one player must "
            "replace another everywhere"
        )


def _where(lineup: int, slot: int) -> str:
    return (
        f"slot {slot + 1} of the default line-up"
        if lineup == 0
        else f"slot {slot + 1} of line-up {lineup}"
    )


def check_same_rules(a: Mapping[str, Any], b: Mapping[str, Any], names: tuple[str, str]) -> None:
    """Two finished runs played the same rules: game version, resolved parameters per cell
    and content files (``ConfigError`` naming the first difference)."""
    checks = (
        ("game version", a.get("game_version"), b.get("game_version")),
        (
            "rule parameters",
            [c.get("params_hash") for c in a.get("cells", [])],
            [c.get("params_hash") for c in b.get("cells", [])],
        ),
        ("content files", a.get("content"), b.get("content")),
    )
    for what, va, vb in checks:
        if _canon(va) != _canon(vb):
            raise ConfigError(
                f"{names[0]!r} and {names[1]!r} were played with different "
                f"{what} ({_show(va)} vs {_show(vb)}): {HINT}"
            )


def player_names(mapping: Mapping[str, str]) -> tuple[str, str] | None:
    """The players that differ, as the two sides' default names (None when none differs)."""
    changed = [(a, b) for a, b in mapping.items() if a != b]
    if not changed:
        return None
    return " + ".join(a for a, _ in changed), " + ".join(b for _, b in changed)


def _canon(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def _show(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 60 else text[:57] + "..."


def baseline_cell(manifest: Mapping[str, Any]) -> str | None:
    """The unrestricted cell slot 0's restrictions are measured against (the first open
    cell when the run restricts nothing)."""
    bases = [p.baseline for p in ablation_pairs(manifest) if p.slot == 0]
    cells = open_cells(manifest)
    return bases[0] if bases else (cells[0] if cells else None)


def placement_shares(seats: pl.DataFrame, manifest: Mapping[str, Any]) -> pl.DataFrame | None:
    """Per game of the baseline cell: slot 0's placements on each wheel section (columns
    ``S1``..``S6``, ``hut``) and in all (``total``); None when the run has no such columns."""
    columns = [f"chiefs_{s}" for s in SECTIONS]
    cell = baseline_cell(manifest)
    if cell is None or not set(columns) <= set(seats.columns):
        return None
    part = seats.filter((pl.col("cell") == cell) & (pl.col("slot") == 0))
    sums = [pl.col(c).sum().alias(s) for c, s in zip(columns, SECTIONS, strict=True)]
    per_game = part.group_by("game_index").agg(sums)
    return per_game.with_columns(total=pl.sum_horizontal(SECTIONS)).sort("game_index")


def wheel_use(counts: pl.DataFrame) -> pl.DataFrame:
    """Per section: share of slot 0's placements with a 95% interval treating each game as a
    cluster (``analyses.stats.intervals.clustered_rate``)."""
    total = counts["total"].to_numpy()
    games = counts["game_index"].to_numpy()
    rows = []
    for s in SECTIONS:
        rate = clustered_rate(counts[s].to_numpy(), total, games)
        rows.append(
            {
                "section": s,
                "placements": int(counts[s].sum()),
                "share": rate.rate,
                "lo": rate.lo,
                "hi": rate.hi,
            }
        )
    return pl.DataFrame(rows)


def use_changes(a: pl.DataFrame, b: pl.DataFrame, alpha: float = 0.05) -> pl.DataFrame:
    """Per section: B's share of slot 0's placements minus A's, paired over the games both
    played (each game's share; t interval), Holm across the seven sections."""
    joined = a.join(b, on="game_index", suffix="_b")
    rows = []
    for s in SECTIONS:
        share_a = joined[s].to_numpy() / np.maximum(joined["total"].to_numpy(), 1)
        share_b = joined[f"{s}_b"].to_numpy() / np.maximum(joined["total_b"].to_numpy(), 1)
        res = paired_difference(share_b - share_a, n_resamples=200)
        rows.append(
            {
                "section": s,
                "pairs": res.n,
                "diff": res.mean_diff,
                "lo": res.t_lo,
                "hi": res.t_hi,
                "p_value": res.t_p,
            }
        )
    return paired.with_holm(pl.DataFrame(rows), alpha)


@dataclass(frozen=True)
class HutVerdict:
    """Whether the hut caveat holds for one player: its hut share against its most-used
    sector's, and the hut's worth to it (win-rate fractions)."""

    player: str
    hut: tuple[float, float, float]  # share, lo, hi
    top: str  # the most-used sector
    top_share: tuple[float, float, float]
    worth: tuple[float, float, float] | None  # the hut's worth, lo, hi (None: not measured)
    worth_clear: bool  # the worth is significant after Holm

    @property
    def over_used(self) -> bool:
        """The hut takes clearly more placements than any sector: the hut's 95% interval lies
        above the most-used sector's."""
        return self.hut[1] > self.top_share[2]

    @property
    def misused(self) -> bool:
        """Forbidding the hut clearly raises the player's win rate (worth below zero, Holm)."""
        return self.worth is not None and self.worth_clear and self.worth[2] < 0

    @property
    def earned(self) -> bool:
        """Forbidding the hut clearly lowers the player's win rate (worth above zero, Holm):
        however much it uses the hut, the placements pay."""
        return self.worth is not None and self.worth_clear and self.worth[1] > 0

    @property
    def resolved(self) -> bool:
        """Not misused, and not over-used unless the hut earns its placements."""
        return not self.misused and (not self.over_used or self.earned)


def misused_sections(worths: pl.DataFrame) -> list[dict[str, Any]]:
    """Slot 0's restrictions (a sector, a sector in a window; the hut has its own verdict)
    whose worth is clearly below zero after Holm: the player wins more when forbidden them,
    so their worths read a flaw of the player, as the hut did for the heuristic."""
    rows = worths.filter(
        (pl.col("slot") == 0)
        & pl.col("significant")
        & (pl.col("worth_hi") < 0)
        & (pl.col("restriction") != "place/hut")
    )
    return rows.sort("worth").to_dicts()


def hut_verdict(player: str, use: pl.DataFrame, worths: pl.DataFrame) -> HutVerdict:
    """The verdict from ``wheel_use`` and the player's restricted-play table
    (``analyses.studies.ablation.ablation`` rows of win share)."""
    rows = {r["section"]: r for r in use.to_dicts()}
    sectors = [rows[s] for s in SECTIONS if s != "hut"]
    top = max(sectors, key=lambda r: r["share"])
    hut = worths.filter((pl.col("restriction") == "place/hut") & (pl.col("slot") == 0))
    worth, clear = None, False
    if hut.height:
        r = hut.row(0, named=True)
        worth, clear = (r["worth"], r["worth_lo"], r["worth_hi"]), bool(r["significant"])
    share = rows["hut"]
    return HutVerdict(
        player,
        (share["share"], share["lo"], share["hi"]),
        top["section"],
        (top["share"], top["lo"], top["hi"]),
        worth,
        clear,
    )
