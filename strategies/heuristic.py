"""The ``heuristic`` spec: dispatches to the game's own heuristic policies."""

from __future__ import annotations

from typing import Any

from simcore import registry
from simcore.api import Game


def make_heuristic(game: Game, **options: Any) -> Any:
    """The game's heuristic policy (``style=...`` picks one of its styles)."""
    factory = registry.heuristic_factory(game.spec.id)
    return factory(game, **options)
