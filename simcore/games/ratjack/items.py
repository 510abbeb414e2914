"""Ratjack's changeable content in a designer's words: each card of the decks in play, each
effect in play, the chips (``Game.content_items``)."""

from __future__ import annotations

import re

from simcore.core.api import ContentItem
from simcore.games.ratjack.content import EFFECT_IDS
from simcore.games.ratjack.params import FACE_IDS
from simcore.games.ratjack.tables import Content

# "(`rat5_targets = ...`: ...)": a note on an [A] parameter, said where parameters are
PARAM_NOTE = re.compile(r" \(`[^`]*`[^)]*\)")


def effect_name(effect: str) -> str:
    """``rat_7`` -> ``rat 7``."""
    return effect.replace("_", " ")


def content_items(content: Content, texts: dict[str, str]) -> dict[str, ContentItem]:
    """``5 card of rat_red`` (the effect it carries), ``rat 5 effect`` (its text, while some
    card carries it) and ``chips`` (the faces of the six chips)."""
    texts = {k: PARAM_NOTE.sub("", v) for k, v in texts.items()}
    out: dict[str, ContentItem] = {}
    for card, (deck, value) in enumerate(zip(content.card_deck, content.card_value, strict=True)):
        effect = EFFECT_IDS[content.card_effect[card]]
        family, effect_value = effect.split("_")
        out[f"{value} card of {deck}"] = ContentItem(
            f"{effect_name(effect)}: {texts.get(effect, '')}".rstrip(": "),
            (f"card/{deck}/{value}", f"resolve/{family}/{effect_value}"),
        )
        family_class = f"resolve/{family}/{effect_value}"
        out[f"{effect_name(effect)} effect"] = ContentItem(texts.get(effect, ""), (family_class,))
    faces = [" / ".join(FACE_IDS[f] for f in pair) for pair in content.chip_faces]
    out["chips"] = ContentItem("; ".join(sorted(faces)))  # the set of chips, in any order
    return out
