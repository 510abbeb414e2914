"""Two players on one study: what may differ (only the players), wheel use and the hut
caveat rule, on hand-built configs and tables."""

from __future__ import annotations

import polars as pl
import pytest

from analyses.compare.players import (
    HutVerdict,
    hut_verdict,
    player_names,
    substitution,
    use_changes,
    wheel_use,
)
from analyses.sweeps.studies import wheel_sweep
from simcore.core.errors import ConfigError
from strategies.base import with_option

NAMES = ("A", "B")


def test_the_wheel_study_of_another_player_is_the_same_study_with_the_player_replaced():
    # every cell keeps its restriction in slot 0; only the player differs, everywhere
    heuristic = wheel_sweep(2)
    explorer = wheel_sweep(2, player="heuristic:style=explorer")
    assert explorer["seed"] == heuristic["seed"] and explorer["games"] == heuristic["games"]
    assert explorer["name"] == "rats-of-wistar-wheel-2p-explorer"
    assert explorer["grid"]["policies"][1][0] == "heuristic:style=explorer,forbid=place/S1"
    assert substitution(heuristic, explorer, NAMES) == {"heuristic": "heuristic:style=explorer"}
    assert player_names({"heuristic": "heuristic:style=explorer"}) == (
        "heuristic",
        "heuristic:style=explorer",
    )
    assert substitution(heuristic, heuristic, NAMES) == {"heuristic": "heuristic"}
    assert player_names({"heuristic": "heuristic"}) is None


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ("heuristic", "heuristic:forbid=place/S1"),
        ("heuristic:style=explorer", "heuristic:style=explorer,forbid=place/S1"),
        (
            "mcts:iterations=90,rollout=heuristic",
            "mcts:iterations=90,rollout=heuristic,forbid=place/S1",
        ),
        ("tests.fixtures.duel:Cautious", "tests.fixtures.duel:Cautious:forbid=place/S1"),
    ],
)
def test_an_option_is_added_to_any_spec(spec, expected):
    assert with_option(spec, "forbid", "place/S1") == expected


def _edit(raw: dict, **changes) -> dict:
    return {**raw, **changes}


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"seed": 1}, "differ in seed (4242 vs 1)"),
        ({"players": 3}, "differ in players"),
        ({"params": {"hut_potions": 2}}, "differ in params"),
    ],
)
def test_anything_but_the_players_differing_is_refused(change, words):
    a = wheel_sweep(2)
    b = _edit(wheel_sweep(2, player="heuristic:style=explorer"), **change)
    with pytest.raises(ConfigError, match=words.replace("(", r"\(").replace(")", r"\)")):
        substitution(a, b, NAMES)


def test_other_restrictions_or_two_replacements_are_refused():
    a = wheel_sweep(2)
    b = wheel_sweep(2, player="heuristic:style=explorer")
    moved = [list(up) for up in b["grid"]["policies"]]
    moved[1][0] = "heuristic:style=explorer,forbid=place/S2"
    with pytest.raises(
        ConfigError, match="slot 1 of line-up 2: 'A' forbids place/S1, 'B' place/S2"
    ):
        substitution(a, {**b, "grid": {"policies": moved}}, NAMES)
    mixed = [list(up) for up in b["grid"]["policies"]]
    mixed[0][1] = "random"  # the opponent of the baseline cell is another player
    with pytest.raises(
        ConfigError, match="replaced by both 'heuristic:style=explorer' and 'random'"
    ):
        substitution(a, {**b, "grid": {"policies": mixed}}, NAMES)
    with pytest.raises(ConfigError, match="list 20 and 19 line-ups"):
        substitution(a, {**b, "grid": {"policies": b["grid"]["policies"][:-1]}}, NAMES)


def _counts(hut: list[int], s1: list[int]) -> pl.DataFrame:
    """Per game: slot 0's placements on the hut, on S1 and the rest spread over S2..S6."""
    rows = []
    for i, (h, one) in enumerate(zip(hut, s1, strict=True)):
        rest = 15 - h - one
        row = {"game_index": i, "S1": one, "hut": h, "total": 15}
        row |= {f"S{k}": rest // 5 + (1 if k - 2 < rest % 5 else 0) for k in range(2, 7)}
        rows.append(row)
    return pl.DataFrame(rows)


def _worth(value: float, lo: float, hi: float, significant: bool) -> pl.DataFrame:
    row = {"restriction": "place/hut", "slot": 0, "worth": value, "worth_lo": lo, "worth_hi": hi}
    return pl.DataFrame([{**row, "significant": significant}])


def test_the_hut_caveat_stands_when_the_hut_is_over_used_or_misused():
    # 40 games: 6 of 15 placements on the hut (40%), 3 on S1 (20%): clearly over-used
    over = wheel_use(_counts([6, 5, 7, 6] * 10, [3, 4, 2, 3] * 10))
    v = hut_verdict("h", over, _worth(0.01, -0.03, 0.05, False))
    assert v.over_used and not v.misused and not v.resolved
    assert v.top == "S1" and v.hut[0] == pytest.approx(0.4)
    # in line with the sectors (2 of 15 on the hut, 4 on S1), but forbidding it clearly helps
    fair = wheel_use(_counts([2, 1, 3, 2] * 10, [4, 4, 5, 3] * 10))
    misused = hut_verdict("m", fair, _worth(-0.07, -0.11, -0.03, True))
    assert not misused.over_used and misused.misused and not misused.resolved
    assert hut_verdict("r", fair, _worth(-0.02, -0.06, 0.02, False)).resolved
    # a negative worth the run cannot separate from zero is not misuse
    assert not HutVerdict(
        "x", (0.1, 0.08, 0.12), "S1", (0.2, 0.18, 0.22), (-0.05, -0.12, -0.01), False
    ).misused


def test_shares_have_intervals_and_identical_runs_change_nothing():
    counts = _counts([4, 5, 3, 6] * 25, [3, 2, 4, 3] * 25)
    use = wheel_use(counts).filter(pl.col("section") == "hut").row(0, named=True)
    assert use["share"] == pytest.approx(18 / 60)
    assert use["lo"] < use["share"] < use["hi"]
    same = use_changes(counts, counts)
    assert same["diff"].to_list() == [0.0] * 7 and not same["significant"].any()
    more = counts.with_columns(hut=pl.col("hut") + 2, S1=pl.col("S1") - 2)
    shift = use_changes(counts, more).filter(pl.col("section") == "hut").row(0, named=True)
    assert shift["diff"] == pytest.approx(2 / 15) and shift["significant"]


def test_a_hut_that_earns_its_placements_resolves_the_caveat():
    # the fitted style at 3 players: 23% of its placements on the hut, more than on any
    # sector, but forbidding it the hut costs it 9.8 points: heavy use, not a flaw
    over = wheel_use(_counts([6, 5, 7, 6] * 10, [3, 4, 2, 3] * 10))
    earned = hut_verdict("f", over, _worth(0.098, 0.074, 0.122, True))
    assert earned.over_used and earned.earned and earned.resolved
    # a positive worth the run cannot separate from zero does not clear heavy use
    assert not hut_verdict("f", over, _worth(0.03, -0.01, 0.07, False)).resolved


def test_misused_sections_are_the_clearly_negative_sector_worths_only():
    from analyses.compare.players import misused_sections

    rows = [
        ("place/S1", -0.053, -0.081, -0.026, True),  # a flaw of the player
        ("place/S1@round1-2", -0.057, -0.084, -0.029, True),
        ("place/S3", -0.019, -0.037, -0.001, False),  # not clear after Holm
        ("place/S5", 0.103, 0.078, 0.129, True),  # worth something
        ("place/hut", -0.078, -0.103, -0.052, True),  # the hut has its own verdict
    ]
    worths = pl.DataFrame(
        [
            {"restriction": r, "slot": 0, "worth": w, "worth_lo": lo, "worth_hi": hi}
            | {"significant": sig}
            for r, w, lo, hi, sig in rows
        ]
    )
    found = [r["restriction"] for r in misused_sections(worths)]
    assert found == ["place/S1@round1-2", "place/S1"]
