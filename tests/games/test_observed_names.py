"""Labels and traces are observations, in every game: a card a label or a trace line names is
one the viewing seat has seen (its own hand, a public place, a card shown to it), at that
moment or earlier in the game. Beyond the conformance suite's redeal check: an action's code
can itself identify a hidden hand card, which no redeal changes.

Each game says which cards a seat cannot see now (``unseen``); the rest it sees. A name counts
as seen once any card of that name was seen (copies of one card are not told apart)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from simcore.core import registry
from simcore.core.rng import policy_stream
from strategies.registry import make_policy


def _ratjack(s: Any) -> tuple[dict[int, str], Callable[[int], set[int]]]:
    from simcore.games.ratjack.content import N_CARDS
    from simcore.games.ratjack.narrative import card_str, sees

    return {c: card_str(s, c) for c in range(N_CARDS)}, lambda v: {
        c for c in range(N_CARDS) if not sees(s, c, v)
    }


def _lord_of_worlds(s: Any) -> tuple[dict[int, str], Callable[[int], set[int]]]:
    names = s.context.cards

    def unseen(v: int) -> set[int]:
        # a card kind is seen when a card of it is anywhere the seat can look: its hand, the
        # display, the discard pile, a rival's hired cards, a deck whose content is public
        seen = {k for k, n in enumerate(s.hands[v]) if n}
        seen |= {k for pile in s.piles for k in pile}
        seen |= {k for k, n in enumerate(s.discard) if n}
        seen |= {k for q in range(s.n) for k, n in enumerate(s.known_cards[q]) if n}
        if s.deck_known:
            seen |= set(s.deck)
        return set(range(len(names.value))) - seen

    return {k: names.name(k) for k in range(len(names.value))}, unseen


def _rats_of_wistar(s: Any) -> tuple[dict[int, str], Callable[[int], set[int]]]:
    def unseen(v: int) -> set[int]:
        # §11: the decks and the cards of other hands the seat has not seen
        hidden = {c for deck in s.deck for c in deck}
        for q, pl in enumerate(s.players):
            if q != v:
                hidden |= {c for c in pl.hand if c not in pl.known_cards}
        return hidden

    return {i: c.name for i, c in enumerate(s.content.cards)}, unseen


VIEWS = {"ratjack": _ratjack, "lord_of_worlds": _lord_of_worlds, "rats_of_wistar": _rats_of_wistar}


class Observer:
    """The card names each seat has seen so far in one game."""

    def __init__(self, state: Any, game_id: str, players: int) -> None:
        self.names, self.unseen = VIEWS[game_id](state)
        self.patterns = {
            n: re.compile(rf"(?<![\w]){re.escape(n)}(?![\w])") for n in set(self.names.values())
        }
        self.seen: list[set[str]] = [set() for _ in range(players)]

    def look(self) -> None:
        """Every seat looks at the position now."""
        for v in range(len(self.seen)):
            hidden = self.unseen(v)
            self.seen[v] |= {n for c, n in self.names.items() if c not in hidden}

    def unseen_named(self, text: str, viewer: int) -> list[str]:
        """Card names in ``text`` that ``viewer`` has never seen."""
        return [
            n for n, p in self.patterns.items() if n not in self.seen[viewer] and p.search(text)
        ]


NEW_DEAL = re.compile(r"round \d+: chips show")


def _after_a_new_deal(lines: list[str]) -> list[str]:
    """The lines this check can judge: all of them, or in a decision that ends a Ratjack round,
    those from the next deal on. The lines before it narrate the ended round, whose cards the
    next deal has put elsewhere; what a seat saw of them is gone with the round."""
    starts = [i for i, line in enumerate(lines) if NEW_DEAL.match(line)]
    return lines[starts[-1] :] if starts else lines


def leaks(game: Any, players: int, seed: int) -> list[str]:
    """Every label (each seat's label of each legal action) and every trace line (under the
    decision of the seat that took it) that names a card its viewer has not seen."""
    state = game.new_state(players, seed)
    state.enable_trace()
    observer = Observer(state, game.spec.id, players)
    policies = [make_policy("random", game) for _ in range(players)]
    rngs = [policy_stream(seed, seat) for seat in range(players)]
    found: list[str] = []
    observer.look()
    first = state.current_player
    setup = state.trace_lines()
    found += [
        f"seat {first} (setup): {line}" for line in setup if observer.unseen_named(line, first)
    ]
    while not state.is_terminal():  # the seats looked before the loop and after each decision
        actor = state.current_player
        legal = state.legal_actions()
        for viewer in range(players):
            for action in legal:
                label = state.action_label(action, viewer)
                if observer.unseen_named(label, viewer):
                    found.append(f"seat {viewer}'s label of seat {actor}'s {label!r}")
        state.apply(policies[actor].act(state, rngs[actor]))
        observer.look()  # a card the decision showed its seat (a draw, a look) is seen now
        for line in _after_a_new_deal(state.trace_lines()):
            if observer.unseen_named(line, actor):
                found.append(f"under seat {actor}'s decision: {line!r}")
    return found


@pytest.mark.parametrize("game_id", sorted(VIEWS))
@pytest.mark.parametrize("players", [2, 3])
def test_labels_and_traces_name_only_cards_the_viewer_has_seen(game_id, players):
    game = registry.make_game(game_id)
    found = [leak for seed in range(3) for leak in leaks(game, players, seed)]
    assert not found, found[:5]


def test_the_check_finds_a_label_that_names_a_hidden_hand_card(monkeypatch):
    # a fixture labeller that shows every seat the analyst's view: the check must object
    game = registry.make_game("rats_of_wistar")
    state_class = type(game.new_state(2, 0))
    honest = state_class.action_label

    def peeking(self, action, viewer=None, *, reveal=False):
        return honest(self, action, viewer, reveal=True)

    monkeypatch.setattr(state_class, "action_label", peeking)
    found = [leak for seed in range(3) for leak in leaks(game, 3, seed)]
    assert any("label of seat" in leak for leak in found)


@pytest.mark.parametrize("seed", range(10))
def test_ratjack_3_player_traces_and_labels_of_seeds_0_to_9(seed):
    # Revision 4, §8: without --reveal, no line names a card another seat holds unseen
    assert not leaks(registry.make_game("ratjack"), 3, seed)
