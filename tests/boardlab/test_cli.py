"""The boardlab command: listings, play, sweep, and one test per kind of bad input."""

from __future__ import annotations

import pytest

from tests.conftest import DUEL, TRUST, run_cli


def test_games_lists_parameters():
    result = run_cli("games")
    assert result.returncode == 0, result.stderr


def test_play_prints_result_and_trace():
    result = run_cli(
        "play",
        "--game",
        DUEL,
        TRUST,
        "--players",
        "2",
        "--policies",
        "random,random",
        "--seed",
        "3",
    )
    assert result.returncode == 0, result.stderr
    assert "seat 0" in result.stdout and "win share" in result.stdout
    traced = run_cli(
        "play", "--game", DUEL, TRUST, "--policies", "random,random", "--seed", "3", "--trace"
    )
    assert traced.returncode == 0 and "seat 1 (random): play" in traced.stdout


def test_sweep_from_flags_writes_run(tmp_path):
    result = run_cli(
        "sweep",
        "--game",
        DUEL,
        TRUST,
        "--players",
        "2",
        "--policy",
        "random",
        "--policy",
        "random",
        "--games",
        "30",
        "--seed",
        "1",
        "--out",
        str(tmp_path),
        "--name",
        "flags",
        "--quiet",
    )
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "flags" / "manifest.json").is_file()
    assert "30 games" in result.stdout


GRID = """
[grid]
policies = [["random", "random", "random"], ["greedy", "random", "random"]]
players = [3]
points_to_win = [3, 4]
"""
R3, G3 = ("random", "random", "random"), ("greedy", "random", "random")


@pytest.mark.parametrize(
    ("flags", "lineups", "wins"),
    [
        # the file's grid varies line-ups and a rule at 3 players; a flag fixes one of them
        ([], {(3, R3), (3, G3)}, {3, 4}),
        (["--players", "2", "--policy", "greedy", "--policy", "random"], {(2, G3[:2])}, {3, 4}),
        (["--param", "points_to_win=2"], {(3, R3), (3, G3)}, {2}),
    ],
)
def test_sweep_flags_override_what_the_files_grid_varies(tmp_path, flags, lineups, wins):
    from boardlab.cli import build_parser
    from boardlab.commands.sweep import sweep_config_from_args

    path = write_toml(tmp_path, GOOD.replace(DUEL, "ratjack") + GRID)
    args = build_parser("sweep").parse_args(["sweep", path, *flags])
    cells = sweep_config_from_args(args).cells()
    assert {(c.players, c.policies) for c in cells} == lineups
    assert {c.params["points_to_win"] for c in cells} == wins


def write_toml(tmp_path, body: str):
    path = tmp_path / "sweep.toml"
    path.write_text(body)
    return str(path)


GOOD = f"""
name = "toml"
game = "{DUEL}"
players = 2
games = 20
seed = 4
policies = ["random", "random"]
"""


def assert_bad_input(result, *fragments: str) -> None:
    """Exit 2, one line on stderr naming the problem, no traceback, nothing written."""
    assert result.returncode == 2, (result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    for fragment in fragments:
        assert fragment in lines[0], lines[0]


BAD_CASES = {
    "unknown_game": (GOOD.replace(DUEL, "chess"), ["unknown game 'chess'"]),
    "unknown_policy": (GOOD.replace('"random", "random"', '"random", "genius"'),
                       ["unknown policy 'genius'"]),
    "unknown_parameter": (GOOD + "[params]\nturnz = 3\n", ["unknown parameter 'turnz'"]),
    "wrong_type": (GOOD + "[params]\nturns_each = 'many'\n", ["turns_each", "must be int"]),
    "non_positive_games": (GOOD.replace("games = 20", "games = 0"), ["'games'", "positive"]),
    "malformed_toml": (GOOD + "players = = 3\n", ["not valid TOML"]),
    "unknown_key": (GOOD + "gaems = 3\n", ["unknown key 'gaems'"]),
    "policy_count": (GOOD.replace('"random", "random"', '"random"'), ["one spec per seat"]),
}  # fmt: skip


@pytest.mark.parametrize("case", sorted(BAD_CASES))
def test_bad_sweep_file_exits_2_before_any_game(tmp_path, case):
    body, fragments = BAD_CASES[case]
    result = run_cli("sweep", write_toml(tmp_path, body), TRUST, "--out", str(tmp_path / "runs"))
    assert_bad_input(result, *fragments)
    assert not (tmp_path / "runs").exists()


def test_missing_toml_file(tmp_path):
    result = run_cli("sweep", str(tmp_path / "nope.toml"), "--out", str(tmp_path))
    assert_bad_input(result, "not found")


def test_run_dir_with_other_config(tmp_path):
    path = write_toml(tmp_path, GOOD)
    assert run_cli("sweep", path, TRUST, "--out", str(tmp_path), "--quiet").returncode == 0
    other = write_toml(tmp_path, GOOD.replace("seed = 4", "seed = 5"))
    result = run_cli("sweep", other, TRUST, "--out", str(tmp_path), "--resume")
    assert_bad_input(result, "holds another config")


def test_bad_cli_arguments():
    assert_bad_input(
        run_cli("play", "--game", DUEL, TRUST, "--players", "two"), "invalid int value"
    )
    assert_bad_input(run_cli("play", "--game", DUEL, TRUST, "--players", "5"), "2-2 players")
    assert_bad_input(run_cli("frobnicate"), "invalid choice")
    assert_bad_input(
        run_cli("play", "--game", DUEL, TRUST, "--policy", "random:depth=3", "--policy", "random"),
        "unknown option 'depth'",
    )


def test_debug_shows_traceback():
    result = run_cli("--debug", "play", "--game", "chess", "--players", "2")
    assert result.returncode == 2 and "Traceback" in result.stderr


def test_relative_data_file_params_resolve_against_the_sweep_file(tmp_path):
    from simcore.engine.sweep.config import resolve_paths

    raw = {
        "params": {"cards_file": "data/cards.toml", "target": 3},
        "grid": {"board_file": ["a.toml", "/abs/b.toml"]},
    }
    out = resolve_paths(raw, tmp_path)
    assert out["params"] == {"cards_file": str(tmp_path / "data/cards.toml"), "target": 3}
    assert out["grid"]["board_file"] == [str(tmp_path / "a.toml"), "/abs/b.toml"]


@pytest.mark.parametrize(
    "run, seconds, pace",
    [(300, 2.0, ", 150 games/s"), (10, 125.0, ", 12.5 s per game"), (0, 0.4, "")],
)
def test_sweep_summary_states_a_pace_that_reads_at_every_speed(run, seconds, pace):
    # a 100-game MCTS sweep used to print "0 games/s"; a resume with nothing left, the same
    from types import SimpleNamespace

    from boardlab.commands.sweep import pace as sweep_pace

    assert sweep_pace(SimpleNamespace(games_run=run, seconds=seconds)) == pace


def test_a_command_imports_only_its_own_layer():
    # Building every subcommand's arguments imported every layer (drift pulls in scipy):
    # ~1 s before any command ran, even --help.
    import subprocess
    import sys

    code = (
        "import sys\nfrom boardlab.cli import main\ntry:\n    main(sys.argv[1:])\nfinally:\n"
        "    print(sorted(m for m in ('scipy', 'analyses', 'reports', 'polars')"
        " if m in sys.modules))"
    )

    def loaded(*argv):
        out = subprocess.run(
            [sys.executable, "-c", code, *argv], capture_output=True, text=True, check=True
        ).stdout
        return out.strip().splitlines()[-1]

    assert loaded("--help") == "[]"
    assert loaded("games") == "[]"
    assert loaded("policies", "--game", "ratjack") == "[]"


def test_every_subcommand_still_documents_its_flags():
    for command, flag in (
        ("report", "--kind"),
        ("drift", "--baseline"),
        ("bench", "--compare"),
        ("demo", "--card-games"),
        ("sweep", "--chunk-size"),
    ):
        result = run_cli(command, "--help")
        assert result.returncode == 0 and flag in result.stdout, (command, result.stderr)


def test_after_a_full_disk_each_command_says_how_to_go_on():
    # exit 74 keeps finished work: the hint names --resume where the command has it, and
    # says to run it again where the command resumes by itself (feel, demo)
    import argparse

    from boardlab.cli import _resume_hint
    from boardlab.commands import COMMANDS

    for name, module in COMMANDS.items():
        parser = argparse.ArgumentParser()
        module.add_arguments(parser)
        has_resume = any("--resume" in a.option_strings for a in parser._actions)
        hint = _resume_hint(name)
        if name in ("feel", "demo"):
            assert "run the same command again" in hint
        elif has_resume:
            assert "rerun with --resume" in hint, name
        else:
            assert hint == "", name
