"""The position's fields are declared once (``position.Position``, ``board.Player``): names say
what they are, and every clone, fingerprint and check follows the declaration."""

from __future__ import annotations

import random

import pytest

from simcore.core import fields
from simcore.games.rats_of_wistar import RatsOfWistar
from simcore.games.rats_of_wistar.board import SPELLED_OUT_PLAYER_CLONE, Player
from simcore.games.rats_of_wistar.position import FINGERPRINTED, NOT_FINGERPRINTED, Position
from simcore.games.rats_of_wistar.state import CLONE_RESETS, SPELLED_OUT_CLONE, WistarState

GAME = RatsOfWistar()
PURE = not fields.is_compiled(WistarState)


def positions() -> list[WistarState]:
    """Positions of random 2-4 player games: the draft, mid-game (records open), the end."""
    out = []
    for n in (2, 3, 4):
        state, rng = GAME.new_state(n, 10 + n), random.Random(n)
        state.log_round_ends([])  # as the runner plays it: a copy must not share the log
        out.append(state.clone())
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            if state.steps % 37 == 0:
                out.append(state.clone())
        out.append(state)
    return out


def test_field_names_say_what_they_are():
    names = fields.declared_fields(Position) + fields.declared_fields(Player)
    short = [n for n in names if len(n.lstrip("_")) < 4 and n not in ("rng", "n")]
    assert short == []


def test_the_fingerprint_covers_every_field_but_rules_caches_and_records():
    declared = fields.declared_fields(Position)
    assert set(declared) >= NOT_FINGERPRINTED
    assert set(FINGERPRINTED) == set(declared) - NOT_FINGERPRINTED
    state = positions()[1]
    for name in FINGERPRINTED:  # changing any fingerprinted field changes the fingerprint
        copy = state.clone()
        value = getattr(copy, name)
        if isinstance(value, list):
            value.append(value[0] if value else 0)
        elif isinstance(value, bool):
            setattr(copy, name, not value)
        elif isinstance(value, int):
            setattr(copy, name, value + 1)
        elif isinstance(value, tuple):
            setattr(copy, name, (*value, 0))
        else:
            copy.reseed(random.Random(1))
        assert copy.fingerprint() != state.fingerprint(), name


def test_clone_copies_every_declared_field_independently():
    # runs in both builds: the compiled build's clone is the spelled-out one
    states = positions()
    assert any(state.round_log for state in states)  # not vacuous: a filled log was cloned
    for state in states:
        copy = state.clone()
        assert type(copy) is WistarState
        assert fields.check_clone(state, copy, CLONE_RESETS) == []
        for board, theirs in zip(state.players, copy.players, strict=True):
            assert fields.check_clone(board, theirs) == []
        assert copy.fingerprint() == state.fingerprint()


@pytest.mark.skipif(not PURE, reason="the compiled build runs the spelled-out clones itself")
def test_the_spelled_out_clones_copy_what_the_declaration_says():
    assert WistarState.clone is not SPELLED_OUT_CLONE  # the pure build's clone is derived
    for state in positions():
        copy = SPELLED_OUT_CLONE(state)
        assert type(copy) is WistarState
        assert fields.check_clone(state, copy, CLONE_RESETS) == []
        for board in state.players:
            assert fields.check_clone(board, SPELLED_OUT_PLAYER_CLONE(board)) == []


@pytest.mark.skipif(not PURE, reason="declares a field on a pure-Python subclass")
def test_a_declared_field_the_spelled_out_clone_forgets_fails_the_check():
    class Extended(WistarState):
        extra_field: list[int]
        __slots__ = tuple(__annotations__)

    state = positions()[1]
    extended = object.__new__(Extended)
    for name in fields.declared_fields(WistarState):
        setattr(extended, name, getattr(state, name))
    extended.extra_field = [1]
    problems = fields.check_clone(extended, SPELLED_OUT_CLONE(extended), CLONE_RESETS)
    assert problems == ["extra_field: not cloned"]
    assert fields.check_clone(extended, fields.make_clone(Extended, CLONE_RESETS)(extended)) == []
