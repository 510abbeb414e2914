"""Lord of Worlds heuristic styles: their weights (``data/lord_of_worlds_styles.toml``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from simcore.core.content import reduce_frozen
from strategies.heuristics.styles_file import policy_name as weights_name
from strategies.heuristics.styles_file import read_styles

STYLES_FILE: Final = Path(__file__).resolve().parents[1] / "data" / "lord_of_worlds_styles.toml"


@dataclass(frozen=True)
class Weights:
    """A style's evaluation weights, in stars (★) unless said otherwise."""

    w_chain: float  # weight of chain growth
    w_arch: float  # weight of architect-space stars
    card_price: float  # stars one card point is worth
    arch_reserve: float  # stars an architect space is kept for (a low tile wastes it)
    free_bonus: float  # a placement on an empty hex earns a free collection
    free_min: float  # a free tile is taken when its worth, less free_bonus, exceeds this
    arch_new: float  # stars a later tile is expected to score on a new architect space
    play_min: float  # the best plan is played when it scores above this, else a pile is hired
    hire_colour: float  # per point of the pile's colour already in hand, when hiring
    hire_wild: float  # the hand points counted for a wild pile, when hiring
    hand_target: float  # cards in hand below which a play must clear a higher bar
    hand_short: float  # stars added to play_min per card the hand is short of hand_target
    w_view: float  # weight of a viewpoint's stars (2 per tile of the chain next to it)
    w_colour: float  # weight of the coloured-hex bonus when collecting there
    w_open: float  # per empty neighbour of the hex a chain tile is placed on (room to grow)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)  # compiled: a frozen class cannot be restored field by field


def load_styles(path: Path = STYLES_FILE) -> tuple[dict[str, Weights], dict[str, str]]:
    """Each style's weights and one-line description, in file order; ``ConfigError`` when a
    style lacks a weight, names an unknown one, or gives a non-number."""
    return read_styles(path, Weights, "Lord of Worlds")


_LOADED: Final = load_styles()
WEIGHTS: Final = _LOADED[0]  # style -> its weights
STYLE_DOCS: Final = _LOADED[1]  # style -> one line for ``boardlab policies``
STYLES: Final = tuple(WEIGHTS)


def policy_name(style: str, w: Weights) -> str:
    """``heuristic:style=...`` plus every weight that differs from the style's own."""
    return weights_name(f"heuristic:style={style}", w, WEIGHTS[style])
