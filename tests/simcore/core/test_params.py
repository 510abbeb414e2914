"""Params: defaults, coercion, validation, hashing."""

import pytest

from simcore.core.errors import ConfigError
from tests.fixtures.duel import DuelParams


def test_defaults_and_hash_are_stable():
    assert DuelParams().turns_each == 3
    assert DuelParams().params_hash() == DuelParams.from_overrides({}).params_hash()
    assert DuelParams().params_hash() != DuelParams(turns_each=2).params_hash()


def test_unknown_parameter_names_key_and_allowed():
    with pytest.raises(ConfigError, match=r"unknown parameter 'turnz'.*allowed: turns_each"):
        DuelParams.from_overrides({"turnz": 2})


def test_wrong_type_names_key():
    with pytest.raises(ConfigError, match=r"'duel.turns_each' must be int.*'three'"):
        DuelParams.from_overrides({"turns_each": "three"})
    with pytest.raises(ConfigError, match="must be int"):
        DuelParams.from_overrides({"turns_each": True})


def test_range_and_cross_field_checks():
    with pytest.raises(ConfigError, match=">= 1"):
        DuelParams(turns_each=0)
    with pytest.raises(ConfigError, match="<= 6"):
        DuelParams(turns_each=7)


def test_params_are_frozen():
    params = DuelParams()
    with pytest.raises(AttributeError):
        params.turns_each = 4  # type: ignore[misc]
    assert params.replace(turns_each=2).turns_each == 2


def test_params_copy_takes_the_fields_the_params_have():
    import dataclasses

    from simcore.core.params import params_copy, params_fields

    @dataclasses.dataclass(frozen=True)
    class Some:
        bonus_card: int

    @dataclasses.dataclass(frozen=True)
    class Mixed:
        bonus_card: int
        other: str = "x"

    assert params_copy(Some, DuelParams(bonus_card=3)) == Some(bonus_card=3)
    assert params_fields(Mixed, DuelParams(bonus_card=4)) == {"bonus_card": 4}
