"""The table of the 36 card effects, indexed by effect code (``content.EFFECT_IDS``)."""

from __future__ import annotations

from typing import Final

from simcore.games.ratjack import effect_kinds, effects_raccoon, effects_rat, effects_weasel
from simcore.games.ratjack.content import EFFECT_IDS
from simcore.games.ratjack.effect_kinds import Effect

EFFECTS: Final[tuple[Effect, ...]] = (
    *effects_rat.TABLE,
    *effects_weasel.TABLE,
    *effects_raccoon.TABLE,
)
assert len(EFFECTS) == len(EFFECT_IDS)
effect_kinds.TABLE[:] = EFFECTS  # where a pickled effect is looked up
