"""The position's fields are declared once (``position.Position``): both clones, the
fingerprint and the slots follow that declaration."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from simcore.core import fields
from simcore.core.chance import ChanceStream
from simcore.games.lord_of_worlds import LordOfWorlds, LordOfWorldsState
from simcore.games.lord_of_worlds.position import (
    CLONE_RESETS,
    CLONE_SHARES,
    FINGERPRINTED,
    NOT_POSITION,
    Position,
)
from strategies.registry import make_policy


def _positions(n_games: int = 6) -> Iterator[LordOfWorldsState]:
    """Positions of every phase from heuristic and random games of both variants, some traced,
    some reseeded or determinized, with reshuffles drawn and the memo filled. The live ones move
    on after the caller's look: check them before taking the next."""
    for seed in range(n_games):
        variant = "strategic" if seed % 2 else "standard"
        game = LordOfWorlds.from_overrides({"variant": variant})
        spec = "heuristic" if seed % 3 else "random"
        policy, rng = make_policy(spec, game), random.Random(seed)
        s = game.new_state(2 + seed % 3, seed)
        if seed % 3 == 0:
            s.enable_trace()
        else:  # a played game's log: a copy must not share it
            s.log_round_ends([])
        while not s.is_terminal():
            s.legal_actions()  # fills the legal cache, which clones share
            s.faceup_tiles()  # and the memo
            if s.turns % 9 == 4:
                copy = s.clone()
                if seed % 2:
                    copy.reseed(random.Random(seed))
                else:
                    copy = s.determinize(s.player, random.Random(seed))
                yield s
                yield copy
            s.apply(policy.act(s, rng))
        yield s


def test_the_clones_copy_every_declared_field():
    checked = reshuffled = logged = 0
    for s in _positions():
        for copy in (s.clone(), s.spelled_out_clone()):
            assert fields.check_clone(s, copy, CLONE_RESETS, CLONE_SHARES) == [], s.turns
            assert type(copy) is LordOfWorldsState and copy.fingerprint() == s.fingerprint()
            assert copy.cache is not s.cache  # the memo is the copy's own (filled per copy)
        checked += s.trace is not None and s.legal_cache is not None
        reshuffled += s.reshuffles > 0
        logged += bool(s.round_log)
    assert checked > 0 and reshuffled > 0 and logged > 0  # not vacuous: traced, cached,
    # reshuffled, logging positions


@pytest.mark.skipif(fields.is_compiled(LordOfWorldsState), reason="a native class has no subclass")
def test_a_field_declared_without_being_cloned_fails_the_clone_check():
    class Grown(LordOfWorldsState):
        new_field: list[int]
        __slots__ = tuple(__annotations__)

    s = next(_positions(1))
    grown = Grown.__new__(Grown)
    for name in fields.declared_fields(LordOfWorldsState):
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
    other = LordOfWorlds.from_overrides({"variant": "strategic"}).context(s.n)
    for name in NOT_POSITION:
        copy, value = s.clone(), getattr(s, name)
        if name == "context":
            new_value: object = other
        elif value is None:
            new_value = []
        else:  # a list; the memo is typed as one (compiled, a native field refuses None)
            new_value = [*value, None] if name == "cache" else None
        assert new_value != value
        setattr(copy, name, new_value)
        assert copy.fingerprint() == before, name


def test_every_field_is_declared_once_and_named_lists_name_declared_fields():
    declared = fields.declared_fields(Position)
    assert len(set(declared)) == len(declared) == len(FINGERPRINTED) + len(NOT_POSITION)
    assert fields.declared_fields(LordOfWorldsState) == declared  # the API adds no field
    assert {*CLONE_SHARES, *NOT_POSITION} <= set(declared)
    short = [n for n in declared if len(n) < 4 and n not in ("rng", "n")]
    assert short == []


def test_the_pure_build_clones_by_the_declaration_the_compiled_build_spelled_out():
    # derive_clone replaces the method in the pure build only (a native class keeps its own)
    generated = "generated from the declared fields" in (LordOfWorldsState.clone.__doc__ or "")
    assert generated != fields.is_compiled(LordOfWorldsState)


def test_a_reshuffle_draws_the_event_its_count_numbers_and_a_reseed_keeps_the_count():
    # the deck is shuffled from ChanceStream event k, k the reshuffles before it (from 0);
    # determinization replaces the seed only, so a redealt world's next reshuffle is event k
    s = next(p for p in _positions(4) if p.reshuffles >= 1)
    assert s.chance.events == s.reshuffles - 1
    copy = s.clone()
    copy.reseed(random.Random(5))
    assert copy.chance.seed == random.Random(5).getrandbits(64)
    assert copy.chance.events == s.chance.events
