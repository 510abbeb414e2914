"""boardlab engine core: game API, seeds, registry, runner, sweeps, dataset."""

from simcore.core.api import TERMINAL, Game, GameSpec, State, ranks, win_shares
from simcore.core.errors import (
    BoardlabError,
    ConfigError,
    ContentError,
    IllegalActionError,
    RunDirError,
)
from simcore.core.params import Params, param

__all__ = [
    "TERMINAL",
    "BoardlabError",
    "ConfigError",
    "ContentError",
    "Game",
    "GameSpec",
    "IllegalActionError",
    "Params",
    "RunDirError",
    "State",
    "param",
    "ranks",
    "win_shares",
]
__version__ = "0.1.0"
