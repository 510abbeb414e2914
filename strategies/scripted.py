"""Decisions replayed from a record: the ``human`` policy of ``boardlab playtest`` and the
wrapper that lets every seat of a recorded game replay its own moves.

A playtest game is played live (a person in the browser, bots on the server) and then written
as an ordinary run by the sweep engine. While the engine plays it, ``replaying(script)`` is in
force: every policy built then answers from ``script`` (a position's fingerprint -> the action
taken there), so the tables are the engine's own replay of the live game, and a bot's search is
not run twice. Outside a replay the ``human`` policy is refused: only a person plays it.
"""

from __future__ import annotations

import contextvars
import random
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from simcore.core.api import Game, State
from simcore.core.errors import ConfigError
from strategies.base import check_options
from strategies.ladder import family

Script = Mapping[tuple[Any, ...], int]  # State.fingerprint() -> the action taken there
Thinks = Mapping[tuple[Any, ...], float | None]  # State.fingerprint() -> a person's think time
_SCRIPT: contextvars.ContextVar[Script | None] = contextvars.ContextVar("script", default=None)
_THINKS: contextvars.ContextVar[Thinks | None] = contextvars.ContextVar("thinks", default=None)


@contextmanager
def replaying(script: Script, thinks: Thinks | None = None) -> Iterator[None]:
    """Within the block, policies built or asked answer from ``script`` where it has the
    position (the engine replays a recorded game); a person's seat also gives its recorded
    think time there (``thinks``), the actions table's ``think_ms``."""
    token = _SCRIPT.set(script)
    timed = _THINKS.set(thinks)
    try:
        yield
    finally:
        _THINKS.reset(timed)
        _SCRIPT.reset(token)


def active() -> bool:
    """Whether a recorded game is being replayed."""
    return _SCRIPT.get() is not None


class Scripted:
    """A policy that takes the recorded action where the replay has the position, else asks
    the policy it wraps (every other attribute is the wrapped policy's)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.name = getattr(inner, "name", "policy")

    def act(self, state: State, rng: random.Random) -> int:
        """The recorded action at this position, or the wrapped policy's."""
        script = _SCRIPT.get()
        if script is not None:
            action = script.get(state.fingerprint())
            if action is not None:
                return action
        return int(self.inner.act(state, rng))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def is_human(spec: str) -> bool:
    """Whether a seat spec is a person's (``human`` or ``human:name=...``)."""
    return family(spec) == "human"


class HumanPolicy:
    """A person's seat: its moves come only from a recorded playtest game. It times its
    decisions: after each ``act``, ``think_ms`` is the person's recorded think time there
    (the sweep engine writes it on the actions row)."""

    def __init__(self, name: str = "") -> None:
        self.name = "human"
        self.person = name
        self.think_ms: float | None = None

    def act(self, state: State, rng: random.Random) -> int:
        """The person's recorded move at this position."""
        script = _SCRIPT.get()
        position = state.fingerprint()
        action = None if script is None else script.get(position)
        if action is None:
            raise ConfigError(
                "a 'human' seat is played by a person: use `boardlab playtest`, or replay its "
                "recorded games with `boardlab replay`"
            )
        thinks = _THINKS.get()
        self.think_ms = None if thinks is None else thinks.get(position)
        return action


def make_human(game: Game, **options: object) -> HumanPolicy:
    """A person's seat (``human`` or ``human:name=alice``), played with ``boardlab playtest``."""
    check_options("human", dict(options), {"name": str})
    return HumanPolicy(str(options.get("name", "")))
