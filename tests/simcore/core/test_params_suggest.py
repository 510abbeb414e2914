"""An unknown rule parameter is answered with the names it is closest to."""

from __future__ import annotations

import pytest

from simcore.core import registry
from simcore.core.errors import ConfigError


def test_a_misspelt_parameter_says_did_you_mean():
    with pytest.raises(ConfigError, match="did you mean hut_potions"):
        registry.make_game("rats_of_wistar", {"hut_potion": 3})


def test_a_name_like_none_lists_what_is_allowed_only():
    with pytest.raises(ConfigError) as err:
        registry.make_game("ratjack", {"zzzz": 1})
    assert "did you mean" not in str(err.value) and "allowed:" in str(err.value)
