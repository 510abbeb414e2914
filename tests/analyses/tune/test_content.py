"""Content paths, the TOML writer and the permutation encoding of the search space."""

from __future__ import annotations

import tomllib

from hypothesis import given
from hypothesis import strategies as st

from analyses.tune import content as cf
from analyses.tune.space import Dim


def test_paths_read_and_write_nested_content():
    data = {"w": [{"id": "S1", "spaces": [{"all": [{"gain": {"wood": 1}}]}]}]}
    path = "w[id=S1].spaces[0].all[0].gain.wood"
    assert cf.get(data, path) == 1
    cf.put(data, path, 3)
    assert data["w"][0]["spaces"][0]["all"][0]["gain"]["wood"] == 3
    assert cf.expand({"d": {"c": [{"e": 1}, {"e": 2}]}}, "d.c[*].e") == ["d.c[0].e", "d.c[1].e"]


def test_to_toml_round_trips():
    data = {"a": 1, "b-c": [1.5, 'x"y'], "t": {"k": [{"v": True}], "odd key": "é"}}
    assert tomllib.loads(cf.to_toml(data)) == data


@given(st.lists(st.integers(), min_size=2, max_size=8, unique=True), st.data())
def test_a_lehmer_code_is_one_permutation_of_the_values(values, data):
    dim = Dim("p", "permute", "permutation", tuple(values), tuple(values))
    params = {k: data.draw(st.integers(d.low, d.high)) for k, d in dim.distributions().items()}
    assert sorted(dim.decode(params)) == sorted(values)
    zero = {k: 0 for k in dim.distributions()}
    assert dim.decode(zero) == list(values)  # all-zero digits: the current order
