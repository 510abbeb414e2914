"""``boardlab feel --game GAME``: a short preset run that reports how one version of a game plays.

The preset is one sweep of three line-ups that replay the same seeds: every seat the
heuristic (how the game plays between equal, decent players: drama and pace), and one seat
greedy or random against the heuristic in the others (how often the weaker player comes out
ahead, and the games the better one needs). The three line-ups sharing seeds give the luck
share. A sample of the all-heuristic games is replayed for decision load and, at 3-4 players,
kingmaking. ``--skill-games`` adds the skill trace: MCTS at doubling budgets against the
heuristic (minutes to hours of CPU on Lord of Worlds and Rats of Wistar).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import tomllib
from pathlib import Path
from typing import Any, Final

import polars as pl

from simcore.core.errors import ConfigError
from simcore.engine.sweep.config import check_n_jobs

GAMES: Final = 300
REPLAY_GAMES: Final = 30
SEED: Final = 5050
REFERENCE: Final = "heuristic"
WEAKER: Final = ("greedy", "random")
SKILL_DIVISORS: Final = (8, 4, 2, 1)  # budgets: the game's plain-mcts iterations / these
SWEEP_DIR: Final = Path(__file__).parent / "sweeps"


def lineups(players: int) -> list[list[str]]:
    """All heuristic, then one greedy and one random seat against the heuristic."""
    rest = [REFERENCE] * (players - 1)
    return [[REFERENCE] * players, *([weak, *rest] for weak in WEAKER)]


def feel_sweep(
    game: str,
    players: int,
    params: dict[str, Any] | None = None,
    games: int = GAMES,
    seed: int = SEED,
) -> dict[str, Any]:
    """The raw sweep mapping of the preset (``simcore.engine.sweep.config.build_config`` checks
    it)."""
    cells = lineups(players)
    raw = {
        "name": run_name(game, players, params),
        "game": game,
        "players": players,
        "games": games,
        "seed": seed,
        "policies": cells[0],
        "grid": {"policies": cells},
        "description": "boardlab feel: how the game plays",
    }
    if params:
        raw["params"] = dict(params)
    return raw


def skill_sweep(
    game: str, players: int, params: dict[str, Any] | None, games: int, seed: int = SEED
) -> dict[str, Any]:
    """MCTS at doubling budgets (up to the game's plain-mcts budget) against the heuristic."""
    from analyses.studies.ladder import mcts_budget

    _, top = mcts_budget("mcts", game) or ("mcts", 400)
    cells = [
        [f"mcts:iterations={max(1, top // d)}", *[REFERENCE] * (players - 1)]
        for d in SKILL_DIVISORS
    ]
    raw = feel_sweep(game, players, params, games, seed)
    raw.update(name=raw["name"] + "-skill", policies=cells[0], grid={"policies": cells})
    return raw


def run_name(game: str, players: int, params: dict[str, Any] | None) -> str:
    """``feel-GAME-Np`` plus a short hash of the rule parameters, if any."""
    name = f"feel-{game.replace('_', '-')}-{players}p"
    if params:
        name += "-" + hashlib.sha256(json.dumps(params, sort_keys=True).encode()).hexdigest()[:8]
    return name


def run_preset(
    game: str,
    players: int,
    params: dict[str, Any],
    *,
    out: str | Path = "runs",
    games: int = GAMES,
    replay_games: int = REPLAY_GAMES,
    skill_games: int = 0,
    n_jobs: int = 1,
    quiet: bool = False,
) -> pl.DataFrame:
    """Run (or reuse, when complete) the preset sweeps; the measures table."""
    from analyses.feel import measures
    from analyses.feel.replay import replay_rows
    from simcore.core import registry
    from simcore.core.rng import game_seed
    from simcore.engine.sweep.config import build_config

    cfg = build_config(feel_sweep(game, players, params, games), source="feel")
    run_dir = _run(cfg, out, n_jobs, quiet)
    table = measures(run_dir)
    if replay_games:
        g = registry.make_game(game, params)
        seeds = [game_seed(cfg.seed, i) for i in range(min(replay_games, games))]
        rows = replay_rows(g, players, cfg.policies, seeds, "c000")
        table = pl.concat([table, pl.DataFrame(rows, schema=table.schema)])
    names = {cell.id: lineup_label(cell.policies) for cell in cfg.cells()}
    table = table.with_columns(pl.col("group").replace(names))
    if skill_games:
        skill = build_config(skill_sweep(game, players, params, skill_games), source="feel")
        table = pl.concat([table, _skill_rows(_run(skill, out, n_jobs, quiet), game)])
    return table


def lineup_label(policies: Any) -> str:
    """'greedy + heuristic x2' for a line-up (seat order aside)."""
    counts: dict[str, int] = {}
    for spec in policies:
        counts[spec] = counts.get(spec, 0) + 1
    return " + ".join(f"{s} x{k}" if k > 1 else s for s, k in counts.items())


def _run(cfg: Any, out: str | Path, n_jobs: int, quiet: bool) -> Path:
    """Run a sweep, or resume it if a run of the same config is there."""
    from simcore.engine.sweep.sweep import run_sweep

    resume = (Path(out) / cfg.name / "manifest.json").is_file()
    return run_sweep(cfg, out, n_jobs=n_jobs, resume=resume, quiet=quiet).run_dir


def _skill_rows(run_dir: Path, game: str) -> pl.DataFrame:
    """The skill trace as measures rows: win share per budget, and the whole gain."""
    from analyses.feel.skill import skill_trace
    from analyses.feel.tables import row

    trace = skill_trace(run_dir, game).sort("budget")
    rows = [
        row(
            f"mcts:iterations={r['budget']} vs {REFERENCE}",
            "skill_trace",
            r["rate"],
            r["lo"],
            r["hi"],
            r["games"],
        )
        for r in trace.iter_rows(named=True)
    ]
    if trace.height > 1:
        low = trace.row(0, named=True)
        rows.append(
            row(
                "lowest to top budget",
                "skill_gain",
                low["to_top"],
                low["to_top_lo"],
                low["to_top_hi"],
                low["games"],
            )
        )
    return pl.DataFrame(rows)


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Flags of ``boardlab feel``."""
    from simcore.engine.sweep.config import add_allow_import, add_game_flag, add_n_jobs

    add_allow_import(p)
    add_game_flag(p)
    p.add_argument("--players", type=int, help="seats (default: the game's smallest count)")
    p.add_argument("--param", action="append", metavar="KEY=VALUE", help="rule parameter")
    p.add_argument("--games", type=int, default=GAMES, help=f"games per line-up ({GAMES})")
    p.add_argument(
        "--replay-games",
        type=int,
        default=REPLAY_GAMES,
        help=f"games replayed for kingmaking and decision load ({REPLAY_GAMES})",
    )
    p.add_argument(
        "--skill-games",
        type=int,
        default=0,
        help="games per MCTS budget for the skill trace (0: none; costly)",
    )
    p.add_argument("--out", default="runs", help="folder of the run directories (runs)")
    add_n_jobs(p)
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--markdown", action="store_true", help="print the table as markdown")


def feel_table(args: argparse.Namespace) -> tuple[Any, Path, str, str]:
    """Run the preset of the parsed flags: (measures table, run folder, title, subtitle)."""
    from simcore.core import registry
    from simcore.engine.sweep.config import game_of, parse_param_flags

    for flag, least in (("games", 3), ("replay_games", 0), ("skill_games", 0)):
        if getattr(args, flag) < least:
            name = flag.replace("_", "-")
            raise ConfigError(f"--{name} must be at least {least}, got {getattr(args, flag)}")
    check_n_jobs(args.n_jobs)
    game_id = game_of(args, "feel")
    assert game_id is not None  # required=True: game_of raised otherwise
    game_cls = registry.game_class(game_id)
    players = args.players if args.players is not None else game_cls.spec.min_players
    params = parse_param_flags(args.param)
    table = run_preset(
        args.game,
        players,
        params,
        out=args.out,
        games=args.games,
        replay_games=args.replay_games,
        skill_games=args.skill_games,
        n_jobs=args.n_jobs,
        quiet=args.quiet,
    )
    run_dir = Path(args.out) / run_name(game_id, players, params)
    title = f"How {registry.display_name(game_id)} plays: {players} players"
    flags = ", ".join(f"{k}={v}" for k, v in params.items()) or "the rules as shipped"
    subtitle = f"{flags}; {args.games} games a line-up, {args.replay_games} replayed"
    return table, run_dir, title, subtitle


def shipped_sweeps() -> dict[str, str]:
    """File name -> TOML text of the shipped feel sweeps (each game at 2, 3 and 4 players,
    Lord of Worlds in both scoring variants), each headed by its measured CPU cost."""
    costs_path = SWEEP_DIR / "costs.json"
    costs = json.loads(costs_path.read_text()) if costs_path.is_file() else {}
    out = {}
    for game, variants in (
        ("ratjack", [None]),
        ("lord_of_worlds", ["standard", "strategic"]),
        ("rats_of_wistar", [None]),
    ):
        for players in (2, 3, 4):
            for variant in variants:
                params = {"variant": variant} if variant else None
                stem = f"feel_{game}_{variant + '_' if variant else ''}{players}p"
                raw = feel_sweep(game, players, params)
                out[f"{stem}.toml"] = _header(raw, costs.get(stem)) + _toml(raw)
    return out


def _header(raw: dict[str, Any], cost: dict[str, float] | None) -> str:
    """The comment that heads a shipped feel sweep: what it is, how to run it, its cost."""
    flags = "".join(f" --param {k}={v}" for k, v in raw.get("params", {}).items())
    lines = [
        f"# How the game plays: {raw['game']} at {raw['players']} players{flags and ','}"
        f"{flags.replace(' --param ', ' ')}.",
        "# Generated by `python -m analyses.feel.preset` (a test checks this file equals that "
        "output); the same run as",
        f"#   boardlab feel --game {raw['game']} --players {raw['players']}{flags}",
        "# which also replays 30 all-heuristic games for kingmaking and decision load.",
    ]
    if cost:
        lines.append(
            f"# CPU on one core (pure build, measured): {cost['cpu_s']:.0f} s for this "
            f"sweep plus {cost['replayed']} replayed games (--replay-games "
            f"{cost['replayed']})."
        )
    return "\n".join(lines) + "\n"


def write_shipped() -> list[Path]:
    """Write the shipped feel sweeps into ``SWEEP_DIR``."""
    SWEEP_DIR.mkdir(exist_ok=True)
    paths = []
    for name, text in shipped_sweeps().items():
        (SWEEP_DIR / name).write_text(text)
        paths.append(SWEEP_DIR / name)
    return paths


def _toml(raw: dict[str, Any]) -> str:
    """A sweep mapping as TOML (the keys the preset uses)."""
    lines = []
    for key in ("name", "game", "players", "games", "seed", "description", "policies"):
        lines.append(f"{key} = {json.dumps(raw[key])}")
    if "params" in raw:
        lines += ["", "[params]", *(f"{k} = {json.dumps(v)}" for k, v in raw["params"].items())]
    lines += ["", "[grid]", "policies = ["]
    lines += [f"  {json.dumps(cell)}," for cell in raw["grid"]["policies"]]
    lines.append("]")
    text = "\n".join(lines) + "\n"
    tomllib.loads(text)  # the file must parse
    return text


if __name__ == "__main__":
    for path in write_shipped():
        print(path)
