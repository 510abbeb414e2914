"""``boardlab plan SWEEP``: a short pilot, then the games per cell a stated precision needs.

The pilot plays the sweep with few games per cell (the same cells and seed) and measures what
sizing needs: each cell's CPU per game, the win share of the line-up's first policy (slot 0)
per cell, and, per paired comparison the report makes (:func:`comparisons_of`), how the paired
games differ (share of games that moved and the size of a move,
:class:`analyses.stats.power.Moves`).

The plan states what the sweep's games per cell buy (95% half-widths, the change each paired
comparison detects with 80% power at Holm's strictest level) and, for a target ``--detect``
size or ``--half-width``, the games per cell needed and the CPU that costs. With fewer than
``MIN_PILOT`` pilot games per cell the spread is not estimated: the worst case is used (a 50%
rate; paired games that differ as unrelated games do).
"""

from __future__ import annotations

import json
import math
import tempfile
import time
from dataclasses import asdict, dataclass, field, replace
from itertools import pairwise
from pathlib import Path
from typing import Any, cast

import polars as pl

from analyses.stats.intervals import games_for_half_width, half_width
from analyses.stats.power import Moves, moves, paired_detectable, paired_games_needed

MIN_PILOT = 50  # pilot games per cell below which spreads fall back to the worst case
Z95 = 1.959963984540054
WORST = Moves(0.5, 1.0, 1.0)  # a win share whose paired games differ as unrelated games do


@dataclass
class CellPilot:
    """One cell in the pilot: CPU per game and the slot-0 win share."""

    cell: str
    cpu_ms: float
    rate: float


@dataclass
class ComparisonPilot:
    """One paired comparison in the pilot (slot 0's win share, ``cell_b`` minus ``cell_a``)."""

    cell_a: str
    cell_b: str
    share: float
    step_abs: float
    step_sq: float
    sd: float


@dataclass
class Pilot:
    """What a pilot measured (or, for ``source`` other than a pilot, where figures come from)."""

    games: int  # pilot games per cell
    seed: int
    cells: list[CellPilot]
    comparisons: list[ComparisonPilot] = field(default_factory=list)
    compared: str = "none"  # what the comparisons are
    source: str = "pilot"

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (``from_json`` reads it back)."""
        return asdict(self)

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> Pilot:
        """The pilot of ``to_json``."""
        return cls(
            doc["games"],
            doc["seed"],
            [CellPilot(**c) for c in doc["cells"]],
            [ComparisonPilot(**c) for c in doc["comparisons"]],
            doc["compared"],
            doc["source"],
        )

    @property
    def measured_spread(self) -> bool:
        """Enough pilot games to estimate rates and paired spreads."""
        return self.games >= MIN_PILOT


def comparisons_of(run_dir: str | Path, manifest: dict[str, Any]) -> tuple[list, str]:
    """The paired comparisons the report makes of this sweep's slot-0 win share, and what
    they are: restricted cells against their baselines; else each rule change against its
    baseline value; else each doubling of an MCTS budget (a skill ladder); else none (the
    line-ups of a player ladder are not compared game by game)."""
    from analyses.stats.paired import variant_pairs
    from analyses.studies.ablation import ablation_pairs
    from analyses.studies.ladder import ladder_groups

    restricted = [(p.baseline, p.cell) for p in ablation_pairs(manifest)]
    if restricted:
        return restricted, "restricted cells against their baselines"
    changes = [(a, b) for _, a, b in variant_pairs(manifest)]
    if changes:
        return changes, "each rule change against its baseline value"
    groups = ladder_groups(run_dir, manifest.get("game")).values()
    steps = [(a.cell, b.cell) for group in groups for a, b in pairwise(group)]
    return steps, ("each doubling of the MCTS budget" if steps else "none")


def _mean(values: pl.Series, empty: float) -> float:
    """The mean of a numeric column, ``empty`` when it has no value."""
    mean = values.mean()
    return float(cast(float, mean)) if mean is not None else empty


def pilot_from_run(run_dir: str | Path, cpu_ms: float | None = None) -> Pilot:
    """The :class:`Pilot` figures of a finished run; ``cpu_ms`` (the run's CPU per game, when
    measured) rescales the cells' game times, which a busy machine inflates."""
    from analyses.stats.runs import load_manifest, scan

    manifest = load_manifest(run_dir)
    games = scan(run_dir, "games").select("cell", "game_index", "wall_ms").collect()
    seats = scan(run_dir, "seats").filter(pl.col("slot") == 0)
    slot0 = seats.group_by("cell", "game_index").agg(value=pl.col("win_share").mean()).collect()
    scale = cpu_ms / _mean(games["wall_ms"], 1.0) if cpu_ms and games.height else 1.0
    cells = []
    for c in manifest["cells"]:
        name = c["cell"]
        ms = scale * _mean(games.filter(pl.col("cell") == name)["wall_ms"], 0.0)
        rate = _mean(slot0.filter(pl.col("cell") == name)["value"], 0.5)
        cells.append(CellPilot(name, ms, rate))
    comparisons = []
    pairs, compared = comparisons_of(run_dir, manifest)
    for a, b in pairs:
        joined = slot0.filter(pl.col("cell") == a).join(
            slot0.filter(pl.col("cell") == b), on="game_index", suffix="_b"
        )
        va, vb = joined["value"].to_numpy(), joined["value_b"].to_numpy()
        mv = moves(va, vb)
        sd = float((vb - va).std(ddof=1)) if len(va) > 1 else math.nan
        comparisons.append(ComparisonPilot(a, b, mv.share, mv.step_abs, mv.step_sq, sd))
    per_cell = manifest.get("games_per_cell") or manifest["config"]["games"]
    return Pilot(int(per_cell), int(manifest["config"]["seed"]), cells, comparisons, compared)


def run_pilot(cfg: Any, games: int, n_jobs: int = 1) -> Pilot:
    """Play the sweep ``cfg`` (a ``SweepConfig``) with ``games`` per cell, in a temporary
    folder: same cells, seed and recording, so the CPU per game is the real sweep's. With one
    worker the games run in this process and its CPU time is the measure (game wall times
    grow on a busy machine; they only split that CPU between cells)."""
    from simcore.engine.sweep.sweep import run_sweep

    with tempfile.TemporaryDirectory() as tmp:
        pilot = replace(cfg, games=games, name="pilot", chunk_size=None)
        start = time.process_time()
        run = run_sweep(pilot, tmp, n_jobs=n_jobs, quiet=True).run_dir
        cpu_ms = 1000 * (time.process_time() - start) / (games * len(cfg.cells()))
        return pilot_from_run(run, cpu_ms if n_jobs == 1 else None)


@dataclass
class Plan:
    """What ``games`` per cell buy, and what the targets need."""

    games: int
    cpu_s: float  # the whole sweep, one core
    rate_half_width: float  # worst cell's slot-0 win share, 95%
    detectable: list[float]  # per comparison that can differ, 80% power at Holm's strictest
    half_widths: list[float]  # per comparison that can differ, 95%
    needed: dict[str, int]  # target name -> games per cell


def make_plan(
    pilot: Pilot,
    games: int,
    detect: float | None = None,
    half: float | None = None,
    power: float = 0.8,
    alpha: float = 0.05,
) -> Plan:
    """The :class:`Plan` of ``games`` per cell from ``pilot``'s figures. Comparisons identical
    in every pilot game are left out (as the report leaves out those identical in every game:
    a rule that cannot matter there)."""
    spread = pilot.measured_spread
    live = [c for c in pilot.comparisons if not spread or c.share > 0]
    level = alpha / max(1, len(live))
    worst_rate = max((c.rate * (1 - c.rate) for c in pilot.cells), default=0.25)
    var_rate = worst_rate if spread else 0.25
    found = [_moves(c) if spread else WORST for c in live]
    sds = [c.sd if spread and c.sd == c.sd else math.sqrt(0.5) for c in live]
    needed: dict[str, int] = {}
    if detect is not None:
        needed["detect"] = max(
            (paired_games_needed(detect, mv, level, power) for mv in found), default=0
        )
    if half is not None:
        rate_n = math.ceil(var_rate * (Z95 / half) ** 2)
        pair_n = max((games_for_half_width(sd, half) for sd in sds if sd > 0), default=0)
        needed["half_width"] = max(rate_n, pair_n)
    return Plan(
        games=games,
        cpu_s=games * sum(c.cpu_ms for c in pilot.cells) / 1000,
        rate_half_width=Z95 * math.sqrt(var_rate / games),
        detectable=[paired_detectable(games, mv, level, power) for mv in found],
        half_widths=[half_width(sd, games) for sd in sds],
        needed=needed,
    )


def worst_case(cell_a: str, cell_b: str) -> ComparisonPilot:
    """A comparison of two cells with no pilot: paired games that differ as unrelated games."""
    return ComparisonPilot(
        cell_a, cell_b, WORST.share, WORST.step_abs, WORST.step_sq, math.sqrt(0.5)
    )


def _moves(c: ComparisonPilot) -> Moves:
    return Moves(c.share, c.step_abs, c.step_sq)


def _time(ms: float) -> str:
    """``6.8 ms`` / ``24.7 s``."""
    return f"{ms:.1f} ms" if ms < 1000 else f"{ms / 1000:.1f} s"


def _pts(x: float) -> str:
    return f"{100 * x:.1f}"


def _range(values: list[float]) -> str:
    finite = sorted(v for v in values if v == v)
    if not finite:
        return "-"
    lo, hi = _pts(finite[0]), _pts(finite[-1])
    return f"±{hi}" if lo == hi else f"±{lo} to ±{hi}"


def cpu_words(seconds: float) -> str:
    """``about 7 CPU minutes`` / ``about 3.2 CPU hours`` / ``under a CPU minute``."""
    if seconds < 60:
        return "under a CPU minute"
    if seconds < 5400:
        return f"about {seconds / 60:,.0f} CPU minutes"
    return f"about {seconds / 3600:,.1f} CPU hours"


def plan_lines(pilot: Pilot, plan: Plan, power: float = 0.8) -> list[str]:
    """The plan in words: pilot, CPU, what the games buy, what the targets need."""
    cells = len(pilot.cells)
    ms = [c.cpu_ms for c in pilot.cells]
    if pilot.source == "pilot":
        spread = (
            ""
            if pilot.measured_spread
            else ("; too few games to estimate spreads, so at their worst case")
        )
        head = (
            f"Planned with `boardlab plan` from a pilot of {pilot.games} games per cell "
            f"(seed {pilot.seed}){spread}."
        )
    else:
        head = f"Planned as `boardlab plan` does, from {pilot.source}."
    out = [
        head,
        f"CPU per game on one core: {_time(sum(ms) / cells)}"
        + (f" on average ({_time(min(ms))} to {_time(max(ms))} by cell)" if cells > 1 else "")
        + f" -> {plan.games:,} games per cell x {cells} cell{'s' if cells > 1 else ''} = "
        f"{plan.games * cells:,} games, {cpu_words(plan.cpu_s)}.",
        f"Win share of the line-up's first policy (slot 0) per cell: 95% interval "
        f"±{_pts(plan.rate_half_width)} points at most.",
    ]
    k, same = len(plan.detectable), len(pilot.comparisons) - len(plan.detectable)
    if k:
        left_out = f"; {same} more identical in every pilot game, left out" if same else ""
        out.append(
            f"{k} paired comparison{'s' if k > 1 else ''} of slot 0's win share "
            f"({pilot.compared}{left_out}): 95% interval {_range(plan.half_widths)} points; a "
            f"change of {_range(plan.detectable)} points is detected with {power:.0%} power at "
            f"Holm's strictest level (5%/{k})."
        )
    for target, n in plan.needed.items():
        what = (
            "that change detected in every comparison"
            if target == "detect"
            else ("that half-width")
        )
        out.append(f"Games per cell for {what}: {n:,} ({cpu_words(n * sum(ms) / 1000)}).")
    return out


def add_arguments(p: Any) -> None:
    """Flags of ``boardlab plan``."""
    from simcore.engine.sweep.config import add_allow_import, add_n_jobs

    p.add_argument("config", help="sweep TOML file")
    add_allow_import(p)
    p.add_argument("--pilot", type=int, default=100, help="pilot games per cell (100)")
    p.add_argument("--from-run", help="use this finished run as the pilot instead of playing one")
    p.add_argument("--games", type=int, help="games per cell to plan for (default: the file's)")
    p.add_argument(
        "--detect",
        type=float,
        metavar="POINTS",
        help="win-rate points every paired comparison must detect (80%% power)",
    )
    p.add_argument(
        "--half-width",
        type=float,
        metavar="POINTS",
        help="95%% interval half-width wanted, in win-rate points",
    )
    add_n_jobs(p)
    p.add_argument(
        "--record",
        metavar="JSON",
        help="also store the pilot in this JSON file, under the sweep file's name",
    )


def cmd_plan(args: Any) -> int:
    """Run the pilot (or read ``--from-run``) and print the plan."""
    from simcore.engine.sweep.config import build_config, load_toml, resolve_paths

    raw = resolve_paths(load_toml(args.config), Path(args.config).resolve().parent)
    cfg = build_config(raw, source=args.config)
    _check_flags(args)
    recorded = _recorded(args.record) if args.record else {}  # before the pilot's minutes
    if args.from_run:
        from simcore.engine.run.verify import load_checked

        load_checked(args.from_run)  # run data is untrusted: names, shapes, parts, values
    pilot = (
        pilot_from_run(args.from_run) if args.from_run else run_pilot(cfg, args.pilot, args.n_jobs)
    )
    detect = args.detect / 100 if args.detect is not None else None
    half = args.half_width / 100 if args.half_width is not None else None
    print(f"{args.config}:")
    print(format_plan(pilot, make_plan(pilot, args.games or cfg.games, detect, half)))
    if args.record:
        recorded[Path(args.config).name] = pilot.to_json()
        Path(args.record).write_text(json.dumps(recorded, indent=1, sort_keys=True) + "\n")
    return 0


def _recorded(record: str) -> dict[str, Any]:
    """The pilots already stored in ``--record`` (none if the file is new), checked before
    any game is played: a folder that is missing or read-only, or a file that is not a JSON
    object, is exit 2 at once."""
    from simcore.core.content import read_regular
    from simcore.core.errors import ConfigError
    from simcore.engine.run.outputs import check_output_file

    path = check_output_file(record, "--record")
    if not path.exists():
        return {}
    try:
        doc = json.loads(read_regular(path, 1 << 26, ConfigError, "a pilot record"))
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as exc:
        raise ConfigError(f"--record {record!r}: not a JSON file of pilots ({exc})") from None
    if not isinstance(doc, dict):
        raise ConfigError(f"--record {record!r}: not a JSON object of pilots")
    return doc


def format_plan(pilot: Pilot, plan: Plan) -> str:
    """The plan's lines, indented, for the terminal."""
    return "\n".join(f"  {line}" for line in plan_lines(pilot, plan))


def plan_sweep(cfg: Any, n_jobs: int = 1, pilot_games: int = 100) -> str:
    """``boardlab sweep --plan``: a pilot of ``cfg`` and what its games per cell buy."""
    pilot = run_pilot(cfg, pilot_games, n_jobs)
    return format_plan(pilot, make_plan(pilot, cfg.games))


def _check_flags(args: Any) -> None:
    """One clear line (exit 2) for a count or size out of range."""
    from simcore.core.errors import ConfigError
    from simcore.engine.sweep.config import check_n_jobs

    if args.pilot < 2:
        raise ConfigError(f"--pilot must be at least 2 games per cell, got {args.pilot}")
    if args.games is not None and args.games < 2:
        raise ConfigError(f"--games must be at least 2, got {args.games}")
    check_n_jobs(args.n_jobs)
    for flag in ("detect", "half_width"):
        value = getattr(args, flag)
        if value is not None and not 0 < value < 100:
            raise ConfigError(
                f"--{flag.replace('_', '-')} is in win-rate points (0-100), got {value}"
            )
