"""Card and chip primitives and target scans shared by the effect modules."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from simcore.games.ratjack.codes import CHIP, POS, SLOTS
from simcore.games.ratjack.content import LOCK, N_CHIPS, SHIELD
from simcore.games.ratjack.position import Position

Test = Callable[[Position, int], int]


def locked(s: Position, c: int) -> bool:
    """The card carries the lock chip: it cannot be turned over or discarded (§5)."""
    k = s.card_chip[c]
    return k >= 0 and s.chip_face[k] == LOCK


def movable(s: Position, c: int) -> bool:
    """The card may change place (moved, taken, swapped): a lock stops that only under
    ``lock_blocks_moves`` (§5 [A])."""
    return not (s.params.lock_blocks_moves and locked(s, c))


def shielded(s: Position, c: int) -> bool:
    """The card carries the shield chip (other players' effects cannot choose it)."""
    k = s.card_chip[c]
    return k >= 0 and s.chip_face[k] == SHIELD


# card tests used by the effects (s, card) -> bool
def no_chip(s: Position, c: int) -> bool:
    """Free for a new chip."""
    return s.card_chip[c] < 0


def up_no_chip(s: Position, c: int) -> int:
    """Face up, free for a chip."""
    return s.face_up[c] and s.card_chip[c] < 0


def down_no_chip(s: Position, c: int) -> bool:
    """Face down, free for a chip."""
    return not s.face_up[c] and s.card_chip[c] < 0


def has_free_chip(s: Position, c: int) -> bool:
    """Carries a chip that an effect may take, move, return or swap."""
    k = s.card_chip[c]
    return k >= 0 and (s.params.lock_chip_removable or s.chip_face[k] != LOCK)


def up_free_chip(s: Position, c: int) -> int:
    """Face up with a removable chip."""
    return s.face_up[c] and has_free_chip(s, c)


def unlocked(s: Position, c: int) -> bool:
    """Can be turned over or discarded (own card)."""
    return not locked(s, c)


def down_unlocked(s: Position, c: int) -> bool:
    """Own face-down card that can be turned over or discarded."""
    return not s.face_up[c] and not locked(s, c)


def down_movable(s: Position, c: int) -> bool:
    """Own face-down card that can change place without being turned."""
    return not s.face_up[c] and movable(s, c)


def opp_down_visible(s: Position, c: int) -> bool:
    """Opponent's face-down card that may be looked at."""
    return not s.face_up[c] and not shielded(s, c)


def opp_down_turnable(s: Position, c: int) -> bool:
    """Opponent's face-down card that may be turned face up (and taken)."""
    k = s.card_chip[c]
    return not s.face_up[c] and (k < 0 or s.chip_face[k] not in (LOCK, SHIELD))


def opp_up_turnable(s: Position, c: int) -> bool:
    """Opponent's face-up card that may be turned face down or discarded."""
    k = s.card_chip[c]
    return bool(s.face_up[c]) and (k < 0 or s.chip_face[k] not in (LOCK, SHIELD))


def opp_up_takeable(s: Position, c: int) -> bool:
    """Opponent's face-up card that may be taken or swapped (it stays face up)."""
    return bool(s.face_up[c]) and not shielded(s, c) and movable(s, c)


# seats
def opponents(s: Position, a: int, chips: bool = False) -> Sequence[int]:
    """'Another player': non-eliminated opponents (eliminated ones too where the param says)."""
    if s.eliminated_all_targetable or (chips and s.eliminated_chips_targetable):
        return s.opponents_of[a]
    elim = s.eliminated
    out = []
    for q in s.opponents_of[a]:  # a loop, not a comprehension (no frame): effects ask this often
        if not elim[q]:
            out.append(q)
    return out


def with_self(s: Position, a: int, chips: bool = False) -> list[int]:
    """Own seat first, then the targetable opponents ('any card')."""
    return [a, *opponents(s, a, chips)]


# scans
def scan(s: Position, seats: Iterable[int], test: Test) -> list[int]:
    """Position actions of the cards of ``seats`` passing ``test``."""
    out = []
    for q in seats:
        base = POS + q * SLOTS
        for i, c in enumerate(s.displays[q]):
            if test(s, c):
                out.append(base + i)
    return out


def exists(s: Position, seats: Iterable[int], test: Test) -> bool:
    """Any card of ``seats`` passes ``test``."""
    for q in seats:
        for c in s.displays[q]:
            if test(s, c):
                return True
    return False


def count(s: Position, seats: Iterable[int], test: Test) -> int:
    """How many cards of ``seats`` pass ``test``."""
    return sum(1 for q in seats for c in s.displays[q] if test(s, c))


def at(s: Position, action: int) -> tuple[int, int, int]:
    """(seat, slot, card) of a position action."""
    q, i = divmod(action - POS, SLOTS)
    return q, i, s.displays[q][i]


# chips
def reserve_count(s: Position) -> int:
    """Chips in the reserve."""
    return s.chip_card.count(-1)


def reserve_actions(s: Position) -> list[int]:
    """CHIP actions of the reserve faces, ascending."""
    out = []  # a loop, not a generator: no frame (an option list of every chip decision)
    for k in range(N_CHIPS):
        if s.chip_card[k] == -1:
            out.append(CHIP + s.chip_face[k])
    out.sort()
    return out


def place_chip(s: Position, c: int, face: int) -> None:
    """Put the reserve chip showing ``face`` on card ``c``."""
    k = s.content.face_chip[face]
    s.chip_card[k] = c
    s.card_chip[c] = k


def unchip(s: Position, c: int) -> int:
    """Return card ``c``'s chip to the reserve; the chip index."""
    k = s.card_chip[c]
    s.card_chip[c] = -1
    s.chip_card[k] = -1
    return k


def move_chip(s: Position, src: int, dst: int) -> None:
    """Move the chip of ``src`` onto ``dst`` (which has none)."""
    k = s.card_chip[src]
    s.card_chip[src] = -1
    s.card_chip[dst] = k
    s.chip_card[k] = dst


# cards
def set_side(s: Position, c: int, owner: int, face_up: bool) -> None:
    """Turn ``c`` (in ``owner``'s display); keep the knowledge masks right (§8)."""
    s.face_up[c] = 1 if face_up else 0
    if face_up:
        s.seen_by[c] = s.all_seats
    else:
        s.seen_by[c] |= 1 << owner


def to_discard(s: Position, c: int) -> None:
    """Card ``c`` (already removed from its place) goes on top of the discard pile."""
    k = s.card_chip[c]
    if k >= 0:  # §5 [A]: the chip returns to the reserve (or leaves the round)
        s.card_chip[c] = -1
        s.chip_card[k] = -1 if s.params.discarded_chip == "reserve" else -2
    s.face_up[c] = 0
    s.seen_by[c] = s.all_seats
    s.discard.append(c)


def discard_at(s: Position, q: int, i: int) -> int:
    """Discard the card at slot ``i`` of ``q``'s display; the card."""
    c = s.displays[q].pop(i)
    to_discard(s, c)
    return c


def take_card(s: Position, q: int, i: int, to: int, face_up: bool) -> int:
    """Move a display card to ``to``'s display on the given side; chip travels along."""
    c = s.displays[q].pop(i)
    s.displays[to].append(c)
    set_side(s, c, to, face_up)
    return c


def deck_leaves(s: Position, k: int, partial: bool = False) -> bool:
    """The top ``k`` deck cards can be taken (fewer if ``partial`` and the deck is short) and
    the deck still holds the cards a later step of the same effect draws (``pending_draws``:
    raccoon 3's draw after the card it activated). §4.3: legality covers every step, not the
    first."""
    n = len(s.deck)
    if n < k and not partial:
        return False
    return n - min(k, n) >= s.pending_draws


def draw_top(s: Position, a: int) -> int:
    """Top card of the deck into ``a``'s hand (only ``a`` sees it)."""
    c = s.deck.pop()
    s.hands[a].append(c)
    s.seen_by[c] = 1 << a
    return c
