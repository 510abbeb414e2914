"""The ``heuristic`` spec: dispatches to the game's own heuristic policies."""

from __future__ import annotations

from typing import Any

from simcore.core import registry
from simcore.core.api import Game


def make_heuristic(game: Game, **options: Any) -> Any:
    """The game's heuristic policy (``style=...`` picks one of its styles)."""
    factory = registry.heuristic_factory(game.spec.id)
    return factory(game, **options)
