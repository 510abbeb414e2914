"""benchmarks/write_after_play.py: a write timed after play, and its refusals."""

from __future__ import annotations

from tests.benchmarks.scripts import load_script


def test_writes_after_play_are_timed_and_their_faults_counted():
    result = load_script("write_after_play").write_after_play("ratjack", 40, 2)
    assert result["game"] == "ratjack" and result["games"] == 40
    assert result["write_us_per_game"] > 0 and len(result["faults"]) == 2
    assert all(isinstance(n, int) and n >= 0 for n in result["faults"])


def test_a_count_that_is_not_positive_is_refused(capsys):
    assert load_script("write_after_play").main(["--games", "0"]) == 2
    assert "must be positive" in capsys.readouterr().err


def test_an_unknown_game_is_one_line_and_exit_2(capsys):
    assert load_script("write_after_play").main(["--game", "nope"]) == 2
    assert "unknown game 'nope'" in capsys.readouterr().err
