"""Rats of Wistar (Luciani & Sabia, 2023): the wheel worker-placement game, 2-4 players.

Architecture: ``content`` loads the TOML content set (``data/``) and compiles every effect into
tuples of the §10 vocabulary (``vocab``). The position (``position``: data, every field
declared once) keeps a stack of small task tuples ``(op, seat, ...)``; the rules are functions
of a position: automatic tasks (gains, income, the new-round steps) run inside ``apply``, and
the decision on top of the stack defines ``legal_actions`` (handlers are registered in
``rules`` (rounds, turns, wheel, hut, quick actions), ``actions`` (main actions), ``effects``
(vocabulary, inventions) and ``farm`` (exploring, missions, abilities, goals, potions)).
``state.WistarState`` puts the game API on the position; ``views`` and ``labels`` (text,
records) sit on top of the rules.

Simulator assumptions beyond the spec's [A] parameters (see ``params``): a chief placement
and the order of its parts (main action, bonus parts) are separate decisions, and the placement
row records the order taken; wheel bonuses, invention plays and mission completions may be
skipped; beds, visitors and cheese go to the lowest empty room (starting rooms first); an
attack on cards discards a random hand card; the ability-track "extra dug room" is an
additional room outside the soil track; the farm's visitor/mission/door layout is in
``data/farm.toml``. The rules as implemented: ``docs/rules/rats_of_wistar.md``.
"""

from __future__ import annotations

from typing import Any

from simcore.core.api import START_COLUMNS, ContentItem, Game, GameSpec
from simcore.core.errors import ContentError
from simcore.core.params import params_copy
from simcore.games.rats_of_wistar import (  # noqa: F401  (modules register task handlers)
    actions,
    effects,
    farm,
    inventions,
    records,
    rules,
    setup,
)
from simcore.games.rats_of_wistar.content import Content, content_file, load_content, load_texts
from simcore.games.rats_of_wistar.determinize import SEAT_COLUMNS
from simcore.games.rats_of_wistar.labels import ACTION_COLUMNS, class_catalogue, describe_class
from simcore.games.rats_of_wistar.params import WistarParams
from simcore.games.rats_of_wistar.state import WistarState
from simcore.games.rats_of_wistar.tables import ParamsMirror
from simcore.games.rats_of_wistar.text_check import wheel_texts

__all__ = ["RatsOfWistar", "WistarParams", "WistarState"]


class RatsOfWistar(Game):
    """The game bound to params and a content set (``content_set`` / ``content_hash``)."""

    generated_texts = ("wheel",)
    param_class_prefixes = {"hut_": ("place/hut",)}

    params: WistarParams  # type: ignore[assignment]  # Game types it as the base Params

    spec = GameSpec(
        "rats_of_wistar",
        4,
        2,
        4,
        True,
        "Rats of Wistar: rotating action wheel, chiefs and workers, inventions, farm "
        "exploration (provisional content set)",
        "docs/rules/rats_of_wistar.md",
    )
    params_class = WistarParams
    provisional_note = (
        "Inventions, missions, goals, visitors, doors and heroes come from the provisional "
        "content set (invented until the publisher's card data is available): numbers that "
        "depend on them may change with the printed content."
    )
    game_columns = {"content_set": "str", "wheel_order": "str", **START_COLUMNS}
    seat_columns = SEAT_COLUMNS
    action_columns = ACTION_COLUMNS

    def __init__(self, params: WistarParams | None = None) -> None:
        super().__init__(params)
        self.content: Content = load_content(self.params.content_dir)
        wheel = content_file(self.params.content_dir, "wheel")
        self.texts = wheel_texts(self.content, load_texts(self.params.content_dir), wheel)
        self.params_mirror = params_copy(ParamsMirror, self.params)  # what positions carry
        self.content_set = self.content.content_set
        self.content_hash = self.content.content_hash
        _check_counts(self.content, self.params)

    def action_class_catalogue(self) -> dict[str, str]:
        """Restricted-play classes (see ``labels.action_classes``), sections, spaces and the
        hut with their texts from the wheel data."""
        out = class_catalogue(self.content)
        out["place/hut"] = self.texts[(0, "place/hut")]
        for key in [k for k in out if k.startswith("place/S")]:
            texts = [f"{n}p: {t}" for n in (2, 3, 4) if (t := self.texts.get((n, key)))]
            out[key] = f"{'sector' if key.count('/') == 1 else 'space'} {key[6:]}: " + "; ".join(
                texts
            )
        return out

    def describe_class(self, name: str, n_players: int) -> str:
        """A sector named by what its spaces offer at this player count, in the data file's
        words, e.g. ``S4 (gain a potion)``; a space ``S5.2 (explore 1)``; the hut with its text."""
        parts = name.split("/")
        if name == "place/hut":
            return "the Alchemist's hut (gain 1 potion and 1 move token)"
        spaces = (
            dict(self.content.wheel.get(n_players, [])).get(parts[1]) if len(parts) > 1 else None
        )
        if parts[0] != "place" or spaces is None:
            return describe_class(self.content, name, n_players)
        texts = [
            self.texts[(n_players, f"place/{parts[1]}/{k}")] for k in range(1, len(spaces) + 1)
        ]
        texts = [t[:1].lower() + t[1:] for t in texts]
        if len(parts) == 3:
            k = int(parts[2])
            return f"{parts[1]}.{k} ({texts[k - 1]})" if k <= len(texts) else name
        return f"{parts[1]} ({' / '.join(texts)})"

    def content_text(self, name: str, n_players: int | None = None) -> str | None:
        """The data file's text of the hut, a sector (``place/S1``) or a space (``place/S1/2``)
        at ``n_players`` (a window such as ``@round1-2`` is ignored)."""
        key = name.partition("@")[0]
        if key == "place/hut":
            return self.texts[(0, key)]
        return self.texts.get((n_players or 0, key))

    def content_items(self) -> dict[str, ContentItem]:
        """Wheel sectors per player count, inventions, tiles and the farm (``items``)."""
        from simcore.games.rats_of_wistar.items import content_items

        return content_items(self.content)

    def seat_view(self, state: Any, viewer: int, *, reveal: bool = False) -> dict[str, Any]:
        """The wheel, the hut, the market and the boards as ``viewer`` sees them (``seat_view``)."""
        from simcore.games.rats_of_wistar.seat_view import seat_view

        return seat_view(state, viewer, reveal)

    def new_state(self, n_players: int, seed: int) -> WistarState:
        """A new game after setup (§2); the first decision is the starting-hand draft."""
        self.check_players(n_players)
        return WistarState(self.params_mirror, self.content, n_players, seed)


def _check_counts(con: Content, prm: WistarParams) -> None:
    """Content must supply what setup lays out for every player count."""
    fm = con.farm
    need = (
        len(fm.visitor_rooms[0]) + prm.round_basic_visitors,
        len(fm.visitor_rooms[1]) + prm.rounds - prm.round_basic_visitors,
    )
    for color, n in enumerate(need):
        have = sum(v.group == color for v in con.visitors)
        if have < n:
            raise ContentError(
                f"visitors.toml: {have} {('basic', 'advanced')[color]} visitors, but the farm "
                f"and the round stack need {n} (rounds={prm.rounds}, "
                f"round_basic_visitors={prm.round_basic_visitors})"
            )
    if len(con.doors) < max(fm.door_tokens.values()):
        raise ContentError("doors.toml: fewer door tokens than farm.toml lays out")
    for n in (2, 3, 4):
        for floor in (0, 1):
            have = sum(m.group == floor for m in con.missions)
            want = sum((r in fm.cellar) == bool(floor) for r in fm.mission_slots[n])
            if want > have:
                raise ContentError(
                    f"farm.toml: mission_slots.players{n} lays out {want} "
                    f"{('ground', 'cellar')[floor]} missions, missions.toml has {have}"
                )
    if len(con.goals) < prm.goals_in_play:
        raise ContentError("goals.toml: fewer goals than goals_in_play")
    basics = sum(c.deck == 0 for c in con.cards)
    if basics < 4 * 2 + prm.market_size:
        raise ContentError("inventions.toml: too few basic cards")
