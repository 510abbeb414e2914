"""benchmarks/player_cpu.py: CPU per game of a player and its rival on the same seeds."""

from __future__ import annotations

from benchmarks.player_cpu import cpu_per_game, main


def test_cpu_per_game_counts_the_players_win_share_over_alternating_seats():
    # random against random on Ratjack: every game has one winner (shares 0..1), CPU is spent
    cpu, share = cpu_per_game("ratjack", ["random", "random"], 4, 0)
    assert cpu > 0 and 0.0 <= share <= 1.0
    # swapping the two specs plays the same games with the slots exchanged
    _, first = cpu_per_game("ratjack", ["random", "heuristic"], 4, 0)
    _, second = cpu_per_game("ratjack", ["heuristic", "random"], 4, 0)
    assert first + second == 1.0  # the same games, the two slots' shares add up to one


def test_bad_spec_is_one_line_exit_2(capsys):
    assert main(["rats_of_wistar", "mcts:focus=nope", "--games", "1"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no action class 'nope'" in err[0]
