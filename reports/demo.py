"""``boardlab demo``: a short sweep of every game, reports, and an index page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from simcore import registry
from simcore.config import build_config
from simcore.sweep import run_sweep

LINEUPS = [["heuristic", "random"], ["heuristic", "heuristic"], ["random", "random"]]


def demo_configs(games: int) -> list[dict[str, Any]]:
    """One generic sweep per loadable game, plus the Ratjack card-value sweeps (smaller)."""
    from analyses.ratjack_cards import CARD_SWEEPS, card_sweep

    configs = []
    for gid in registry.loadable_game_ids(with_heuristic=True):
        configs.append({
            "name": f"demo-{gid.replace('_', '-')}", "game": gid, "players": 2,
            "games": games, "seed": 1, "policies": LINEUPS[0], "grid": {"policies": LINEUPS},
        })  # fmt: skip
    if "ratjack" in configs_ids(configs):
        for family in CARD_SWEEPS:
            raw = card_sweep(family, games=max(20, games // 2), seed=1)
            raw["name"] = f"demo-{raw['name']}"
            configs.append(raw)
    return configs


def configs_ids(configs: list[dict[str, Any]]) -> set[str]:
    """Game ids present in a list of raw configs."""
    return {c["game"] for c in configs}


def run_demo(out: Path, games: int, n_jobs: int, quiet: bool) -> Path:
    """Run (or resume) the demo sweeps under ``out/runs`` and write reports; return index.html."""
    from reports.cli import build_reports

    runs = []
    for raw in demo_configs(games):
        cfg = build_config(raw, source=f"demo {raw['name']}")
        _drop_stale_run(out / "runs" / cfg.name, cfg.config_hash())
        result = run_sweep(cfg, out / "runs", n_jobs=n_jobs, resume=True, quiet=quiet)
        runs.append(str(result.run_dir))
    if not runs:
        from simcore.errors import ConfigError

        raise ConfigError("no game could be loaded (see `boardlab games`)")
    build_reports(runs, str(out), "auto")
    return out / "index.html"


def _drop_stale_run(run_dir: Path, config_hash: str) -> None:
    """Remove a demo run made with other settings (e.g. another --games) so it can be rerun."""
    import shutil

    from simcore.dataset import load_manifest
    from simcore.errors import RunDirError

    if not (run_dir / "manifest.json").exists():
        return
    try:
        manifest = load_manifest(run_dir)
    except RunDirError:
        manifest = {}
    if manifest.get("config_hash") != config_hash and manifest.get("name", "").startswith("demo-"):
        shutil.rmtree(run_dir)
