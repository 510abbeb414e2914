"""Ratjack (Studio H, 2024): reach exactly 25 with face-up cards and bonus chips.

Rules: docs/rules/ratjack.md. Package layout, each module importing only from those before it:
``codes``, ``params`` (rule numbers and [A] assumptions) and ``tables``; ``content`` (cards and
chips from ``data/cards.toml``); ``position`` (the position as data); ``knowledge`` (§8) and
``narrative``; ``board``, ``resolve`` and ``effect_kinds``; ``effects_*`` and ``effects`` (the 36
card effects); ``rounds`` (deals, end-of-turn checks) and ``rules`` (turn actions), ``sample``
(determinization) and ``evaluate``; ``text`` (observations, records, labels); ``state`` (the
game API on top of the position).
"""

from __future__ import annotations

import re
from typing import Any

from simcore.core.api import START_COLUMNS, ContentItem, Game, GameSpec
from simcore.core.errors import ConfigError
from simcore.core.params import params_copy
from simcore.games.ratjack.codes import STAT_NAMES
from simcore.games.ratjack.content import EFFECT_IDS, load_content
from simcore.games.ratjack.labels import RES_COLUMNS
from simcore.games.ratjack.params import DECK_NAMES, RatjackParams
from simcore.games.ratjack.reference import effect_texts
from simcore.games.ratjack.state import RatjackState
from simcore.games.ratjack.tables import ParamsMirror

__all__ = ["Ratjack", "RatjackParams", "RatjackState"]


class Ratjack(Game):
    """The Ratjack simulator (2-4 players, hidden hands and face-down cards)."""

    params: RatjackParams  # type: ignore[assignment]  # Game types it as the base Params

    spec = GameSpec(
        id="ratjack",
        version=4,
        min_players=2,
        max_players=4,
        hidden_information=True,
        description="push-your-luck card game: exactly 25 wins the round; 36 card effects, chips",
        rules_source="docs/rules/ratjack.md",
    )
    params_class = RatjackParams
    game_columns = {"decks": "str", "rounds": "int", "target": "int", **START_COLUMNS}
    seat_columns = {
        "vp": "int",
        **{name: "int" for name in STAT_NAMES},
        **{name: "int" for name in RES_COLUMNS},
    }
    action_columns = {
        "round": "int",
        "turn": "int",
        "drawn_from": "str",
        "card_deck": "str",
        "card_value": "int",
        "mode": "str",
        "effect": "str",
        "targets": "str",
        "chip": "str",
        "values_after": "str",
    }

    def __init__(self, params: RatjackParams | None = None) -> None:
        super().__init__(params)
        self.content = load_content(self.params)  # ContentError early, before any game
        self.effect_texts = effect_texts(self.params.cards_file, self.content.effect_cards)
        self.params_mirror = params_copy(ParamsMirror, self.params)  # what positions carry

    def action_class_catalogue(self) -> dict[str, str]:
        """Classes of the play step (and rat 6's flip), for every deck and effect the game has:
        a grid may forbid an effect that one cell's decks do not carry (it never bites there)."""
        out = {
            "mode/up": "play a hand card face up and resolve it",
            "mode/down": "play a hand card face down",
            "mode/discard_flip": "discard a hand card and turn an own face-down card up",
        }
        for effect in EFFECT_IDS:
            family, value = effect.split("_")
            text = self.effect_texts.get(effect, "")
            out[f"resolve/{family}/{value}"] = f"resolve the effect {family} {value}: {text}"
        for deck in DECK_NAMES:
            for v in range(1, 13):
                out[f"card/{deck}/{v}"] = f"play the {deck} {v} card (any mode)"
        return out

    def content_text(self, name: str, n_players: int | None = None) -> str | None:
        """The text of an effect (``rat 7``, ``rat_7``, ``resolve/rat/7``) or of the effect a
        card carries in this game's decks (``card/rat_red/7``)."""
        kind, _, rest = name.partition("/")
        if kind == "card":
            deck, _, value = rest.rpartition("/")
            return (
                self.effect_texts.get(self.card_effect(deck, int(value)))
                if value.isdigit()
                else None
            )
        if kind == "resolve":
            name = rest
        return self.effect_texts.get(name.replace(" ", "_").replace("/", "_"))

    @classmethod
    def param_classes(cls, name: str) -> tuple[str, ...]:
        """``rat5_targets`` -> ``resolve/rat/5``: an effect's [A] reading measures by its worth."""
        m = re.match(r"(rat|weasel|raccoon)(\d+)_", name)
        return (f"resolve/{m[1]}/{m[2]}",) if m else ()

    def content_items(self) -> dict[str, ContentItem]:
        """Each card of the decks in play, each effect in play, the chips (``items``)."""
        from simcore.games.ratjack.items import content_items

        return content_items(self.content, self.effect_texts)

    def card_effect(self, deck: str, value: int) -> str:
        """The effect id the card ``deck``/``value`` carries in this game's content ("" if none)."""
        c = self.content
        for i, (d, v) in enumerate(zip(c.card_deck, c.card_value, strict=True)):
            if d == deck and v == value:
                return EFFECT_IDS[c.card_effect[i]]
        return ""

    def seat_view(self, state: Any, viewer: int, *, reveal: bool = False) -> dict[str, Any]:
        """Displays, chips, hands and scores as ``viewer`` sees them (``seat_view``)."""
        from simcore.games.ratjack.seat_view import seat_view

        return seat_view(state, viewer, reveal)

    def new_state(self, n_players: int, seed: int) -> RatjackState:
        """Deal round 1."""
        self.check_players(n_players)
        if self.params.first_player >= n_players:
            raise ConfigError(
                f"parameter 'ratjack.first_player' must be -1 or < {n_players} players, "
                f"got {self.params.first_player}"
            )
        return RatjackState(self.params_mirror, self.content, n_players, seed)
