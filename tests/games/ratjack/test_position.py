"""The position's fields are declared once (``position.Position``): both clones, the
fingerprint and the slots follow that declaration."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from simcore.core import fields
from simcore.core.chance import ChanceStream
from simcore.games.ratjack import Ratjack, RatjackState
from simcore.games.ratjack.position import (
    CLONE_RESETS,
    CLONE_SHARES,
    FINGERPRINTED,
    NOT_POSITION,
    Position,
)
from strategies.registry import make_policy


def _positions(n_games: int = 6) -> Iterator[RatjackState]:
    """Positions of every phase from heuristic and random games, some traced, some reseeded
    or made lookahead copies, with chance events drawn. The live ones move on after the
    caller's look: check them before taking the next."""
    game = Ratjack.from_overrides({"decks": ["weasel", "raccoon"]})
    for seed in range(n_games):
        spec = "heuristic" if seed % 2 else "random"
        policy, rng = make_policy(spec, game), random.Random(seed)
        s = game.new_state(2 + seed % 3, seed)
        if seed % 3 == 0:
            s.enable_trace()
        else:  # a played game's log: a copy must not share it
            s.log_round_ends([])
        while not s.is_terminal():
            s.legal_actions()  # fills the cache, which clones share
            if s.turns % 7 == 3:
                copy = s.clone()
                if seed % 2:
                    copy.reseed(random.Random(seed))
                else:
                    copy.plan()
                yield s
                yield copy
            s.apply(policy.act(s, rng))
        yield s


def test_the_clones_copy_every_declared_field():
    checked = logged = 0
    for s in _positions():
        for copy in (s.clone(), s.spelled_out_clone()):
            assert fields.check_clone(s, copy, CLONE_RESETS, CLONE_SHARES) == [], s.turns
            assert type(copy) is RatjackState and copy.fingerprint() == s.fingerprint()
        checked += s.trace is not None and s.legal_cache is not None
        logged += bool(s.round_log)
    assert checked > 0 and logged > 0  # not vacuous: traced positions with a cache and
    # positions with a filled log were cloned


@pytest.mark.skipif(fields.is_compiled(RatjackState), reason="a native class has no subclass")
def test_a_field_declared_without_being_cloned_fails_the_clone_check():
    class Grown(RatjackState):
        new_field: list[int]
        __slots__ = tuple(__annotations__)

    s = next(_positions(1))
    grown = Grown.__new__(Grown)
    for name in fields.declared_fields(RatjackState):
        setattr(grown, name, getattr(s, name))
    grown.new_field = [1]
    problems = fields.check_clone(grown, grown.spelled_out_clone(), CLONE_RESETS, CLONE_SHARES)
    assert problems == ["new_field: not cloned"]
    fields.derive_clone(Grown, CLONE_RESETS, CLONE_SHARES)  # the generated clone has it
    assert fields.check_clone(grown, grown.clone(), CLONE_RESETS, CLONE_SHARES) == []


def _changed(value: object) -> object:
    """A different value of the same kind."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int | str):
        return value + (1 if isinstance(value, int) else "x")
    if isinstance(value, list):
        return [*value, [] if value and isinstance(value[0], list) else 99]
    if isinstance(value, tuple):
        return (*value, 1)
    if isinstance(value, ChanceStream):
        other = value.clone()
        other.next_stream()
        return other
    raise AssertionError(f"no change known for {value!r}")


def test_the_fingerprint_covers_every_field_of_the_position_and_nothing_else():
    *_, s = _positions(1)
    before = s.fingerprint()
    for name in FINGERPRINTED:
        copy = s.clone()
        setattr(copy, name, _changed(getattr(s, name)))
        assert copy.fingerprint() != before, name
    other = Ratjack.from_overrides({"target": 21, "decks": ["rat_red", "raccoon"]})
    other_state = other.new_state(s.n, 1)
    for name in NOT_POSITION:
        copy, value = s.clone(), getattr(s, name)
        if isinstance(value, bool):
            new_value: object = not value
        elif value is None or isinstance(value, list):
            new_value = [] if value is None else None
        elif name == "effect_table":
            new_value = tuple(reversed(value))
        else:  # the game's tables: another game's
            new_value = getattr(other_state, name)
        assert new_value != value
        setattr(copy, name, new_value)
        assert copy.fingerprint() == before, name


def test_every_field_is_declared_once_and_named_lists_name_declared_fields():
    declared = fields.declared_fields(Position)
    assert len(set(declared)) == len(declared) == len(FINGERPRINTED) + len(NOT_POSITION)
    assert fields.declared_fields(RatjackState) == declared  # the API adds no field
    assert {*CLONE_RESETS, *CLONE_SHARES, *NOT_POSITION} <= set(declared)
    short = [n for n in declared if len(n) < 4 and n not in ("rng", "n")]
    assert short == []
