"""Restricted play: a policy that never takes a class of actions (the balance analyses' tool)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable
from typing import Any

from simcore.core.api import State

Forbid = Callable[[State, int], bool]


class RestrictedView:
    """A state proxy whose ``legal_actions`` for ``seat`` exclude forbidden actions.

    Clones and determinizations stay restricted, so a search policy also plans without them.
    Forced-violation rule: if every legal action is forbidden, all stay legal and the wrapped
    policy chooses among them by its own judgement (its least-bad move); ``Restricted`` counts
    such decisions per seat (the seats table's ``forced_moves``).
    """

    __slots__ = ("_forbid", "_seat", "_state")

    def __init__(self, state: State, seat: int, forbid: Forbid) -> None:
        self._state = state
        self._seat = seat
        self._forbid = forbid

    def legal_actions(self) -> list[int]:
        """Legal actions minus the forbidden ones when ``seat`` is to act."""
        actions = self._state.legal_actions()
        if self._state.current_player != self._seat:
            return actions
        kept = [a for a in actions if not self._forbid(self._state, a)]
        return kept or actions

    def forced(self) -> bool:
        """True when ``seat`` is to act and every legal action is forbidden."""
        if self._state.current_player != self._seat:
            return False
        return all(self._forbid(self._state, a) for a in self._state.legal_actions())

    def clone(self) -> RestrictedView:
        """A restricted clone."""
        return RestrictedView(self._state.clone(), self._seat, self._forbid)

    def determinize(self, player: int, rng: random.Random) -> RestrictedView:
        """A restricted determinization."""
        return RestrictedView(self._state.determinize(player, rng), self._seat, self._forbid)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._state, name)


WINDOW = re.compile(r"^(?P<cls>[^@]+)(?:@round(?P<lo>\d+)(?:-(?P<hi>\d+))?)?$")


def parse_class(text: str) -> tuple[str, int, int]:
    """``place/S3@round4-5`` -> ("place/S3", 4, 5); no window -> (class, 0, 0). ValueError if
    the window is malformed or empty."""
    found = WINDOW.match(text)
    if not found:
        raise ValueError(f"{text!r}: expected CLASS or CLASS@roundA or CLASS@roundA-B")
    lo = int(found["lo"] or 0)
    hi = int(found["hi"] or lo)
    if found["lo"] and not 1 <= lo <= hi:
        raise ValueError(f"{text!r}: the round window must satisfy 1 <= A <= B")
    return found["cls"], lo, hi


def class_forbid(classes: Iterable[str]) -> Forbid:
    """A predicate true for actions having any of ``classes`` (see ``State.action_classes``);
    a class with ``@roundA-B`` only forbids in rounds A..B (``State.round_number``)."""
    always, windows = set(), []
    for text in classes:
        name, lo, hi = parse_class(text)
        if lo:
            windows.append((name, lo, hi))
        else:
            always.add(name)
    wanted = frozenset(always)

    def forbid(state: State, action: int) -> bool:
        found = state.action_classes(action)
        if not wanted.isdisjoint(found):
            return True
        if windows:
            now = state.round_number()
            return any(lo <= now <= hi and name in found for name, lo, hi in windows)
        return False

    return forbid


class Restricted:
    """Wraps ``policy`` so the acting seat never takes actions matched by ``forbid``."""

    def __init__(self, policy: Any, forbid: Forbid | Iterable[str]) -> None:
        self.policy = policy
        self.forbid = forbid if callable(forbid) else class_forbid(forbid)
        self.classes = None if callable(forbid) else sorted(forbid)
        self.name = f"{policy.name}!forbid={'+'.join(self.classes or ['<fn>'])}"
        # A wall-clock-budget search stays non-deterministic when restricted.
        self.deterministic = getattr(policy, "deterministic", True)
        self.search = getattr(policy, "search", False)

        self._forced: dict[int, int] = {}

    def act(self, state: State, rng: random.Random) -> int:
        """The wrapped policy's choice among the allowed actions."""
        seat = state.current_player
        view = RestrictedView(state, seat, self.forbid)
        if view.forced():
            self._forced[seat] = self._forced.get(seat, 0) + 1
        return self.policy.act(view, rng)

    def pop_forced(self) -> dict[int, int]:
        """Forced violations per seat since the last call (the runner calls it per game)."""
        out, self._forced = self._forced, {}
        return out
