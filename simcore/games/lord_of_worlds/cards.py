"""Assistant deck, discard pile and the pile display (rules §2.2-§2.3, §3)."""

from __future__ import annotations

from simcore.core.rng import shuffle
from simcore.games.lord_of_worlds.position import Position
from simcore.games.lord_of_worlds.tables import WILD


def draw(s: Position) -> int:
    """Top card of the deck, or -1 if deck and discard pile are both empty (§3)."""
    if not s.deck:
        reshuffle(s)
        if not s.deck:
            return -1
    card = s.deck.pop()
    if not s.deck:
        reshuffle(s)  # "whenever the deck is empty": at once, not at the next draw
    return card


def reshuffle(s: Position) -> None:
    """Shuffle the discard pile into a new deck (no-op when the discard pile is empty)."""
    counts = s.discard
    if not any(counts):
        return
    # the discard pile is a multiset: rebuild it in kind order, then shuffle
    deck = [k for k, c in enumerate(counts) for _ in range(c)]
    shuffle(deck, s.chance.next_stream())
    s.deck = deck
    s.discard = [0] * len(counts)
    s.deck_known = s.phase >= 0  # hand draws during setup stay hidden
    s.reshuffles += 1
    s.note("the discard pile is shuffled into a new deck")


def fill_display(s: Position) -> None:
    """Deal cards into piles until ``display_piles`` piles exist or no card is left (§3)."""
    params = s.context.params
    want, close, wild_own = params.display_piles, params.pile_close_sum, params.wild_own_pile
    value, colour = s.context.cards.value, s.context.cards.colour
    while len(s.piles) < want:
        card = draw(s)
        if card < 0:
            return
        col = colour[card]
        target = _open_pile(s, col, close, wild_own)
        if target < 0:
            s.piles.append([card])
            s.pile_colour.append(col)
            s.pile_sum.append(value[card])
        else:
            s.piles[target].append(card)
            s.pile_sum[target] += value[card]
        if s.trace is not None:
            s.note(
                f"display: {s.context.cards.name(card)} -> pile {target if target >= 0 else '+'}"
            )


def _open_pile(s: Position, col: int, close: int, wild_own: bool) -> int:
    """Index of the open pile (sum below ``close``) the card joins, or -1 for a new pile."""
    if col == WILD and not wild_own:
        # [A] variant: a wild joins the newest open pile of any colour
        for i in range(len(s.piles) - 1, -1, -1):
            if s.pile_sum[i] < close:
                return i
        return -1
    for i, c in enumerate(s.pile_colour):
        if c == col and s.pile_sum[i] < close:
            return i
    return -1


def hire(s: Position, pile: int) -> list[int]:
    """Move every card of ``pile`` to the current player's hand and refill the display."""
    p = s.player
    cards = s.piles.pop(pile)
    s.pile_colour.pop(pile)
    s.pile_sum.pop(pile)
    hand, known = s.hands[p], s.known_cards[p]
    for k in cards:
        hand[k] += 1
        known[k] += 1  # hired cards were face up: everyone knows they are in this hand
    s.hand_size[p] += len(cards)
    fill_display(s)
    return cards


def remove_from_hand(s: Position, p: int, kind: int) -> None:
    """Take one card of ``kind`` out of ``p``'s hand (played or discarded face up)."""
    s.hands[p][kind] -= 1
    s.hand_size[p] -= 1
    if s.known_cards[p][kind]:
        s.known_cards[p][kind] -= 1
    else:  # it can only have come from the hidden starting hand (§7: a public fact)
        s.shown_start_cards[p][kind] += 1


def starting_hands(s: Position) -> None:
    """Each player in turn draws until the hand total exceeds ``start_hand_over`` (§2.3)."""
    over = s.context.params.start_hand_over
    value = s.context.cards.value
    for i in range(s.n):
        p = (s.first_player + i) % s.n
        total = 0
        while total <= over:
            card = draw(s)
            if card < 0:
                break
            s.hands[p][card] += 1
            s.hand_size[p] += 1
            total += value[card]
