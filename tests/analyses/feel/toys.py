"""Running the toy games of ``tests.fixtures.feel_games`` as sweeps (in this process)."""

from __future__ import annotations

from pathlib import Path

from simcore.core import registry
from simcore.engine.sweep.config import build_config
from simcore.engine.sweep.sweep import run_sweep
from tests.fixtures import feel_games as fg

for _game in (fg.CoinRounds, fg.Race, fg.Seesaw, fg.Kingmaker, fg.ChanceKing):
    registry.register(registry.GAME_GROUP, _game.spec.id, _game)
registry.register(registry.POLICY_GROUP, "lowest", fg.Lowest)
registry.register(registry.POLICY_GROUP, "highest", fg.Highest)


def sweep(
    out: Path,
    name: str,
    game: str,
    lineups: list[list[str]],
    games: int,
    seed: int = 7,
    params: dict | None = None,
) -> Path:
    """Play ``games`` per line-up (cells sharing seeds) in this process; the run directory."""
    raw = {
        "name": name,
        "game": game,
        "players": len(lineups[0]),
        "games": games,
        "seed": seed,
        "policies": lineups[0],
        "params": params or {},
    }
    if len(lineups) > 1:
        raw["grid"] = {"policies": lineups}
    run_sweep(build_config(raw), out, n_jobs=1, quiet=True)
    return out / name
