"""benchmarks/sweep_own_cost.py: a sweep of canned games, and its refusals."""

from __future__ import annotations

import pytest

import simcore.chunks
from tests.benchmarks.scripts import load_script


def _module():
    return load_script("sweep_own_cost")


def test_canned_sweep_costs_are_measured_and_play_game_is_restored():
    module = _module()
    real = simcore.chunks.play_game
    result = module.own_cost("ratjack", 40, 1)
    assert simcore.chunks.play_game is real
    assert result["game"] == "ratjack" and result["games"] == 40
    # the sweep does everything run_chunk does and more (writes, records, start-up)
    assert 0 < result["run_chunk_us_per_game"] < result["sweep_us_per_game"]


def test_canned_play_replays_real_records_in_turn():
    play = _module().canned_play("ratjack")
    first = [play() for _ in range(64)]
    assert [play() for _ in range(64)] == first  # 64 records, in turn
    assert len({id(r) for r in first}) == 64 and all(r.game["steps"] > 0 for r in first)


@pytest.mark.parametrize("argv", [["--games", "0"], ["--repeats", "0"], ["--game", "chess"]])
def test_bad_arguments_exit_2(argv, capsys):
    with pytest.raises(SystemExit) as stop:
        _module().main(argv)
    assert stop.value.code == 2
    assert "error" in capsys.readouterr().err
