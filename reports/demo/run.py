"""``boardlab demo``: a short sweep of every game, the Ratjack card sweeps, reports, an index.

The default sizes keep the whole demo at about four minutes of CPU work (about two minutes on
two cores): the generic sweeps and the short studies are cheap, most of the time goes into the
card sweeps (38 cells of heuristic-vs-heuristic Ratjack games). Rerunning resumes the finished
runs; a run made with other sizes is replaced.
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path
from typing import Any

from analyses.studies.ratjack_cards import CARD_SWEEPS, card_sweep
from analyses.sweeps.studies import variant_sweep, wheel_sweep
from reports.studies.batch import build_reports
from simcore.core import registry
from simcore.core.errors import ConfigError, RunDirError
from simcore.engine.run.dataset import load_manifest
from simcore.engine.run.outputs import check_no_links
from simcore.engine.sweep.config import build_config
from simcore.engine.sweep.sweep import Sweep, run_sweep

LINEUPS = [["heuristic", "random"], ["heuristic", "heuristic"], ["random", "random"]]
DEFAULT_GAMES = 300  # per cell of each generic sweep (3 line-ups)
DEFAULT_CARD_GAMES = 250  # per cell of each card sweep (13 + 25 cells)
STUDY_GAMES = 150  # per cell of the short wheel-section (20 cells) and variant (16) studies
STUDIES = {"rats_of_wistar": "demo-rats-of-wistar-wheel-2p",
           "lord_of_worlds": "demo-lord-of-worlds-variants"}  # fmt: skip


def demo_configs(games: int, card_games: int = DEFAULT_CARD_GAMES) -> list[dict[str, Any]]:
    """One generic sweep per loadable game, plus the Ratjack card-value sweeps."""
    configs = []
    ids = registry.loadable_game_ids(with_heuristic=True)
    for gid in ids:
        configs.append(
            {
                "name": f"demo-{gid.replace('_', '-')}",
                "game": gid,
                "players": 2,
                "games": games,
                "seed": 1,
                "policies": LINEUPS[0],
                "grid": {"policies": LINEUPS},
            }
        )
    if "ratjack" in ids and card_games > 0:
        for family in CARD_SWEEPS:
            raw = card_sweep(family, games=card_games, seed=1)
            raw["name"] = f"demo-{raw['name']}"
            configs.append(raw)
    configs += study_configs(ids, min(games, STUDY_GAMES))
    return configs


def study_configs(ids: list[str], games: int = STUDY_GAMES) -> list[dict[str, Any]]:
    """Short versions of the shipped studies (wheel sections 2p, scoring variants)."""
    out = []
    if "rats_of_wistar" in ids:
        out.append(wheel_sweep(2, games=games, seed=1))
    if "lord_of_worlds" in ids:
        out.append(variant_sweep(games=games, seed=1))
    for raw in out:
        raw["name"] = f"demo-{raw['name']}"
    return out


def run_demo(
    out: Path,
    games: int = DEFAULT_GAMES,
    n_jobs: int = -1,
    quiet: bool = False,
    card_games: int = DEFAULT_CARD_GAMES,
) -> Path:
    """Run (or resume) the demo sweeps under ``out/runs`` and write reports; return index.html."""
    configs = [
        build_config(raw, source=f"demo {raw['name']}") for raw in demo_configs(games, card_games)
    ]
    if not configs:
        raise ConfigError("no game could be loaded (see `boardlab games`)")
    check_no_links(out, out / "runs", "--out")  # a stale run is removed, a link is not followed
    runs = []
    for i, cfg in enumerate(configs, 1):
        _drop_stale_run(out / "runs" / cfg.name, cfg.config_hash(), _fingerprint(cfg, out))
        result = run_sweep(cfg, out / "runs", n_jobs=n_jobs, resume=True, quiet=quiet)
        runs.append(str(result.run_dir))
        _say(
            quiet,
            f"[{i}/{len(configs)}] {cfg.name}: {result.games_total:,} games "
            f"({result.games_run:,} played now, {result.seconds:.1f} s)",
        )
    start = time.perf_counter()
    entries = build_reports(runs, str(out), "auto", say=None if quiet else _print)
    _say(quiet, f"{len(entries)} reports in {time.perf_counter() - start:.1f} s")
    from reports.demo.comparisons import demo_comparisons
    from reports.studies.build import write_index

    write_index([*entries, *demo_comparisons(out, runs, n_jobs, quiet)], out / "index.html")
    return out / "index.html"


def _say(quiet: bool, line: str) -> None:
    if not quiet:
        _print(line)


def _print(line: str) -> None:
    print(line, flush=True)


def _fingerprint(cfg: Any, out: Path) -> dict[str, str]:
    return Sweep(cfg, out / "runs").fingerprint()


def _drop_stale_run(run_dir: Path, config_hash: str, fingerprint: object = None) -> None:
    """Remove a demo run made with other settings (e.g. another --games) or other rule code,
    content or policies, so that it is played again instead of resumed."""
    if not run_dir.exists():
        return
    try:
        manifest = load_manifest(run_dir)
    except RunDirError:
        manifest = {"name": run_dir.name}  # half-written or damaged: ours if the name says so
    stale = manifest.get("config_hash") != config_hash or (
        fingerprint is not None and manifest.get("fingerprint") != fingerprint
    )
    if stale and manifest.get("name", "").startswith("demo-"):
        shutil.rmtree(run_dir)
