"""Ratjack heuristic styles: their evaluation weights (``data/ratjack_styles.toml``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from simcore.core.content import reduce_frozen
from strategies.heuristics.styles_file import read_styles

STYLES_FILE: Final = Path(__file__).resolve().parents[1] / "data" / "ratjack_styles.toml"


@dataclass(frozen=True)
class Weights:
    """Evaluation weights of a style (the data file says what each one scores)."""

    vp_own: float
    vp_leader: float
    vp_rivals: float
    close: float
    busted: float
    opp_out: float
    finisher: float
    threat: float
    leader: float
    extra_turn: float
    one_card: float
    face_down: float
    flip_risk: float
    chip_risk: float

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)  # compiled: a frozen class cannot be restored field by field


def load_styles(path: Path = STYLES_FILE) -> tuple[dict[str, Weights], dict[str, str]]:
    """Each style's weights and one-line description, in file order; ``ConfigError`` when a
    style lacks a weight, names an unknown one, or gives a non-number."""
    return read_styles(path, Weights, "Ratjack")


_LOADED: Final = load_styles()
WEIGHTS: Final = _LOADED[0]  # style -> its weights
STYLE_DOCS: Final = _LOADED[1]  # style -> one line for ``boardlab policies``
STYLES: Final = tuple(WEIGHTS)
