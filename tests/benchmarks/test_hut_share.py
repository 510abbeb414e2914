"""benchmarks/hut_share.py: each player's share of placements at the hut, and head to head."""

from __future__ import annotations

from benchmarks.hut_share import hut_shares, main
from tests.benchmarks.played import pairings, played_run

SHY = "heuristic:style=explorer,hut_base=-50,hut_first_chief=0"
SWEEP = f"""
name = "hut"
game = "rats_of_wistar"
players = 2
games = 6
seed = 3
policies = ["{SHY}", "heuristic:style=explorer"]
seat_rotation = false
record_actions = true

[grid]
policies = [["{SHY}", "heuristic:style=explorer"], ["heuristic:style=explorer", "{SHY}"]]
"""


def test_hut_share_and_head_to_head_of_a_small_run(tmp_path, capsys):
    run = played_run(tmp_path, "hut", SWEEP)
    shares = {r["policy"]: r for r in hut_shares(run).iter_rows(named=True)}
    # 15 placements a seat a game (5 rounds x 3 chiefs at 2 players), 12 games each
    assert {r["placements"] for r in shares.values()} == {15 * 12}
    assert shares[SHY]["hut"] == 0  # its hut is worth far less than any free space
    assert 0 < shares["heuristic:style=explorer"]["hut"] < 15 * 12
    pairs = pairings(run)
    ahead, behind = pairs[SHY, "heuristic:style=explorer"], pairs["heuristic:style=explorer", SHY]
    assert ahead["seeds"] == 6 and ahead["games"] == 12
    assert abs(ahead["share"] + behind["share"] - 100.0) < 1e-9  # one winner a game
    assert main([run]) == 0 and "hut" in capsys.readouterr().out


def test_missing_run_is_one_line_exit_2(tmp_path, capsys):
    assert main([str(tmp_path / "nope")]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
