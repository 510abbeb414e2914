"""The Ratjack game state: the position (``position``) with the game API on top, each call
answered by the rules (``rules``, ``sample``, ``evaluate``) or the records (``text``)."""

from __future__ import annotations

import random
from typing import Any

from simcore.core import fields
from simcore.core.chance import ChanceStream
from simcore.core.native import bind_pure
from simcore.core.rng import randbelow, state_stream
from simcore.games.ratjack import determinize as sample
from simcore.games.ratjack import labels as text
from simcore.games.ratjack import rounds, rules
from simcore.games.ratjack.effects import EFFECTS
from simcore.games.ratjack.evaluate import win_chances
from simcore.games.ratjack.narrative import trace_round_start
from simcore.games.ratjack.position import CLONE_RESETS, CLONE_SHARES, Position
from simcore.games.ratjack.tables import Content, ParamsMirror


class RatjackState(Position):
    """Mutable Ratjack game state (fields: ``Position``)."""

    def __init__(
        self,
        params: ParamsMirror | None = None,
        content: Content | None = None,
        n_players: int = 0,
        seed: int = 0,
    ) -> None:
        if params is None or content is None:
            return  # a blank for ``clone`` (a compiled class cannot be made by ``__new__`` alone)
        rng = state_stream(seed)  # also the stream of round 1's setup
        chance = ChanceStream(rng.getrandbits(64))  # every later chance event
        super().__init__(params, content, n_players, chance)
        self.effect_table = EFFECTS
        first = params.first_player
        rounds.new_round(self, randbelow(rng, n_players) if first < 0 else first, rng)

    @property
    def plain(self) -> RatjackState:
        """The position itself (``State.plain``), here so the compiled build reads it natively:
        every heuristic decision asks for it."""
        return self

    def legal_actions(self) -> list[int]:
        """Legal actions of the current seat (cached until the next apply)."""
        cache = self.legal_cache
        if cache is None:
            cache = self.legal_cache = rules.legal_actions(self)
        return cache[:]

    def apply(self, action: int) -> None:
        """Apply ``action``; ``IllegalActionError`` (state unchanged) if it is not legal."""
        rules.apply(self, action)  # a method, not ``apply = rules.apply``: mypyc compiles it

    def clone(self) -> RatjackState:
        """Independent copy (the pure build generates it from the declaration instead)."""
        return self.spelled_out_clone()

    def spelled_out_clone(self) -> RatjackState:
        """``clone`` field by field: the compiled build's. Compiled, the generated clone would
        run interpreted: heuristic play 1.6x slower (``boardlab bench`` ratjack heuristic).
        ``test_the_clones_copy_every_declared_field`` checks it against the declaration."""
        new = RatjackState()
        new.params, new.content, new.effect_table = self.params, self.content, self.effect_table
        new.n, new.all_seats = self.n, self.all_seats
        new.opponents_of = self.opponents_of
        new.eliminated_all_targetable = self.eliminated_all_targetable
        new.eliminated_chips_targetable = self.eliminated_chips_targetable
        new.phase, new.seat_to_act, new.start_seat = self.phase, self.seat_to_act, self.start_seat
        new.round_starts, new.setup_left = self.round_starts, self.setup_left
        new.round_no, new.turns, new.round_turns = self.round_no, self.turns, self.round_turns
        new.extra_turn, new.drawn_from = self.extra_turn, self.drawn_from
        new.turn_eliminations, new.last_scorer = self.turn_eliminations, self.last_scorer
        new.ended_by, new.winning_seats = self.ended_by, self.winning_seats[:]
        new.effect_code, new.effect_card = self.effect_code, self.effect_card
        new.effect_step, new.effect_choice = self.effect_step, self.effect_choice
        new.card_in_flight, new.pending_draws = self.card_in_flight, self.pending_draws
        new.deck, new.discard = self.deck[:], self.discard[:]
        # loops, not comprehensions: each comprehension builds a frame on Python 3.11
        hands, displays = [], []
        for h in self.hands:
            hands.append(h[:])
        for d in self.displays:
            displays.append(d[:])
        new.hands, new.displays = hands, displays
        new.face_up, new.card_chip = self.face_up[:], self.card_chip[:]
        new.chip_card, new.chip_face = self.chip_card[:], self.chip_face[:]
        new.seen_by, new.tracked_places = self.seen_by[:], self.tracked_places[:]
        new.tracked_cards = self.tracked_cards[:]
        new.victory_points, new.eliminated = self.victory_points[:], self.eliminated[:]
        new.turn_values, new.stats = self.turn_values[:], self.stats[:]
        new.last_card, new.last_effect = self.last_card, self.last_effect
        new.chance, new.trace, new.round_log = self.chance.clone(), None, None
        new.reveal = self.reveal
        new.legal_cache, new.plan_only = self.legal_cache, self.plan_only
        return new

    # --- hidden information --------------------------------------------------------------
    def observation(self, player: int) -> str:
        """Everything ``player`` sees or remembers (§8), canonical."""
        return text.observation(self, player)

    def determinize(self, player: int, rng: random.Random) -> Position:
        """Redeal every card ``player`` cannot identify among the hidden places (§8)."""
        return sample.determinize(self, player, rng)

    # --- records, narrative ---------------------------------------------------------------
    def outcome(self) -> dict[str, Any]:
        """Per-game and per-seat statistics (§9)."""
        return text.outcome(self)

    def action_label(self, action: int, viewer: int | None = None, *, reveal: bool = False) -> str:
        """Readable label of ``action`` now, as ``viewer`` sees it (None: the seat to act)."""
        return text.label(self, action, viewer, reveal)

    def action_classes(self, action: int) -> tuple[str, ...]:
        """resolve/<family>/<value>, mode/up|down|discard_flip, card/<deck>/<value>."""
        return text.classes(self, action)

    def action_info(self, action: int) -> dict[str, Any]:
        """Decoded action columns (before apply)."""
        return text.action_info(self, action)

    def post_action_info(self) -> dict[str, Any]:
        """Columns known after apply: drawn card, values after."""
        return text.post_action_info(self)

    def heuristic_value(self, player: int) -> float:
        """Chance to win the race to ``points_to_win`` from here (``evaluate``), in [0, 1]."""
        return win_chances(self)[player]

    def enable_trace(self) -> None:
        """Start the narrative."""
        self.trace = []
        trace_round_start(self, self.seat_to_act)  # the deal so far, as the seat to act sees it

    def trace_lines(self) -> list[str]:
        """Narrative since the last call."""
        if self.trace is None:
            return []
        out, self.trace = self.trace, []
        return out

    def reveal_trace(self) -> None:
        """Analyst mode: narrative lines name every card, hidden ones included."""
        self.reveal = True

    def render(self) -> str:
        """Full text view of the position."""
        return text.render(self)


bind_pure(RatjackState, "apply", rules.apply)  # pure build: the rules function itself
fields.derive_clone(RatjackState, CLONE_RESETS, CLONE_SHARES)  # pure build: generated
