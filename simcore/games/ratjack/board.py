"""Card and chip primitives and target scans shared by the effect modules."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from simcore.games.ratjack.codes import CHIP, POS, SLOTS
from simcore.games.ratjack.content import LOCK, N_CHIPS, SHIELD

if TYPE_CHECKING:
    from simcore.games.ratjack.state import RatjackState as S

Test = Callable[["S", int], int]


def locked(s: S, c: int) -> bool:
    """The card carries the lock chip: it cannot be turned over or discarded (§5)."""
    k = s.chip[c]
    return k >= 0 and s.face[k] == LOCK


def movable(s: S, c: int) -> bool:
    """The card may change place (moved, taken, swapped): a lock stops that only under
    ``lock_blocks_moves`` (§5 [A])."""
    return not (s.rule_params.lock_blocks_moves and locked(s, c))


def shielded(s: S, c: int) -> bool:
    """The card carries the shield chip (other players' effects cannot choose it)."""
    k = s.chip[c]
    return k >= 0 and s.face[k] == SHIELD


# card tests used by the effects (s, card) -> bool
def no_chip(s: S, c: int) -> bool:
    """Free for a new chip."""
    return s.chip[c] < 0


def up_no_chip(s: S, c: int) -> int:
    """Face up, free for a chip."""
    return s.up[c] and s.chip[c] < 0


def down_no_chip(s: S, c: int) -> bool:
    """Face down, free for a chip."""
    return not s.up[c] and s.chip[c] < 0


def has_free_chip(s: S, c: int) -> bool:
    """Carries a chip that an effect may take, move, return or swap."""
    k = s.chip[c]
    return k >= 0 and (s.rule_params.lock_chip_removable or s.face[k] != LOCK)


def up_free_chip(s: S, c: int) -> int:
    """Face up with a removable chip."""
    return s.up[c] and has_free_chip(s, c)


def unlocked(s: S, c: int) -> bool:
    """Can be turned over or discarded (own card)."""
    return not locked(s, c)


def down_unlocked(s: S, c: int) -> bool:
    """Own face-down card that can be turned over or discarded."""
    return not s.up[c] and not locked(s, c)


def down_movable(s: S, c: int) -> bool:
    """Own face-down card that can change place without being turned."""
    return not s.up[c] and movable(s, c)


def opp_down_visible(s: S, c: int) -> bool:
    """Opponent's face-down card that may be looked at."""
    return not s.up[c] and not shielded(s, c)


def opp_down_turnable(s: S, c: int) -> bool:
    """Opponent's face-down card that may be turned face up (and taken)."""
    k = s.chip[c]
    return not s.up[c] and (k < 0 or s.face[k] not in (LOCK, SHIELD))


def opp_up_turnable(s: S, c: int) -> bool:
    """Opponent's face-up card that may be turned face down or discarded."""
    k = s.chip[c]
    return bool(s.up[c]) and (k < 0 or s.face[k] not in (LOCK, SHIELD))


def opp_up_takeable(s: S, c: int) -> bool:
    """Opponent's face-up card that may be taken or swapped (it stays face up)."""
    return bool(s.up[c]) and not shielded(s, c) and movable(s, c)


# seats
def opponents(s: S, a: int, chips: bool = False) -> Sequence[int]:
    """'Another player': non-eliminated opponents (eliminated ones too where the param says)."""
    if s.tgt_all or (chips and s.tgt_chips):
        return s.others[a]
    elim = s.elim
    out = []
    for q in s.others[a]:  # a loop, not a comprehension (no frame): effects ask this often
        if not elim[q]:
            out.append(q)
    return out


def with_self(s: S, a: int, chips: bool = False) -> list[int]:
    """Own seat first, then the targetable opponents ('any card')."""
    return [a, *opponents(s, a, chips)]


# scans
def scan(s: S, seats: Iterable[int], test: Test) -> list[int]:
    """Position actions of the cards of ``seats`` passing ``test``."""
    out = []
    for q in seats:
        base = POS + q * SLOTS
        for i, c in enumerate(s.disp[q]):
            if test(s, c):
                out.append(base + i)
    return out


def exists(s: S, seats: Iterable[int], test: Test) -> bool:
    """Any card of ``seats`` passes ``test``."""
    for q in seats:
        for c in s.disp[q]:
            if test(s, c):
                return True
    return False


def count(s: S, seats: Iterable[int], test: Test) -> int:
    """How many cards of ``seats`` pass ``test``."""
    return sum(1 for q in seats for c in s.disp[q] if test(s, c))


def at(s: S, action: int) -> tuple[int, int, int]:
    """(seat, slot, card) of a position action."""
    q, i = divmod(action - POS, SLOTS)
    return q, i, s.disp[q][i]


# chips
def reserve_count(s: S) -> int:
    """Chips in the reserve."""
    return s.chip_on.count(-1)


def reserve_actions(s: S) -> list[int]:
    """CHIP actions of the reserve faces, ascending."""
    return sorted(CHIP + s.face[k] for k in range(N_CHIPS) if s.chip_on[k] == -1)


def place_chip(s: S, c: int, face: int) -> None:
    """Put the reserve chip showing ``face`` on card ``c``."""
    k = s.ct.face_chip[face]
    s.chip_on[k] = c
    s.chip[c] = k


def unchip(s: S, c: int) -> int:
    """Return card ``c``'s chip to the reserve; the chip index."""
    k = s.chip[c]
    s.chip[c] = -1
    s.chip_on[k] = -1
    return k


def move_chip(s: S, src: int, dst: int) -> None:
    """Move the chip of ``src`` onto ``dst`` (which has none)."""
    k = s.chip[src]
    s.chip[src] = -1
    s.chip[dst] = k
    s.chip_on[k] = dst


# cards
def set_side(s: S, c: int, owner: int, face_up: bool) -> None:
    """Turn ``c`` (in ``owner``'s display); keep the knowledge masks right (§8)."""
    s.up[c] = 1 if face_up else 0
    if face_up:
        s.seen[c] = s.all
    else:
        s.seen[c] |= 1 << owner


def to_discard(s: S, c: int) -> None:
    """Card ``c`` (already removed from its place) goes on top of the discard pile."""
    k = s.chip[c]
    if k >= 0:  # §5 [A]: the chip returns to the reserve (or leaves the round)
        s.chip[c] = -1
        s.chip_on[k] = -1 if s.rule_params.discarded_chip == "reserve" else -2
    s.up[c] = 0
    s.seen[c] = s.all
    s.discard.append(c)


def discard_at(s: S, q: int, i: int) -> int:
    """Discard the card at slot ``i`` of ``q``'s display; the card."""
    c = s.disp[q].pop(i)
    to_discard(s, c)
    return c


def take_card(s: S, q: int, i: int, to: int, face_up: bool) -> int:
    """Move a display card to ``to``'s display on the given side; chip travels along."""
    c = s.disp[q].pop(i)
    s.disp[to].append(c)
    set_side(s, c, to, face_up)
    return c


def deck_leaves(s: S, k: int, partial: bool = False) -> bool:
    """The top ``k`` deck cards can be taken (fewer if ``partial`` and the deck is short) and
    the deck still holds the cards a later step of the same effect draws (``s.pend``: raccoon
    3's draw after the card it activated). §4.3: legality covers every step, not the first."""
    n = len(s.deck)
    if n < k and not partial:
        return False
    return n - min(k, n) >= s.pend


def draw_top(s: S, a: int) -> int:
    """Top card of the deck into ``a``'s hand (only ``a`` sees it)."""
    c = s.deck.pop()
    s.hand[a].append(c)
    s.seen[c] = 1 << a
    return c
