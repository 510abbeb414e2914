"""Rats of Wistar heuristic styles: their weights (``data/rats_of_wistar_styles.toml``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from simcore.core.content import reduce_frozen
from strategies.heuristics.styles_file import read_styles

STYLES_FILE: Final = Path(__file__).resolve().parents[1] / "data" / "rats_of_wistar_styles.toml"


@dataclass(frozen=True)
class Weights:
    """A style's worth of one step of each main action / primitive, in rough VP."""

    card: float  # a card drawn (a card played: half of it on top of its own value)
    explore: float  # one explore step
    visitor: float  # a visitor taken
    mission: float  # a mission completed
    farm_area: float  # wish for one more worker in the farm (less per worker already there)
    forest_area: float
    burrow_area: float
    income: float  # scales income cards (1.6: their effect at face value each round)
    tent: float  # the tent quick action (rounds 1-3)
    hut_base: float  # a placement at the Alchemist's hut: its potion and move token
    hut_first_chief: float  # extra for the seat's first chief at the hut, before the last round

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)  # compiled: a frozen class cannot be restored field by field


def load_styles(path: Path = STYLES_FILE) -> tuple[dict[str, Weights], dict[str, str]]:
    """Each style's weights and one-line description, in file order; ``ConfigError`` when a
    style lacks a weight, names an unknown one, or gives a non-number."""
    return read_styles(path, Weights, "Rats of Wistar")


_LOADED: Final = load_styles()
WEIGHTS: Final = _LOADED[0]  # style -> its weights
STYLE_DOCS: Final = _LOADED[1]  # style -> one line for ``boardlab policies``
STYLES: Final = tuple(WEIGHTS)
