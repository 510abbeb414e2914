"""The position the engine plays: the ``simcore.core.api.State`` methods that apply the rules (legal
actions, apply, determinization, outcome) and show them (labels, text view), over the data of
``position.Position``."""

from __future__ import annotations

import random
from typing import Any

from simcore.core import fields
from simcore.core.api import start_columns
from simcore.core.native import bind_pure
from simcore.games.lord_of_worlds import determinize as sample
from simcore.games.lord_of_worlds import labels as render
from simcore.games.lord_of_worlds import options, rules
from simcore.games.lord_of_worlds.planet import PTS_COLUMNS, tile_counts
from simcore.games.lord_of_worlds.position import (
    CLONE_RESETS,
    CLONE_SHARES,
    STAT_HIRING,
    STAT_LONGEST,
    STAT_PLACED,
    STAT_PLAYING,
    Context,
    Position,
)
from simcore.games.lord_of_worlds.setup import set_up


class LordOfWorldsState(Position):
    """A Lord of Worlds position with the rules bound: what ``LordOfWorlds.new_state`` returns."""

    __slots__ = ()

    def __init__(self, context: Context | None = None, seed: int = 0) -> None:
        if context is not None:  # without: a blank, for copies
            set_up(self, context, seed)

    def legal_actions(self) -> list[int]:
        """Actions of the current decision step (options.py); cached until the next ``apply``."""
        found = self.legal_cache
        if found is None:
            found = self.legal_cache = options.legal_actions(self)
        return found[:]

    def apply(self, action: int) -> None:
        """Apply one decision; IllegalActionError (state unchanged) when not legal."""
        rules.apply(self, action)  # a method, not ``apply = rules.apply``: mypyc compiles it

    def clone(self) -> LordOfWorldsState:
        """Independent copy (the pure build generates it from the declaration instead)."""
        return self.spelled_out_clone()

    def spelled_out_clone(self) -> LordOfWorldsState:
        """``clone`` field by field: the compiled build's. Compiled, the generated clone would
        run interpreted: heuristic games 17% more instructions (``boardlab bench``
        lord_of_worlds heuristic). ``test_the_clones_copy_every_declared_field`` checks it
        against the declaration."""
        new = LordOfWorldsState()
        new.context, new.chance = self.context, self.chance.clone()
        new.trace = None if self.trace is None else self.trace[:]
        new.round_log = None
        new.cache, new.legal_cache = self.cache[:], self.legal_cache
        new.n, new.player, new.phase = self.n, self.player, self.phase
        new.first_player, new.turns, new.rounds = self.first_player, self.turns, self.rounds
        new.end_triggered, new.ended_by = self.end_triggered, self.ended_by
        new.reveals_left, new.deck_known = self.reveals_left, self.deck_known
        new.reshuffles, new.face_up_count = self.reshuffles, self.face_up_count
        new.play_colour, new.budget = self.play_colour, self.budget
        new.steps_moved, new.collected = self.steps_moved, self.collected
        new.free_used, new.pending_tile = self.free_used, self.pending_tile
        new.last_gain, new.free_step = self.last_gain, self.free_step
        new.viewpoint_hex = self.viewpoint_hex
        new.hand_size, new.deck, new.discard = self.hand_size[:], self.deck[:], self.discard[:]
        new.pile_colour, new.pile_sum = self.pile_colour[:], self.pile_sum[:]
        new.board_tile, new.board_face_up = self.board_tile[:], self.board_face_up[:]
        new.reserve, new.supply, new.cart_hex = self.reserve[:], self.supply[:], self.cart_hex[:]
        new.empty_count, new.selected = self.empty_count[:], self.selected[:]
        new.hands = [x[:] for x in self.hands]
        new.known_cards = [x[:] for x in self.known_cards]
        new.shown_start_cards = [x[:] for x in self.shown_start_cards]
        new.piles = [x[:] for x in self.piles]
        new.planet_tile = [x[:] for x in self.planet_tile]
        new.planet_architects = [x[:] for x in self.planet_architects]
        new.architect_tiles = [x[:] for x in self.architect_tiles]
        new.mix_declared = [x[:] for x in self.mix_declared]
        new.points = [x[:] for x in self.points]
        new.stats = [x[:] for x in self.stats]
        return new

    def determinize(self, player: int, rng: random.Random) -> Position:
        """Redeal what ``player`` cannot see: hidden tiles, unknown hand cards, deck order (§7)."""
        return sample.determinize(self, player, rng)

    def outcome(self) -> dict[str, Any]:
        """Game and seat statistics (§8)."""
        params = self.context.params
        seats = []
        for p in range(self.n):
            row: dict[str, Any] = dict(zip(PTS_COLUMNS, self.points[p], strict=True))
            row["tiles_placed"] = self.stats[p][STAT_PLACED]
            row["turns_hiring"] = self.stats[p][STAT_HIRING]
            row["turns_playing"] = self.stats[p][STAT_PLAYING]
            row["longest_chain"] = self.stats[p][STAT_LONGEST]
            row.update(tile_counts(self, p))
            seats.append(row)
        game = {
            "variant": params.variant,
            "chain_table": params.chain_table,
            "value_set_table": params.value_set_table if params.scores_value_sets else "",
            "rounds": self.rounds,
            **start_columns((self.first_player,)),  # every round starts with the same player
        }
        return {"turns": self.turns, "ended_by": self.ended_by, "game": game, "seats": seats}

    def heuristic_value(self, player: int) -> float:
        """Stars plus provisional chain points, scaled to [0, 1] against the best rival."""
        return render.heuristic_value(self, player)

    def render(self) -> str:
        """Text view: display, hands, board, supply and an ASCII map of every planet."""
        return render.render(self)

    def action_label(self, action: int, viewer: int | None = None, *, reveal: bool = False) -> str:
        """Readable label of ``action`` in this state, as ``viewer`` sees it (None: the seat
        to act; ``reveal``: every hidden tile named)."""
        return render.action_label(self, action, viewer, reveal)

    def action_classes(self, action: int) -> tuple[str, ...]:
        """Classes for restricted play (see render.action_classes)."""
        return render.action_classes(self, action)

    def action_info(self, action: int) -> dict[str, Any]:
        """Decoded action columns before the action is applied."""
        return render.action_info(self, action)


bind_pure(LordOfWorldsState, "apply", rules.apply)  # pure build: the rules function itself
fields.derive_clone(LordOfWorldsState, CLONE_RESETS, CLONE_SHARES)  # pure build: generated
